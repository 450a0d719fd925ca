"""Advanced indexing against NumPy: integer arrays (cunumpy, NumPy, lists, nested tuples)
of any shape broadcast together, mixed with slices, Ellipsis, None and integers (NumPy's
rule for where the advanced dimensions go), boolean masks of every shape, 0-d index
arrays, negative and repeated indices, empty selections; __setitem__ with broadcasting,
casting and repeated indices; the errors NumPy raises."""

import numpy as np
import pytest

import cunumpy as cp
from _helpers import (ALL_DTYPES, DTYPE_IDS, assert_same, check_same_outcome, make_pair,
                      sample, to_np)

E = Ellipsis
S = slice
A = np.array
SHAPE = (4, 5, 6)
_m = sample(SHAPE, np.int8, seed=3) > 0  # masks of the test array's shapes

INDICES = [
    [0, 2], [-1, 0, -4], [[0, 1], [2, 3]], A([3, 3, 0]), A([], dtype=np.int64), [],
    ([0, 1], [2, 3]), ([0, 1], S(None), [2, 3]), (S(None), [0, 4], [1, 5]),
    (S(1, 3), [0, -1]), (E, [1, 2]), ([1, 2], E), ([[0], [1]], [0, 1, 2]),
    ([[0], [1]], S(None), [0, 1, 2]), (0, S(None), [1, 2]), (S(None), 0, [1, 2]),
    ([1, 2], 0), (0, [1, 2]), (None, [1, 2]), ([1, 2], None), (S(None), None, [0, 1]),
    (S(None), [1], None, [2]), (None, [0, 1], None, [0, 1], None),
    (A(1),), (A(1), S(None), A([0, 2])), (A([[1]]), 2, A([0, 1])), (S(None, None, -1), [0, 1]),
    (S(None, None, 2), [[0, 1], [2, 3]], S(1, None)), ([0, 1], [1, 0], [5, 4]),
    ([[0, 1, 2]], [[0], [1]]), (E, [[0, 1]], [[1], [2]]), (S(None), [0, 0, 0]),
    _m, _m[0], _m[:, :, 0], _m[0, 0], (S(None), _m[0]), (1, _m[0, :, 0]), (E, _m[0, 0]),
    (_m[:, 0, 0], S(None), [0, 5]), (_m[:, 0, 0], [1, 2], S(None)), True, False, A(True),
    (True, [0, 1]), (A(False), S(None)), (S(None), True, [1]), (_m[:, :, 0], [0, 1, 2, 3, 4]),
    ((0, 1),), ((0, 1), (2, 3)), (np.int64(2), [0, 1]), A([1, 0], dtype=np.uint8),
    A([1, -1], dtype=np.int16), A([3, 1], dtype=np.uint64), A([2], dtype=np.int32),
    _m.reshape(-1)[:5] & False, np.zeros((0,), bool), np.zeros((0, 6), bool),
    (S(None), np.zeros((5, 0), bool)), [True, False, True, False], ([True, False, True, True], 1),
    ([2 ** 40],), (A([[0]]), A([1, 2])),
]
ERRORS = [
    [4], [-5], (S(None), [5]), (S(None), S(None), [0, 6]), ([0, 1], [0, 1, 2]),
    A([0.0, 1.0]), ([0.5],), _m[0], (S(None), _m), _m[:3], ([0], [0], [0], [0]),
    (E, E, [0]), ["a"], ([0, S(None)],), {0: 1}, 2.5, (S(0, 0), S(None), [7]), (S(0, 0), [-6]),
]


def _ids(idx):
    s = repr(idx).replace("array", "A").replace("slice", "s").replace("Ellipsis", "E")
    return s if len(s) < 60 else s[:50] + str(abs(hash(s)) % 1000)


def _to_cp(idx):
    """The same index with every NumPy array (not lists) made a cunumpy array."""
    if isinstance(idx, tuple):
        return tuple(_to_cp(i) for i in idx)
    return cp.asarray(idx) if isinstance(idx, np.ndarray) else idx


@pytest.mark.parametrize("index", INDICES + ERRORS, ids=[_ids(i) for i in INDICES + ERRORS])
def test_getitem(index):
    a_np = sample(SHAPE, np.float32)
    a_cp = cp.asarray(a_np)
    check_same_outcome(lambda: a_cp[index], lambda: a_np[index])
    check_same_outcome(lambda: a_cp[_to_cp(index)], lambda: a_np[index])


def test_out_of_bounds_message():
    a = cp.arange(5)
    with pytest.raises(IndexError, match="index 10 is out of bounds for axis 0 with size 5"):
        a[[1, 10]]
    b = cp.zeros((3, 4))
    with pytest.raises(IndexError, match="index -5 is out of bounds for axis 1 with size 4"):
        b[:, cp.asarray([0, -5])]
    with pytest.raises(IndexError, match="boolean index did not match indexed array along axis 0; "
                                         "size of axis is 3 but size of corresponding boolean axis is 2"):
        b[cp.asarray([True, False])]
    with pytest.raises(IndexError, match="arrays used as indices must be of integer"):
        b[cp.asarray([0.0])]
    with pytest.raises(IndexError, match="arrays used as indices must be of integer"):
        b[np.array([0.0])]
    with pytest.raises(IndexError, match="only integers, slices"):
        b[[0.5]]


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
def test_getitem_all_dtypes(dtype):
    a_np = sample(SHAPE, dtype)
    a_cp = cp.asarray(a_np)
    for index in ([2, 0, -1], (S(None), [[0, 1]], [[2], [3]]), a_np.real > 0 if dtype.kind != "b" else a_np,
                  (E, A([5, 0]))):
        assert_same(a_cp[_to_cp(index)], a_np[index])


@pytest.mark.parametrize("layout", ["noncontig", "negstride", "fortran", "broadcast", "contig",
                                    "empty"])
def test_getitem_layouts(layout):
    a_np, a_cp = make_pair(layout, np.int32)
    for index in ([0, -1], (S(None), [1, 0]), a_np > 0, ([1, 0], [0, 1]), (E, [0])):
        check_same_outcome(lambda: a_cp[_to_cp(index)], lambda: a_np[index])


def test_noncontiguous_index_arrays():
    a_np = sample((6, 7), np.float64)
    a_cp = cp.asarray(a_np)
    i_np = np.arange(24).reshape(4, 6)[::2, ::-3] % 6
    assert_same(a_cp[cp.asarray(np.arange(24).reshape(4, 6) % 6)[::2, ::-3]], a_np[i_np])
    assert_same(a_cp[cp.asarray(i_np).T, 1:4], a_np[i_np.T, 1:4])


def test_large_mask_and_take():
    a_np = sample((300, 1000), np.float32, seed=5)
    a_cp = cp.asarray(a_np)
    assert_same(a_cp[a_cp > 0], a_np[a_np > 0])
    assert_same(a_cp[:, a_cp[0] > 0], a_np[:, a_np[0] > 0])
    idx = np.random.default_rng(0).integers(-300, 300, 5000)
    assert_same(a_cp[cp.asarray(idx), 7], a_np[idx, 7])


# ---- __setitem__ -----------------------------------------------------------------------

SET_CASES = [
    ([0, 2], 7), ([0, 2], [[1.5]]), (([0, 1], [2, 3]), A([10, 20])), ((S(None), [0, 4]), -1),
    ((E, [1, 2]), A([1, 2])), (_m, 0), (_m, "vals"), ((S(None), _m[0]), 3),
    (([[0], [1]], [0, 1, 2]), A([[1, 2, 3]])), ((0, S(None), [1, 2]), A([[5], [6], [7], [8], [9]])),
    (([1, 2], 0), A([[[4.7, 5.2]]])), ((None, [1, 2]), 9), (True, 5), (False, 5),
    (A([], dtype=np.int64), 1), ([-1, -4], A([1, 2])), (A(2), 8), ((A(1), S(None), A([0, 2])), 4),
    (_m, A([5.5])), (_m, A([[[[-2]]]])), (_m, A([1, 2])), (_m & False, A([1, 2])),
]


@pytest.mark.parametrize("index,value", SET_CASES, ids=[_ids(i) for i, _ in SET_CASES])
def test_setitem(index, value):
    for dtype in (np.int32, np.float64, np.complex64):
        a_np = sample(SHAPE, dtype)
        a_cp = cp.asarray(a_np)
        if isinstance(value, str):  # as many values as the mask selects
            value = np.arange(int(np.count_nonzero(index)))
        v_cp = cp.asarray(value) if isinstance(value, np.ndarray) else value

        def set_np():
            a_np[index] = value
            return a_np

        def set_cp():
            a_cp[_to_cp(index)] = v_cp
            return a_cp

        check_same_outcome(set_cp, set_np)


SET_ERRORS = [([0, 5], 1), ([0, 1], A([1, 2, 3])), (_m[0], 1), ((S(None), [0, 1]), A([[1, 2, 3]])),
              (A([0.5]), 1)]


@pytest.mark.parametrize("index,value", SET_ERRORS, ids=[_ids(i) for i, _ in SET_ERRORS])
def test_setitem_errors(index, value):
    a_np = sample(SHAPE, np.float32)
    a_cp = cp.asarray(a_np)
    v_cp = cp.asarray(value) if isinstance(value, np.ndarray) else value

    def set_np():
        a_np[index] = value

    def set_cp():
        a_cp[_to_cp(index)] = v_cp

    check_same_outcome(set_cp, set_np, compare=lambda *_: None)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
def test_setitem_all_dtypes_and_casts(dtype):
    a_np = sample((5, 4), dtype)
    a_cp = cp.asarray(a_np)
    v_np = sample((2, 4), np.float64, seed=9)
    a_np[[3, 1]] = v_np.astype(dtype)
    a_cp[[3, 1]] = cp.asarray(v_np)  # cast like NumPy's unsafe setitem cast
    assert_same(a_cp, a_np)
    m_np = sample((5, 4), np.int8, seed=2) > 0
    a_np[m_np] = 1
    a_cp[cp.asarray(m_np)] = 1
    assert_same(a_cp, a_np)


def test_setitem_noncontiguous_destination_and_self_overlap():
    a_np, a_cp = make_pair("noncontig", np.float64)
    a_np[[0, 2], 1:] = a_np[[1, 0], :2]
    a_cp[[0, 2], 1:] = a_cp[[1, 0], :2]
    assert_same(a_cp, a_np)
    m_np = a_np > 0
    a_np[m_np] = -7
    a_cp[cp.asarray(m_np)] = -7
    assert_same(a_cp, a_np)
    b_np = sample((8,), np.int64)
    b_cp = cp.asarray(b_np)
    b_np[[1, 2, 3]] = b_np[0:3]  # value is a view of the destination
    b_cp[[1, 2, 3]] = b_cp[0:3]
    assert_same(b_cp, b_np)


def test_setitem_repeated_indices_one_write_wins():
    a = cp.zeros(4, dtype=cp.int64)
    a[cp.asarray([1, 1, 1, 2])] = cp.asarray([5, 6, 7, 8])
    got = to_np(a)
    assert got[1] in (5, 6, 7) and got[2] == 8 and got[0] == 0 and got[3] == 0


def test_getitem_returns_copy():
    a = cp.arange(6)
    b = a[[0, 1]]
    b[0] = 100
    assert int(a[0]) == 0


@pytest.mark.parametrize("index", [(A(0),), (A(1), S(1, None)), (E, A(-1))],
                         ids=["alone", "with_slice", "after_ellipsis"])
def test_0d_integer_array_index_returns_copy(index):
    # NumPy places a 0-d integer array like an integer but, as advanced indexing, copies
    a = cp.arange(6).reshape(2, 3)
    b = a[index]
    assert_same(b, np.arange(6).reshape(2, 3)[index])
    b[...] = 100
    assert_same(a, np.arange(6).reshape(2, 3))


@pytest.mark.parametrize("shape, index", [
    ((3, 0), (A([[-3], [-4]]), A([], dtype=np.int64))),
    ((0,), (False, [1])),
    ((2, 3), ([5, 7], A([], dtype=np.int64).reshape(0, 1))),
])
def test_index_arrays_broadcasting_to_nothing_are_not_bounds_checked(shape, index):
    a_np = np.zeros(shape, np.int8)
    a_cp = cp.asarray(a_np)
    check_same_outcome(lambda: a_cp[index], lambda: a_np[index])

    def set_(a):
        a[index] = 1
        return a
    check_same_outcome(lambda: set_(a_cp), lambda: set_(a_np))


@pytest.mark.parametrize("shape, index, value", [
    ((2, 3), (E, [0], [1], S(None)), np.nan),
    ((0, 3), (None, -1, A([True, False, True])), -3),
    ((3, 1, 2), (3, -1, A([0, 1])), 1.5 + 2j),
])
def test_setitem_bad_index_reported_before_bad_value(shape, index, value):
    a_np = np.zeros(shape, np.uint8)
    a_cp = cp.asarray(a_np)

    def set_(a):
        a[index] = value
        return a
    check_same_outcome(lambda: set_(a_cp), lambda: set_(a_np))
