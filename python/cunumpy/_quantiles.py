"""Order statistics over sort (numpy.median ... numpy.nanquantile).

The data are sorted on the device along the reduced axis (NaNs last); which sorted
positions each quantile reads and with which weight is index bookkeeping on the host,
done by NumPy's own functions (its method table, _get_indexes and _get_gamma), so every
method's formula is NumPy's exactly. The interpolation (NumPy's _lerp) and the NaN
propagation run on the device. The nan-variants count the valid values per slice (one
small transfer) and read each slice's own positions.
"""
import warnings as _warnings

import numpy as _numpy
from numpy.lib import _function_base_impl as _fb

from cunumpy import _core
from cunumpy import _ufuncs as _u
from cunumpy._array_like import as_ndarray as _arr
from cunumpy._array_like import axis_index as _axis_index

__all__ = ['median', 'nanmedian', 'percentile', 'nanpercentile', 'quantile', 'nanquantile']


def _host(q):
    return q.get() if isinstance(q, _core.ndarray) else q


def _take(a, idx, axis):
    from cunumpy._indexing import take
    return take(a, idx, axis)


def _dev(x, like):
    from cunumpy._creation import asarray
    return asarray(x)


def _reduced_last(a, axis):
    """(x with the reduced axes merged into the last one, shape of the kept axes, keepdims shape)."""
    if axis is None:
        return a.reshape(-1), (), (1,) * a.ndim
    if isinstance(axis, (tuple, list)):
        axis = tuple(_axis_index(v) for v in axis)
    else:
        axis = _axis_index(axis)
    axes = _numpy.lib.array_utils.normalize_axis_tuple(axis, a.ndim)
    keep = [d for d in range(a.ndim) if d not in axes]
    x = a.transpose(keep + list(axes))
    rest = tuple(a.shape[d] for d in keep)
    n = 1
    for d in axes:
        n *= a.shape[d]
    kd = tuple(1 if d in axes else a.shape[d] for d in range(a.ndim))
    return x.reshape(rest + (n,)), rest, kd


def _finish(r, qshape, kd, keepdims, out):
    if keepdims:
        r = r.reshape(tuple(qshape) + kd)
    if out is not None:
        out[...] = r
        return out
    return r


def _front(r, nrest, nq):
    """Moves the quantile axes (after the kept axes) to the front, as NumPy orders them."""
    if nq == 0 or nrest == 0:
        return r
    return r.transpose(list(range(nrest, nrest + nq)) + list(range(nrest)))


def _lerp(a, b, t):
    """NumPy's _lerp: a + (b - a) * t, from b's side where t >= 0.5 (exact at t = 1)."""
    diff = _u.subtract(b, a)
    r = _u.add(a, _u.multiply(diff, t))
    if isinstance(t, float):
        return _u.subtract(b, _u.multiply(diff, 1 - t)).astype(r.dtype) if t >= 0.5 else r
    _u.subtract(b, _u.multiply(diff, _u.subtract(1, t)), out=r, where=_u.greater_equal(t, 0.5),
                casting='unsafe', dtype=r.dtype)
    return r


def _check_q(q, percent):
    weak = type(q) in (int, float)
    q = _numpy.asanyarray(_host(q))
    if percent:
        q = _numpy.true_divide(q, 100)
        q = _numpy.asanyarray(q)
    if not _fb._quantile_is_valid(q):
        raise ValueError("Percentiles must be in the range [0, 100]" if percent
                         else "Quantiles must be in the range [0, 1]")
    return q, weak


def _props(method):
    try:
        return _fb._QuantileMethods[method]
    except KeyError:
        raise ValueError(f"{method!r} is not a valid method. Use one of: "
                         f"{_fb._QuantileMethods.keys()}") from None


def _quantile(a, q, axis, out, method, keepdims, weights, weak):
    a = _arr(a)
    if a.dtype.kind == 'c':
        raise TypeError("a must be an array of real numbers")
    if q.ndim > 2:
        raise ValueError("q must be a scalar or 1d")
    x, rest, kd = _reduced_last(a, axis)
    n = x.shape[-1]
    supports_nans = a.dtype.kind == 'f'
    if weights is not None:
        return _finish(_weighted(a, x, q, axis, weights, rest, supports_nans), q.shape, kd, keepdims, out)
    props = _props(method)
    vidx = _numpy.asanyarray(props["get_virtual_index"](n, q))
    if props["fix_gamma"] is None:
        direct = True
    else:
        direct = method == 'linear' and _numpy.issubdtype(vidx.dtype, _numpy.integer)
    s = _core.sort(x, -1)
    if direct:
        r = _front(_take(s, _dev(vidx, s), -1), len(rest), vidx.ndim)
    else:
        prev, nxt = _fb._get_indexes(_numpy.empty(0, a.dtype), vidx, n)
        lo = _front(_take(s, _dev(prev, s), -1), len(rest), vidx.ndim)
        hi = _front(_take(s, _dev(nxt, s), -1), len(rest), vidx.ndim)
        gamma = _fb._get_gamma(vidx, prev, props)
        if weak:
            gamma = float(gamma)
        else:
            gamma = _dev(gamma.reshape(vidx.shape + (1,) * len(rest)), s)
        r = _lerp(lo, hi, gamma)
    if supports_nans and n > 0:
        last = s[..., -1]
        _copy_where(r, last, _u.isnan(last))
    return _finish(r, q.shape, kd, keepdims, out)


def _copy_where(dst, src, mask):
    from cunumpy._arrays_misc import copyto
    copyto(dst, src, casting='unsafe', where=mask)


def _weighted(a, x, q, axis, weights, rest, supports_nans):
    """method='inverted_cdf' with weights: NumPy's cdf walk, the first position whose
    normalized cumulative weight reaches q (counted, the cdf being non-decreasing)."""
    from cunumpy._indexing import take_along_axis
    w = _arr(weights)
    if w.shape == a.shape:
        wx, _, _ = _reduced_last(w, axis)
    elif w.ndim == 1 and axis is not None and _numpy.ndim(axis) == 0 and w.shape[0] == a.shape[axis]:
        wx = w
    else:
        raise ValueError("Shape of weights must be consistent with shape of a along specified axis.")
    if bool(_u.less(w, 0).any()):
        raise ValueError("Weights must be non-negative.")
    order = _core.argsort(x, -1)
    s = take_along_axis(x, order, -1)
    if wx.shape == x.shape:
        ws = take_along_axis(wx, order, -1)
    else:
        ws = _take(wx, order, 0)
    cdf = _core.cumsum(ws, -1, _numpy.float64)
    cdf = _u.true_divide(cdf, cdf[..., -1:])
    if bool(_u.isnan(cdf[..., -1]).any()):
        raise ValueError("Weights included NaN, inf or were all zero.")
    if q.dtype.kind == 'f':
        cdf = cdf.astype(q.dtype)
    from cunumpy._creation import asarray
    zero = _u.equal(cdf, 0)
    cdf = _u.subtract(cdf, zero.astype(cdf.dtype))  # NumPy: cdf == 0 becomes -1
    qd = asarray(q.reshape(-1))
    below = _u.less(cdf[..., None, :], qd[:, None])
    idx = _u.minimum(_core.count_nonzero(below, -1, False), x.shape[-1] - 1)
    r = take_along_axis(s, idx.astype(_numpy.int64), -1)
    r = r.reshape(rest + q.shape)
    r = _front(r, len(rest), q.ndim)
    if supports_nans:
        last = s[..., -1]
        _copy_where(r, last, _u.isnan(last))
    return r


def _prepare(a, q, percent, method, weights, interpolation):
    """(a, q as a host array, whether q was a Python scalar, method) after NumPy's checks."""
    if interpolation is not None:
        method = interpolation
    a = _arr(a)
    if a.dtype.kind == 'c':
        raise TypeError("a must be an array of real numbers")
    q, weak = _check_q(q, percent)
    if weights is not None and method != "inverted_cdf":
        raise ValueError(f"Only method 'inverted_cdf' supports weights. Got: {method}.")
    return a, q, weak, method


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
             keepdims=False, *, weights=None, interpolation=None):
    """q-th quantiles along the axes (numpy.quantile), every NumPy method."""
    a, q, weak, method = _prepare(a, q, False, method, weights, interpolation)
    return _quantile(a, q, axis, out, method, keepdims, weights, weak)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
               keepdims=False, *, weights=None, interpolation=None):
    """q-th percentiles along the axes (numpy.percentile), every NumPy method."""
    a, q, weak, method = _prepare(a, q, True, method, weights, interpolation)
    return _quantile(a, q, axis, out, method, keepdims, weights, weak)


def _axes(axis):
    return tuple(axis) if isinstance(axis, list) else axis  # normalize_axis_tuple takes lists


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Median along the axes (numpy.median): the mean of the middle one or two values.
    C++: cunumpy::median."""
    return _core.median(_arr(a), _axes(axis), out, bool(keepdims))


def _valid_counts(s):
    """Non-NaN values per slice of the sorted s (NaNs are last), on the host."""
    c = _core.count_nonzero(_u.logical_not(_u.isnan(s)), -1, False)
    return _numpy.asarray(c.get() if isinstance(c, _core.ndarray) else c)


def _all_nan_warning(counts):
    if (counts == 0).any():
        _warnings.warn("All-NaN slice encountered", RuntimeWarning, stacklevel=3)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Median ignoring NaNs (numpy.nanmedian); an all-NaN slice gives NaN and a warning.
    C++: cunumpy::nanmedian."""
    return _core.nanmedian(_arr(a), _axes(axis), out, bool(keepdims))


def _empty_nan(a, axis, out, keepdims):
    """NumPy's nanmedian/nanquantile of an empty array: np.nanmean(a, axis, out, keepdims)."""
    from cunumpy._reductions import nanmean
    return nanmean(a, axis, out=out, keepdims=keepdims)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                keepdims=False, *, weights=None, interpolation=None):
    """Quantiles ignoring NaNs (numpy.nanquantile)."""
    a, q, weak, method = _prepare(a, q, False, method, weights, interpolation)
    return _nanquantile(a, q, axis, out, method, keepdims, weights, weak)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                  keepdims=False, *, weights=None, interpolation=None):
    """Percentiles ignoring NaNs (numpy.nanpercentile)."""
    a, q, weak, method = _prepare(a, q, True, method, weights, interpolation)
    return _nanquantile(a, q, axis, out, method, keepdims, weights, weak)


def _nanquantile(a, q, axis, out, method, keepdims, weights, weak):
    if a.size == 0:  # NumPy: nanmean of the empty array whatever q (NaN or empty results)
        return _empty_nan(a, axis, out, keepdims)
    if a.dtype.kind != 'f' or weights is not None:
        return _quantile(a, q, axis, out, method, keepdims, weights, weak)
    from cunumpy._indexing import take_along_axis
    if q.ndim > 2:
        raise ValueError("q must be a scalar or 1d")
    x, rest, kd = _reduced_last(a, axis)
    s = _core.sort(x, -1)
    props = _props(method)
    c = _valid_counts(s).reshape(rest + (1,))
    _all_nan_warning(c)
    qf = q.reshape(-1)
    with _numpy.errstate(invalid='ignore'):
        vidx = _numpy.asanyarray(props["get_virtual_index"](c, qf))
    vidx = _numpy.broadcast_to(vidx, rest + qf.shape).copy() if vidx.ndim else vidx
    if props["fix_gamma"] is None:
        direct = True
    else:
        direct = method == 'linear' and _numpy.issubdtype(vidx.dtype, _numpy.integer)

    def rowwise(idx):
        # -1 means a slice's last valid value (NumPy sorts the slice without its NaNs).
        idx = _numpy.where(idx < 0, c - 1, idx)
        idx = _numpy.clip(idx, 0, x.shape[-1] - 1).astype(_numpy.int64)
        r = take_along_axis(s, _dev(idx, s), -1)
        return _front(r.reshape(rest + q.shape), len(rest), q.ndim)

    if direct:
        r = rowwise(_numpy.asarray(vidx))
    else:
        prev, nxt = _fb._get_indexes(_numpy.empty(0, a.dtype), vidx, c)
        lo, hi = rowwise(prev), rowwise(nxt)
        gamma = _fb._get_gamma(vidx, prev, props)
        gamma = gamma.reshape(rest + q.shape)
        gamma = _numpy.moveaxis(gamma, list(range(len(rest), len(rest) + q.ndim)), list(range(q.ndim))) \
            if len(rest) and q.ndim else gamma
        if weak:
            gamma = gamma.astype(_numpy.result_type(a.dtype, 1.0))
        r = _lerp(lo, hi, _dev(_numpy.array(gamma, order="C"), s))
    empty = (c.reshape(rest) == 0)
    if empty.any():
        _copy_where(r, _numpy.nan, _dev(_numpy.broadcast_to(empty, r.shape), s))
    return _finish(r, q.shape, kd, keepdims, out)
