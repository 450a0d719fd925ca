"""as_strided and sliding_window_view (CuPy's cupy.lib.stride_tricks): views with chosen
strides. Unlike NumPy's as_strided, a view reaching outside the array's memory is a
ValueError rather than silent out-of-bounds access (on a GPU that would be a crash)."""
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
    return _core.ndarray(shape, x.dtype, memptr=x.data, strides=strides)


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    """Every window of `window_shape` over the given axes, as one read-only-style view."""
    x = _arr(x)
    window_shape = tuple(window_shape) if _numpy.iterable(window_shape) else (window_shape,)
    if any(w < 0 for w in window_shape):
        raise ValueError('`window_shape` cannot contain negative values')
    if axis is None:
        axis = tuple(range(x.ndim))
        if len(window_shape) != len(axis):
            raise ValueError(f'Since axis is `None`, must provide window_shape for all '
                             f'dimensions of `x`; got {len(window_shape)} window_shape elements '
                             f'and `x.ndim` is {x.ndim}.')
    else:
        axis = _numpy.lib.array_utils.normalize_axis_tuple(axis, x.ndim, allow_duplicate=True)
        if len(window_shape) != len(axis):
            raise ValueError(f'Must provide matching length window_shape and axis; got '
                             f'{len(window_shape)} window_shape elements and {len(axis)} axes '
                             f'elements.')
    out_strides = x.strides + tuple(x.strides[ax] for ax in axis)
    x_shape_trimmed = list(x.shape)
    for ax, dim in zip(axis, window_shape):
        if x_shape_trimmed[ax] < dim:
            raise ValueError('window shape cannot be larger than input array shape')
        x_shape_trimmed[ax] -= dim - 1
    return as_strided(x, shape=tuple(x_shape_trimmed) + window_shape, strides=out_strides)
