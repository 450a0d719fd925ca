"""Set routines (numpy.unique ... numpy.isin) with NumPy's signatures.

The algorithms are C++ (include/cunumpy/ops/sets.hpp, src/ops/sets/): NumPy's sort-based
ones, unique as sort, neighbour comparison and compaction (NaNs collapsing with
equal_nan), unique(axis=) as a lexicographic sort of the rows, the others compositions of
unique, concatenate and one more sort. This module keeps the signatures, NumPy's checks of
the keywords and the array API's named result tuples.
"""
from numpy.lib import _arraysetops_impl as _sets_np

from cunumpy import _core

__all__ = ['unique', 'unique_values', 'unique_counts', 'unique_inverse', 'unique_all',
           'intersect1d', 'union1d', 'setdiff1d', 'setxor1d', 'isin', 'in1d']

_unique = _core.unique


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, sorted=True):
    """Sorted unique elements (numpy.unique), with first indices, inverse and counts."""
    return _unique(ar, bool(return_index), bool(return_inverse), bool(return_counts), axis,
                   bool(equal_nan))


def unique_values(x):
    """Unique values (numpy.unique_values); here sorted (NumPy leaves the order open)."""
    return _unique(x, False, False, False, None, False)


def unique_counts(x):
    """(values, counts) of the unique values (numpy.unique_counts)."""
    return _sets_np.UniqueCountsResult(*_unique(x, False, False, True, None, False))


def unique_inverse(x):
    """(values, inverse_indices in x's shape) (numpy.unique_inverse)."""
    return _sets_np.UniqueInverseResult(*_unique(x, False, True, False, None, False))


def unique_all(x):
    """(values, first indices, inverse_indices, counts) (numpy.unique_all)."""
    return _sets_np.UniqueAllResult(*_unique(x, True, True, True, None, False))


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """Sorted values in both arrays (numpy.intersect1d), optionally with their first indices."""
    return _core.intersect1d(ar1, ar2, bool(assume_unique), bool(return_indices))


def union1d(ar1, ar2):
    """Sorted values in either array (numpy.union1d)."""
    return _core.union1d(ar1, ar2)


def setdiff1d(ar1, ar2, assume_unique=False):
    """Sorted unique values of ar1 not in ar2 (numpy.setdiff1d)."""
    return _core.setdiff1d(ar1, ar2, bool(assume_unique))


def setxor1d(ar1, ar2, assume_unique=False):
    """Sorted values in exactly one of the arrays (numpy.setxor1d)."""
    return _core.setxor1d(ar1, ar2, bool(assume_unique))


def _check_kind(kind):
    if kind not in (None, 'sort', 'table'):
        raise ValueError(f"Invalid kind: '{kind}'. Please use None, 'sort' or 'table'.")


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    """Whether each element is in test_elements, in element's shape (numpy.isin)."""
    _check_kind(kind)
    return _core.isin(element, test_elements, bool(assume_unique), bool(invert))


def in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None):
    """Membership of the flattened ar1 in ar2 (numpy.in1d, removed in NumPy 2.4; CuPy has it)."""
    _check_kind(kind)
    return _core.in1d(ar1, ar2, bool(assume_unique), bool(invert))
