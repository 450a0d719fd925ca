"""Reductions and scans (numpy.sum ... numpy.average, numpy.cumsum ... numpy.diff).

The kernels and per-call work of sum/prod/max/min/all/any/argmax/argmin/mean/var/std/
count_nonzero/cumsum/cumprod are in C++ (_core, also bound as ndarray methods); the
functions here accept array_like inputs and compose NumPy's nan-skipping variants,
average, ptp, diff and ediff1d from them, following NumPy's own formulas (including its
RuntimeWarnings and ValueErrors for all-NaN and empty slices).
"""
import operator as _operator
import warnings as _warnings

import numpy as _numpy

from cunumpy._array_like import axis_index as _axis_index
from cunumpy import _core
from cunumpy import _ufuncs as _u
from cunumpy._array_like import as_ndarray as _arr

_NoValue = _numpy._NoValue


def _init(initial):
    return None if initial is _NoValue else initial


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Sum of array elements over the given axes (numpy.sum)."""
    return _core.sum(_arr(a), axis, dtype, out, keepdims, _init(initial), where)


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Product of array elements over the given axes (numpy.prod)."""
    return _core.prod(_arr(a), axis, dtype, out, keepdims, _init(initial), where)


def max(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Maximum along the given axes (numpy.max); NaN propagates."""
    return _core.max(_arr(a), axis, out, keepdims, _init(initial), where)


def min(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Minimum along the given axes (numpy.min); NaN propagates."""
    return _core.min(_arr(a), axis, out, keepdims, _init(initial), where)


amax = max
amin = min


def all(a, axis=None, out=None, keepdims=False, *, where=True):
    """Whether every element along the axes is true (numpy.all)."""
    return _core.all(_arr(a), axis, out, keepdims, where)


def any(a, axis=None, out=None, keepdims=False, *, where=True):
    """Whether any element along the axes is true (numpy.any)."""
    return _core.any(_arr(a), axis, out, keepdims, where)


def argmax(a, axis=None, out=None, *, keepdims=False):
    """Index of the first maximum (numpy.argmax); the first NaN wins."""
    return _core.argmax(_arr(a), axis, out, keepdims)


def argmin(a, axis=None, out=None, *, keepdims=False):
    """Index of the first minimum (numpy.argmin); the first NaN wins."""
    return _core.argmin(_arr(a), axis, out, keepdims)


def _count(a, axis):
    """How many elements each result of a reduction over `axis` combines."""
    if axis is None:
        return a.size
    n = 1
    for ax in (axis if isinstance(axis, tuple) else (axis,)):
        if -a.ndim <= ax < a.ndim:  # else the C++ call raises AxisError
            n *= a.shape[ax]
    return n


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Arithmetic mean over the given axes (numpy.mean)."""
    a = _arr(a)
    if where is True and _count(a, axis) == 0:
        _warnings.warn("Mean of empty slice", RuntimeWarning, stacklevel=2)
    return _core.mean(a, axis, dtype, out, keepdims, where)


def _moment(fn, a, axis, dtype, out, ddof, keepdims, where, mean, correction):
    a = _arr(a)
    ddof = _ddof(ddof, correction)
    if mean is not None:
        raise NotImplementedError("var/std(mean=...) is not supported")
    if where is True and _count(a, axis) - ddof <= 0:
        _warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=3)
    return fn(a, axis, dtype, out, ddof, keepdims, where)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=None,
        correction=None):
    """Variance over the given axes (numpy.var): two passes, NumPy's result dtypes."""
    return _moment(_core.var, a, axis, dtype, out, ddof, keepdims, where, mean, correction)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=None,
        correction=None):
    """Standard deviation over the given axes (numpy.std)."""
    return _moment(_core.std, a, axis, dtype, out, ddof, keepdims, where, mean, correction)


def _ddof(ddof, correction):
    if correction is not None:
        if ddof != 0:
            raise ValueError("ddof and correction can't be provided simultaneously.")
        return correction
    return ddof


def count_nonzero(a, axis=None, *, keepdims=False):
    """Number of non-zero values along the axes (numpy.count_nonzero): int64 counts. Over
    the whole array the count is a 0-d array, as CuPy's and the array API standard's (NumPy
    returns a scalar): no read-back to the host, so no device synchronisation."""
    return _core.count_nonzero(_arr(a), axis, keepdims)


def ptp(a, axis=None, out=None, keepdims=False):
    """Range of values, max - min, along the axes (numpy.ptp)."""
    return _core.ptp(_arr(a), axis, out, keepdims)


# ---- nan-skipping reductions (C++: ops/nan_reductions.hpp; the binding issues NumPy's
# RuntimeWarnings the C++ functions report) ------------------------------------------------

def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Sum treating NaN as zero (numpy.nansum)."""
    return _core.nansum(_arr(a), axis, dtype, out, keepdims, _init(initial), where)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Product treating NaN as one (numpy.nanprod)."""
    return _core.nanprod(_arr(a), axis, dtype, out, keepdims, _init(initial), where)


def nanmax(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Maximum ignoring NaN (numpy.nanmax); an all-NaN slice gives NaN and a warning."""
    return _core.nanmax(_arr(a), axis, out, keepdims, _init(initial), where)


def nanmin(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Minimum ignoring NaN (numpy.nanmin); an all-NaN slice gives NaN and a warning."""
    return _core.nanmin(_arr(a), axis, out, keepdims, _init(initial), where)


def _nanarg_tuple_axis(a, axis):
    # NumPy's nanargmin/nanargmax reduce the NaN mask over the axes before argmin sees them,
    # and np.all takes a tuple: an all-NaN slice is the ValueError (a bad axis the
    # AxisError) before argmin's TypeError for the tuple, which _core then raises. Like
    # NumPy, an empty array skips the mask.
    if a.dtype.kind in "fc" and a.size and bool(_core.any(_core.all(_u.isnan(a), axis, None, False, True),
                                             None, None, False, True)):
        raise ValueError("All-NaN slice encountered")


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    """Index of the first maximum ignoring NaN (numpy.nanargmax); ValueError on all-NaN."""
    a = _arr(a)
    if type(axis) is tuple:
        _nanarg_tuple_axis(a, axis)
    return _core.nanargmax(a, axis, out, keepdims)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    """Index of the first minimum ignoring NaN (numpy.nanargmin); ValueError on all-NaN."""
    a = _arr(a)
    if type(axis) is tuple:
        _nanarg_tuple_axis(a, axis)
    return _core.nanargmin(a, axis, out, keepdims)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Mean ignoring NaN (numpy.nanmean); an all-NaN slice gives NaN and a warning."""
    return _core.nanmean(_arr(a), axis, dtype, out, keepdims, where)


def _nan_moment(fn, a, axis, dtype, out, ddof, keepdims, where, mean, correction):
    ddof = _ddof(ddof, correction)
    a = _arr(a)
    if mean is not None and a.dtype.kind in 'fc':
        raise NotImplementedError("nanvar(mean=...) is not supported")
    return fn(a, axis, dtype, out, ddof, keepdims, where)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
           mean=None, correction=None):
    """Variance ignoring NaN (numpy.nanvar); slices with no more than ddof values give NaN
    and a warning."""
    return _nan_moment(_core.nanvar, a, axis, dtype, out, ddof, keepdims, where, mean, correction)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
           mean=None, correction=None):
    """Standard deviation ignoring NaN (numpy.nanstd)."""
    return _nan_moment(_core.nanstd, a, axis, dtype, out, ddof, keepdims, where, mean, correction)


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """Weighted average along the axes (numpy.average); `returned` adds the sum of weights."""
    if isinstance(axis, list):  # NumPy's normalize_axis_tuple takes a list too
        axis = tuple(axis)
    return _core.average(_arr(a), axis, None if weights is None else _arr(weights), bool(returned),
                         bool(keepdims))


# ---- scans ------------------------------------------------------------------------------

def cumsum(a, axis=None, dtype=None, out=None):
    """Cumulative sum along an axis, or over the flattened array (numpy.cumsum)."""
    return _core.cumsum(_arr(a), axis, dtype, out)


def cumprod(a, axis=None, dtype=None, out=None):
    """Cumulative product along an axis, or over the flattened array (numpy.cumprod)."""
    return _core.cumprod(_arr(a), axis, dtype, out)


def nancumsum(a, axis=None, dtype=None, out=None):
    """Cumulative sum treating NaN as zero (numpy.nancumsum)."""
    return _core.nancumsum(_arr(a), axis, dtype, out)


def nancumprod(a, axis=None, dtype=None, out=None):
    """Cumulative product treating NaN as one (numpy.nancumprod)."""
    return _core.nancumprod(_arr(a), axis, dtype, out)


def _cumulative(fn, x, axis, dtype, out, include_initial):
    x = _arr(x)
    if axis is not None and type(axis) is not int:  # NumPy's checks of ufunc.accumulate
        axis = _u._accumulate_axis(x if x.ndim else x.reshape(1), axis)
    return fn(x, axis, dtype, out, include_initial)


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """Cumulative sum (numpy.cumulative_sum, the array API's): include_initial prepends 0."""
    return _cumulative(_core.cumulative_sum, x, axis, dtype, out, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """Cumulative product (numpy.cumulative_prod): include_initial prepends 1."""
    return _cumulative(_core.cumulative_prod, x, axis, dtype, out, include_initial)


def diff(a, n=1, axis=-1, prepend=_NoValue, append=_NoValue):
    """n-th discrete difference along an axis (numpy.diff); bool arrays use not_equal."""
    a = _arr(a)
    # TypeError for a float axis, as NumPy (after its checks of n and of a 0-d a, in C++)
    axis = _axis_index(axis) if n > 0 and a.ndim else 0
    return _core.diff(a, _operator.index(n), axis, None if prepend is _NoValue else _arr(prepend),
                      None if append is _NoValue else _arr(append))


def ediff1d(ary, to_end=None, to_begin=None):
    """Differences between consecutive elements of the flattened array (numpy.ediff1d)."""
    return _core.ediff1d(_arr(ary), None if to_end is None else _arr(to_end),
                         None if to_begin is None else _arr(to_begin))


__all__ = ['sum', 'prod', 'max', 'min', 'amax', 'amin', 'all', 'any', 'argmax', 'argmin',
           'mean', 'var', 'std', 'count_nonzero', 'ptp', 'nansum', 'nanprod', 'nanmax',
           'nanmin', 'nanargmax', 'nanargmin', 'nanmean', 'nanvar', 'nanstd', 'average',
           'cumsum', 'cumprod', 'nancumsum', 'nancumprod', 'cumulative_sum',
           'cumulative_prod', 'diff', 'ediff1d']
