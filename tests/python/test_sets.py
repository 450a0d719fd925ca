"""unique (return_index/inverse/counts, axis, equal_nan), unique_values/counts/inverse/all,
intersect1d, union1d, setdiff1d, setxor1d, isin and in1d against NumPy, across dtypes,
empty and 0-d inputs, NaN, non-contiguous and large inputs."""
import numpy as np
import pytest

import cunumpy as cp
from _helpers import ALL_DTYPES, DTYPE_IDS, assert_same


def data(dtype, shape=(6, 7), seed=0, nans=False):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 5, size=shape)
    if np.dtype(dtype).kind == 'c':
        a = a + 1j * rng.integers(0, 2, size=shape)
    a = a.astype(dtype)
    if nans and a.dtype.kind in 'fc':
        a[rng.random(shape) < 0.2] = np.nan
    return a


def same_tuple(got, exp):
    if not isinstance(exp, tuple):
        got, exp = (got,), (exp,)
    assert len(got) == len(exp)
    for g, e in zip(got, exp):
        assert_same(g, np.asarray(e), exact_zero_sign=False)


@pytest.mark.parametrize('dtype', ALL_DTYPES, ids=DTYPE_IDS)
def test_unique_flags(dtype):
    a = data(dtype, nans=True)
    c = cp.asarray(a)
    for ri in (False, True):
        for rv in (False, True):
            for rc in (False, True):
                for en in (True, False):
                    got, exp = cp.unique(c, ri, rv, rc, equal_nan=en), np.unique(a, ri, rv, rc, equal_nan=en)
                    if rv and not en and np.isnan(a).any():
                        # Which of several NaNs an inverse names follows NumPy's unstable
                        # quicksort: check that it rebuilds the input instead.
                        k = 1 + ri
                        np.testing.assert_array_equal(cp.asnumpy(got[0][got[k]]), exp[0][exp[k]])
                        got, exp = got[:k] + got[k + 1:], exp[:k] + exp[k + 1:]
                    same_tuple(got, exp)
    same_tuple(cp.unique(c[::2, 1::3]), np.unique(a[::2, 1::3]))


@pytest.mark.parametrize('dtype', ['int32', 'float64', 'bool', 'complex64'])
@pytest.mark.parametrize('axis', [0, 1, -1])
def test_unique_axis(dtype, axis):
    a = data(dtype, shape=(8, 3))
    a = np.concatenate([a, a[:3]], axis=0)
    c = cp.asarray(a)
    same_tuple(cp.unique(c, True, True, True, axis=axis), np.unique(a, True, True, True, axis=axis))
    b = np.zeros((0, 3), dtype)
    same_tuple(cp.unique(cp.asarray(b), axis=0), np.unique(b, axis=0))


@pytest.mark.parametrize('axis', [0, -1, 1])
@pytest.mark.parametrize('equal_nan', [True, False])
def test_unique_1d_with_axis(axis, equal_nan):
    """NumPy takes a 1-D array with an axis as unique's flat case: NaNs collapse with
    equal_nan (rows of two or more dimensions never collapse theirs)."""
    a = np.array([np.nan, 2.0, np.nan, -2.5, 2.0], np.float32)
    kw = dict(return_index=True, return_counts=True, axis=axis, equal_nan=equal_nan)
    try:
        exp = np.unique(a, **kw)
    except np.exceptions.AxisError:
        with pytest.raises(np.exceptions.AxisError):
            cp.unique(cp.asarray(a), **kw)
        return
    same_tuple(cp.unique(cp.asarray(a), **kw), exp)


@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64', 'complex64'])
def test_unique_axis_nan_rows(dtype):
    """unique(axis=) orders rows as NumPy's row sort does: NaN last, but first for float16
    (NumPy's float16 compare); rows with NaN stay distinct."""
    a = np.array([[1.0, np.nan, 0.5, np.nan, 1.0], [2, 3, 1, 3, 2]], dtype=dtype)
    for axis in (1, -1):
        same_tuple(cp.unique(cp.asarray(a), return_counts=True, axis=axis),
                   np.unique(a, return_counts=True, axis=axis))
    same_tuple(cp.unique(cp.asarray(a.T), axis=0), np.unique(a.T, axis=0))


def test_unique_edge_cases():
    for a in [np.array([], dtype=np.float64), np.array(5), np.array([np.nan, np.nan]),
              np.array([complex(np.nan, 1), complex(1, np.nan), 1 + 0j])]:
        c = cp.asarray(a)
        same_tuple(cp.unique(c, True, True, True), np.unique(a, True, True, True))
        same_tuple(cp.unique(c, equal_nan=False), np.unique(a, equal_nan=False))


def test_unique_array_api():
    a = data('float64', nans=True)
    c = cp.asarray(a)
    v = cp.unique_values(c)
    assert_same(v, np.sort(np.unique_values(a)))
    r, e = cp.unique_counts(c), np.unique_counts(a)
    o = np.argsort(e.values, kind='stable')
    assert_same(r.values, e.values[o])
    assert_same(r.counts, e.counts[o])
    r, e = cp.unique_inverse(c), np.unique_inverse(a)
    assert_same(r.values[r.inverse_indices], e.values[e.inverse_indices])
    r, e = cp.unique_all(c), np.unique(a, True, True, True, equal_nan=False)
    same_tuple(tuple(r), e)
    assert r.inverse_indices.shape == a.shape


def test_unique_large():
    rng = np.random.default_rng(1)
    a = rng.integers(0, 10_000, size=1_000_000)
    c = cp.asarray(a)
    same_tuple(cp.unique(c, True, True, True), np.unique(a, True, True, True))


@pytest.mark.parametrize('dtype', ['int64', 'uint8', 'float32', 'complex128', 'bool'])
def test_set_ops(dtype):
    a1 = data(dtype, shape=(20,), seed=1, nans=True)
    a2 = data(dtype, shape=(4, 3), seed=2, nans=True)
    c1, c2 = cp.asarray(a1), cp.asarray(a2)
    same_tuple(cp.intersect1d(c1, c2), np.intersect1d(a1, a2))
    same_tuple(cp.intersect1d(c1, c2, return_indices=True), np.intersect1d(a1, a2, return_indices=True))
    u1, u2 = np.unique(a1), np.unique(a2)
    same_tuple(cp.intersect1d(cp.asarray(u1), cp.asarray(u2), assume_unique=True, return_indices=True),
               np.intersect1d(u1, u2, assume_unique=True, return_indices=True))
    same_tuple(cp.union1d(c1, c2), np.union1d(a1, a2))
    same_tuple(cp.setdiff1d(c1, c2), np.setdiff1d(a1, a2))
    same_tuple(cp.setdiff1d(cp.asarray(u1), cp.asarray(u2), assume_unique=True), np.setdiff1d(u1, u2, assume_unique=True))
    same_tuple(cp.setxor1d(c1, c2), np.setxor1d(a1, a2))
    same_tuple(cp.setxor1d(cp.asarray(u1), cp.asarray(u2), assume_unique=True), np.setxor1d(u1, u2, assume_unique=True))
    for inv in (False, True):
        same_tuple(cp.isin(c2, c1, invert=inv), np.isin(a2, a1, invert=inv))
        same_tuple(cp.in1d(c2, c1, invert=inv), np.isin(a2, a1, invert=inv).ravel())
        same_tuple(cp.isin(cp.asarray(u2), cp.asarray(u1), assume_unique=True, invert=inv),
                   np.isin(u2, u1, assume_unique=True, invert=inv))


def test_set_ops_empty_and_mixed():
    e = np.array([], dtype=np.int64)
    x = np.array([3, 1, 2, 3])
    f = np.array([1.5, 3.0])
    for a, b in [(e, x), (x, e), (e, e), (x, f)]:
        ca, cb = cp.asarray(a), cp.asarray(b)
        same_tuple(cp.intersect1d(ca, cb), np.intersect1d(a, b))
        same_tuple(cp.union1d(ca, cb), np.union1d(a, b))
        same_tuple(cp.setdiff1d(ca, cb), np.setdiff1d(a, b))
        same_tuple(cp.setxor1d(ca, cb), np.setxor1d(a, b))
        same_tuple(cp.isin(ca, cb), np.isin(a, b))
    same_tuple(cp.isin(cp.asarray(np.array(2)), cp.asarray(x)), np.isin(np.array(2), x))
    with pytest.raises(ValueError):
        cp.isin(cp.asarray(x), cp.asarray(x), kind='bogus')
