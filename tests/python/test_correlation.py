"""cov (rowvar, bias, ddof, fweights, aweights, dtype), corrcoef, correlate and convolve
(1-D, modes valid/same/full), against NumPy."""

import warnings

import numpy as np
import pytest

import cunumpy as cp
from _helpers import ALL_DTYPES, DTYPE_IDS, assert_same, check_same_outcome, sample


def _close(got, exp, rtol=1e-12):
    assert_same(got, exp, rtol=rtol)


def _rtol(dtype):
    return {'e': 1e-2, 'f': 1e-5, 'F': 1e-5}.get(np.dtype(dtype).char, 1e-12)


# ---------------------------------------------------------------- cov / corrcoef

COV_DTYPES = [np.int8, np.int32, np.uint16, np.float16, np.float32, np.float64, np.complex64,
              np.complex128, np.bool_]


@pytest.mark.parametrize("dtype", COV_DTYPES)
@pytest.mark.parametrize("rowvar", [True, False])
def test_cov_dtypes_rowvar(dtype, rowvar):
    m = sample((3, 11), dtype, 1)
    exp = np.cov(m, rowvar=rowvar)
    _close(cp.cov(cp.asarray(m), rowvar=rowvar), exp, _rtol(exp.dtype))
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        exp = np.corrcoef(m, rowvar=rowvar)
        got = cp.corrcoef(cp.asarray(m), rowvar=rowvar)
    _close(got, exp, _rtol(exp.dtype))


@pytest.mark.parametrize("kw", [{"bias": True}, {"ddof": 0}, {"ddof": 3}, {"bias": True, "ddof": 2},
                                {"dtype": np.float32}, {"dtype": np.complex128}], ids=str)
def test_cov_keywords(kw):
    m = sample((4, 9), np.float64, 2)
    _close(cp.cov(cp.asarray(m), **kw), np.cov(m, **kw), 1e-5)


@pytest.mark.parametrize("which", ["f", "a", "fa"])
@pytest.mark.parametrize("ddof", [None, 0, 2])
def test_cov_weights(which, ddof):
    m = sample((3, 8), np.float64, 3)
    fw = np.array([1, 2, 0, 3, 1, 1, 4, 2])
    aw = np.abs(sample((8,), np.float64, 4)) + 0.1
    kw = {}
    if 'f' in which:
        kw['fweights'] = fw
    if 'a' in which:
        kw['aweights'] = aw
    kwc = {k: cp.asarray(v) for k, v in kw.items()}
    _close(cp.cov(cp.asarray(m), ddof=ddof, **kwc), np.cov(m, ddof=ddof, **kw))


def test_cov_y_1d_views_and_scalar_result():
    x = sample((10,), np.float64, 5)
    y = sample((10,), np.float32, 6)
    _close(cp.cov(cp.asarray(x)), np.cov(x))  # 0-d
    _close(cp.cov(cp.asarray(x), cp.asarray(y)), np.cov(x, y), 1e-6)
    m = sample((6, 10), np.float64, 7)
    _close(cp.cov(cp.asarray(m)[::2, ::-1]), np.cov(m[::2, ::-1]))
    _close(cp.cov(cp.asarray(m).T, rowvar=False), np.cov(m.T, rowvar=False))
    _close(cp.cov(cp.asarray(m), cp.asarray(m[:2]), rowvar=True), np.cov(m, m[:2]))
    _close(cp.corrcoef(cp.asarray(x), cp.asarray(y)), np.corrcoef(x, y), 1e-6)
    _close(cp.corrcoef(cp.asarray(x)), np.corrcoef(x))


def test_cov_empty_and_degenerate():
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        assert_same(cp.cov(cp.asarray(np.zeros((0, 3)))), np.cov(np.zeros((0, 3))))
        _close(cp.cov(cp.asarray([1.0])), np.cov([1.0]))  # ddof 1 of one observation
        _close(cp.corrcoef(cp.asarray([[1.0, 1.0, 1.0], [1.0, 2.0, 3.0]])),
               np.corrcoef([[1.0, 1.0, 1.0], [1.0, 2.0, 3.0]]))
    with pytest.warns(RuntimeWarning):
        cp.cov(cp.asarray([1.0]))


@pytest.mark.parametrize("case", [
    lambda xp, m: xp.cov(m, ddof=1.5),
    lambda xp, m: xp.cov(xp.zeros((2, 2, 2))),
    lambda xp, m: xp.cov(m, fweights=xp.asarray([1.5] * 5)),
    lambda xp, m: xp.cov(m, fweights=xp.asarray([1] * 4)),
    lambda xp, m: xp.cov(m, fweights=xp.asarray([1, -1, 1, 1, 1])),
    lambda xp, m: xp.cov(m, aweights=xp.asarray([[1.0] * 5])),
    lambda xp, m: xp.cov(m, aweights=xp.asarray([1.0, -1, 1, 1, 1])),
], ids=["ddof", "3d", "fweights float", "fweights len", "fweights neg", "aweights 2d",
        "aweights neg"])
def test_cov_errors(case):
    m = sample((2, 5), np.float64, 8)
    check_same_outcome(lambda: case(cp, cp.asarray(m)), lambda: case(np, m))


# ---------------------------------------------------------------- correlate / convolve

@pytest.mark.parametrize("mode", ["valid", "same", "full"])
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
def test_correlate_convolve_dtypes_modes(dtype, mode):
    for na, nv in [(9, 4), (4, 9), (5, 5), (1, 6), (6, 1), (8, 3), (3, 8)]:
        a = sample((na,), dtype, 9)
        v = sample((nv,), dtype, 10)
        with np.errstate(all='ignore'):
            exp_c, exp_v = np.correlate(a, v, mode), np.convolve(a, v, mode)
            got_c = cp.correlate(cp.asarray(a), cp.asarray(v), mode)
            got_v = cp.convolve(cp.asarray(a), cp.asarray(v), mode)
        _close(got_c, exp_c, _rtol(dtype))
        _close(got_v, exp_v, _rtol(dtype))


def test_correlate_mixed_dtypes_views_and_lists():
    a = sample((20,), np.float32, 11)
    v = sample((6,), np.int16, 12)
    _close(cp.correlate(cp.asarray(a)[::-2], cp.asarray(v)[1::2], 'full'),
           np.correlate(a[::-2], v[1::2], 'full'), 1e-6)
    _close(cp.convolve(cp.asarray(a)[::3], cp.asarray(v), 'same'),
           np.convolve(a[::3], v, 'same'), 1e-6)
    _close(cp.correlate([1, 2, 3], [0, 1, 0.5]), np.correlate([1, 2, 3], [0, 1, 0.5]))
    _close(cp.convolve(cp.asarray(2.0), cp.asarray([1.0, 3.0])), np.convolve(2.0, [1.0, 3.0]))
    _close(cp.correlate(cp.asarray([1, 2, 3]), cp.asarray([1, 1]), mode=2),
           np.correlate([1, 2, 3], [1, 1], mode=2))


def test_correlate_nan_inf():
    a = np.array([1.0, np.nan, 2.0, np.inf, 0.0, -1.0])
    v = np.array([0.5, 1.0])
    for mode in ["valid", "same", "full"]:
        with np.errstate(all='ignore'):
            _close(cp.correlate(cp.asarray(a), cp.asarray(v), mode), np.correlate(a, v, mode))
            _close(cp.convolve(cp.asarray(a), cp.asarray(v), mode), np.convolve(a, v, mode))


@pytest.mark.parametrize("case", [
    lambda xp: xp.correlate(xp.asarray([]), xp.asarray([1.0])),
    lambda xp: xp.correlate(xp.asarray([1.0]), xp.asarray([])),
    lambda xp: xp.correlate(xp.asarray([[1.0]]), xp.asarray([1.0])),
    lambda xp: xp.correlate(xp.asarray(1.0), xp.asarray([1.0])),
    lambda xp: xp.correlate(xp.asarray([1.0]), xp.asarray([1.0]), 'bogus'),
    lambda xp: xp.convolve(xp.asarray([]), xp.asarray([1.0])),
    lambda xp: xp.convolve(xp.asarray([1.0]), xp.asarray([])),
    lambda xp: xp.convolve(xp.asarray([1.0]), xp.asarray([1.0]), 'bogus'),
], ids=["a empty", "v empty", "2d", "0d", "mode", "conv a empty", "conv v empty", "conv mode"])
def test_correlate_errors(case):
    check_same_outcome(lambda: case(cp), lambda: case(np))


# Found by scripts/fuzz_reductions.py: with weights NumPy computes (X*w).T with float64 w,
# so the result dtype is dtype= promoted with float64.
@pytest.mark.parametrize('dtype', ['float32', 'float64', 'complex64'])
@pytest.mark.parametrize('which', ['fweights', 'aweights'])
def test_cov_weights_promote_dtype(dtype, which):
    x = sample((2, 4), 'float64', seed=3)
    w = np.array([0, 2, 2, 1])
    check_same_outcome(lambda: cp.cov(cp.asarray(x), dtype=dtype, **{which: cp.asarray(w)}),
                       lambda: np.cov(x, dtype=dtype, **{which: w}),
                       lambda g, e: assert_same(g, e, rtol=1e-6))
