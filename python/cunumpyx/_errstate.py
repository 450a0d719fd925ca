"""cupyx.errstate / seterr / geterr: cunumpy's own error checks, by CuPy's names.

The one setting is ``linalg``: 'raise' makes cunumpy.linalg read LAPACK's info flags back
and raise LinAlgError (cunumpy's default, one device read per factorization), 'ignore'
skips the read (CuPy's default: nothing waits for the device). NumPy's floating-point
state is cunumpy.errstate.
"""
import contextlib

from cunumpyx._linalg_checks import linalg_error_checks, set_linalg_error_checks

__all__ = ['errstate', 'seterr', 'geterr']

_MODES = ('ignore', 'raise')


def geterr():
    """The current settings: {'linalg': 'ignore' | 'raise'}."""
    return {'linalg': 'raise' if linalg_error_checks() else 'ignore'}


def seterr(*, linalg=None):
    """Sets the given settings (None leaves one unchanged); returns the previous ones."""
    old = geterr()
    if linalg is not None:
        if linalg not in _MODES:
            raise NotImplementedError(f"linalg={linalg!r} is not supported: use 'ignore' or 'raise'")
        set_linalg_error_checks(linalg == 'raise')
    return old


@contextlib.contextmanager
def errstate(*, linalg=None):
    """seterr(linalg=...) inside the ``with`` block, the previous settings restored after."""
    old = seterr(linalg=linalg)
    try:
        yield
    finally:
        seterr(**old)
