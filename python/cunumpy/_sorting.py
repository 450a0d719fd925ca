"""Sorting (numpy.sort ... numpy.argpartition).

sort/argsort and the ndarray methods sort()/argsort() are in C++ (_core); every sort is
stable whatever `kind` says, with NumPy's NaN placement. lexsort is a sequence of stable
argsorts (the last key decides last), partition/argpartition are full sorts (NumPy only
promises the kth element's place and the partition around it, which a sort keeps).
"""
import numpy as _numpy

from cunumpy._array_like import axis_index as _axis_index
from cunumpy._array_like import c_int_axes as _c_int_axes
from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr

__all__ = ['sort', 'argsort', 'lexsort', 'sort_complex', 'partition', 'argpartition']


def _opt_axis(axis):
    return None if axis is None else _axis_index(axis)


def sort(a, axis=-1, kind=None, order=None, *, descending=False, stable=None):
    """Sorted copy of an array (numpy.sort); stable, NaNs last. ``descending=True`` (the
    array API): largest first, NaNs first (the ascending order reversed)."""
    # NumPy's sort reads axis as a C int: beyond it an OverflowError.
    a, axis = _arr(a), _opt_axis(_c_int_axes(axis))
    if descending:
        return _reversed_along(_core.sort(a, axis, kind, order), axis)
    return _core.sort(a, axis, kind, order)


def argsort(a, axis=-1, kind=None, order=None, *, descending=False, stable=None):
    """Indices that sort an array (numpy.argsort); stable, so ties keep input order, in
    the descending order too (``descending=True``, the array API's keyword)."""
    a, axis = _arr(a), _opt_axis(axis)
    if not descending:
        return _core.argsort(a, axis, kind, order)
    if axis is None:
        a, axis = a.ravel(), 0
    if a.ndim == 0:
        return _core.argsort(a, axis, kind, order)
    axis = _numpy.lib.array_utils.normalize_axis_index(axis, a.ndim)
    # A stable descending order: sort the reversed input ascending (ties then come in
    # decreasing input position), reverse that, and map positions back to the input's.
    idx = _reversed_along(_core.argsort(_reversed_along(a, axis), axis, kind, order), axis)
    return (a.shape[axis] - 1) - idx


def _reversed_along(a, axis):
    if a.ndim == 0:
        return a
    if axis is None:
        return a[::-1]
    index = [slice(None)] * a.ndim
    index[axis] = slice(None, None, -1)
    return a[tuple(index)]


def lexsort(keys, axis=-1):
    """Indirect stable sort on several keys, the last one primary (numpy.lexsort)."""
    from cunumpy._indexing import take_along_axis
    if isinstance(keys, _core.ndarray):
        if keys.ndim == 0:
            raise TypeError('need sequence of keys with len > 0 in lexsort')
        keys = [keys[i] for i in range(keys.shape[0])]
    else:
        keys = [_arr(k) for k in keys]
    if len(keys) == 0:
        raise TypeError('need sequence of keys with len > 0 in lexsort')
    shape = keys[0].shape
    for k in keys:
        if k.shape != shape:
            raise ValueError('all keys need to be the same shape')
    if len(shape) == 0:
        return _core.argsort(keys[0], None)[0]
    idx = _core.argsort(keys[0], axis)
    for k in keys[1:]:
        order = _core.argsort(take_along_axis(k, idx, axis), axis)
        idx = take_along_axis(idx, order, axis)
    return idx


def sort_complex(a):
    """Sorts by real part, then imaginary part; the result is complex (numpy.sort_complex)."""
    b = _core.sort(_arr(a), -1)
    if b.dtype.kind == 'c':
        return b
    return b.astype('F' if b.dtype.char in 'bhBH' else 'D')


def _check_kth(kth, n, empty):
    """NumPy's kth checks; like NumPy's, the bounds are not checked on an empty array."""
    ks = _numpy.atleast_1d(_numpy.asarray(kth))
    if ks.dtype.kind not in 'iu':
        raise TypeError('Partition index must be integer')
    if ks.ndim > 1:
        raise ValueError('kth array must have dimension <= 1')
    for k in ([] if empty else ks.tolist()):
        if not -n <= k < n:
            raise ValueError(f'kth(={k}) out of bounds ({n})')


def _partition_args(a, kth, axis, arg=False):
    a = _arr(a)
    if axis is not None:
        axis = _axis_index(axis)  # NumPy's TypeError for a tuple or a float, first (and a bool)
    if axis is None:
        a = a.ravel()
        axis = -1
    elif a.ndim == 0 and arg:
        a = a.reshape(1)  # NumPy's argpartition takes a 0-d array as 1-D, partition does not
    if a.ndim == 0:
        raise _numpy.exceptions.AxisError(axis, 0)
    n = a.shape[axis if -a.ndim <= axis < a.ndim else _normalize(axis, a.ndim)]
    _check_kth(kth, n, a.size == 0)
    return a, axis


def _normalize(axis, ndim):
    if not -ndim <= axis < ndim:
        raise _numpy.exceptions.AxisError(axis, ndim)
    return axis % ndim


def partition(a, kth, axis=-1, kind='introselect', order=None):
    """Partitioned copy around the kth elements (numpy.partition); here fully sorted."""
    if kind != 'introselect':
        raise ValueError(f"Unknown selection kind '{kind}'")
    a, axis = _partition_args(a, kth, axis)
    return _core.sort(a, axis, None, order)


def argpartition(a, kth, axis=-1, kind='introselect', order=None):
    """Indices that partition an array (numpy.argpartition); here a stable argsort."""
    if kind != 'introselect':
        raise ValueError(f"Unknown selection kind '{kind}'")
    a, axis = _partition_args(a, kth, axis, arg=True)
    return _core.argsort(a, axis, None, order)
