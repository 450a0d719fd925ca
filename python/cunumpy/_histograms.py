"""Counting with NumPy's signatures: bincount, histogram, histogram_bin_edges,
histogram2d, histogramdd.

C++: include/cunumpy/ops/histograms.hpp (cunumpy::bincount, histogram_bin_edges,
histogram, histogramdd). The edges follow NumPy's formulas and dtypes there, and the
counting is one backend pass (CUDA: shared-memory privatized bins, one global atomic per
bin per block). Here: NumPy's signatures, the argument conversion (bins= as a str, an int
or an array; range= as a pair whose Python numbers stay weak), and NumPy's warning for
bool data.
"""
import operator
import warnings

import numpy as _numpy

from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr

ndarray = _core.ndarray

__all__ = ['bincount', 'histogram', 'histogram_bin_edges', 'histogram2d', 'histogramdd']

_range = range


def _ndim(x):
    return x.ndim if isinstance(x, ndarray) else _numpy.ndim(x)


def _bins(bins):
    """bins= for histogram: an estimator's name, a count, or 1-d edges (a cunumpy array)."""
    if isinstance(bins, str):
        return bins
    nd = _ndim(bins)
    if nd == 0:
        try:
            return operator.index(bins)
        except TypeError as e:
            raise TypeError('`bins` must be an integer, a string, or an array') from e
    if nd == 1:
        return _arr(bins)
    raise ValueError('`bins` must be 1d, when an array')


def _range_pair(rng):
    if rng is None:
        return None
    first, last = rng
    return (first, last)


def _data(a):
    a = _arr(a)
    if a.dtype == _numpy.bool_:
        # NumPy's: bool data is counted as uint8 (whose edges are floats, not bools).
        warnings.warn(f"Converting input from {a.dtype} to {_numpy.uint8} for compatibility.",
                      RuntimeWarning, stacklevel=3)
    return a


def _weights(weights):
    return None if weights is None else _arr(weights)


def bincount(x, weights=None, minlength=0):
    """Number of occurrences of each value of a non-negative int array (numpy.bincount).
    C++: cunumpy::bincount."""
    if minlength is None:
        raise TypeError("use 0 instead of None for minlength")
    minlength = operator.index(minlength)
    if isinstance(x, (list, tuple)) and len(x) == 0:
        x = _numpy.zeros(0, _numpy.int64)
    return _core.bincount(_arr(x), _weights(weights), minlength)


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    """The bin edges numpy.histogram would use. C++: cunumpy::histogram_bin_edges."""
    return _core.histogram_bin_edges(_data(a), _bins(bins), _range_pair(range), _weights(weights))


def histogram(a, bins=10, range=None, density=None, weights=None):
    """(counts, edges) of the flattened a (numpy.histogram). C++: cunumpy::histogram."""
    a = _data(a)
    weights = _weights(weights)
    bins = _bins(bins)
    if (weights is not None and weights.dtype == _numpy.bool_ and isinstance(bins, ndarray)
            and weights.shape == a.shape):
        # NumPy adds int64 cumulative sums into a bool result, which 'same_kind' refuses.
        raise _numpy._core._exceptions._UFuncOutputCastingError(
            _numpy.add, 'same_kind', _numpy.dtype(_numpy.int64), _numpy.dtype(bool), 0)
    return _core.histogram(a, bins, _range_pair(range), bool(density), weights)


def _dd_bins(bins, D):
    """bins= for histogramdd: one count or 1-d edges per dimension."""
    try:
        if len(bins) != D:
            raise ValueError('The dimension of bins must be equal to the dimension of the '
                             'sample x.')
    except TypeError:
        bins = D * [bins]
    out = []
    for i, b in enumerate(bins):
        nd = _ndim(b)
        if nd == 0:
            if b < 1:
                raise ValueError(f'`bins[{i}]` must be positive, when an integer')
            try:
                out.append(operator.index(b))
            except TypeError as e:
                raise TypeError(f"`bins[{i}]` must be an integer, when a scalar") from e
        elif nd == 1:
            out.append(_arr(b))
        else:
            raise ValueError(f'`bins[{i}]` must be a scalar or 1d array')
    return out


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    """The D-dimensional histogram of an (N, D) sample (numpy.histogramdd).
    C++: cunumpy::histogramdd."""
    if isinstance(sample, ndarray):
        if sample.ndim < 2:
            sample = sample.reshape(-1, 1)
    else:
        from cunumpy._manipulation import stack
        h = sample if isinstance(sample, (list, tuple)) else [sample]
        if any(isinstance(s, ndarray) for s in h):
            sample = stack([_arr(s).ravel() for s in h], axis=1) if len(h) else _arr(h)
        else:
            sample = _arr(_numpy.atleast_2d(_numpy.asarray(sample)).T)
    D = sample.shape[1]
    bins = _dd_bins(bins, D)
    if range is not None:
        if len(range) != D:
            raise ValueError('range argument must have one entry per dimension')
        range = [_range_pair(r) for r in range]
    return _core.histogramdd(sample, bins, range, bool(density), _weights(weights))


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    """The 2-d histogram of the pairs (x, y) (numpy.histogram2d). C++: cunumpy::histogramdd."""
    try:
        N = len(bins)
    except TypeError:
        N = 1
    if N not in {1, 2}:
        bins = [bins, bins]
    hist, edges = histogramdd([_arr(x), _arr(y)], bins, range, density, weights)
    return hist, edges[0], edges[1]
