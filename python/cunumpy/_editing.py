"""Functions that add, remove or repeat elements along an axis (NumPy's signatures):
repeat, append, insert, delete, resize, trim_zeros.

C++: repeat and resize in include/cunumpy/ops/rearranging.hpp; insert, delete (delete_),
append and trim_zeros in include/cunumpy/ops/editing.hpp, which plan the positions on the
host and move the data in one gather on the array's device.
"""
import numpy as _numpy

from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr
from cunumpy._array_like import axis_index as _axis_index

ndarray = _core.ndarray

__all__ = ['repeat', 'append', 'insert', 'delete', 'resize', 'trim_zeros']


def _host(x):
    """Index-like arguments on the host (cunumpy arrays are copied back)."""
    return x.get() if isinstance(x, ndarray) else x


def _axis(axis, ndim):
    return _numpy.lib.array_utils.normalize_axis_index(_axis_index(axis), ndim)


def repeat(a, repeats, axis=None):
    """Repeats each element `repeats` times along `axis` (the flattened array by default)."""
    a = _arr(a)
    reps = _host(repeats)
    if isinstance(reps, _numpy.ndarray) and not _numpy.can_cast(reps.dtype, _numpy.intp):
        # An array of counts is cast to intp safely (uint64 is NumPy's TypeError).
        what = 'scalar' if reps.ndim == 0 else 'array data'
        raise TypeError(f"Cannot cast {what} from {reps.dtype!r} to {_numpy.dtype(_numpy.intp)!r} "
                        "according to the rule 'safe'")
    if isinstance(reps, _numpy.unsignedinteger):
        # A NumPy unsigned scalar is cast to intp unsafely: uint64(2**64 - 1) is -1, as NumPy.
        reps = int(_numpy.asarray(reps).astype(_numpy.intp))
    if _numpy.ndim(reps) == 0 or (_numpy.ndim(reps) == 1 and _numpy.size(reps) == 1):
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


def _opt_axis(axis):
    return None if axis is None else _axis_index(axis)


def _obj(obj):
    """obj= of insert/delete as C++ takes it: an int, a slice or a cunumpy array (NumPy
    casts an empty list to intp; anything else array-like keeps its dtype)."""
    if isinstance(obj, (slice, ndarray)):
        return obj
    if isinstance(obj, (bool, _numpy.bool_)):
        return _asarray(_numpy.asarray(obj))
    if isinstance(obj, (int, _numpy.integer)):
        return int(obj)
    idx = _numpy.asarray(obj)
    if idx.size == 0 and not isinstance(obj, _numpy.ndarray):
        idx = idx.astype(_numpy.intp)
    return _asarray(idx)


def _asarray(x, dtype=None):
    from cunumpy._creation import asarray
    return asarray(x, dtype=dtype)


def append(arr, values, axis=None):
    """arr with values added at the end of `axis` (both flattened when axis is None).
    C++: cunumpy::append."""
    return _core.append(_arr(arr), _arr(values), _opt_axis(axis))


def delete(arr, obj, axis=None):
    """arr without the entries `obj` (int, slice, int array or boolean mask) along `axis`.
    C++: ``cunumpy::delete_``."""
    return _core.delete(_arr(arr), _obj(obj), _opt_axis(axis))


def insert(arr, obj, values, axis=None):
    """arr with `values` inserted before the indices `obj` along `axis`, as NumPy.
    C++: cunumpy::insert."""
    arr = _arr(arr)
    if isinstance(obj, (list, tuple)) and _numpy.asarray(obj).dtype == bool:
        # NumPy reads obj.ndim of a boolean obj, which a list does not have (after its
        # axis check).
        if axis is not None:
            _axis(axis, arr.ndim)
        raise AttributeError(f"'{type(obj).__name__}' object has no attribute 'ndim'")
    return _core.insert(arr, _obj(obj), _asarray(values, dtype=arr.dtype), _opt_axis(axis))


def resize(a, new_shape):
    """A new array of `new_shape` filled with a's elements repeated in C order."""
    if isinstance(new_shape, (int, _numpy.integer)):
        new_shape = (int(new_shape),)
    return _core.resize(_arr(a), [int(d) for d in new_shape])


def trim_zeros(filt, trim='fb', axis=None):
    """filt without its leading and/or trailing zeros (a view, as NumPy returns).
    C++: cunumpy::trim_zeros."""
    return _core.trim_zeros(_arr(filt), trim, axis)
