"""Indexing routines with NumPy's signatures (take, put, nonzero, diagonal, tril, ...).
The per-element work is C++ (advanced indexing, compaction, take/put in _core); these are
the short compositions NumPy itself documents."""
import operator as _operator

import numpy as _numpy

from cunumpy._array_like import axis_index as _axis_index
from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr
from cunumpy._creation import arange, asarray, empty, zeros, tri, linspace
from cunumpy._manipulation import broadcast_arrays, concatenate, stack

ndarray = _core.ndarray

__all__ = [
    'nonzero', 'flatnonzero', 'argwhere', 'extract', 'take', 'put', 'take_along_axis',
    'put_along_axis', 'compress', 'choose', 'place', 'putmask', 'diagonal', 'diag', 'diagflat',
    'tril', 'triu', 'tril_indices', 'triu_indices', 'tril_indices_from', 'triu_indices_from',
    'indices', 'ix_', 'unravel_index', 'ravel_multi_index', 'fill_diagonal', 'select',
    'r_', 'c_',
]



def _index_arr(a):
    """An index argument as a cunumpy integer (or bool) array; an empty list is intp."""
    if isinstance(a, ndarray):
        return a
    h = _numpy.asarray(a)
    if h.size == 0 and h.dtype.kind == 'f':
        h = h.astype(_numpy.intp)
    return asarray(h)


def _u():
    from cunumpy import _ufuncs
    return _ufuncs


def _any(x):
    return bool(x.sum() > 0) if x.size else False


def nonzero(a):
    return _core.nonzero(_arr(a))


def flatnonzero(a):
    return _core.flatnonzero(_arr(a))


def argwhere(a):
    return _core.argwhere(_arr(a))


def extract(condition, arr):
    return _core.extract(_arr(condition), _arr(arr))


def _into(out, r):
    if out is None:
        return r
    out[...] = r
    return out


def _take_index(indices):
    """take/put's indices: NumPy converts anything but an array to intp as
    numpy.asarray(indices, dtype=intp) does: floats truncated, '3' parsed, a Python int
    beyond int64 its OverflowError, NaN its ValueError (host arrays keep their dtype)."""
    if not isinstance(indices, (ndarray, _numpy.ndarray)):
        indices = _numpy.asarray(indices, dtype=_numpy.intp)
    return _index_arr(indices)


def take(a, indices, axis=None, out=None, mode='raise'):
    a = _arr(a)
    if axis is not None:
        axis = _axis_index(axis)
    if a.ndim == 0 and axis is not None:
        a = a.reshape(1)  # NumPy takes a 0-d array as 1-d along axis 0 or -1
    return _into(out, _core._take(a, _take_index(indices), axis, mode))


def put(a, ind, v, mode='raise'):
    if not isinstance(a, ndarray):
        raise TypeError("put() argument 1 must be cunumpy.ndarray")
    # NumPy converts values to a's dtype: arrays cast unsafely, scalars as asarray(v, dtype)
    v = v if isinstance(v, ndarray) else asarray(v, dtype=a.dtype)
    _core._put(a, _take_index(ind), v, mode)


def _along_axis(arr, indices, axis):
    arr = _arr(arr)
    indices = _index_arr(indices)
    if indices.dtype.kind not in 'iu':
        raise IndexError('`indices` must be an integer array')
    if axis is None:
        if indices.ndim != 1:
            raise ValueError('when axis=None, `indices` must have a single dimension.')
        return arr.ravel(), (indices,)
    if indices.ndim != arr.ndim:
        raise ValueError('`indices` and `arr` must have the same number of dimensions')
    axis = _normalize_axis(axis, arr.ndim)
    index = []
    for d, n in enumerate(arr.shape):
        if d == axis:
            index.append(indices)
        else:
            shape = [1] * arr.ndim
            shape[d] = n
            index.append(arange(n).reshape(shape))
    return arr, tuple(index)


def _normalize_axis(axis, ndim):
    axis = _axis_index(axis)  # TypeError for a float, as NumPy
    if not -ndim <= axis < ndim:
        raise _numpy.exceptions.AxisError(axis, ndim)
    return axis % ndim


def take_along_axis(arr, indices, axis=-1):
    arr, index = _along_axis(arr, indices, axis)
    return arr[index]


def put_along_axis(arr, indices, values, axis):
    if not isinstance(arr, ndarray):
        raise TypeError("put_along_axis: arr must be a cunumpy.ndarray")
    flat, index = _along_axis(arr, indices, axis)
    if axis is None and not arr.flags.c_contiguous:
        tmp = arr.ravel()
        tmp[index] = values
        arr[...] = tmp.reshape(arr.shape)
        return
    flat[index] = values


def compress(condition, a, axis=None, out=None):
    cond = _arr(condition)
    if cond.ndim != 1:
        raise ValueError('condition must be a 1-d array')
    return _into(out, take(a, _core.flatnonzero(cond), axis=axis))


def _apply_mode(idx, n, mode, message):
    """Integer positions below n by mode=: raise ValueError(message), wrap or clip."""
    u = _u()
    if mode == 'raise':
        if _any(u.logical_or(u.less(idx, 0), u.greater_equal(idx, n))):
            raise ValueError(message)
        return idx
    if mode == 'wrap':
        return u.remainder(idx, n)
    if mode == 'clip':
        return u.minimum(u.maximum(idx, 0), n - 1)
    raise ValueError("clipmode must be one of 'clip', 'raise', or 'wrap'")


def choose(a, choices, out=None, mode='raise'):
    a = _arr(a)
    if a.dtype.kind not in 'iu':
        raise TypeError("Cannot cast array data from dtype('%s') to dtype('int64') according "
                        "to the rule 'safe'" % a.dtype)
    arrays = broadcast_arrays(a, *[_arr(c) for c in choices])
    idx, n = arrays[0], len(arrays) - 1
    idx = _apply_mode(idx, n, mode, 'invalid entry in choice array')
    stacked = stack(arrays[1:])
    return _into(out, take_along_axis(stacked, idx[None], axis=0)[0])


def _mask_positions(name, a, mask):
    """Flat positions where `mask` (a's size) is true, for place and putmask."""
    if not isinstance(a, ndarray):
        raise TypeError(f"{name}: the array must be a cunumpy.ndarray")
    mask = _arr(mask)
    if mask.size != a.size:
        raise ValueError(f'{name}: mask and data must be the same size')
    return _core.flatnonzero(mask)


def _mask_values(a, vals):
    """place/putmask values in a's dtype, as NumPy converts them: an array must cast
    safely; scalars and lists convert as in asarray(vals, dtype=a.dtype)."""
    if isinstance(vals, (ndarray, _numpy.ndarray)):
        if not _numpy.can_cast(vals.dtype, a.dtype, 'safe'):
            what = 'scalar' if vals.ndim == 0 else 'array data'
            raise TypeError(f"Cannot cast {what} from {vals.dtype!r} to {a.dtype!r} "
                            "according to the rule 'safe'")
        return _arr(vals).ravel()
    return asarray(vals, dtype=a.dtype).ravel()


def place(arr, mask, vals):
    idx = _mask_positions('place', arr, mask)
    vals = _mask_values(arr, vals)
    if idx.size == 0:
        return
    if vals.size == 0:
        raise ValueError('Cannot insert from an empty array!')
    _core._put(arr, idx, vals, 'raise')


def putmask(a, mask, values):
    idx = _mask_positions('putmask', a, mask)
    values = _mask_values(a, values)
    if values.size == 0 or idx.size == 0:
        return
    _core._put(a, idx, _core._take(values, idx, None, 'wrap'), 'raise')


def diagonal(a, offset=0, axis1=0, axis2=1):
    return _arr(a).diagonal(offset, axis1, axis2)


def diag(v, k=0):
    v = _arr(v)
    if v.ndim == 1:
        n = v.shape[0] + abs(k)
        out = zeros((n, n), dtype=v.dtype)
        out.diagonal(k)[...] = v
        return out
    if v.ndim == 2:
        return v.diagonal(k)
    raise ValueError('Input must be 1- or 2-d.')


def diagflat(v, k=0):
    return diag(_arr(v).ravel(), k)


def tril(m, k=0):
    return _core.tril(_arr(m), _operator.index(k))


def triu(m, k=0):
    return _core.triu(_arr(m), _operator.index(k))


def tril_indices(n, k=0, m=None):
    return _core.nonzero(tri(n, m, k, dtype=bool))


def triu_indices(n, k=0, m=None):
    return _core.nonzero(_u().logical_not(tri(n, m, k - 1, dtype=bool)))


def tril_indices_from(arr, k=0):
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return tril_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def triu_indices_from(arr, k=0):
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return triu_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def indices(dimensions, dtype=int, sparse=False):
    dimensions = tuple(dimensions)
    if not sparse:
        # NumPy allocates the (N, *dimensions) result first: its shape checks (an int beyond
        # int64, a size whose bytes overflow, an __index__ that raises) come from there.
        out = empty((len(dimensions),) + dimensions, dtype=dtype)
        for i, n in enumerate(dimensions):
            shape = [1] * len(dimensions)
            shape[i] = n = _operator.index(n)
            out[i] = arange(n, dtype=dtype).reshape(shape)
        return out
    for n in dimensions:  # NumPy's checks of a shape: integers (not bools), none negative
        if isinstance(n, (bool, _numpy.bool_)) or not isinstance(n, (int, _numpy.integer)):
            raise TypeError("an integer is required")
        if n < 0:
            raise ValueError("negative dimensions are not allowed")
    nd = len(dimensions)
    parts = []
    for i, n in enumerate(dimensions):
        shape = [1] * nd
        shape[i] = n
        parts.append(arange(n, dtype=dtype).reshape(shape))
    return tuple(parts)


def ix_(*args):
    out = []
    nd = len(args)
    for k, new in enumerate(args):
        if not isinstance(new, ndarray):
            h = _numpy.asarray(new)
            if h.size == 0:
                h = h.astype(_numpy.intp)
            new = asarray(h)
        if new.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if new.dtype == _numpy.bool_:
            new = _core.nonzero(new)[0]
        out.append(new.reshape((1,) * k + (new.size,) + (1,) * (nd - k - 1)))
    return tuple(out)


def unravel_index(indices, shape, order='C'):
    if isinstance(shape, int):
        shape = (shape,)
    idx = _index_arr(indices)
    if idx.dtype.kind not in 'iu':
        raise TypeError("only int indices permitted")
    size = 1
    for n in shape:
        size *= n
    u = _u()
    bad = u.logical_or(u.less(idx, 0), u.greater_equal(idx, size))
    if _any(bad):
        first = int(idx[bad].ravel()[0])
        raise ValueError(f"index {first} is out of bounds for array with size {size}")
    idx = idx.astype(_numpy.int64)
    dims = range(len(shape) - 1, -1, -1) if order == 'C' else range(len(shape))
    coords = [None] * len(shape)
    for d in dims:
        coords[d] = u.remainder(idx, shape[d])
        idx = u.floor_divide(idx, shape[d])
    return tuple(coords)


def ravel_multi_index(multi_index, dims, mode='raise', order='C'):
    if isinstance(dims, int):
        dims = (dims,)
    if len(multi_index) != len(dims):
        raise ValueError(f"parameter multi_index must be a sequence of length {len(dims)}")
    modes = (mode,) * len(dims) if isinstance(mode, str) else tuple(mode)
    u = _u()
    coords = [_index_arr(c).astype(_numpy.int64) for c in multi_index]
    strides = [1] * len(dims)
    order_dims = range(len(dims) - 2, -1, -1) if order == 'C' else range(1, len(dims))
    for d in order_dims:
        strides[d] = strides[d + 1] * dims[d + 1] if order == 'C' else strides[d - 1] * dims[d - 1]
    out = None
    for c, n, s, m in zip(coords, dims, strides, modes):
        c = _apply_mode(c, n, m, "invalid entry in coordinates array")
        term = u.multiply(c, s)
        out = term if out is None else u.add(out, term)
    return out


def fill_diagonal(a, val, wrap=False):
    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    if a.ndim == 2:
        step = a.shape[1] + 1
        end = a.size if wrap else min(a.shape[1] * a.shape[1], a.size)
    else:
        if any(n != a.shape[0] for n in a.shape):
            raise ValueError("All dimensions of input must be of equal length")
        step = 1 + sum(int(_numpy.prod(a.shape[:k + 1])) for k in range(a.ndim - 1))
        end = a.size
    _core._put(a, arange(0, end, step), _arr(val), 'raise')


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError('list of cases must be same length as list of conditions')
    if len(condlist) == 0:
        raise ValueError("select with an empty condition list is not possible")
    choices = [c if isinstance(c, ndarray) else asarray(c) if not _numpy.isscalar(c) else c
               for c in choicelist]
    from cunumpy._dtype_functions import result_type
    dtype = result_type(*choices, default)
    conds = [_arr(c) for c in condlist]
    for i, c in enumerate(conds):
        if c.dtype != _numpy.bool_:
            raise TypeError(f'invalid entry {i} in condlist: should be boolean ndarray')
    u = _u()
    # NumPy fills with np.full, which casts unsafely: default=-1 of uint8 choices is 255
    result = default.astype(dtype) if isinstance(default, ndarray) else \
        asarray(_numpy.asarray(default).astype(dtype))
    for c, ch in zip(conds[::-1], choices[::-1]):
        result = u._where(c, ch, result)
    return result.astype(dtype)


class _AxisConcatenator:
    """r_ and c_ (simple forms): arrays, scalars and slices (a complex step is a number
    of points, as linspace) joined along one axis."""

    def __init__(self, axis, ndmin):
        self.axis, self.ndmin = axis, ndmin

    def __getitem__(self, key):
        if not isinstance(key, tuple):
            key = (key,)
        parts = []
        for k in key:
            if isinstance(k, slice):
                start = 0 if k.start is None else k.start
                step = 1 if k.step is None else k.step
                if isinstance(step, complex):
                    a = linspace(start, k.stop, num=int(abs(step)))
                else:
                    a = arange(start, k.stop, step)
            elif isinstance(k, str):
                raise NotImplementedError("r_/c_ string directives are not supported")
            else:
                a = _arr(k)
            if a.ndim < 1:
                a = a.reshape(1)
            if self.ndmin == 2 and a.ndim == 1:
                a = a.reshape(-1, 1)
            parts.append(a)
        return concatenate(parts, axis=self.axis)

    def __len__(self):
        return 0


r_ = _AxisConcatenator(0, 1)
c_ = _AxisConcatenator(-1, 2)
