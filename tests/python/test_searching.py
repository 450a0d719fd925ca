"""where (one and three arguments), searchsorted (side, sorter, NaN and complex order, the
method) and digitize, against NumPy."""

import numpy as np
import pytest

import cunumpy as cp
from _helpers import (ALL_DTYPES, DTYPE_IDS, LAYOUT_NAMES, assert_same, check_same_outcome,
                      make_pair, sample)

# ---------------------------------------------------------------- where


@pytest.mark.parametrize("layout", LAYOUT_NAMES)
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
def test_where_three_arguments_layouts(layout, dtype):
    x_np, x_cp = make_pair(layout, dtype, seed=1)
    y_np, y_cp = make_pair(layout, dtype, seed=2)
    c_np, c_cp = make_pair(layout, np.int8, seed=3)
    assert_same(cp.where(c_cp, x_cp, y_cp), np.where(c_np, x_np, y_np))
    assert_same(cp.where(c_cp > 0, x_cp, y_cp), np.where(c_np > 0, x_np, y_np))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("scalar", [0, 3, -1, 300, 2.5, 1j, True, np.float32(1.5),
                                    np.int64(7)], ids=str)
def test_where_weak_scalar_promotion(dtype, scalar):
    x_np = sample((6,), dtype)
    c_np = np.array([True, False, True, False, False, True])
    x_cp, c_cp = cp.asarray(x_np), cp.asarray(c_np)
    with np.errstate(all='ignore'):
        check_same_outcome(lambda: cp.where(c_cp, x_cp, scalar),
                           lambda: np.where(c_np, x_np, scalar))
        check_same_outcome(lambda: cp.where(c_cp, scalar, x_cp),
                           lambda: np.where(c_np, scalar, x_np))


def test_where_broadcasts_and_scalars():
    c_np = np.array([[True], [False]])
    x_np = np.arange(3, dtype=np.float32)
    assert_same(cp.where(cp.asarray(c_np), cp.asarray(x_np), 1), np.where(c_np, x_np, 1))
    assert_same(cp.where(True, 1, 2.0), np.where(True, 1, 2.0))
    assert_same(cp.where([1, 0, 2], [1, 2, 3], [4, 5, 6]),
                np.where([1, 0, 2], [1, 2, 3], [4, 5, 6]))
    nan_c = np.array([np.nan, 0.0, 1.0])
    assert_same(cp.where(cp.asarray(nan_c), 1, 0), np.where(nan_c, 1, 0))


@pytest.mark.parametrize("shape", [(), (0,), (5,), (2, 3), (2, 0, 3)])
def test_where_one_argument_is_nonzero(shape):
    a_np = sample(shape, np.int16) if shape else np.array(3)
    if shape == ():
        with pytest.raises(ValueError):
            np.nonzero(a_np)
        with pytest.raises(ValueError):
            cp.where(cp.asarray(a_np))
        return
    got, exp = cp.where(cp.asarray(a_np)), np.where(a_np)
    assert len(got) == len(exp)
    for g, e in zip(got, exp):
        assert_same(g, e)


def test_where_one_of_x_y_missing_is_value_error():
    with pytest.raises(ValueError):
        cp.where(cp.asarray([True]), cp.asarray([1]))
    with pytest.raises(ValueError):
        cp.where(cp.asarray([True]), y=1)


# ---------------------------------------------------------------- searchsorted

SEARCH_DTYPES = [d for d in ALL_DTYPES if d.kind != 'b'] + [np.dtype(bool)]


def _sorted_pair(dtype, n=40, seed=0):
    a = np.sort(sample((n,), dtype, seed))
    return a, cp.asarray(a)


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("dtype", SEARCH_DTYPES, ids=[d.name for d in SEARCH_DTYPES])
def test_searchsorted_dtypes(dtype, side):
    a_np, a_cp = _sorted_pair(dtype)
    v_np = np.concatenate([sample((30,), dtype, 5), a_np[::3]])  # includes exact hits
    assert_same(cp.searchsorted(a_cp, cp.asarray(v_np), side=side),
                np.searchsorted(a_np, v_np, side=side))
    assert_same(a_cp.searchsorted(cp.asarray(v_np), side), a_np.searchsorted(v_np, side))


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_searchsorted_nan_inf_sorted_last(dtype, side):
    a_np = np.sort(np.array([np.nan, -np.inf, 1, 2, 2, np.inf, np.nan, 0, -0.0], dtype))
    v_np = np.array([np.nan, np.inf, -np.inf, 2, 0, -0.0, 1.5, 3], dtype)
    assert_same(cp.searchsorted(cp.asarray(a_np), cp.asarray(v_np), side),
                np.searchsorted(a_np, v_np, side))


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_searchsorted_complex_lexicographic_with_nans(dtype, side):
    nan = np.nan
    vals = np.array([1 + 1j, 1 - 1j, 0, complex(1, nan), complex(nan, 0), complex(nan, nan),
                     -2 + 5j, 1 + 0j, complex(nan, -1), 1 + 1j], dtype)
    a_np = np.sort(vals)
    assert_same(cp.searchsorted(cp.asarray(a_np), cp.asarray(vals), side),
                np.searchsorted(a_np, vals, side))


@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_sorter_and_views(side):
    a_np = sample((50,), np.float64, 3)
    order = np.argsort(a_np, kind='stable')
    v_np = sample((4, 6), np.float64, 4)[:, ::2]
    got = cp.searchsorted(cp.asarray(a_np), cp.asarray(sample((4, 6), np.float64, 4))[:, ::2],
                          side=side, sorter=cp.asarray(order))
    assert_same(got, np.searchsorted(a_np, v_np, side=side, sorter=order))
    # a strided haystack
    base = np.sort(sample((60,), np.int32, 6))
    assert_same(cp.searchsorted(cp.asarray(base)[::2], cp.asarray(v_np), side),
                np.searchsorted(base[::2], v_np, side))


def test_searchsorted_scalars_empty_and_mixed_types():
    a_np = np.array([1, 3, 5, 7], np.int32)
    a_cp = cp.asarray(a_np)
    for v in [4, 4.5, -1, 10**10, 5, True]:
        assert_same(cp.searchsorted(a_cp, v), np.searchsorted(a_np, v))
    assert_same(cp.searchsorted(a_cp, cp.asarray(np.zeros(0, np.float32))),
                np.searchsorted(a_np, np.zeros(0, np.float32)))
    e = np.zeros(0, np.float64)
    assert_same(cp.searchsorted(cp.asarray(e), cp.asarray([1.0, 2.0]), 'right'),
                np.searchsorted(e, [1.0, 2.0], 'right'))
    assert_same(cp.searchsorted(a_cp, cp.asarray([[2.5, 9.0]])),
                np.searchsorted(a_np, [[2.5, 9.0]]))
    for arr, v in [(np.array([0, 5, 200], np.uint8), -1), (np.array([-5, 0, 100], np.int8), 300),
                   (np.array([-5, 0, 100], np.int8), -300), (np.array([0, 9], np.uint16), 70000)]:
        for side in ("left", "right"):
            assert_same(cp.searchsorted(cp.asarray(arr), v, side), np.searchsorted(arr, v, side))
    u = np.array([0, 5, 2**63], np.uint64)
    assert_same(cp.searchsorted(cp.asarray(u), cp.asarray(np.array([2**63 - 1, 2**63], np.uint64))),
                np.searchsorted(u, np.array([2**63 - 1, 2**63], np.uint64)))


def test_searchsorted_errors():
    a_cp = cp.asarray([1.0, 2.0, 3.0])
    with pytest.raises(ValueError):
        cp.searchsorted(a_cp, 1.0, side='middle')
    with pytest.raises(ValueError):
        cp.searchsorted(cp.asarray([[1.0, 2.0]]), 1.0)
    with pytest.raises(ValueError):
        cp.searchsorted(cp.asarray(1.0), 1.0)
    with pytest.raises(ValueError):
        cp.searchsorted(a_cp, 1.0, sorter=cp.asarray([0, 1]))
    with pytest.raises(ValueError):
        cp.searchsorted(a_cp, 1.0, sorter=cp.asarray([0, 1, 3]))
    with pytest.raises(TypeError):
        cp.searchsorted(a_cp, 1.0, sorter=cp.asarray([0.0, 1.0, 2.0]))


# ---------------------------------------------------------------- digitize

@pytest.mark.parametrize("right", [False, True])
@pytest.mark.parametrize("bins", [[0.0, 1.0, 2.5, 4.0], [4.0, 2.5, 1.0, 0.0], [1.0],
                                  [1.0, 1.0, 2.0], [3.0, 3.0, 3.0], []], ids=str)
def test_digitize_increasing_decreasing(bins, right):
    x_np = np.array([-1.0, 0.0, 0.5, 1.0, 2.5, 3.9, 4.0, 5.0, np.nan, np.inf, -np.inf])
    b_np = np.array(bins)
    assert_same(cp.digitize(cp.asarray(x_np), cp.asarray(b_np), right=right),
                np.digitize(x_np, b_np, right=right))


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.uint16, np.int64, np.float32])
def test_digitize_dtypes_and_views(dtype):
    x_np = sample((5, 6), dtype, 1)[:, ::2]
    b_np = np.sort(sample((7,), dtype, 2))
    b_np = np.unique(b_np)
    assert_same(cp.digitize(cp.asarray(sample((5, 6), dtype, 1))[:, ::2], cp.asarray(b_np)),
                np.digitize(x_np, b_np))
    assert_same(cp.digitize(cp.asarray(x_np), cp.asarray(b_np[::-1]), True),
                np.digitize(x_np, b_np[::-1], True))


def test_digitize_errors():
    with pytest.raises(ValueError):
        cp.digitize(cp.asarray([1.0]), cp.asarray([1.0, 3.0, 2.0]))
    with pytest.raises(TypeError):
        cp.digitize(cp.asarray([1j]), cp.asarray([1.0, 2.0]))
    with pytest.raises(ValueError):
        cp.digitize(cp.asarray([1.0]), cp.asarray([[1.0, 2.0]]))
