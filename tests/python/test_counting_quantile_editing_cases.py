"""More cases for the functions moved to C++ (histograms.hpp, order_statistics.hpp's
quantile family, editing.hpp) against NumPy: dtypes, 0-d, empty, non-contiguous and
negative-stride inputs, NaN, q's dtype and weakness, weights, errors by type."""
import warnings

import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same, check_same_outcome

METHODS = ['inverted_cdf', 'averaged_inverted_cdf', 'closest_observation',
           'interpolated_inverted_cdf', 'hazen', 'weibull', 'linear', 'median_unbiased',
           'normal_unbiased', 'lower', 'higher', 'midpoint', 'nearest']


def _data(dtype, shape=(4, 7, 5), seed=0):
    x = np.random.default_rng(seed).standard_normal(shape) * 10
    return x.astype(dtype)


def _compare(got, exp):
    if isinstance(exp, (tuple, list)):
        assert len(got) == len(exp)
        for g, e in zip(got, exp):
            _compare(g, e)
    else:
        assert_same(got, exp)


def _same(fc, fn):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        check_same_outcome(fc, fn, _compare)


# ---------------------------------------------------------------- histograms

@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16, np.int8, np.int64,
                                   np.uint16, np.bool_])
@pytest.mark.parametrize("bins", ["auto", "fd", "doane", "scott", "stone", "rice", "sturges",
                                  "sqrt"])
def test_estimators_dtypes_and_ranges(dtype, bins):
    a = (_data(np.float64, (311,), 4)).astype(dtype)
    for rng in (None, (0.1, 3.5), (np.float32(-1), np.float32(2))):
        _same(lambda: cp.histogram_bin_edges(cp.asarray(a), bins, rng),
              lambda: np.histogram_bin_edges(a, bins, rng))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16, np.int16, np.uint8])
def test_histogram_views(dtype):
    base = _data(np.float64, (9, 8), 5).astype(dtype)
    for view in (lambda x: x[::2, ::-3], lambda x: x.T, lambda x: x[3], lambda x: x[2, 1]):
        a = view(base)
        c = view(cp.asarray(base))
        for bins in (7, [-5, 0, 1, 3, 20]):
            h, e = cp.histogram(c, bins)
            hn, en = np.histogram(a, bins)
            assert_same(h, hn)
            assert_same(e, en)


def test_histogram_empty_nan_and_errors():
    h, e = cp.histogram(cp.asarray(np.zeros(0)), 3)
    hn, en = np.histogram(np.zeros(0), 3)
    assert_same(h, hn)
    assert_same(e, en)
    a = np.array([1.0, np.nan, 2.0])
    _same(lambda: cp.histogram(cp.asarray(a), 3), lambda: np.histogram(a, 3))  # ValueError
    _same(lambda: cp.histogram(cp.asarray(a), 3, range=(0, 3)),
          lambda: np.histogram(a, 3, range=(0, 3)))  # NaN counted nowhere
    _same(lambda: cp.histogram(cp.asarray(a), 3, range=(0, np.inf)),
          lambda: np.histogram(a, 3, range=(0, np.inf)))
    _same(lambda: cp.histogram(cp.asarray(a), [[0, 1]]), lambda: np.histogram(a, [[0, 1]]))
    _same(lambda: cp.histogram(cp.asarray(a), 2.5), lambda: np.histogram(a, 2.5))
    _same(lambda: cp.histogram(cp.asarray(a), 'bogus'), lambda: np.histogram(a, 'bogus'))
    _same(lambda: cp.histogram(cp.asarray(a), 3, weights=cp.asarray([1.0])),
          lambda: np.histogram(a, 3, weights=[1.0]))


def test_histogram_stone_warning_and_bool_warning():
    a = np.sin(np.arange(3000.0))  # reaches stone's bound of 100 bins
    with pytest.warns(RuntimeWarning):
        np.histogram(a, 'stone')
    with pytest.warns(RuntimeWarning, match="suboptimal"):
        e = cp.histogram_bin_edges(cp.asarray(a), "stone")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        assert_same(e, np.histogram_bin_edges(a, "stone"))
    with pytest.warns(RuntimeWarning, match="Converting input from bool"):
        h, _ = cp.histogram(cp.asarray(np.array([True, False, True])), 2)
    assert_same(h, np.histogram(np.array([1, 0, 1], np.uint8), 2)[0])


@pytest.mark.parametrize("wdtype", [np.float32, np.int16, np.complex64])
def test_histogram_weight_dtypes(wdtype):
    a = _data(np.float64, (50,), 6)
    w = (np.arange(50) % 7).astype(wdtype)
    for bins in (5, [-20, -1, 0, 2, 30]):
        h = cp.histogram(cp.asarray(a), bins, weights=cp.asarray(w))[0]
        assert_same(h, np.histogram(a, bins, weights=w)[0], rtol=1e-6)


def test_histogramdd_density_and_ranges():
    s = _data(np.float64, (60, 3), 7)
    for kw in (dict(bins=4), dict(bins=[3, [-30, 0, 30], 2], density=True),
               dict(bins=3, range=[(-5, 5), None, (0, 1)])):
        h, e = cp.histogramdd(cp.asarray(s), **kw)
        hn, en = np.histogramdd(s, **kw)
        assert_same(h, hn, rtol=1e-12)
        for x, y in zip(e, en):
            assert_same(x, y)
    _same(lambda: cp.histogramdd(cp.asarray(s), bins=[2, 2]),
          lambda: np.histogramdd(s, bins=[2, 2]))
    _same(lambda: cp.histogramdd(cp.asarray(s), bins=0), lambda: np.histogramdd(s, bins=0))


# ---------------------------------------------------------------- quantiles

@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16, np.int64, np.uint8])
@pytest.mark.parametrize("method", METHODS)
def test_quantile_q_dtypes_and_weakness(dtype, method):
    a = _data(dtype)
    for q in (0.3, np.float64(0.3), np.float32(0.7), [0.1, 0.5, 1.0],
              np.array([0.25, 0.75], np.float32), 1):
        for axis in (None, 1, (0, 2)):
            _same(lambda: cp.quantile(cp.asarray(a), q, axis=axis, method=method),
                  lambda: np.quantile(a, q, axis=axis, method=method))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16])
@pytest.mark.parametrize("method", METHODS)
def test_nanquantile_nanpercentile(dtype, method):
    a = _data(dtype)
    a[0, 1, 2] = np.nan
    a[1] = np.nan
    for q in (0.3, [0.0, 0.5, 1.0]):
        _same(lambda: cp.nanquantile(cp.asarray(a), q, axis=1, method=method),
              lambda: np.nanquantile(a, q, axis=1, method=method))
        _same(lambda: cp.nanpercentile(cp.asarray(a), np.multiply(q, 100), axis=(0, 2),
                                       method=method, keepdims=True),
              lambda: np.nanpercentile(a, np.multiply(q, 100), axis=(0, 2), method=method,
                                       keepdims=True))


def test_quantile_layout_views_out_and_errors():
    a = _data(np.float64)
    r = cp.quantile(cp.asarray(a), [0.2, 0.8], axis=(0, 2))
    assert r.flags.c_contiguous
    assert_same(r, np.quantile(a, [0.2, 0.8], axis=(0, 2)))
    v = a[::-1, ::2]
    assert_same(cp.quantile(cp.asarray(a)[::-1, ::2], 0.4, axis=-1), np.quantile(v, 0.4, axis=-1))
    out = cp.empty((2, 4, 5))
    got = cp.percentile(cp.asarray(a), [10, 90], axis=1, out=out)
    assert got is out
    assert_same(out, np.percentile(a, [10, 90], axis=1))
    assert_same(cp.quantile(cp.asarray(np.array(3.5)), 0.5), np.quantile(np.array(3.5), 0.5))
    for fn in (lambda xp: xp.quantile(xp.asarray(a), 1.5),
               lambda xp: xp.percentile(xp.asarray(a), -1),
               lambda xp: xp.quantile(xp.asarray(a), 0.5, axis=3),
               lambda xp: xp.quantile(xp.asarray(a), 0.5, axis=(1, 1)),
               lambda xp: xp.quantile(xp.asarray(a), 0.5, method='bogus'),
               lambda xp: xp.quantile(xp.asarray(a.astype(complex)), 0.5),
               lambda xp: xp.quantile(xp.asarray(a), np.zeros((2, 2, 2))),
               lambda xp: xp.quantile(xp.asarray(a), 0.5, method='linear',
                                      weights=xp.asarray(np.ones_like(a)))):
        _same(lambda: fn(cp), lambda: fn(np))


def test_quantile_weights():
    a = _data(np.float64)
    w = np.random.default_rng(3).uniform(0, 2, a.shape)
    w[0, 0, 0] = 0
    for q in (0.3, [0.0, 0.5, 1.0]):
        for axis, wt in ((1, w), (None, w), (1, w[0, :, 0]), ((0, 2), w[:, 0, :])):
            _same(lambda: cp.quantile(cp.asarray(a), q, axis=axis, method='inverted_cdf',
                                      weights=cp.asarray(wt)),
                  lambda: np.quantile(a, q, axis=axis, method='inverted_cdf', weights=wt))
    _same(lambda: cp.quantile(cp.asarray(a), 0.5, axis=1, method='inverted_cdf',
                              weights=cp.asarray(-w)),
          lambda: np.quantile(a, 0.5, axis=1, method='inverted_cdf', weights=-w))
    _same(lambda: cp.quantile(cp.asarray(a), 0.5, method='inverted_cdf',
                              weights=cp.asarray(w[0])),
          lambda: np.quantile(a, 0.5, method='inverted_cdf', weights=w[0]))


def test_nanquantile_all_nan_and_empty():
    a = np.full((2, 3), np.nan)
    a[1, 1] = 2.0
    with pytest.warns(RuntimeWarning, match="All-NaN"):
        r = cp.nanquantile(cp.asarray(a), 0.5, axis=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        assert_same(r, np.nanquantile(a, 0.5, axis=1))
        _same(lambda: cp.nanquantile(cp.asarray(np.zeros((0, 3))), 0.5, axis=1),
              lambda: np.nanquantile(np.zeros((0, 3)), 0.5, axis=1))


# ---------------------------------------------------------------- editing

@pytest.mark.parametrize("dtype", [np.float32, np.int8, np.bool_, np.complex64])
def test_editing_dtypes_and_views(dtype):
    base = (np.arange(24).reshape(4, 6) % 5).astype(dtype)
    for view in (lambda x: x, lambda x: x[:, ::-2], lambda x: x.T):
        a = view(base)
        c = view(cp.asarray(base))
        for obj in (0, -1, slice(1, 3), [0, 2], np.array([True, False, True, False])[:a.shape[0]]):
            for axis in (None, 0):
                _same(lambda: cp.delete(c, obj, axis=axis), lambda: np.delete(a, obj, axis=axis))
                _same(lambda: cp.insert(c, obj, 1, axis=axis), lambda: np.insert(a, obj, 1, axis=axis))
        _same(lambda: cp.append(c, c, axis=1), lambda: np.append(a, a, axis=1))
        _same(lambda: cp.append(c, c[0]), lambda: np.append(a, a[0]))


def test_editing_0d_empty_and_errors():
    z = np.array(5.0)
    for fn in (lambda xp: xp.delete(xp.asarray(z), 0),
               lambda xp: xp.insert(xp.asarray(z), 0, 1.0),
               lambda xp: xp.append(xp.asarray(z), 1.0),
               lambda xp: xp.delete(xp.asarray(np.zeros(0)), []),
               lambda xp: xp.insert(xp.asarray(np.zeros(0)), 0, [1, 2]),
               lambda xp: xp.delete(xp.asarray(np.arange(4)), 4),
               lambda xp: xp.delete(xp.asarray(np.arange(4)), [0.5]),
               lambda xp: xp.delete(xp.asarray(np.arange(4)), np.array([True, False])),
               lambda xp: xp.insert(xp.asarray(np.arange(4)), 9, 1),
               lambda xp: xp.insert(xp.asarray(np.arange(4)), [[1]], 1),
               lambda xp: xp.delete(xp.asarray(np.ones((2, 2))), 0, axis=2),
               lambda xp: xp.trim_zeros(xp.asarray(np.array([0, 1, 0])), 'x'),
               lambda xp: xp.trim_zeros(xp.asarray(np.zeros((3, 2))), axis=5)):
        _same(lambda: fn(cp), lambda: fn(np))


def test_trim_zeros_nd_and_views():
    g = np.zeros((5, 6))
    g[1:3, 2:4] = 1
    for trim in ('fb', 'f', 'b', 'BF'):
        for axis in (None, 0, -1, (0, 1)):
            _same(lambda: cp.trim_zeros(cp.asarray(g), trim, axis=axis),
                  lambda: np.trim_zeros(g, trim, axis=axis))
    v = np.array([0, 0, 3, 0, 2, 0, 0])[::-1]
    _same(lambda: cp.trim_zeros(cp.asarray(np.array([0, 0, 3, 0, 2, 0, 0]))[::-1]),
          lambda: np.trim_zeros(v))
