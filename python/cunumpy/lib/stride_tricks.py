"""as_strided and sliding_window_view (CuPy's cupy.lib.stride_tricks): views with chosen
strides, made in C++ (include/cunumpy/ops/stride_tricks.hpp). Unlike NumPy's as_strided,
a view reaching outside the array's memory is a ValueError rather than silent
out-of-bounds access (on a GPU that would be a crash)."""
import operator as _operator

import numpy as _numpy

from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr
from cunumpy._manipulation import broadcast_to  # noqa: F401  (re-exported, as NumPy)

__all__ = ['as_strided', 'sliding_window_view', 'broadcast_to']


def as_strided(x, shape=None, strides=None, subok=False, writeable=True):
    """A view of x's memory with the given shape and byte strides."""
    x = _arr(x)
    shape = x.shape if shape is None else tuple(shape)
    strides = x.strides if strides is None else tuple(strides)
    return _core.as_strided(x, [int(n) for n in shape], [int(s) for s in strides])


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    """Every window of `window_shape` over the given axes, as one read-only-style view."""
    x = _arr(x)
    window_shape = tuple(window_shape) if _numpy.iterable(window_shape) else (window_shape,)
    if axis is not None:  # an axis may repeat
        axis = [_operator.index(ax) for ax in (axis if _numpy.iterable(axis) else (axis,))]
    return _core.sliding_window_view(x, [int(w) for w in window_shape], axis)
