"""cupyx.allow_synchronize and cupyx.DeviceSynchronized.

Inside ``with allow_synchronize(False):`` a read of device results that makes the host
wait raises DeviceSynchronized on this thread: ``get()``, ``asnumpy``, ``item()``,
``float(x)``, printing, and on CUDA the library's own read-backs (nonzero's and boolean
masks' counts, index-check flags, LAPACK's info). The switch is C++'s
(include/cunumpy/runtime/synchronize_policy.hpp). Explicit waits (``Stream.synchronize()``,
``Device.synchronize()``) are the caller's request and are not refused.
"""
import contextlib

from cunumpy import _core

__all__ = ['allow_synchronize', 'DeviceSynchronized']

DeviceSynchronized = _core.DeviceSynchronized


@contextlib.contextmanager
def allow_synchronize(allow):
    """Allows (True) or disallows (False) device synchronization in the current thread
    inside the ``with`` block; the previous setting is restored after it."""
    old = _core.synchronize_allowed()
    _core.set_synchronize_allowed(bool(allow))
    try:
        yield
    finally:
        _core.set_synchronize_allowed(old)
