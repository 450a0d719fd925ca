"""Set routines over sort (numpy.unique ... numpy.isin), NumPy's sort-based algorithms.

unique sorts (a stable argsort when positions are wanted), marks where a sorted value
differs from its predecessor and compacts; NaNs (last after the sort) collapse into one
when equal_nan. unique(axis=) sorts the rows lexicographically with lexsort. The others are
NumPy's compositions of unique, concatenate and one more sort. Host work is limited to a
few sizes (the number of non-NaN values for equal_nan).
"""
import numpy as _numpy
from numpy.lib import _arraysetops_impl as _sets_np

from cunumpy import _core
from cunumpy import _ufuncs as _u

__all__ = ['unique', 'unique_values', 'unique_counts', 'unique_inverse', 'unique_all',
           'intersect1d', 'union1d', 'setdiff1d', 'setxor1d', 'isin', 'in1d']


def _arr(a):
    if isinstance(a, _core.ndarray):
        return a
    from cunumpy._creation import asarray
    return asarray(a)


def _concat(parts):
    from cunumpy._manipulation import concatenate
    return concatenate(parts)


def _bools(values):
    from cunumpy._creation import asarray
    return asarray(_numpy.asarray(values, dtype=bool))


def _unique1d(ar, return_index=False, return_inverse=False, return_counts=False, equal_nan=True):
    ar = ar.ravel()
    n = ar.size
    perm = None
    if return_index or return_inverse:
        perm = _core.argsort(ar, -1)
        aux = ar[perm]
    else:
        aux = _core.sort(ar, -1)
    if n == 0:
        mask = _core.ndarray((0,), bool)
    else:
        mask = _concat([_bools([True]), _u.not_equal(aux[1:], aux[:-1])])
        if equal_nan and aux.dtype.kind in 'fc' and bool(_u.isnan(aux[-1])):
            # NaNs sort last (complex: any NaN part): keep the first of them only.
            first_nan = int(_core.count_nonzero(_u.logical_not(_u.isnan(aux)), None, False))
            mask[first_nan] = True
            mask[first_nan + 1:] = False
    ret = (aux[mask],)
    if return_index:
        ret += (perm[mask],)
    if return_inverse:
        imask = _u.subtract(_core.cumsum(mask, None, None, None), 1)
        inv = _core.ndarray((n,), _numpy.intp)
        inv[perm] = imask
        ret += (inv,)
    if return_counts:
        from cunumpy._indexing import flatnonzero
        idx = _concat([flatnonzero(mask), _core.ndarray((0,), _numpy.intp) if n == 0 else _ints([n])])
        ret += (_u.subtract(idx[1:], idx[:-1]),)
    return ret


def _ints(values):
    from cunumpy._creation import asarray
    return asarray(_numpy.asarray(values, dtype=_numpy.intp))


def _unpack(ret):
    return ret[0] if len(ret) == 1 else ret


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, sorted=True):
    """Sorted unique elements (numpy.unique), with first indices, inverse and counts."""
    ar = _arr(ar)
    if axis is None or ar.ndim == 1:
        # NumPy: a 1-D array with an axis is unique's flat case (NaNs collapse with equal_nan)
        if axis is not None:
            _numpy.lib.array_utils.normalize_axis_index(axis, ar.ndim)
        ret = _unique1d(ar, return_index, return_inverse, return_counts, equal_nan)
        if return_inverse:
            i = 1 + int(bool(return_index))
            ret = ret[:i] + (ret[i].reshape(ar.shape),) + ret[i + 1:]
        return _unpack(ret)
    from cunumpy._manipulation import moveaxis
    axis = _numpy.lib.array_utils.normalize_axis_index(axis, ar.ndim)
    moved = moveaxis(ar, axis, 0)
    shape = moved.shape
    width = 1
    for d in shape[1:]:
        width *= d
    rows = moved.reshape(shape[0], width)
    n = shape[0]
    if n == 0 or rows.shape[1] == 0:
        # NumPy: no rows, or rows of nothing (all equal): at most one unique row.
        keep = min(n, 1)
        ret = (moved[:keep],)
        if return_index:
            ret += (_ints(list(range(keep))),)
        if return_inverse:
            ret += (_ints([0] * n),)
        if return_counts:
            ret += (_ints([n] if n else []),)
    else:
        from cunumpy._sorting import lexsort
        keys = []
        for j in range(rows.shape[1] - 1, -1, -1):
            keys.append(rows[:, j])
            if rows.dtype == _numpy.float16:
                # NumPy sorts the rows with its float16 compare, which puts NaN first
                keys.append(_u.logical_not(_u.isnan(rows[:, j])))
        perm = lexsort(keys)
        srt = rows[perm]
        diff = _u.not_equal(srt[1:], srt[:-1]).any(axis=1)
        mask = _concat([_bools([True]), diff])
        ret = (srt[mask].reshape((-1,) + shape[1:]),)
        if return_index:
            ret += (perm[mask],)
        if return_inverse:
            inv = _core.ndarray((n,), _numpy.intp)
            inv[perm] = _u.subtract(_core.cumsum(mask, None, None, None), 1)
            ret += (inv,)
        if return_counts:
            from cunumpy._indexing import flatnonzero
            idx = _concat([flatnonzero(mask), _ints([n])])
            ret += (_u.subtract(idx[1:], idx[:-1]),)
    ret = (moveaxis(ret[0], 0, axis),) + ret[1:]
    return _unpack(ret)


def unique_values(x):
    """Unique values (numpy.unique_values); here sorted (NumPy leaves the order open)."""
    return unique(x, equal_nan=False)


def unique_counts(x):
    """(values, counts) of the unique values (numpy.unique_counts)."""
    v, c = unique(x, return_counts=True, equal_nan=False)
    return _sets_np.UniqueCountsResult(v, c)


def unique_inverse(x):
    """(values, inverse_indices in x's shape) (numpy.unique_inverse)."""
    v, i = unique(x, return_inverse=True, equal_nan=False)
    return _sets_np.UniqueInverseResult(v, i)


def unique_all(x):
    """(values, first indices, inverse_indices, counts) (numpy.unique_all)."""
    v, i, inv, c = unique(x, True, True, True, equal_nan=False)
    return _sets_np.UniqueAllResult(v, i, inv, c)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """Sorted values in both arrays (numpy.intersect1d), optionally with their first indices."""
    ar1, ar2 = _arr(ar1), _arr(ar2)
    if not assume_unique:
        if return_indices:
            ar1, ind1 = unique(ar1, return_index=True)
            ar2, ind2 = unique(ar2, return_index=True)
        else:
            ar1, ar2 = unique(ar1), unique(ar2)
    else:
        ar1, ar2 = ar1.ravel(), ar2.ravel()
    aux = _concat([ar1, ar2])
    if return_indices:
        order = _core.argsort(aux, -1)
        aux = aux[order]
    else:
        aux = _core.sort(aux, -1)
    mask = _u.equal(aux[1:], aux[:-1])
    int1d = aux[:-1][mask]
    if return_indices:
        i1 = order[:-1][mask]
        i2 = _u.subtract(order[1:][mask], ar1.size)
        if not assume_unique:
            i1, i2 = ind1[i1], ind2[i2]
        return int1d, i1, i2
    return int1d


def union1d(ar1, ar2):
    """Sorted values in either array (numpy.union1d)."""
    return unique(_concat([_arr(ar1).ravel(), _arr(ar2).ravel()]))


def setdiff1d(ar1, ar2, assume_unique=False):
    """Sorted unique values of ar1 not in ar2 (numpy.setdiff1d)."""
    ar1 = _arr(ar1).ravel() if assume_unique else unique(_arr(ar1))
    if not assume_unique:
        ar2 = unique(_arr(ar2))
    return ar1[_in1d(ar1, ar2, True, True)]


def setxor1d(ar1, ar2, assume_unique=False):
    """Sorted values in exactly one of the arrays (numpy.setxor1d)."""
    ar1, ar2 = _arr(ar1), _arr(ar2)
    if not assume_unique:
        ar1, ar2 = unique(ar1), unique(ar2)
    aux = _concat([ar1.ravel(), ar2.ravel()])
    if aux.size == 0:
        return aux
    aux = _core.sort(aux, -1)
    flag = _concat([_bools([True]), _u.not_equal(aux[1:], aux[:-1]), _bools([True])])
    return aux[_u.logical_and(flag[1:], flag[:-1])]


def _in1d(ar1, ar2, assume_unique=False, invert=False):
    """NumPy's sort-based membership test of the flattened ar1 in ar2."""
    ar1, ar2 = _arr(ar1).ravel(), _arr(ar2).ravel()
    if ar1.size == 0:
        return _core.ndarray((0,), bool)
    if not assume_unique:
        ar1, rev_idx = unique(ar1, return_inverse=True)
        ar2 = unique(ar2)
    ar = _concat([ar1, ar2])
    order = _core.argsort(ar, -1)
    sar = ar[order]
    same = _u.not_equal(sar[1:], sar[:-1]) if invert else _u.equal(sar[1:], sar[:-1])
    flag = _concat([same, _bools([invert])])
    ret = _core.ndarray(ar.shape, bool)
    ret[order] = flag
    return ret[:ar1.size] if assume_unique else ret[rev_idx]


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    """Whether each element is in test_elements, in element's shape (numpy.isin)."""
    if kind not in (None, 'sort', 'table'):
        raise ValueError(f"Invalid kind: '{kind}'. Please use None, 'sort' or 'table'.")
    element = _arr(element)
    return _in1d(element, test_elements, assume_unique, invert).reshape(element.shape)


def in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None):
    """Membership of the flattened ar1 in ar2 (numpy.in1d, removed in NumPy 2.4; CuPy has it)."""
    if kind not in (None, 'sort', 'table'):
        raise ValueError(f"Invalid kind: '{kind}'. Please use None, 'sort' or 'table'.")
    return _in1d(ar1, ar2, assume_unique, invert)
