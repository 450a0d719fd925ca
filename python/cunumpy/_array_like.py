"""The one conversion of an array_like argument to a cunumpy.ndarray that the Python
modules share (an ndarray passes through unchanged; anything else goes through asarray)."""
from cunumpy import _core

_ndarray = _core.ndarray


def as_ndarray(a):
    if isinstance(a, _ndarray):
        return a
    from cunumpy._creation import asarray
    return asarray(a)
