"""flip, rot90, roll, the split family, unstack and tile against NumPy."""
import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same, check_same_outcome, make_pair


def same_list(r_cp, r_np):
    assert len(r_cp) == len(r_np)
    for a, b in zip(r_cp, r_np):
        assert_same(a, b)


@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 1)])
def test_flip(axis, layout, dtype):
    a_np, a_cp = make_pair(layout, dtype)
    check_same_outcome(lambda: cp.flip(a_cp, axis), lambda: np.flip(a_np, axis))


@pytest.mark.parametrize("fn", ["fliplr", "flipud"])
def test_fliplr_flipud(fn, layout):
    a_np, a_cp = make_pair(layout, np.int32)
    check_same_outcome(lambda: getattr(cp, fn)(a_cp), lambda: getattr(np, fn)(a_np))


@pytest.mark.parametrize("k", [-3, -1, 0, 1, 2, 3, 4, 5])
@pytest.mark.parametrize("axes", [(0, 1), (1, 0), (0, 2), (-1, -2), (0, 0), (0, 3)])
def test_rot90(k, axes):
    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    check_same_outcome(lambda: cp.rot90(cp.asarray(a), k, axes), lambda: np.rot90(a, k, axes))


@pytest.mark.parametrize("shift,axis", [(1, None), (-7, None), (2, 0), (-1, 1), (5, -1), ((1, 2), (0, 1)),
                                        ((1, -1), (1, 1)), (0, 0), (3, 2)])
def test_roll(shift, axis, layout, dtype):
    a_np, a_cp = make_pair(layout, dtype)
    r = check_same_outcome(lambda: cp.roll(a_cp, shift, axis), lambda: np.roll(a_np, shift, axis))
    if r[0] is not None and r[0].size:
        assert not np.shares_memory(r[1], a_np)  # NumPy copies; so must we (checked by writing)
        before = cp.asnumpy(a_cp).copy()
        r[0].fill(0)
        np.testing.assert_array_equal(cp.asnumpy(a_cp), before)


@pytest.mark.parametrize("fn,arg,axis", [
    ("split", 2, 0), ("split", 3, 1), ("split", [1, 3], 1), ("split", [], 0), ("split", 4, 0),
    ("array_split", 3, 0), ("array_split", 4, 1), ("array_split", [2, 10], 1), ("array_split", 0, 0),
    ("array_split", 7, -1),
])
def test_split_family(fn, arg, axis):
    a = np.arange(24).reshape(4, 6)
    check_same_outcome(lambda: getattr(cp, fn)(cp.asarray(a), arg, axis), lambda: getattr(np, fn)(a, arg, axis),
                       compare=same_list)


@pytest.mark.parametrize("fn", ["hsplit", "vsplit", "dsplit"])
@pytest.mark.parametrize("shape", [(6,), (4, 6), (2, 4, 6), ()], ids=repr)
def test_hvd_split(fn, shape):
    a = np.arange(int(np.prod(shape))).reshape(shape)
    check_same_outcome(lambda: getattr(cp, fn)(cp.asarray(a), 2), lambda: getattr(np, fn)(a, 2),
                       compare=same_list)


def test_split_views_share_memory():
    a = cp.arange(6)
    parts = cp.split(a, 3)
    parts[1][0] = 100
    assert int(a[2]) == 100


@pytest.mark.parametrize("axis", [0, 1, -1, 2])
def test_unstack(axis):
    a = np.arange(24).reshape(2, 3, 4)
    check_same_outcome(lambda: cp.unstack(cp.asarray(a), axis=axis), lambda: np.unstack(a, axis=axis),
                       compare=same_list)
    check_same_outcome(lambda: cp.unstack(cp.asarray(np.float32(1))), lambda: np.unstack(np.float32(1)))


@pytest.mark.parametrize("reps", [2, (2,), (2, 1), (1, 3), (2, 2, 2), (0, 2), 1, (1, 1)], ids=repr)
def test_tile(reps, layout, dtype):
    a_np, a_cp = make_pair(layout, dtype)
    r = check_same_outcome(lambda: cp.tile(a_cp, reps), lambda: np.tile(a_np, reps))
    if r[0] is not None:
        assert r[0].flags.c_contiguous and r[0].flags.owndata or r[0].base is not None


@pytest.mark.parametrize("shape, reps", [((0,), -1), ((3, 0), (1, -1)), ((3, 0), (-1, 2)),
                                         ((3,), -1)], ids=repr)
def test_tile_negative_reps_of_empty_like_numpy(shape, reps):
    # NumPy only reshapes an empty array: negative counts give length 0 (or a reshape error)
    a_np = np.zeros(shape, np.uint16)
    check_same_outcome(lambda: cp.tile(cp.asarray(a_np), reps), lambda: np.tile(a_np, reps))
