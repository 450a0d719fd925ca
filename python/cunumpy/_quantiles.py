"""Order statistics over sort (numpy.median ... numpy.nanquantile).

C++: include/cunumpy/ops/order_statistics.hpp (cunumpy::median, nanmedian, quantile,
percentile, nanquantile, nanpercentile): the data sorted on the device along the reduced
axes (NaNs last), each quantile's positions and weight planned on the host with NumPy's
formulas in q's dtype, NumPy's _lerp on the device. Here: NumPy's signatures, and q as NumPy
reads it (its values, shape and dtype, and whether it was a Python number).
"""
import numpy as _numpy

from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr
from cunumpy._array_like import axis_index as _axis_index

__all__ = ['median', 'nanmedian', 'percentile', 'nanpercentile', 'quantile', 'nanquantile']



def _host_q(q, percent):
    """q as NumPy 2's quantile/percentile holds it: its values, shape and dtype (that of
    q / 100 for percentiles), and whether it was a Python int or float (whose weight then
    promotes weakly, keeping a float input's dtype)."""
    weak = type(q) in (int, float)
    if isinstance(q, _core.ndarray):
        q = q.get()
    q = _numpy.asanyarray(q)
    qdt = _numpy.true_divide(q, 100).dtype if percent else q.dtype
    if q.dtype.kind not in 'biuf':
        raise TypeError(f"q must be real numbers, got {q.dtype}")
    return [float(v) for v in q.ravel()], list(q.shape), qdt, weak


def _axes(axis):
    """axis= as NumPy reads it: None, one index or a tuple of them (__index__ objects)."""
    if axis is None:
        return None
    if isinstance(axis, (tuple, list)):
        return tuple(_axis_index(v) for v in axis)
    return _axis_index(axis)


def _args(a, q, axis, out, method, keepdims, weights, interpolation, percent):
    """The arguments of _core.quantile and its three siblings."""
    if interpolation is not None:
        method = interpolation
    a = _arr(a)
    if a.dtype.kind == 'c':
        raise TypeError("a must be an array of real numbers")
    qv, qshape, qdt, weak = _host_q(q, percent)
    w = None if weights is None else _arr(weights)
    return a, qv, qshape, qdt, weak, _axes(axis), out, method, bool(keepdims), w


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
             keepdims=False, *, weights=None, interpolation=None):
    """q-th quantiles along the axes (numpy.quantile), every NumPy method.
    C++: cunumpy::quantile."""
    return _core.quantile(*_args(a, q, axis, out, method, keepdims, weights, interpolation, False))


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
               keepdims=False, *, weights=None, interpolation=None):
    """q-th percentiles along the axes (numpy.percentile), every NumPy method.
    C++: cunumpy::percentile."""
    return _core.percentile(*_args(a, q, axis, out, method, keepdims, weights, interpolation, True))


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                keepdims=False, *, weights=None, interpolation=None):
    """Quantiles ignoring NaNs (numpy.nanquantile). C++: cunumpy::nanquantile."""
    return _core.nanquantile(*_args(a, q, axis, out, method, keepdims, weights, interpolation, False))


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                  keepdims=False, *, weights=None, interpolation=None):
    """Percentiles ignoring NaNs (numpy.nanpercentile). C++: cunumpy::nanpercentile."""
    return _core.nanpercentile(*_args(a, q, axis, out, method, keepdims, weights, interpolation, True))


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Median along the axes (numpy.median): the mean of the middle one or two values.
    C++: cunumpy::median."""
    return _core.median(_arr(a), _axes(axis), out, bool(keepdims))


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Median ignoring NaNs (numpy.nanmedian); an all-NaN slice gives NaN and a warning.
    C++: cunumpy::nanmedian."""
    a = _arr(a)
    if a.size == 0 and isinstance(axis, list):
        # NumPy's nanmedian of an empty array is nanmean's, whose axis cannot be a list
        raise TypeError("'list' object cannot be interpreted as an integer")
    return _core.nanmedian(a, _axes(axis), out, bool(keepdims))
