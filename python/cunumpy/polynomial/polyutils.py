"""numpy.polynomial.polyutils' series helpers: as_series, trimseq and trimcoef."""
import numpy as _numpy

from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr

__all__ = ['as_series', 'trimseq', 'trimcoef']


def _is_array(a):
    return isinstance(a, _core.ndarray)


def trimseq(seq):
    """seq without its trailing zeros, its first element always kept (a view)
    (numpy.polynomial.polyutils.trimseq)."""
    if len(seq) == 0:
        return seq
    if not _is_array(seq):  # NumPy's loop over a Python sequence
        return _numpy.polynomial.polyutils.trimseq(seq)
    return _core.series_trimseq(seq)


def _common_type(arrays):
    # numpy.common_type: integers as float64, bool (non-numeric) refused
    try:
        return _numpy.common_type(*[_numpy.empty(0, dtype=a.dtype) for a in arrays])
    except TypeError as e:
        raise ValueError("Coefficient arrays have no common type") from e


def as_series(alist, trim=True):
    """The arguments as a list of 1-D coefficient arrays of their common inexact type
    (integers as float64), each copied and, with ``trim``, without trailing zeros
    (numpy.polynomial.polyutils.as_series). A 2-D array gives its rows."""
    if _is_array(alist) and alist.ndim == 0:
        raise TypeError('iteration over a 0-d array')
    arrays = []
    for a in alist:
        a = _arr(a)
        arrays.append(a.reshape(1) if a.ndim == 0 else a)
    for a in arrays:
        if a.size == 0:
            raise ValueError("Coefficient array is empty")
        if a.ndim != 1:
            raise ValueError("Coefficient array is not 1-d")
    if trim:
        arrays = [_core.series_trimseq(a) for a in arrays]
    dtype = _common_type(arrays)
    return [a.astype(dtype, copy=True) for a in arrays]


def trimcoef(c, tol=0):
    """c without its trailing coefficients of magnitude at most ``tol``; [0] when none is
    larger (numpy.polynomial.polyutils.trimcoef)."""
    if tol < 0:
        raise ValueError("tol must be non-negative")
    [c] = as_series([c])
    return _core.series_trimcoef(c, float(tol))
