"""Sorting against NumPy: sort, argsort (stable: ties keep input order, NaNs last, complex
with NumPy's NaN rules), ndarray.sort/argsort, sort_complex, lexsort, partition and
argpartition (checked by the partition property only), across dtypes, layouts and axes,
0-d and empty inputs, and arrays large enough for multi-tile paths."""

import numpy as np
import pytest

import cunumpy as cp
from _helpers import (device_kind, ALL_DTYPES, DTYPE_IDS, FLOAT_DTYPES, COMPLEX_DTYPES, LAYOUT_NAMES,
                      assert_same, check_same_outcome, make_pair, to_np)
from _sort_inputs import radix_input


def same_values(c, a):
    """Sorted values: -0.0 and 0.0 are equal to a sort, so their order is not compared."""
    assert_same(c, a, exact_zero_sign=False)


def with_ties(a):
    """Few distinct values, so stability matters."""
    if a.dtype.kind == 'b':
        return a
    return (a.real % 3 if a.dtype.kind != 'c' else (a.real % 2) + 1j * (a.imag % 2)).astype(a.dtype) \
        if a.dtype.kind in 'fc' else (a % 3).astype(a.dtype)


@pytest.mark.parametrize('dtype', ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize('layout', LAYOUT_NAMES)
def test_sort_argsort_layouts(layout, dtype):
    a, c = make_pair(layout, dtype)
    for axis in [None] + list(range(-a.ndim, a.ndim)) + [a.ndim]:
        check_same_outcome(lambda: cp.sort(c, axis=axis), lambda: np.sort(a, axis=axis, kind='stable'),
                           same_values)
        check_same_outcome(lambda: cp.argsort(c, axis=axis), lambda: np.argsort(a, axis=axis, kind='stable'))
    check_same_outcome(lambda: cp.sort(c), lambda: np.sort(a))
    check_same_outcome(lambda: cp.argsort(c), lambda: np.argsort(a, kind='stable'))


@pytest.mark.parametrize('dtype', ALL_DTYPES, ids=DTYPE_IDS)
def test_argsort_stable_ties(dtype):
    rng = np.random.default_rng(1)
    a = rng.integers(0, 3, size=(5, 300)).astype(dtype)
    c = cp.asarray(a)
    for axis in (0, 1, None):
        assert_same(cp.argsort(c, axis=axis), np.argsort(a, axis=axis, kind='stable'))
        same_values(cp.sort(c, axis=axis), np.sort(a, axis=axis, kind='stable'))


@pytest.mark.parametrize('dtype', FLOAT_DTYPES, ids=[d.name for d in FLOAT_DTYPES])
def test_nan_inf_signed_zero(dtype):
    a = np.array([3, np.nan, -0.0, 0.0, -np.inf, np.inf, -np.nan, 1, -0.0, np.nan, 0.0, -2], dtype=dtype)
    c = cp.asarray(a)
    assert_same(cp.argsort(c), np.argsort(a, kind='stable'))
    same_values(cp.sort(c), np.sort(a, kind='stable'))
    rng = np.random.default_rng(2)
    b = rng.choice(a, size=(4, 1000))
    assert_same(cp.argsort(cp.asarray(b), axis=1), np.argsort(b, axis=1, kind='stable'))
    assert_same(cp.argsort(cp.asarray(b), axis=0), np.argsort(b, axis=0, kind='stable'))


@pytest.mark.parametrize('dtype', COMPLEX_DTYPES, ids=[d.name for d in COMPLEX_DTYPES])
def test_complex_nan_order(dtype):
    nan = np.nan
    vals = [complex(1, 2), complex(1, nan), complex(nan, 1), complex(nan, nan), complex(1, 1),
            complex(nan, 0), complex(0, nan), complex(2, 0), complex(-0.0, 1), complex(0.0, 1),
            complex(np.inf, 0), complex(1, -np.inf)]
    rng = np.random.default_rng(3)
    a = rng.choice(np.array(vals, dtype=dtype), size=500)
    c = cp.asarray(a)
    assert_same(cp.argsort(c), np.argsort(a, kind='stable'))
    same_values(cp.sort(c), np.sort(a, kind='stable'))
    same_values(cp.sort_complex(c), np.sort_complex(a))


def test_zero_d_and_errors():
    a = np.array(5.0)
    c = cp.asarray(a)
    check_same_outcome(lambda: cp.sort(c), lambda: np.sort(a))
    check_same_outcome(lambda: cp.sort(c, axis=None), lambda: np.sort(a, axis=None))
    check_same_outcome(lambda: cp.argsort(c), lambda: np.argsort(a))
    x = cp.arange(5)
    with pytest.raises(ValueError):
        cp.sort(x, kind='bogus')
    for kind in ('quicksort', 'mergesort', 'heapsort', 'stable'):
        assert_same(cp.sort(x[::-1], kind=kind), np.arange(5))


@pytest.mark.parametrize('n', [1, 2047, 2049, 100_000, 1_000_000])
def test_large_random(n):
    rng = np.random.default_rng(n)
    a = rng.standard_normal(n).astype(np.float32)
    a[rng.integers(0, n, size=max(1, n // 1000))] = np.nan
    c = cp.asarray(a)
    same_values(cp.sort(c), np.sort(a, kind='stable'))
    ints = rng.integers(-50, 50, size=n).astype(np.int32)
    assert_same(cp.argsort(cp.asarray(ints)), np.argsort(ints, kind='stable'))


@pytest.mark.parametrize('onesweep', ['1', '0'])
@pytest.mark.parametrize('dtype', ['bool', 'uint8', 'int16', 'float16', 'int32', 'float32', 'int64', 'float64'])
def test_one_row_paths(monkeypatch, onesweep, dtype):
    """One row, every digit random, across the CUDA onesweep tiles (3072 keys; the default)
    and the per-pass path (CUNUMPY_SORT_ONESWEEP=0, read per call, selects it);
    contiguous and strided. On the CPU backend both runs take the CPU sort."""
    monkeypatch.setenv('CUNUMPY_SORT_ONESWEEP', onesweep)
    dt = np.dtype(dtype)
    rng = np.random.default_rng(dt.itemsize)
    for n in (3071, 3073, 3839, 3841, 3 * 3072 + 77, 200_003):
        if dt.kind == 'b':
            a = rng.integers(0, 2, n).astype(bool)
        else:
            a = rng.integers(0, 256, n * dt.itemsize, dtype=np.uint8).view(dt).copy()
        if dt.kind == 'f':
            special = np.array([np.nan, -np.nan, -0.0, 0.0, np.inf, -np.inf], dtype=dt)
            pick = rng.random(n) < 0.05
            a[pick] = rng.choice(special, pick.sum())
        for x in (a, a[::3]):
            c = cp.asarray(a)[::3] if x is not a else cp.asarray(a)
            same_values(cp.sort(c), np.sort(x, kind='stable'))
            assert_same(cp.argsort(c), np.argsort(x, kind='stable'))


def test_many_rows_and_long_rows():
    rng = np.random.default_rng(7)
    a = rng.integers(0, 1000, size=(3000, 37)).astype(np.int64)
    c = cp.asarray(a)
    for axis in (0, 1):
        assert_same(cp.argsort(c, axis=axis), np.argsort(a, axis=axis, kind='stable'))
        assert_same(cp.sort(c, axis=axis), np.sort(a, axis=axis))
    b = rng.standard_normal((2, 300_000))
    assert_same(cp.sort(cp.asarray(b), axis=1), np.sort(b, axis=1))


@pytest.mark.parametrize('layout', ['contig', 'contig3d', 'fortran', 'noncontig', 'negstride'])
def test_ndarray_methods(layout):
    a, c = make_pair(layout, np.float64)
    for axis in range(-a.ndim, a.ndim):
        x, y = a.copy(), c.copy()
        x.sort(axis=axis)
        y.sort(axis=axis)
        same_values(y, x)
        assert_same(c.argsort(axis=axis), a.argsort(axis=axis, kind='stable'))
    y = c.copy()
    assert y.sort() is None
    same_values(y, np.sort(a))
    assert_same(c.argsort(axis=None), a.argsort(axis=None, kind='stable'))


@pytest.mark.parametrize('dtype', ['int8', 'uint16', 'int64', 'float16', 'float32', 'bool', 'complex128'])
def test_sort_complex(dtype):
    a, c = make_pair('contig1d', np.dtype(dtype))
    assert_same(cp.sort_complex(c), np.sort_complex(a))


def test_lexsort():
    rng = np.random.default_rng(4)
    k1 = rng.integers(0, 3, size=200)
    k2 = rng.integers(0, 4, size=200)
    k3 = rng.standard_normal(200).round(0)
    assert_same(cp.lexsort([cp.asarray(k1), cp.asarray(k2), cp.asarray(k3)]), np.lexsort([k1, k2, k3]))
    assert_same(cp.lexsort((cp.asarray(k1),)), np.lexsort((k1,)))
    keys = np.stack([k1, k2])
    assert_same(cp.lexsort(cp.asarray(keys)), np.lexsort(keys))
    m1 = rng.integers(0, 3, size=(4, 50))
    m2 = rng.integers(0, 3, size=(4, 50))
    for axis in (0, 1, -1):
        assert_same(cp.lexsort([cp.asarray(m1), cp.asarray(m2)], axis=axis), np.lexsort([m1, m2], axis=axis))
    with pytest.raises(ValueError):
        cp.lexsort([cp.arange(3), cp.arange(4)])


def check_partition(part, idx_or_vals, a, kth, axis, is_arg):
    """NumPy's promise: the kth element is where a sort puts it, smaller ones before, larger after."""
    a_sorted = np.sort(a, axis=axis)
    got = cp.asnumpy(part)
    if is_arg:
        got = np.take_along_axis(a, got, axis=axis)
    got = np.moveaxis(got, axis, -1)
    srt = np.moveaxis(a_sorted, axis, -1)
    for k in np.atleast_1d(kth):
        k = int(k) % srt.shape[-1]
        np.testing.assert_array_equal(got[..., k], srt[..., k])
        assert np.all(got[..., :k] <= got[..., k:k + 1])
        assert np.all(got[..., k + 1:] >= got[..., k:k + 1])


@pytest.mark.parametrize('kth', [0, 3, -1, [1, 5], (2, 4, 6)])
@pytest.mark.parametrize('axis', [0, 1, -1])
def test_partition(kth, axis):
    rng = np.random.default_rng(5)
    a = rng.integers(0, 20, size=(8, 9)).astype(np.float64)
    c = cp.asarray(a)
    p = cp.partition(c, kth, axis=axis)
    assert p.shape == a.shape and p.dtype == a.dtype
    check_partition(p, None, a, kth, axis, False)
    i = cp.argpartition(c, kth, axis=axis)
    assert i.dtype == np.int64
    check_partition(i, None, a, kth, axis, True)
    y = c.copy()
    y.partition(kth, axis=axis)
    check_partition(y, None, a, kth, axis, False)


def test_partition_errors_and_none():
    a = np.arange(10)[::-1].copy()
    c = cp.asarray(a)
    check_same_outcome(lambda: cp.partition(c, 10), lambda: np.partition(a, 10))
    check_same_outcome(lambda: cp.partition(c, -11), lambda: np.partition(a, -11))
    check_same_outcome(lambda: cp.argpartition(c, 1.5), lambda: np.argpartition(a, 1.5))
    p = cp.partition(cp.asarray(a.reshape(2, 5)), 4, axis=None)
    check_partition(p, None, a, 4, 0, False)


@pytest.mark.parametrize('fn', ['partition', 'argpartition'])
@pytest.mark.parametrize('kth', [0, -1, 1, 5, [0, 3], 1.0])
@pytest.mark.parametrize('shape,axis', [((), -1), ((), 0), ((), 1), ((), None), ((0, 4), 0),
                                        ((3, 0), 0), ((2, 0, 3), None), ((0, 4), 2)])
def test_partition_0d_and_empty(fn, kth, shape, axis):
    """NumPy's argpartition takes a 0-d array as 1-D (partition raises AxisError), and neither
    checks kth's bounds on an empty array (kth's type still is)."""
    a = np.full(shape, 3, np.int16)
    check_same_outcome(lambda: getattr(cp, fn)(cp.asarray(a), kth, axis=axis),
                       lambda: getattr(np, fn)(a, kth, axis=axis))


RADIX_DTYPES = [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64,
                np.uint64, np.float16, np.float32, np.float64]


@pytest.mark.parametrize('dtype', RADIX_DTYPES, ids=[np.dtype(d).name for d in RADIX_DTYPES])
@pytest.mark.parametrize('kind', ['random', 'lowconst', 'highconst', 'equal', 'special'])
@pytest.mark.parametrize('n', [255, 256, 257, 65535, 65536, 65537, 131073])
def test_radix_paths(n, kind, dtype):
    """Sizes around the radix and the thread-split thresholds, against NumPy's stable sort."""
    rng = np.random.default_rng(n)
    a = radix_input(kind, dtype, n, rng)
    c = cp.asarray(a)
    same_values(cp.sort(c), np.sort(a, kind='stable'))
    assert_same(cp.argsort(c), np.argsort(a, kind='stable'))
    # A strided row: the first pass reads the row as stored.
    same_values(cp.sort(c[::-2]), np.sort(a[::-2], kind='stable'))
    assert_same(cp.argsort(c[::3]), np.argsort(a[::3], kind='stable'))


@pytest.mark.parametrize('dtype', [np.float16, np.float32, np.float64])
def test_radix_signed_zero_and_nan_values(dtype):
    """Values sort: -0.0 and 0.0 compare equal, so either order is NumPy's; the count of each
    sign and the NaNs (last) must match."""
    rng = np.random.default_rng(5)
    a = rng.choice(np.array([-0.0, 0.0, np.nan, -np.nan, 1.0, -np.inf], dtype), size=100_000)
    got = cp.asnumpy(cp.sort(cp.asarray(a)))
    exp = np.sort(a)
    assert np.array_equal(got, exp, equal_nan=True)
    assert np.signbit(got[got == 0]).sum() == np.signbit(a[a == 0]).sum()


@pytest.mark.parametrize('dtype', [np.int32, np.uint32, np.float32, np.int64, np.uint64, np.float64])
@pytest.mark.parametrize('kind', ['random', 'lowconst', 'highconst', 'unit', 'special'])
def test_radix_msd_long_rows(kind, dtype):
    """Rows long enough for the MSD-first values path (top digit, then each bucket)."""
    n = 2 ** 21 + 3
    rng = np.random.default_rng(11)
    a = radix_input(kind, dtype, n, rng)
    same_values(cp.sort(cp.asarray(a)), np.sort(a))
@pytest.mark.parametrize('onesweep', ['1', '0'])
@pytest.mark.parametrize('check', ['sort', 'argsort', 'sort_rev2', 'argsort_step3'])
def test_float16_row_65536(monkeypatch, check, onesweep):
    """The input of test_radix_paths[65536-random-float16] (float16 keys: two 8-bit passes,
    about 13,000 distinct values, 21 full onesweep tiles and one of 1,024 keys), one check per
    test id so that a failure says which one, each sort repeated to show a run-to-run
    difference (a race) apart from a wrong but repeatable result. That test once failed on
    the H200: a 120 s timeout while the sort's source compiled once per kernel (26 times)."""
    monkeypatch.setenv('CUNUMPY_SORT_ONESWEEP', onesweep)
    rng = np.random.default_rng(65536)
    a = (rng.standard_normal(65536) * 1e3).astype(np.float16)
    c = cp.asarray(a)
    view, cview, want_idx = {'sort': (a, c, False), 'argsort': (a, c, True),
                             'sort_rev2': (a[::-2], c[::-2], False),
                             'argsort_step3': (a[::3], c[::3], True)}[check]
    ref_idx = np.argsort(view, kind='stable')
    exp = ref_idx if want_idx else view[ref_idx]
    results = [to_np(cp.argsort(cview) if want_idx else cp.sort(cview)) for _ in range(3)]
    bad = [(r, np.flatnonzero(got != exp)) for r, got in enumerate(results)]
    bad = [(r, d.size, d[:8].tolist()) for r, d in bad if d.size]
    runs_agree = all(np.array_equal(results[0], x) for x in results[1:])
    assert not bad, f"repeats that differ from NumPy (repeat, count, first positions): {bad}; " \
                    f"the 3 repeats {'agree' if runs_agree else 'differ from each other'}"


# Found by a differential probe: NumPy argsorts a 0-d array as a 1-d one (axis 0/-1/None,
# another axis its AxisError), and partition reads its axis as an integer first.
@pytest.mark.parametrize("axis", [None, 0, -1, 1, -2, -3])
def test_argsort_0d_axis_like_numpy(axis):
    a = np.array(5, dtype=np.uint8)
    check_same_outcome(lambda: cp.argsort(cp.asarray(a), axis=axis), lambda: np.argsort(a, axis=axis))
    check_same_outcome(lambda: cp.asarray(a).argsort(axis=axis), lambda: a.argsort(axis=axis))


@pytest.mark.parametrize("axis", [(0,), (0, 1), 1.0])
def test_partition_axis_must_be_an_integer(axis):
    a = np.arange(3.0)
    check_same_outcome(lambda: cp.partition(cp.asarray(a), 0, axis=axis), lambda: np.partition(a, 0, axis=axis))
    check_same_outcome(lambda: cp.partition(cp.asarray(np.array(2.0)), 0, axis=axis),
                       lambda: np.partition(np.array(2.0), 0, axis=axis))
