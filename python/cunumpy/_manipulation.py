"""Shape manipulation functions (views) with NumPy's signatures."""
import operator
from collections.abc import Mapping as _Mapping

import numpy as _numpy

from cunumpy._array_like import axis_index as _axis_index
from cunumpy._array_like import c_int_axes as _c_int_axes
from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr

ndarray = _core.ndarray

__all__ = [
    'reshape', 'ravel', 'transpose', 'swapaxes', 'moveaxis', 'squeeze', 'expand_dims',
    'broadcast_to', 'broadcast_arrays', 'broadcast_shapes', 'atleast_1d', 'atleast_2d',
    'atleast_3d', 'copy', 'shape', 'ndim', 'size', 'permute_dims', 'matrix_transpose',
    'concatenate', 'concat', 'stack', 'hstack', 'vstack', 'dstack', 'column_stack',
]



def reshape(a, shape=None, order='C', *, newshape=None, copy=None):
    if shape is None:
        shape = newshape
    return _arr(a).reshape(shape, order=order, copy=copy)


def ravel(a, order='C'):
    return _arr(a).ravel(order)


def transpose(a, axes=None):
    return _arr(a).transpose(axes)


def permute_dims(a, axes=None):
    return _arr(a).transpose(axes)


def matrix_transpose(x):
    return _arr(x).mT


def swapaxes(a, axis1, axis2):
    return _arr(a).swapaxes(_axis_index(_c_int_axes(axis1)),
                            _axis_index(_c_int_axes(axis2)))


def moveaxis(a, source, destination):
    a = _arr(a)
    return _core.moveaxis(a, _moveaxis_axes(source, a.ndim, 'source'),
                          _moveaxis_axes(destination, a.ndim, 'destination'))


def _moveaxis_axes(axis, ndim, argname):
    """NumPy's normalize_axis_tuple: one integer is one axis, anything else is iterated
    (bytes give their byte values, a dict its keys) and each element checked in order, so
    the first bad element decides the error. A bool stays refused (by C++, on purpose)."""
    if isinstance(axis, bool):
        return axis
    if not isinstance(axis, (tuple, list)):
        try:
            axis = [operator.index(axis)]
        except TypeError:
            pass
    # A comprehension with a fast path: an endless sequence runs to MemoryError at NumPy's pace.
    # (TypeError "'float' object is not iterable", as NumPy.)
    return [v if type(v) is int and -ndim <= v < ndim else _moveaxis_axis(v, ndim, argname) for v in axis]


def _moveaxis_axis(v, ndim, argname):
    if isinstance(v, bool):
        return v
    v = operator.index(_c_int_axes(v))
    if not -ndim <= v < ndim:
        raise _numpy.exceptions.AxisError(v, ndim, argname)
    return v


def squeeze(a, axis=None):
    # A list is refused by the method (NumPy's TypeError), before any of its elements.
    if axis is None or isinstance(axis, list):
        return _arr(a).squeeze(axis)
    return _arr(a).squeeze(_c_int_axes(axis, squeeze=True))


def expand_dims(a, axis=0):
    """numpy.expand_dims; `axis` defaults to 0 as in the array API standard."""
    return _core.expand_dims(_arr(a), _c_int_axes(axis))


def broadcast_to(array, shape, subok=False):
    array = _arr(array)
    # NumPy's own checks, in its order: the shape as a tuple (any iterable), every size
    # compared with 0 (a TypeError for what is not a number), then the view's byte size.
    shape = tuple(shape) if _numpy.iterable(shape) else (shape,)
    if any(size < 0 for size in shape):
        raise ValueError('all elements of broadcast shape must be non-negative')
    result = _core.broadcast_to(array, shape)
    if result.size * result.itemsize >= 2**63:
        raise ValueError('array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.')
    return result


def broadcast_arrays(*args, subok=False):
    return list(_core.broadcast_arrays([_arr(a) for a in args]))


def broadcast_shapes(*args):
    return _core.broadcast_shapes(*args)


def _atleast(fn, arys):
    res = [fn(_arr(a)) for a in arys]
    return res[0] if len(res) == 1 else tuple(res)


def atleast_1d(*arys):
    return _atleast(_core.atleast_1d, arys)


def atleast_2d(*arys):
    return _atleast(_core.atleast_2d, arys)


def atleast_3d(*arys):
    return _atleast(_core.atleast_3d, arys)


def copy(a, order='K', subok=False):
    return _arr(a).copy(order)


def shape(a):
    return a.shape if isinstance(a, ndarray) else __import__('numpy').shape(a)


def ndim(a):
    return a.ndim if isinstance(a, ndarray) else __import__('numpy').ndim(a)


def size(a, axis=None):
    if not isinstance(a, ndarray):
        return __import__('numpy').size(a, axis)
    if axis is None:
        return a.size
    return a.shape[axis]


def _arrays(arrays):
    if isinstance(arrays, ndarray):
        return [arrays[i] for i in range(arrays.shape[0])] if arrays.ndim else [arrays]
    # The length first: a sequence whose __getitem__ never raises IndexError (no __len__)
    # is a TypeError here instead of an endless loop.
    n = len(arrays)
    return [_arr(arrays[i]) for i in range(n)] if not isinstance(arrays, (list, tuple)) else \
        [_arr(a) for a in arrays]


def _to_out(result, out):
    if out is None:
        return result
    if out.shape != result.shape:
        raise ValueError(f'Output array has wrong shape: {out.shape}, expected {result.shape}')
    out[...] = result
    return out


def concatenate(arrays, axis=0, out=None, *, dtype=None, casting='same_kind'):
    """Joins arrays along an existing axis (axis=None flattens them first)."""
    if out is not None and dtype is not None:
        raise TypeError("concatenate() only takes `out` or `dtype` as an argument, but both were provided.")
    if out is not None:
        dtype = out.dtype
    if axis is not None:
        axis = _axis_index(axis)  # TypeError for a float, as NumPy
    return _to_out(_core.concatenate(_arrays(_concatenate_inputs(arrays)), axis, dtype, casting), out)


def _concatenate_inputs(arrays):
    """NumPy's checks of concatenate's inputs before any conversion: a mapping is not a
    sequence (TypeError), and a scalar or a str among them is a 0-d array (ValueError),
    whatever its type; a str as the whole argument is a sequence of such."""
    if isinstance(arrays, ndarray):
        return arrays
    if isinstance(arrays, _Mapping) or not hasattr(arrays, '__getitem__'):
        raise TypeError('The first input argument needs to be a sequence')
    if not isinstance(arrays, (list, tuple, str, bytes)):
        arrays = [arrays[i] for i in range(len(arrays))]  # len() first: no endless __getitem__
    if isinstance(arrays, (str, bytes)) or any(
            isinstance(x, (str, bytes, int, float, complex, _numpy.generic)) for x in arrays
            if not isinstance(x, ndarray)):
        raise ValueError('zero-dimensional arrays cannot be concatenated')
    return arrays


concat = concatenate


def stack(arrays, axis=0, out=None, *, dtype=None, casting='same_kind'):
    """Joins arrays of one shape along a new axis."""
    if out is not None:
        dtype = out.dtype if dtype is None else dtype
    arrays = _arrays(arrays)
    if not isinstance(axis, int) or isinstance(axis, bool):  # arrays checked before the axis's type
        if not arrays:
            raise ValueError('need at least one array to stack')
        if len({a.shape for a in arrays}) > 1:
            raise ValueError('all input arrays must have the same shape')
    # NumPy reads stack's axis into a C int: beyond it an OverflowError.
    axis = _axis_index(_c_int_axes(axis))
    return _to_out(_core.stack(arrays, axis, dtype, casting), out)


def hstack(tup, *, dtype=None, casting='same_kind'):
    return _core.hstack(_arrays(tup), dtype, casting)


def vstack(tup, *, dtype=None, casting='same_kind'):
    return _core.vstack(_arrays(tup), dtype, casting)


def dstack(tup):
    return _core.dstack(_arrays(tup))


def column_stack(tup):
    return _core.column_stack(_arrays(tup))
