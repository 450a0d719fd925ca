"""Functions that add, remove or repeat elements along an axis (NumPy's signatures):
repeat, append, insert, delete, resize, trim_zeros.

repeat and resize are C++ (include/cunumpy/ops/rearranging.hpp). For insert, delete and
trim_zeros, which source index lands where is planned on the host with NumPy (index
bookkeeping only, never the data); the data moves as slices of the source joined by
concatenate, i.e. copy kernels on the array's device.
"""
import numpy as _numpy

from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr
from cunumpy._array_like import axis_index as _axis_index
from cunumpy._manipulation import broadcast_to, concatenate, moveaxis

ndarray = _core.ndarray

__all__ = ['repeat', 'append', 'insert', 'delete', 'resize', 'trim_zeros']


def _host(x):
    """Index-like arguments on the host (cunumpy arrays are copied back)."""
    return x.get() if isinstance(x, ndarray) else x


def _axis(axis, ndim):
    return _numpy.lib.array_utils.normalize_axis_index(_axis_index(axis), ndim)


def _along(a, axis):
    """(a, axis) with NumPy's axis=None meaning the flattened array."""
    a = _arr(a)
    if axis is None:
        return a.ravel(), 0
    return a, _axis(axis, a.ndim)


def _at(axis, sl):
    return (slice(None),) * axis + (sl,)


def _gather(a, idx, axis):
    """a's entries idx (host ints, any order, repeats allowed) along `axis`: consecutive
    runs of idx become slices of a, joined by one concatenate."""
    idx = _numpy.asarray(idx, dtype=_numpy.intp)
    if idx.size == 0:
        return a[_at(axis, slice(0, 0))].copy()
    breaks = _numpy.flatnonzero(_numpy.diff(idx) != 1) + 1
    if breaks.size > 32:  # many short runs: one gather kernel instead of many slices
        from cunumpy._creation import asarray
        from cunumpy._indexing import take
        return take(a, asarray(idx), axis=axis)
    starts = _numpy.concatenate(([0], breaks))
    ends = _numpy.concatenate((breaks, [idx.size]))
    pieces = [a[_at(axis, slice(int(idx[s]), int(idx[e - 1]) + 1))] for s, e in zip(starts, ends)]
    return concatenate(pieces, axis)


def repeat(a, repeats, axis=None):
    """Repeats each element `repeats` times along `axis` (the flattened array by default)."""
    a = _arr(a)
    reps = _host(repeats)
    if _numpy.ndim(reps) == 0 or _numpy.size(reps) == 1:
        # NumPy converts one count with int(): 2.9 repeats twice, a complex is a TypeError.
        counts = [int(_numpy.asarray(reps).reshape(-1)[0]) if _numpy.ndim(reps) else int(reps)]
        if not -2**63 <= counts[0] < 2**63:
            raise OverflowError("Python int too large to convert to C long")
    else:
        # Per-element counts: NumPy checks their type, shape and signs with its own messages
        # (on an array of no data, so nothing is copied).
        n = (a.size if axis is None else a.shape[_axis(axis, max(a.ndim, 1))]) if a.ndim else 1
        _numpy.repeat(_numpy.empty((n, 0), bool), reps, axis=0)
        counts = _numpy.broadcast_to(_numpy.asarray(reps, dtype=_numpy.intp), (n,)).tolist()
    return _core.repeat(a, counts, axis)


def append(arr, values, axis=None):
    """arr with values added at the end of `axis` (both flattened when axis is None)."""
    arr = _arr(arr)
    values = _arr(values)
    if axis is None:
        if arr.ndim != 1:
            arr = arr.ravel()
        values = values.ravel()
        axis = arr.ndim - 1
    return concatenate((arr, values), axis=axis)


def delete(arr, obj, axis=None):
    """arr without the entries `obj` (int, slice, int array or boolean mask) along `axis`."""
    arr, axis = _along(arr, axis)
    n = arr.shape[axis]
    try:
        kept = _numpy.delete(_numpy.arange(n), _host(obj))
    except IndexError as e:  # name the caller's axis, not the planning vector's
        raise IndexError(str(e).replace("axis 0", f"axis {axis}")) from None
    if kept.size == n and isinstance(obj, slice):
        return arr.copy()
    return _gather(arr, kept, axis)


def _assignable(vals, shape):
    """vals as NumPy's assignment into a `shape` target sees them: leading unit axes
    dropped, then broadcast."""
    while vals.ndim > len(shape) and vals.shape[0] == 1:
        vals = vals.reshape(vals.shape[1:])
    return broadcast_to(vals, tuple(shape))


def insert(arr, obj, values, axis=None):
    """arr with `values` inserted before the indices `obj` along `axis`, as NumPy (its
    index bookkeeping, errors included, replayed on the host)."""
    arr, axis = _along(arr, axis)
    n = arr.shape[axis]
    from cunumpy._creation import asarray, empty
    if isinstance(obj, slice):
        indices = _numpy.arange(*obj.indices(n))
    else:
        indices = _numpy.array(_host(obj))
        if indices.dtype == bool:
            if obj.ndim != 1:  # (NumPy's AttributeError for a list, too)
                raise ValueError('boolean array argument obj to insert must be one dimensional')
            indices = _numpy.flatnonzero(indices)
        elif indices.ndim > 1:
            raise ValueError("index array argument obj to insert must be one dimensional or scalar")
    if indices.size == 1:
        index = indices.item()
        if index < -n or index > n:
            raise IndexError(f"index {obj} is out of bounds for axis {axis} with size {n}")
        if index < 0:
            index += n
        vals = asarray(values, dtype=arr.dtype)
        while vals.ndim < arr.ndim:
            vals = vals.reshape((1,) + vals.shape)
        # A scalar index inserts `values` as a block: its first axis becomes `axis`.
        vals = moveaxis(vals, 0, axis) if indices.ndim == 0 and vals.ndim else vals
        shape = list(arr.shape)
        shape[axis] = vals.shape[axis]
        vals = _assignable(vals, shape)
        return concatenate((arr[_at(axis, slice(None, index))], vals,
                            arr[_at(axis, slice(index, None))]), axis=axis)
    if indices.size == 0 and not isinstance(obj, (_numpy.ndarray, ndarray)):
        indices = indices.astype(_numpy.intp)
    if indices.dtype.kind not in 'iu':
        raise IndexError("arrays used as indices must be of integer (or boolean) type")
    indices = indices.astype(_numpy.intp)
    indices[indices < 0] += n
    numnew = indices.size
    order = _numpy.argsort(indices, kind='stable')
    indices[order] += _numpy.arange(numnew)
    total = n + numnew
    old_pos = _numpy.ones(total, dtype=bool)
    old_pos[indices] = False  # NumPy's IndexError for a position still out of range
    indices[indices < 0] += total
    vshape = list(arr.shape)
    vshape[axis] = numnew
    # The new entries: values broadcast like new[..., indices, ...] = values in NumPy.
    vals = _assignable(asarray(values, dtype=arr.dtype), vshape)
    kept = _numpy.flatnonzero(old_pos)
    if kept.size != n:  # positions that collided: NumPy's new[..., old_mask, ...] = arr fails
        raise ValueError(f"NumPy boolean array indexing assignment cannot assign {n} input "
                         f"values to the {kept.size} output values where the mask is true")
    shape = list(arr.shape)
    shape[axis] = total
    new = empty(tuple(shape), dtype=arr.dtype)
    # The old entries: runs of consecutive new positions take runs of the source in order.
    src = 0
    if kept.size:
        breaks = _numpy.flatnonzero(_numpy.diff(kept) != 1) + 1
        for s, e in zip(_numpy.concatenate(([0], breaks)), _numpy.concatenate((breaks, [kept.size]))):
            length = int(e - s)
            new[_at(axis, slice(int(kept[s]), int(kept[s]) + length))] = \
                arr[_at(axis, slice(src, src + length))]
            src += length
    for j, pos in enumerate(indices):
        new[_at(axis, slice(int(pos), int(pos) + 1))] = vals[_at(axis, slice(j, j + 1))]
    return new


def resize(a, new_shape):
    """A new array of `new_shape` filled with a's elements repeated in C order."""
    if isinstance(new_shape, (int, _numpy.integer)):
        new_shape = (int(new_shape),)
    return _core.resize(_arr(a), [int(d) for d in new_shape])


def trim_zeros(filt, trim='fb', axis=None):
    """filt without its leading and/or trailing zeros (a view, as NumPy returns)."""
    filt = _arr(filt)
    # NumPy plans the trim on the nonzero pattern (its checks and messages too); the
    # returned view's offset and shape give the slices to apply here.
    mask = _numpy.ascontiguousarray((filt != 0).get()).view(_numpy.uint8)
    kept = _numpy.trim_zeros(mask, trim, axis) if axis is not None else _numpy.trim_zeros(mask, trim)
    offset = kept.__array_interface__['data'][0] - mask.__array_interface__['data'][0]
    start = _numpy.unravel_index(offset, mask.shape) if mask.size and kept.size else (0,) * mask.ndim
    return filt[tuple(slice(int(b), int(b) + n) for b, n in zip(start, kept.shape))]
