"""bincount, histogram (int, array and string bins, range, weights, density), its edges,
histogram2d and histogramdd, against NumPy."""

import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same, check_same_outcome, sample

INT_IN = [np.bool_, np.int8, np.uint8, np.int16, np.int32, np.uint32, np.int64, np.uint64]


def _pair(a):
    return a, cp.asarray(a)


# ---------------------------------------------------------------- bincount

@pytest.mark.parametrize("dtype", INT_IN)
def test_bincount_dtypes(dtype):
    x = np.abs(sample((50,), np.int64, 1)).astype(dtype) if dtype is not np.bool_ else \
        sample((50,), np.bool_, 1)
    assert_same(cp.bincount(cp.asarray(x)), np.bincount(x))
    assert_same(cp.bincount(cp.asarray(x), minlength=200), np.bincount(x, minlength=200))


@pytest.mark.parametrize("wdtype", [np.float32, np.float64, np.int8, np.int64, np.bool_])
def test_bincount_weights(wdtype):
    x = np.array([0, 3, 3, 1, 7, 3], np.int32)
    w = sample((6,), wdtype, 2)
    # float64 sums by atomics: the order of the additions, so the last bits, may differ
    assert_same(cp.bincount(cp.asarray(x), cp.asarray(w)), np.bincount(x, w), rtol=1e-12)
    assert_same(cp.bincount(cp.asarray(x), weights=cp.asarray(w), minlength=3),
                np.bincount(x, weights=w, minlength=3), rtol=1e-12)


def test_bincount_views_and_empty():
    base = np.arange(40, dtype=np.int64) % 7
    assert_same(cp.bincount(cp.asarray(base)[::-3]), np.bincount(base[::-3]))
    assert_same(cp.bincount(cp.asarray(np.zeros(0, np.int32))), np.bincount(np.zeros(0, np.int32)))
    assert_same(cp.bincount([]), np.bincount([]))
    assert_same(cp.bincount(cp.asarray(np.zeros(0, np.int32)), minlength=4),
                np.bincount(np.zeros(0, np.int32), minlength=4))
    assert_same(cp.bincount(cp.asarray(np.zeros(0, np.int32)), weights=cp.asarray(np.zeros(0))),
                np.bincount(np.zeros(0, np.int32), weights=np.zeros(0)))


@pytest.mark.parametrize("case", [
    lambda xp: xp.bincount(xp.asarray([1, -2, 3])),
    lambda xp: xp.bincount(xp.asarray([1.0, 2.0])),
    lambda xp: xp.bincount(xp.asarray([[1, 2]])),
    lambda xp: xp.bincount(xp.asarray(3)),
    lambda xp: xp.bincount(xp.asarray([1, 2]), minlength=-1),
    lambda xp: xp.bincount(xp.asarray([1, 2]), minlength=None),
    lambda xp: xp.bincount(xp.asarray([1, 2]), weights=xp.asarray([1.0])),
    lambda xp: xp.bincount(xp.asarray([1, 2]), weights=xp.asarray([1j, 2])),
    # empty x: NumPy returns int64 zeros before it looks at the weights
    lambda xp: xp.bincount(xp.asarray(np.zeros(0, np.uint16)), weights=xp.asarray([1.0])),
    lambda xp: xp.bincount(xp.asarray(np.zeros(0, np.int8)), weights=xp.asarray(np.zeros(0, 'F')),
                           minlength=3),
    lambda xp: xp.bincount(xp.asarray(np.zeros(0, np.float64)), weights=xp.asarray([1.0])),
    # NumPy's order of checks: x's dtype, minlength, negative values, then the weights
    lambda xp: xp.bincount(xp.asarray([1.0, 2.0]), minlength=-1),
    lambda xp: xp.bincount(xp.asarray([[1, 2]]), minlength=-1),
    lambda xp: xp.bincount(xp.asarray([1, -2]), weights=xp.asarray([1j, 2])),
    lambda xp: xp.bincount(xp.asarray([1, -2]), weights=xp.asarray([1.0])),
], ids=["negative", "float", "2d", "0d", "minlength<0", "minlength None", "weights shape",
        "complex weights", "empty, weights shape", "empty, complex weights",
        "empty float, weights shape", "float, minlength<0", "2d, minlength<0",
        "negative, complex weights", "negative, weights shape"])
def test_bincount_errors(case):
    check_same_outcome(lambda: case(cp), lambda: case(np))


# ---------------------------------------------------------------- histogram

HIST_DTYPES = [np.int8, np.uint8, np.int16, np.int32, np.int64, np.uint64, np.float16,
               np.float32, np.float64]


@pytest.mark.parametrize("bins", [1, 3, 10, 33])
@pytest.mark.parametrize("dtype", HIST_DTYPES)
def test_histogram_int_bins(dtype, bins):
    a = sample((200,), dtype, 3)
    h, e = cp.histogram(cp.asarray(a), bins)
    hn, en = np.histogram(a, bins)
    assert_same(h, hn)
    assert_same(e, en)


@pytest.mark.parametrize("dtype", [np.int16, np.float32, np.float64])
@pytest.mark.parametrize("rng", [(-1, 1), (0.1, 0.7), (-3.0, 2.5), (2, 2)])
def test_histogram_range(dtype, rng):
    a = (sample((300,), np.float64, 4) * 3).astype(dtype)
    h, e = cp.histogram(cp.asarray(a), 12, range=rng)
    hn, en = np.histogram(a, 12, range=rng)
    assert_same(h, hn)
    assert_same(e, en)


def test_histogram_values_on_edges_and_last_edge_inclusive():
    a = np.linspace(0, 1, 101)  # many values exactly on the edges
    for bins in [10, 7, 100]:
        h, e = cp.histogram(cp.asarray(a), bins)
        assert_same(h, np.histogram(a, bins)[0])
    a32 = np.linspace(-5, 5, 1001).astype(np.float32)
    assert_same(cp.histogram(cp.asarray(a32), 20, range=(-4, 4))[0],
                np.histogram(a32, 20, range=(-4, 4))[0])


@pytest.mark.parametrize("bins", [[0, 1, 2, 3], [-1.5, 0, 0.25, 4], [0, 1, 1, 2], [1.0],
                                  [0, 1, 1, 1]], ids=str)
@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.float64])
def test_histogram_array_bins(bins, dtype):
    a = np.concatenate([sample((100,), np.float64, 5) * 2, [0, 1, 2, 3, 4]]).astype(dtype)
    h, e = cp.histogram(cp.asarray(a), cp.asarray(np.array(bins)))
    hn, en = np.histogram(a, np.array(bins))
    assert_same(h, hn)
    assert_same(e, en)
    h, e = cp.histogram(cp.asarray(a), bins)  # a list too
    assert_same(h, hn)


@pytest.mark.parametrize("wdtype", [np.float32, np.float64, np.int32, np.complex128])
@pytest.mark.parametrize("bins", [8, [-2.0, -0.5, 0.0, 0.5, 2.0]], ids=["int", "array"])
def test_histogram_weights(bins, wdtype):
    a = sample((80,), np.float64, 6) * 2
    w = sample((80,), wdtype, 7)
    h, _ = cp.histogram(cp.asarray(a), bins, weights=cp.asarray(w))
    hn, _ = np.histogram(a, bins, weights=w)
    assert_same(h, hn, rtol=1e-6 if wdtype == np.float32 else 1e-12)


@pytest.mark.parametrize("bins", [5, [0.0, 0.1, 0.5, 2.0]], ids=["int", "array"])
def test_histogram_density(bins):
    a = np.abs(sample((120,), np.float64, 8))
    w = np.abs(sample((120,), np.float64, 9))
    for kw in [{}, {"weights": w}]:
        kwc = {k: cp.asarray(v) for k, v in kw.items()}
        h, _ = cp.histogram(cp.asarray(a), bins, density=True, **kwc)
        hn, _ = np.histogram(a, bins, density=True, **kw)
        assert_same(h, hn, rtol=1e-12)


@pytest.mark.parametrize("est", ["auto", "fd", "sturges", "sqrt", "rice", "scott", "doane",
                                 "stone"])
def test_histogram_string_bins(est):
    a = sample((500,), np.float64, 10)
    h, e = cp.histogram(cp.asarray(a), est)
    hn, en = np.histogram(a, est)
    assert_same(h, hn)
    assert_same(e, en)
    assert_same(cp.histogram_bin_edges(cp.asarray(a), est), np.histogram_bin_edges(a, est))


def test_histogram_nan_inf_with_range_and_views():
    a = np.array([np.nan, np.inf, -np.inf, 0.5, 0.2, 1.0, 0.0, -0.1])
    h, e = cp.histogram(cp.asarray(a), 4, range=(0, 1))
    assert_same(h, np.histogram(a, 4, range=(0, 1))[0])
    h, e = cp.histogram(cp.asarray(a), [0, 0.5, 1])
    assert_same(h, np.histogram(a, [0, 0.5, 1])[0])
    m = sample((6, 8), np.float32, 11)
    h, e = cp.histogram(cp.asarray(m)[::2, 1::3], 5)
    hn, en = np.histogram(m[::2, 1::3], 5)
    assert_same(h, hn)
    assert_same(e, en)


def test_histogram_empty_and_0d():
    e = np.zeros(0, np.float32)
    for bins in [4, [0, 1, 2]]:
        h, ed = cp.histogram(cp.asarray(e), bins)
        hn, edn = np.histogram(e, bins)
        assert_same(h, hn)
        assert_same(ed, edn)
    h, ed = cp.histogram(cp.asarray(np.float64(2.5)), 3)
    hn, edn = np.histogram(np.float64(2.5), 3)
    assert_same(h, hn)
    assert_same(ed, edn)


@pytest.mark.parametrize("bins", [3, [0, 0.5, 1], [-1.0, 2.0]], ids=["int", "array", "wide"])
def test_histogram_bool_data(bins):
    """NumPy counts bool data as uint8 (float edges), with a RuntimeWarning."""
    a = np.array([True, False, True, True, False])
    with pytest.warns(RuntimeWarning, match="bool"):
        hn, en = np.histogram(a, bins)
    with pytest.warns(RuntimeWarning, match="bool"):
        h, e = cp.histogram(cp.asarray(a), bins)
    assert_same(h, hn)
    assert_same(e, en)


@pytest.mark.parametrize("wdtype", [np.int8, np.uint8, np.int16, np.int64, np.uint64, np.bool_])
def test_histogram_integer_weights_wrap_with_edges(wdtype):
    """With bin edges, NumPy sums integer weights in their own dtype (cumulative sums), so
    the sums wrap; no float64 rounding (int64 near 2**63) and bool weights raise."""
    info = np.iinfo(wdtype) if wdtype != np.bool_ else None
    big = [info.max, info.max - 1, info.min + 3, 7] if info else [True, True, False, True]
    a = np.array([0.5, 0.7, 1.5, np.nan, 0.6, 3.0, 2.0, 1.0])
    w = np.array(big * 2, dtype=wdtype)
    for bins in ([0.0, 1.0, 2.0, 3.0], [0.0, 5.0], [1.0]):
        check_same_outcome(lambda: cp.histogram(cp.asarray(a), cp.asarray(bins), weights=cp.asarray(w)),
                           lambda: np.histogram(a, np.asarray(bins), weights=w),
                           lambda c, n: [assert_same(x, y) for x, y in zip(c, n)])


@pytest.mark.parametrize("weights", [None, np.array([3, 4, 5]), np.array([1.5, 2.0, 0.5])])
def test_histogram_no_edges(weights):
    """An empty array of edges: no bins (this used to write before the result's start)."""
    a = np.array([1.0, 2.0, 0.0])
    w = None if weights is None else cp.asarray(weights)
    h, e = cp.histogram(cp.asarray(a), cp.asarray(np.zeros(0)), weights=w)
    hn, en = np.histogram(a, np.zeros(0), weights=weights)
    assert_same(h, hn)
    assert_same(e, en)


@pytest.mark.parametrize("case", [
    lambda xp, a: xp.histogram(a, 0),
    lambda xp, a: xp.histogram(a, -3),
    lambda xp, a: xp.histogram(a, 2.5),
    lambda xp, a: xp.histogram(a, [3, 2, 1]),
    lambda xp, a: xp.histogram(a, [[1, 2]]),
    lambda xp, a: xp.histogram(a, 'bogus'),
    lambda xp, a: xp.histogram(a, 'auto', weights=a),
    lambda xp, a: xp.histogram(a, 3, range=(2, 1)),
    lambda xp, a: xp.histogram(a, 3, range=(0, np.inf)),
    lambda xp, a: xp.histogram(a, 3, weights=a[:2]),
    lambda xp, a: xp.histogram(a * np.nan, 3),
], ids=["zero bins", "negative bins", "float bins", "decreasing", "2d bins", "estimator",
        "estimator weights", "range order", "range inf", "weights shape", "nan range"])
def test_histogram_errors(case):
    a_np = sample((10,), np.float64, 12)
    with np.errstate(all='ignore'):
        check_same_outcome(lambda: case(cp, cp.asarray(a_np)), lambda: case(np, a_np))


# ---------------------------------------------------------------- 2d and dd

@pytest.mark.parametrize("bins", [10, (3, 5), [[0, 0.2, 0.9], [-1, 0, 1, 2]], 4],
                         ids=["10", "3x5", "arrays", "4"])
def test_histogram2d(bins):
    x = sample((150,), np.float64, 13)
    y = sample((150,), np.float64, 14)
    w = np.abs(sample((150,), np.float64, 15))
    for kw in [{}, {"weights": w}, {"density": True}, {"range": [[-0.5, 0.5], [0, 1]]}]:
        kwc = {k: cp.asarray(v) if k == "weights" else v for k, v in kw.items()}
        H, xe, ye = cp.histogram2d(cp.asarray(x), cp.asarray(y), bins, **kwc)
        Hn, xen, yen = np.histogram2d(x, y, bins, **kw)
        assert_same(H, Hn, rtol=1e-12)
        assert_same(xe, xen)
        assert_same(ye, yen)


@pytest.mark.parametrize("D", [1, 2, 3])
def test_histogramdd(D):
    s = sample((60, D), np.float32, 16)
    for bins in [5, [3] * D]:
        H, edges = cp.histogramdd(cp.asarray(s), bins)
        Hn, edn = np.histogramdd(s, bins)
        assert_same(H, Hn)
        for g, e in zip(edges, edn):
            assert_same(g, e)
    H, _ = cp.histogramdd(cp.asarray(s), 4, density=True)
    assert_same(H, np.histogramdd(s, 4, density=True)[0], rtol=1e-12)
    H, _ = cp.histogramdd([cp.asarray(s[:, k]) for k in range(D)], 3)
    assert_same(H, np.histogramdd([s[:, k] for k in range(D)], 3)[0])


def test_histogramdd_errors():
    s = sample((20, 2), np.float64, 17)
    for case in [lambda xp, a: xp.histogramdd(a, [3, 4, 5]),
                 lambda xp, a: xp.histogramdd(a, 0),
                 lambda xp, a: xp.histogramdd(a, [[2, 1], 3]),
                 lambda xp, a: xp.histogramdd(a, 3, range=[(0, 1)])]:
        check_same_outcome(lambda: case(cp, cp.asarray(s)), lambda: case(np, s))


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64, np.int64])
def test_histogram_many_values_odd_ranges(dtype):
    rng = np.random.default_rng(18)
    a = (rng.standard_normal(20000) * 7).astype(dtype)
    for bins, r in [(100, None), (37, (-3.3, 9.1)), (1000, (-1e-3, 1e-3)), (3, (-7, 7))]:
        h, e = cp.histogram(cp.asarray(a), bins, range=r)
        hn, en = np.histogram(a, bins, range=r)
        assert_same(h, hn)
        assert_same(e, en)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.uint64])
@pytest.mark.parametrize("rng", [None, (0, 300), (-2, 5), (0.5, 9.5), (-1000, 1000)], ids=str)
def test_histogram_integer_data_ranges(dtype, rng):
    a = (np.arange(200) % 41).astype(dtype)
    h, e = cp.histogram(cp.asarray(a), 9, range=rng)
    hn, en = np.histogram(a, 9, range=rng)
    assert_same(h, hn)
    assert_same(e, en)


# ---------------------------------------------------------------- the one-pass CUDA kernels
# (cn_hist/cn_minmax in _histograms.py on a CUDA device; the ElementwiseKernels on the CPU):
# sizes past one vector per thread, misaligned and strided views, many bins (past shared
# memory: global atomics), every dtype of data and edges.

@pytest.mark.parametrize("dtype", INT_IN)
@pytest.mark.parametrize("start", [0, 1, 3])
def test_bincount_large_views(dtype, start):
    rng = np.random.default_rng(3)
    hi = 2 if dtype is np.bool_ else 120
    x = rng.integers(0, hi, 100_003).astype(dtype)
    assert_same(cp.bincount(cp.asarray(x)[start:]), np.bincount(x[start:]))
    assert_same(cp.bincount(cp.asarray(x)[start::3]), np.bincount(x[start::3]))
    w = rng.uniform(0.5, 1.5, x.size)  # positive: sums in any order stay within ~n ulp
    assert_same(cp.bincount(cp.asarray(x)[start:], cp.asarray(w)[start:], minlength=500),
                np.bincount(x[start:], w[start:], minlength=500), rtol=1e-10)


@pytest.mark.parametrize("nmax", [1, 12_000, 20_000])
def test_bincount_many_bins(nmax):
    x = np.random.default_rng(4).integers(0, nmax, 50_000).astype(np.int32)
    assert_same(cp.bincount(cp.asarray(x)), np.bincount(x))
    w = np.linspace(0.5, 1.5, x.size)
    assert_same(cp.bincount(cp.asarray(x), cp.asarray(w)), np.bincount(x, w), rtol=1e-10)


def test_bincount_negative_large():
    x = np.arange(100_000, dtype=np.int64)
    x[77_777] = -1
    with pytest.raises(ValueError):
        cp.bincount(cp.asarray(x))


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int8, np.uint16, np.int32,
                                   np.int64, np.uint64])
@pytest.mark.parametrize("bins,rng", [(100, None), (100, (-1.5, 2.0)), (7, (-3, 3)),
                                      (20_000, None), (1, None)])
def test_histogram_large(dtype, bins, rng):
    r = np.random.default_rng(5)
    a = (r.standard_normal(200_001) * 40).astype(dtype) if dtype not in (np.uint16, np.uint64) \
        else r.integers(0, 5000, 200_001).astype(dtype)
    for view in (slice(None), slice(1, None), slice(2, None, 3)):
        h, e = cp.histogram(cp.asarray(a)[view], bins, rng)
        hn, en = np.histogram(a[view], bins, rng)
        assert_same(h, hn)
        assert_same(e, en)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_histogram_nan_inf_and_edges(dtype):
    a = np.random.default_rng(6).uniform(-1, 1, 70_000).astype(dtype)
    a[::1000] = 1.0  # the last edge: in the last bin
    a[1::1000] = -1.0
    a[2::1000] = np.nan
    a[3::1000] = np.inf
    a[4::1000] = -np.inf
    a[5::1000] = np.nextafter(dtype(1), dtype(2))
    for bins in (10, 333, [-1.0, -0.25, 0.0, 0.1, 1.0], np.array([-1, 0, 1], np.int64),
                 np.array([-0.5, 0.5], np.float32)):
        h, _ = cp.histogram(cp.asarray(a), bins, (-1.0, 1.0) if np.ndim(bins) == 0 else None)
        assert_same(h, np.histogram(a, bins, (-1.0, 1.0) if np.ndim(bins) == 0 else None)[0])
    with pytest.raises(ValueError):
        cp.histogram(cp.asarray(a), 10)  # autodetected range of [nan, nan]


@pytest.mark.parametrize("wdtype", [np.float64, np.float32, np.int32, np.complex128])
@pytest.mark.parametrize("bins", [50, np.array([-3.0, -1.0, 0.0, 0.5, 2.0, 3.0])])
def test_histogram_weights_density_large(wdtype, bins):
    r = np.random.default_rng(8)
    a = r.standard_normal(100_000)
    w = (r.standard_normal(a.size) * 10).astype(wdtype)
    if wdtype is np.complex128:
        w = w + 1j * r.standard_normal(a.size)
    # NumPy adds float32 weights in float32 per 65536-element block: not bit for bit
    tol = 1e-4 if wdtype is np.float32 else 1e-9
    h, e = cp.histogram(cp.asarray(a), bins, weights=cp.asarray(w))
    hn, en = np.histogram(a, bins, weights=w)
    assert_same(h, hn, rtol=tol)
    assert_same(e, en)
    if wdtype is not np.complex128:
        h, _ = cp.histogram(cp.asarray(a), bins, weights=cp.asarray(w), density=True)
        assert_same(h, np.histogram(a, bins, weights=w, density=True)[0], rtol=tol)


def test_histogram_int_data_int_edges_large():
    a = np.random.default_rng(9).integers(-2**40, 2**40, 100_000)
    a[:3] = [2**62, -2**62, 2**40]
    for bins in (np.array([-2**41, -5, 0, 3, 2**41]), np.array([0, 2**63 + 9], np.uint64)):
        assert_same(cp.histogram(cp.asarray(a), bins)[0], np.histogram(a, bins)[0])
