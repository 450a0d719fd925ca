"""Whether cunumpy.linalg reads back LAPACK's info flags to raise LinAlgError."""
from cunumpy import _core


def set_linalg_error_checks(enabled):
    """On (default): singular or not positive definite input and failed convergence raise
    numpy.linalg.LinAlgError, at the cost of one device-to-host read (a synchronization on
    CUDA) per factorization. Off: nothing waits and such results hold whatever LAPACK
    left, as CuPy does by default (cupyx.errstate(linalg='ignore'))."""
    _core.set_linalg_error_checks(bool(enabled))


def linalg_error_checks():
    return _core.linalg_error_checks()
