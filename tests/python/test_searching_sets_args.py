"""Argument handling of where, clip, searchsorted, digitize and the set functions, whose
work is C++ (ops/searching.hpp, clip.hpp, sets.hpp): array-likes and NumPy scalars as
operands, clip's ufunc keywords, side= spellings and the errors NumPy raises first."""
import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same, check_same_outcome


def test_where_array_likes_and_numpy_scalars():
    c = np.array([True, False, True])
    for x, y in [([1, 2, 3], 0.5), (np.float32(2), [1, 2, 3]), (np.int8(3), np.uint8(4)),
                 ((1.5, 2.5, 3.5), 7), (np.array(2.0), 1)]:
        got = cp.where(cp.asarray(c), x if not isinstance(x, np.ndarray) else cp.asarray(x),
                       y if not isinstance(y, np.ndarray) else cp.asarray(y))
        assert_same(got, np.where(c, x, y))
    assert_same(cp.where([[True], [False]], 1, [2, 3]), np.where([[True], [False]], 1, [2, 3]))


def test_where_takes_numpy_arrays_as_array_likes():
    assert_same(cp.where(cp.asarray([True, False]), np.ones(2, np.float32), 1),
                np.where([True, False], np.ones(2, np.float32), 1))


@pytest.mark.parametrize('kw', [dict(dtype=np.float64), dict(casting='unsafe', dtype=np.int32),
                                dict(where=np.array([True, False, True, True]))])
def test_clip_ufunc_keywords(kw):
    x = np.array([-1.5, 0.25, 3.0, 9.0], np.float32)
    out_np = np.zeros(4, kw.get('dtype', np.float32))
    out_cp = cp.asarray(out_np)
    kw_cp = {k: (cp.asarray(v) if isinstance(v, np.ndarray) else v) for k, v in kw.items()}
    assert cp.clip(cp.asarray(x), 0, 2, out=out_cp, **kw_cp) is out_cp
    assert_same(out_cp, np.clip(x, 0, 2, out=out_np, **kw))
    assert cp.clip(cp.asarray(x), 0, 2, out=(out_cp,), **kw_cp) is out_cp


def test_clip_method_list_input_and_bad_keyword():
    x = np.array([1, 5, 9], np.int16)
    assert_same(cp.asarray(x).clip(2, 6), x.clip(2, 6))
    assert_same(cp.asarray(x).clip(max=4), x.clip(max=4))
    assert_same(cp.clip([1, 5, 9], 2, [3, 4, 5]), np.clip([1, 5, 9], 2, [3, 4, 5]))
    assert_same(cp.clip(cp.asarray(x), -2**70, 2**70), np.clip(x, -2**70, 2**70))
    with pytest.raises(TypeError):
        cp.clip(cp.asarray(x), 0, 1, bogus=1)


@pytest.mark.parametrize('side', ['left', 'right', 'L', 'Right', 'rx'])
def test_searchsorted_side_spellings(side):
    a, v = np.array([1, 2, 2, 3]), np.array([2, 0, 5])
    check_same_outcome(lambda: cp.searchsorted(cp.asarray(a), cp.asarray(v), side),
                       lambda: np.searchsorted(a, v, side))


def test_searchsorted_errors_in_numpys_order():
    for side in ('bad', 3, None):
        check_same_outcome(lambda: cp.searchsorted(cp.asarray([1, 2]), 1, side),
                           lambda: np.searchsorted([1, 2], 1, side))
    # a's depth is checked before side.
    with pytest.raises(ValueError, match='too deep'):
        cp.searchsorted(cp.zeros((2, 2)), 1.0, 'bad')
    check_same_outcome(lambda: cp.searchsorted([1.0, 2.0], 1.5, sorter=[0.0, 1.0]),
                       lambda: np.searchsorted([1.0, 2.0], 1.5, sorter=[0.0, 1.0]))
    assert_same(cp.searchsorted([1, 3, 5], [[4, 0]], 'right', [0, 1, 2]),
                np.searchsorted([1, 3, 5], [[4, 0]], 'right', [0, 1, 2]))


def test_digitize_lists_and_errors():
    assert_same(cp.digitize([0.5, 3.0, 7.0], [0, 1, 5, 9]), np.digitize([0.5, 3.0, 7.0], [0, 1, 5, 9]))
    assert_same(cp.digitize([0.5, 3.0, 7.0], [9, 5, 1, 0], right=True),
                np.digitize([0.5, 3.0, 7.0], [9, 5, 1, 0], right=True))
    assert_same(cp.digitize(cp.asarray(np.array([1, 200], np.uint8)), np.array([250, 100, 0], np.uint8)
                            if False else cp.asarray(np.array([250, 100, 0], np.uint8))),
                np.digitize(np.array([1, 200], np.uint8), np.array([250, 100, 0], np.uint8)))
    for x, bins in [([1j], [0, 1]), ([1.0], [[0, 1]]), ([1.0], [0, 2, 1])]:
        check_same_outcome(lambda: cp.digitize(x, bins), lambda: np.digitize(x, bins))


def test_unique_lists_zero_d_and_axis_errors():
    assert_same(cp.unique([3, 1, 3]), np.unique([3, 1, 3]))
    got = cp.unique(cp.asarray(np.array(4.0)), return_inverse=True, return_counts=True)
    exp = np.unique(np.array(4.0), return_inverse=True, return_counts=True)
    for g, e in zip(got, exp):
        assert_same(g, e)
    a = np.arange(6).reshape(2, 3)
    for axis in (2, -3):
        check_same_outcome(lambda: cp.unique(cp.asarray(a), axis=axis),
                           lambda: np.unique(a, axis=axis))
    with pytest.raises(TypeError):
        cp.unique(cp.asarray(a), axis=1.0)


def test_set_functions_take_lists():
    assert_same(cp.intersect1d([1, 3, 4, 3], [3, 1, 2, 1]), np.intersect1d([1, 3, 4, 3], [3, 1, 2, 1]))
    got = cp.intersect1d([1, 3, 4, 3], [3, 1, 2, 1], return_indices=True)
    for g, e in zip(got, np.intersect1d([1, 3, 4, 3], [3, 1, 2, 1], return_indices=True)):
        assert_same(g, e)
    assert_same(cp.union1d([-1, 0, 1], [-2, 0, 2]), np.union1d([-1, 0, 1], [-2, 0, 2]))
    assert_same(cp.setdiff1d([1, 2, 3, 2, 4, 1], [3, 4, 5, 6]),
                np.setdiff1d([1, 2, 3, 2, 4, 1], [3, 4, 5, 6]))
    assert_same(cp.setxor1d([1, 2, 3, 2, 4], [2, 3, 5, 7, 5]),
                np.setxor1d([1, 2, 3, 2, 4], [2, 3, 5, 7, 5]))
    assert_same(cp.isin([[0, 2], [4, 6]], [1, 2, 4, 8], invert=True),
                np.isin([[0, 2], [4, 6]], [1, 2, 4, 8], invert=True))
    with pytest.raises(ValueError):
        cp.isin([1], [1], kind='hash')
