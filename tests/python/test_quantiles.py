"""median, nanmedian, percentile, nanpercentile, quantile, nanquantile against NumPy:
every method, axes (int, tuple, None), keepdims, out=, scalar and array q, NaN slices,
integer and float dtypes, weights with inverted_cdf."""
import warnings

import numpy as np
import pytest

import cunumpy as cp
from _helpers import check_same_outcome
from _reduction_helpers import close

METHODS = ['linear', 'lower', 'higher', 'nearest', 'midpoint', 'inverted_cdf',
           'averaged_inverted_cdf', 'closest_observation', 'interpolated_inverted_cdf',
           'hazen', 'weibull', 'median_unbiased', 'normal_unbiased']
DTYPES = ['int16', 'int64', 'uint8', 'float16', 'float32', 'float64', 'bool']


def data(dtype, shape=(4, 5, 6), nans=False, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 50, size=shape)
    if np.dtype(dtype).kind == 'f':
        a = a + rng.random(shape)
        if nans:
            a[rng.random(shape) < 0.2] = np.nan
    return a.astype(dtype)


def same(fc, fn):
    def np_side():
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            return fn()
    check_same_outcome(fc, np_side, close)


@pytest.mark.parametrize('method', METHODS)
@pytest.mark.parametrize('dtype', ['int64', 'float32', 'float64'])
def test_quantile_methods(method, dtype):
    a = data(dtype)
    c = cp.asarray(a)
    for q in [0.0, 0.3, 0.5, 1.0, [0.1, 0.5, 0.9], np.array([[0.2, 0.7], [0.0, 1.0]])]:
        for axis in [None, 0, 1, -1, (0, 2)]:
            same(lambda: cp.quantile(c, q, axis=axis, method=method),
                 lambda: np.quantile(a, q, axis=axis, method=method))
            pq = np.asarray(q) * 100 if not isinstance(q, float) else q * 100
            same(lambda: cp.percentile(c, pq, axis=axis, method=method),
                 lambda: np.percentile(a, pq, axis=axis, method=method))


@pytest.mark.parametrize('dtype', DTYPES)
def test_quantile_dtypes_keepdims_out(dtype):
    a = data(dtype)
    c = cp.asarray(a)
    for axis in [None, 1, (0, 1)]:
        same(lambda: cp.quantile(c, 0.25, axis=axis, keepdims=True), lambda: np.quantile(a, 0.25, axis=axis, keepdims=True))
        same(lambda: cp.quantile(c, [0.25, 0.75], axis=axis, keepdims=True),
             lambda: np.quantile(a, [0.25, 0.75], axis=axis, keepdims=True))
        same(lambda: cp.median(c, axis=axis, keepdims=True), lambda: np.median(a, axis=axis, keepdims=True))
        same(lambda: cp.median(c, axis=axis), lambda: np.median(a, axis=axis))
    if dtype == 'bool':
        return  # NumPy's quantile cannot subtract booleans
    exp = np.quantile(a, [0.1, 0.6], axis=2)
    out = cp.zeros(exp.shape, exp.dtype)
    r = cp.quantile(c, [0.1, 0.6], axis=2, out=out)
    assert r is out
    close(out, exp)


@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64'])
def test_nan_slices(dtype):
    a = data(dtype, nans=True)
    a[1, 2, :] = np.nan
    c = cp.asarray(a)
    for axis in [None, 0, -1, (1, 2)]:
        same(lambda: cp.median(c, axis=axis), lambda: np.median(a, axis=axis))
        same(lambda: cp.quantile(c, [0.3, 0.8], axis=axis), lambda: np.quantile(a, [0.3, 0.8], axis=axis))
        same(lambda: cp.nanmedian(c, axis=axis), lambda: np.nanmedian(a, axis=axis))
        same(lambda: cp.nanmedian(c, axis=axis, keepdims=True), lambda: np.nanmedian(a, axis=axis, keepdims=True))
        for method in METHODS:
            same(lambda: cp.nanquantile(c, [0.3, 0.8], axis=axis, method=method),
                 lambda: np.nanquantile(a, [0.3, 0.8], axis=axis, method=method))
            same(lambda: cp.nanpercentile(c, 40, axis=axis, method=method),
                 lambda: np.nanpercentile(a, 40, axis=axis, method=method))


def test_all_nan_warning():
    a = np.array([[np.nan, np.nan], [1.0, 2.0]])
    c = cp.asarray(a)
    with pytest.warns(RuntimeWarning):
        r = cp.nanmedian(c, axis=1)
    close(r, np.array([np.nan, 1.5]))
    with pytest.warns(RuntimeWarning):
        r = cp.nanquantile(c, 0.5, axis=1)
    close(r, np.array([np.nan, 1.5]))


def test_errors_and_small():
    a = np.arange(10.0)
    c = cp.asarray(a)
    same(lambda: cp.quantile(c, 1.5), lambda: np.quantile(a, 1.5))
    same(lambda: cp.percentile(c, -1), lambda: np.percentile(a, -1))
    same(lambda: cp.quantile(c, 0.5, method='bogus'), lambda: np.quantile(a, 0.5, method='bogus'))
    same(lambda: cp.quantile(cp.asarray(a + 1j), 0.5), lambda: np.quantile(a + 1j, 0.5))
    same(lambda: cp.quantile(c, 0.5, method='linear', weights=cp.ones(10)),
         lambda: np.quantile(a, 0.5, method='linear', weights=np.ones(10)))
    same(lambda: cp.median(cp.asarray(np.float32(3))), lambda: np.median(np.float32(3)))
    same(lambda: cp.median(cp.asarray([1, 2, 3, 4])), lambda: np.median([1, 2, 3, 4]))
    same(lambda: cp.quantile(cp.asarray([7]), 0.5), lambda: np.quantile([7], 0.5))
    same(lambda: cp.median(cp.asarray(np.float32([1, np.inf, np.inf]))), lambda: np.median(np.float32([1, np.inf, np.inf])))


@pytest.mark.parametrize('axis', [None, 0, 1])
def test_weights_inverted_cdf(axis):
    rng = np.random.default_rng(9)
    a = rng.standard_normal((6, 7))
    w = rng.integers(0, 4, size=(6, 7)).astype(np.float64)
    w[:, 0] += 1
    w[0, :] += 1
    c, cw = cp.asarray(a), cp.asarray(w)
    for q in [0.0, 0.2, 0.5, [0.1, 0.9, 1.0]]:
        same(lambda: cp.quantile(c, q, axis=axis, method='inverted_cdf', weights=cw),
             lambda: np.quantile(a, q, axis=axis, method='inverted_cdf', weights=w))
        same(lambda: cp.percentile(c, np.asarray(q) * 100, axis=axis, method='inverted_cdf', weights=cw),
             lambda: np.percentile(a, np.asarray(q) * 100, axis=axis, method='inverted_cdf', weights=w))
    if axis is not None:
        w1 = rng.random(a.shape[axis])
        same(lambda: cp.quantile(c, 0.5, axis=axis, method='inverted_cdf', weights=cp.asarray(w1)),
             lambda: np.quantile(a, 0.5, axis=axis, method='inverted_cdf', weights=w1))


def test_large():
    rng = np.random.default_rng(11)
    a = rng.standard_normal(1_000_001).astype(np.float32)
    c = cp.asarray(a)
    same(lambda: cp.median(c), lambda: np.median(a))
    same(lambda: cp.percentile(c, [1, 50, 99]), lambda: np.percentile(a, [1, 50, 99]))


# Found by scripts/fuzz_reductions.py: NumPy's nan-quantiles of an empty array are
# np.nanmean(a, axis, out, keepdims), whatever q (and whatever the dtype, bool included).
@pytest.mark.parametrize('dtype', ['float64', 'float16', 'int16', 'uint64', 'bool'])
@pytest.mark.parametrize('shape', [(0,), (0, 3), (3, 0), (2, 0, 2)])
def test_nan_quantiles_of_empty(dtype, shape):
    from _reduction_helpers import same
    a = np.zeros(shape, dtype=dtype)
    c = cp.asarray(a)
    for axis in (None, 0, -1, ()):
        for kd in (False, True):
            kw = {'axis': axis, 'keepdims': kd}
            same(lambda: cp.nanmedian(c, **kw), lambda: np.nanmedian(a, **kw))
            for q in (0.5, [0.1, 0.9]):
                same(lambda: cp.nanquantile(c, q, **kw), lambda: np.nanquantile(a, q, **kw))
                same(lambda: cp.nanpercentile(c, 100 * np.asarray(q), method='hazen', **kw),
                     lambda: np.nanpercentile(a, 100 * np.asarray(q), method='hazen', **kw))


# Found by scripts/fuzz_reductions.py: NumPy's nanmedian of an empty array is nanmean's, where
# a list axis is a TypeError (a non-empty one takes the list as median does).
@pytest.mark.parametrize("shape", [(2, 0, 2), (3, 4)])
def test_nanmedian_list_axis_like_numpy(shape):
    from _reduction_helpers import same
    a = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    same(lambda: cp.nanmedian(cp.asarray(a), axis=[0]), lambda: np.nanmedian(a, axis=[0]))
