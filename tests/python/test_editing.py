"""repeat, append, insert, delete, resize, trim_zeros against NumPy on the current device."""
import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same, check_same_outcome, sample


@pytest.mark.parametrize('dtype', [np.float32, np.int8, np.complex64, np.bool_])
@pytest.mark.parametrize('args', [(2, None), (0, None), (3, 0), (1, 1), ([1, 0, 2], 0),
                                  ([2, 2, 1, 0], 1), (np.array([3]), 1), (2, -1)])
def test_repeat(dtype, args):
    a = sample((3, 4), dtype)
    reps, axis = args
    check_same_outcome(lambda: cp.repeat(cp.asarray(a), reps, axis=axis),
                       lambda: np.repeat(a, reps, axis=axis))


def test_repeat_noncontiguous_and_errors():
    a = sample((4, 6), np.float64)[::-1, ::2]
    assert_same(cp.repeat(cp.asarray(a), 2, axis=1), np.repeat(a, 2, axis=1))
    assert_same(cp.asarray(a).repeat(2), a.repeat(2))
    for bad in ([1, 2], -1, 1.5, [1, -1, 1]):
        check_same_outcome(lambda: cp.repeat(cp.arange(3), bad), lambda: np.repeat(np.arange(3), bad))
    check_same_outcome(lambda: cp.repeat(cp.arange(3), 2, axis=1), lambda: np.repeat(np.arange(3), 2, axis=1))


@pytest.mark.parametrize('axis', [None, 0, 1])
def test_append(axis):
    a, v = sample((2, 3), np.float32), sample((2, 3), np.int16, 3)
    assert_same(cp.append(cp.asarray(a), cp.asarray(v), axis=axis), np.append(a, v, axis=axis))
    assert_same(cp.append(cp.arange(3), [7, 8]), np.append(np.arange(3), [7, 8]))
    check_same_outcome(lambda: cp.append(cp.ones((2, 3)), cp.ones((2, 2)), axis=0),
                       lambda: np.append(np.ones((2, 3)), np.ones((2, 2)), axis=0))


@pytest.mark.parametrize('obj', [0, -1, 2, slice(1, 3), slice(None, None, 2), [0, 2], [2, 0, 2],
                                 np.array([True, False, True, False]), [], [-4, 3]])
@pytest.mark.parametrize('axis', [None, 0, 1])
def test_delete(obj, axis):
    a = sample((4, 4), np.float64)
    check_same_outcome(lambda: cp.delete(cp.asarray(a), obj, axis=axis),
                       lambda: np.delete(a, obj, axis=axis))


def test_delete_errors_name_the_axis():
    with pytest.raises(IndexError, match="axis 1 with size 3"):
        cp.delete(cp.ones((2, 3)), 5, axis=1)
    check_same_outcome(lambda: cp.delete(cp.ones(4), [True, False]), lambda: np.delete(np.ones(4), [True, False]))


@pytest.mark.parametrize('obj,values', [(1, 9), (0, [7, 8, 9]), (3, [[1], [2], [3]]), (-1, 5),
                                        ([1], 9), ([0, 2], [5, 6]), ([2, 0, 2], 4), (slice(0, 3), 7),
                                        ([], 3), (4, [1, 2, 3])])
@pytest.mark.parametrize('axis', [None, 0, 1])
def test_insert(obj, values, axis):
    a = sample((3, 4), np.int32)
    check_same_outcome(lambda: cp.insert(cp.asarray(a), obj, values, axis=axis),
                       lambda: np.insert(a, obj, values, axis=axis))


def test_insert_errors():
    check_same_outcome(lambda: cp.insert(cp.arange(3), 5, 1), lambda: np.insert(np.arange(3), 5, 1))
    check_same_outcome(lambda: cp.insert(cp.arange(3), [0, 9], 1), lambda: np.insert(np.arange(3), [0, 9], 1))
    check_same_outcome(lambda: cp.insert(cp.arange(3), [[0]], 1), lambda: np.insert(np.arange(3), [[0]], 1))


# NumPy's bookkeeping: a one-element obj inserts a block, several indices are shifted then
# written (colliding or still out-of-range positions fail as its assignments do).
@pytest.mark.parametrize('shape,obj,values,axis', [
    ((0,), [-1, -1], [1, 2], None), ((0,), [-1, 0], [1, 2], None), ((0,), [1, 1], [[1], [2]], None),
    ((0,), [-1, 0], [[1], [2]], None), ((0, 3), [0], [1, 2], 0), ((2, 3), 0, [[[1, 2, 3]]], 0),
    ((2, 3), [0, 1], [[[1, 2, 3]]], 0), ((3,), np.array([True, False, True]), 7, None),
    ((3,), np.array([[True]]), 7, None), ((3,), [2], [7, 8], None), ((3,), [5], [7, 8], None),
    ((2, 2), [1], [[7], [8]], 1), ((2, 4), [1], [[1], [2]], 0)], ids=repr)
def test_insert_like_numpy(shape, obj, values, axis):
    a = np.arange(int(np.prod(shape))).reshape(shape)
    check_same_outcome(lambda: cp.insert(cp.asarray(a), obj, values, axis=axis),
                       lambda: np.insert(a, obj, values, axis=axis))


@pytest.mark.parametrize('shape', [5, (2, 3), (3, 4), (0,), (2, 0), ()])
def test_resize(shape):
    a = sample((2, 3), np.float32)
    assert_same(cp.resize(cp.asarray(a), shape), np.resize(a, shape))
    assert_same(cp.resize(cp.zeros(0), shape), np.resize(np.zeros(0), shape))
    check_same_outcome(lambda: cp.resize(cp.ones(2), (-1, 2)), lambda: np.resize(np.ones(2), (-1, 2)))


@pytest.mark.parametrize('trim', ['fb', 'f', 'b'])
@pytest.mark.parametrize('data', [[0, 0, 1, 2, 0, 3, 0], [0, 0, 0], [1, 2], [], [0.0, -0.0, 4.0, 0.0]])
def test_trim_zeros_1d(trim, data):
    a = np.array(data, dtype=np.float32)
    got = cp.trim_zeros(cp.asarray(a), trim)
    assert_same(got, np.trim_zeros(a, trim))


def test_trim_zeros_nd_and_view():
    a = np.zeros((5, 6), np.int16)
    a[1:3, 2:5] = 7
    x = cp.asarray(a)
    assert_same(cp.trim_zeros(x), np.trim_zeros(a))
    assert_same(cp.trim_zeros(x, 'f', axis=1), np.trim_zeros(a, 'f', axis=1))
    v = cp.trim_zeros(x)
    v[...] = 1  # a view, as NumPy's
    assert int(x.sum()) == 6
    check_same_outcome(lambda: cp.trim_zeros(x, 'x'), lambda: np.trim_zeros(a, 'x'))


@pytest.mark.parametrize("shape, repeats, axis", [
    ((), 2, 0), ((), [3], -1), ((), 2, 1), ((0,), -1, 0), ((3, 0), -1, 1), ((0, 3), -2, None),
    ((0,), [], -1), ((0,), [], None)])
def test_repeat_0d_and_empty_like_numpy(shape, repeats, axis):
    # a 0-d array repeats as 1-d; counts are checked per element (none on an empty axis)
    a_np = sample(shape, np.float32)
    check_same_outcome(lambda: cp.repeat(cp.asarray(a_np), repeats, axis=axis),
                       lambda: np.repeat(a_np, repeats, axis=axis))
