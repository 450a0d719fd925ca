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

from cunumpy import _core
from cunumpy import _ufuncs as _u

_NoValue = _numpy._NoValue


def _arr(a):
    if isinstance(a, _core.ndarray):
        return a
    from cunumpy._creation import asarray
    return asarray(a)


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
        _warnings.warn("Mean of empty slice.", RuntimeWarning, stacklevel=2)
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
    """Number of non-zero values along the axes (numpy.count_nonzero): int64 counts, or a
    Python int over the whole array (as NumPy; that reads the count back to the host)."""
    r = _core.count_nonzero(_arr(a), axis, keepdims)
    return int(r) if axis is None and not keepdims else r


def ptp(a, axis=None, out=None, keepdims=False):
    """Range of values, max - min, along the axes (numpy.ptp)."""
    a = _arr(a)
    # NumPy's order: the max goes into out= first, so subtract runs in out's dtype (bool
    # input with a numeric out= works; without out= it is the boolean subtract TypeError).
    return _u.subtract(_core.max(a, axis, out, keepdims), _core.min(a, axis, None, keepdims), out=out)


# ---- nan-skipping reductions ------------------------------------------------------------

def _replace_nan(a, val):
    """(a with NaN replaced by val, mask of the NaN) for inexact a; (a, None) otherwise."""
    a = _arr(a)
    if a.dtype.kind not in 'fc':
        return a, None
    mask = _u.isnan(a)
    return _u._where(mask, a.dtype.type(val), a), mask


def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Sum treating NaN as zero (numpy.nansum)."""
    a, _ = _replace_nan(a, 0)
    return sum(a, axis, dtype, out, keepdims, initial, where)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Product treating NaN as one (numpy.nanprod)."""
    a, _ = _replace_nan(a, 1)
    return prod(a, axis, dtype, out, keepdims, initial, where)


# The engine's ReduceOp numbers: maximum 2, minimum 3, fmax 4, fmin 5.
_FMAX = 4


def _nan_extremum(op, a, axis, out, keepdims, initial, where):
    """fmax/fmin reduce, as NumPy's (NaN skipped, also a NaN initial= into a float out=
    for integers; an all-NaN slice stays NaN, with NumPy's warning)."""
    a = _arr(a)
    if a.dtype.kind not in 'fc':
        return _core._reduce(op, a, axis, None, out, keepdims, _init(initial), where)
    res = _core._reduce(op, a, axis, None, out, keepdims, _init(initial), where)
    if bool(_core.any(_u.isnan(res))):
        _warnings.warn("All-NaN slice encountered", RuntimeWarning, stacklevel=3)
    return res


def nanmax(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Maximum ignoring NaN (numpy.nanmax); an all-NaN slice gives NaN and a warning."""
    return _nan_extremum(_FMAX, a, axis, out, keepdims, initial, where)


def nanmin(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Minimum ignoring NaN (numpy.nanmin); an all-NaN slice gives NaN and a warning."""
    return _nan_extremum(_FMAX + 1, a, axis, out, keepdims, initial, where)


def _nan_arg(is_max, a, axis, out, keepdims):
    a, mask = _replace_nan(a, -_numpy.inf if is_max else _numpy.inf)
    if mask is not None and bool(_core.any(_core.all(mask, axis))):
        raise ValueError("All-NaN slice encountered")
    fn = _core.argmax if is_max else _core.argmin
    return fn(a, axis, out, keepdims)


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    """Index of the first maximum ignoring NaN (numpy.nanargmax); ValueError on all-NaN."""
    return _nan_arg(True, a, axis, out, keepdims)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    """Index of the first minimum ignoring NaN (numpy.nanargmin); ValueError on all-NaN."""
    return _nan_arg(False, a, axis, out, keepdims)


def _check_inexact(dtype, out):
    """NumPy's nanmean/nanvar of an inexact array need inexact dtype= and out=."""
    if dtype is not None and _numpy.dtype(dtype).kind not in 'fc':
        raise TypeError("If a is inexact, then dtype must be inexact")
    if out is not None and out.dtype.kind not in 'fc':
        raise TypeError("If a is inexact, then out must be inexact")


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Mean ignoring NaN (numpy.nanmean); an all-NaN slice gives NaN and a warning."""
    arr, mask = _replace_nan(a, 0)
    if mask is None:
        return mean(arr, axis, dtype, out, keepdims, where=where)
    _check_inexact(dtype, out)
    cnt = _core.sum(_u.logical_not(mask), axis, _numpy.intp, None, keepdims, None, where)
    tot = _core.sum(arr, axis, dtype, None, keepdims, None, where)
    avg = _u.true_divide(tot, cnt)
    if dtype is not None and avg.dtype != _numpy.dtype(dtype):
        avg = avg.astype(dtype)
    elif avg.dtype != tot.dtype:
        avg = avg.astype(tot.dtype)
    if bool(_core.any(_u.equal(cnt, 0))):
        _warnings.warn("Mean of empty slice", RuntimeWarning, stacklevel=2)
    return _to_out(avg, out)


def _to_out(r, out):
    if out is None:
        return r
    if out.shape != r.shape:  # NumPy's reductions and accumulate do not broadcast into out=
        raise ValueError(f"output parameter has shape {out.shape}, expected {r.shape}")
    out[...] = r
    return out


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
           mean=None, correction=None):
    """Variance ignoring NaN (numpy.nanvar); slices with no more than ddof values give NaN
    and a warning."""
    ddof = _ddof(ddof, correction)
    arr, mask = _replace_nan(a, 0)
    if mask is None:
        return var(arr, axis, dtype, out, ddof, keepdims, where=where)
    if mean is not None:
        raise NotImplementedError("nanvar(mean=...) is not supported")
    _check_inexact(dtype, out)
    notnan = _u.logical_not(mask)
    cnt = _core.sum(notnan, axis, _numpy.intp, None, True, None, where)
    tot = _core.sum(arr, axis, dtype, None, True, None, where)
    avg = _u.true_divide(tot, cnt).astype(tot.dtype)  # NumPy divides in place
    centered = _u.subtract(arr, avg)
    if centered.dtype != arr.dtype:  # NumPy subtracts in place, in the input's dtype
        centered = centered.astype(arr.dtype)
    centered = _u._where(mask, 0, centered)
    if centered.dtype.kind == 'c':
        sqr = _u.multiply(centered, _u.conjugate(centered)).real
    else:
        sqr = _u.multiply(centered, centered)
    v = _core.sum(sqr, axis, dtype, None, keepdims, None, where)
    dof = _u.subtract(cnt if keepdims else _drop(cnt, axis), ddof)
    v = _u.true_divide(v, dof)
    isbad = _u.less_equal(dof, 0)
    if bool(_core.any(isbad)):
        _warnings.warn("Degrees of freedom <= 0 for slice.", RuntimeWarning, stacklevel=2)
        v = _u._where(isbad, _numpy.nan, v)
    real = _numpy.dtype(dtype) if dtype is not None else arr.dtype
    if real.kind == 'c' and dtype is None:  # dtype= is kept, complex included, as in var
        real = _numpy.empty(0, real).real.dtype
    if v.dtype != real:
        v = v.astype(real)
    return _to_out(v, out)


def _drop(cnt, axis):
    """A keepdims count reshaped as the result without keepdims."""
    if axis is None or cnt.ndim == 0:  # 0-d input: axis 0/-1 reduce it all, as NumPy
        return cnt.reshape(())
    axes = axis if isinstance(axis, tuple) else (axis,)
    axes = {ax % cnt.ndim for ax in axes}
    return cnt.reshape(tuple(n for d, n in enumerate(cnt.shape) if d not in axes))


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
           mean=None, correction=None):
    """Standard deviation ignoring NaN (numpy.nanstd)."""
    v = nanvar(a, axis, dtype, out, ddof, keepdims, where=where, mean=mean, correction=correction)
    if out is None and v.ndim == 0:  # NumPy's scalar branch: var.dtype.type(sqrt(var))
        r = _u.sqrt(v)
        return r if r.dtype == v.dtype else r.astype(v.dtype)
    return _u.sqrt(v, out=v)  # in place, as NumPy: an integer var raises (UFuncTypeError)


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """Weighted average along the axes (numpy.average); `returned` adds the sum of weights."""
    a = _arr(a)
    if axis is not None:  # NumPy checks the axes first (no 0-d leniency for axis 0/-1)
        axis = _numpy.lib.array_utils.normalize_axis_tuple(axis, a.ndim, argname="axis")
    if weights is None:
        avg = mean(a, axis, keepdims=keepdims)
        scl = avg.dtype.type(a.size / avg.size)  # ZeroDivisionError for an empty avg, as NumPy
    else:
        wgt = _arr(weights)
        if a.dtype.kind in 'biu':
            result_dtype = _numpy.result_type(a.dtype, wgt.dtype, 'f8')
        else:
            result_dtype = _numpy.result_type(a.dtype, wgt.dtype)
        if a.shape != wgt.shape:
            if axis is None:
                raise TypeError("Axis must be specified when shapes of a and weights differ.")
            axes = axis if isinstance(axis, tuple) else (axis,)
            axes = tuple(ax % a.ndim for ax in axes)
            if wgt.shape != tuple(a.shape[ax] for ax in axes):
                raise ValueError("Shape of weights must be consistent with shape of a along "
                                 "specified axis.")
            from cunumpy._manipulation import expand_dims, moveaxis
            order = sorted(range(len(axes)), key=lambda i: axes[i])
            wgt = wgt.transpose(order) if wgt.ndim > 1 else wgt
            rest = tuple(d for d in range(a.ndim) if d not in axes)
            wgt = expand_dims(wgt, rest) if rest else wgt
        scl = _core.sum(wgt.astype(result_dtype) if wgt.dtype != result_dtype else wgt,
                        axis, result_dtype, None, keepdims, None, True)
        if bool(_core.any(_u.equal(scl, 0.0))):
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        from cunumpy._manipulation import broadcast_to
        wb = broadcast_to(wgt, a.shape)
        avg = _u.true_divide(
            _core.sum(_u.multiply(a, wb, dtype=result_dtype), axis, None, None, keepdims, None, True), scl)
    if returned:
        if not isinstance(scl, _core.ndarray) or scl.shape != avg.shape:
            from cunumpy._manipulation import broadcast_to
            from cunumpy._creation import asarray
            scl = broadcast_to(asarray(scl), avg.shape).copy()
        return avg, scl
    return avg


# ---- scans ------------------------------------------------------------------------------

def cumsum(a, axis=None, dtype=None, out=None):
    """Cumulative sum along an axis, or over the flattened array (numpy.cumsum)."""
    return _core.cumsum(_arr(a), axis, dtype, out)


def cumprod(a, axis=None, dtype=None, out=None):
    """Cumulative product along an axis, or over the flattened array (numpy.cumprod)."""
    return _core.cumprod(_arr(a), axis, dtype, out)


def nancumsum(a, axis=None, dtype=None, out=None):
    """Cumulative sum treating NaN as zero (numpy.nancumsum)."""
    a, _ = _replace_nan(a, 0)
    return _core.cumsum(a, axis, dtype, out)


def nancumprod(a, axis=None, dtype=None, out=None):
    """Cumulative product treating NaN as one (numpy.nancumprod)."""
    a, _ = _replace_nan(a, 1)
    return _core.cumprod(a, axis, dtype, out)


def _cumulative(op, identity, x, axis, dtype, out, include_initial):
    x = _arr(x)
    if x.ndim == 0:
        x = x.reshape(1)  # NumPy's atleast_1d
    if axis is None:
        if x.ndim > 1:
            raise ValueError("axis must be specified for multi-dimensional arrays.")
        axis = 0
    axis = _u._accumulate_axis(x, axis)  # NumPy calls ufunc.accumulate
    res = _core._scan(op, x, axis, dtype, None, True)
    if include_initial:
        from cunumpy._creation import full
        from cunumpy._manipulation import concatenate
        ax = axis % x.ndim
        shape = list(res.shape)
        shape[ax] = 1
        res = concatenate([full(tuple(shape), identity, dtype=res.dtype), res], axis=ax)
    return _to_out(res, out)


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """Cumulative sum (numpy.cumulative_sum, the array API's): include_initial prepends 0."""
    return _cumulative(0, 0, x, axis, dtype, out, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """Cumulative product (numpy.cumulative_prod): include_initial prepends 1."""
    return _cumulative(1, 1, x, axis, dtype, out, include_initial)


def diff(a, n=1, axis=-1, prepend=_NoValue, append=_NoValue):
    """n-th discrete difference along an axis (numpy.diff); bool arrays use not_equal."""
    if n == 0:
        return _arr(a)
    if n < 0:
        raise ValueError("order must be non-negative but got " + repr(n))
    a = _arr(a)
    nd = a.ndim
    if nd == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    axis = _operator.index(axis)  # TypeError for a float axis, as NumPy
    if not -nd <= axis < nd:
        raise _numpy.exceptions.AxisError(axis, nd)
    axis %= nd
    parts = []
    from cunumpy._manipulation import broadcast_to, concatenate
    for value, first in ((prepend, True), (append, False)):
        if value is _NoValue:
            continue
        v = _arr(value)
        if v.ndim == 0:
            shape = list(a.shape)
            shape[axis] = 1
            v = broadcast_to(v, tuple(shape))
        parts.append((v, first))
    if parts:
        seq = [v for v, f in parts if f] + [a] + [v for v, f in parts if not f]
        a = concatenate(seq, axis=axis)
    op = _u.not_equal if a.dtype == _numpy.bool_ else _u.subtract
    lo = [slice(None)] * nd
    hi = [slice(None)] * nd
    lo[axis] = slice(None, -1)
    hi[axis] = slice(1, None)
    lo, hi = tuple(lo), tuple(hi)
    for _ in range(n):
        a = op(a[hi], a[lo])
    return a


def ediff1d(ary, to_end=None, to_begin=None):
    """Differences between consecutive elements of the flattened array (numpy.ediff1d)."""
    ary = _arr(ary).ravel()
    from cunumpy._manipulation import concatenate
    d = _u.subtract(ary[1:], ary[:-1])  # TypeError for bool, as NumPy
    parts = []
    for extra in (to_begin, to_end):
        if extra is None:
            parts.append(None)
            continue
        e = _arr(extra)
        if not _numpy.can_cast(e.dtype, ary.dtype, casting='same_kind'):
            raise TypeError("dtype of `to_begin`/`to_end` must be compatible with input `ary` "
                            "under the `same_kind` rule.")
        parts.append(e.ravel().astype(ary.dtype))
    if parts[0] is None and parts[1] is None:
        return d
    seq = ([parts[0]] if parts[0] is not None else []) + [d] + ([parts[1]] if parts[1] is not None else [])
    return concatenate(seq)


__all__ = ['sum', 'prod', 'max', 'min', 'amax', 'amin', 'all', 'any', 'argmax', 'argmin',
           'mean', 'var', 'std', 'count_nonzero', 'ptp', 'nansum', 'nanprod', 'nanmax',
           'nanmin', 'nanargmax', 'nanargmin', 'nanmean', 'nanvar', 'nanstd', 'average',
           'cumsum', 'cumprod', 'nancumsum', 'nancumprod', 'cumulative_sum',
           'cumulative_prod', 'diff', 'ediff1d']
