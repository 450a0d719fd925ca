"""concatenate, stack and the *stack helpers against NumPy: dtypes, axes, layouts, errors."""
import numpy as np
import pytest

import cunumpy as cp
from _helpers import ALL_DTYPES, assert_same, check_same_outcome, make_pair


@pytest.mark.parametrize("layout", ["contig", "fortran", "negstride", "noncontig", "broadcast"])
@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_concatenate_layouts_and_axes(layout, axis, dtype):
    a_np, a_cp = make_pair(layout, dtype)
    b_np, b_cp = make_pair(layout, dtype, seed=1)
    if a_np.ndim < 2 and axis not in (0, -1, None):
        pytest.skip("axis beyond this layout's dimensions (checked in the error tests)")
    check_same_outcome(lambda: cp.concatenate([a_cp, b_cp, a_cp], axis=axis),
                       lambda: np.concatenate([a_np, b_np, a_np], axis=axis),
                       compare=assert_same)


@pytest.mark.parametrize("d1", ALL_DTYPES)
@pytest.mark.parametrize("d2", [np.bool_, np.int8, np.uint64, np.float16, np.float64, np.complex64])
def test_concatenate_promotes_like_numpy(d1, d2):
    a = np.arange(6).reshape(2, 3).astype(d1)
    b = np.arange(3).reshape(1, 3).astype(d2)
    assert_same(cp.concatenate([cp.asarray(a), cp.asarray(b)]), np.concatenate([a, b]))


def test_concatenate_dtype_casting_and_out():
    a, b = np.arange(4.0).reshape(2, 2), np.ones((1, 2), np.float32)
    assert_same(cp.concatenate([cp.asarray(a), cp.asarray(b)], dtype=np.float32),
                np.concatenate([a, b], dtype=np.float32))
    with pytest.raises(TypeError):
        cp.concatenate([cp.asarray(a)], dtype=np.int32)  # same_kind forbids float -> int
    assert_same(cp.concatenate([cp.asarray(a)], dtype=np.int32, casting="unsafe"),
                np.concatenate([a], dtype=np.int32, casting="unsafe"))
    out = cp.empty((3, 2))
    r = cp.concatenate([cp.asarray(a), cp.asarray(b)], out=out)
    assert r is out
    assert_same(out, np.concatenate([a, b]))
    assert_same(cp.concat([cp.asarray(a), cp.asarray(b)]), np.concat([a, b]))


def test_concatenate_empty_pieces_and_lists():
    a = np.zeros((0, 3), np.int32)
    b = np.arange(6, dtype=np.int32).reshape(2, 3)
    assert_same(cp.concatenate([cp.asarray(a), cp.asarray(b), cp.asarray(a)]), np.concatenate([a, b, a]))
    assert_same(cp.concatenate([[1, 2], [3]]), np.concatenate([[1, 2], [3]]))


@pytest.mark.parametrize("arrays,axis", [
    ([np.zeros((2, 3)), np.zeros((2, 4))], 0),
    ([np.zeros((2, 3)), np.zeros(3)], 0),
    ([np.zeros(()), np.zeros(())], 0),
    ([], 0),
    ([np.zeros(3)], 1),
    ([np.zeros(3)], -2),
], ids=["mismatch", "ndim", "0d", "empty-list", "axis", "neg-axis"])
def test_concatenate_errors_like_numpy(arrays, axis):
    check_same_outcome(lambda: cp.concatenate([cp.asarray(a) for a in arrays], axis=axis),
                       lambda: np.concatenate(arrays, axis=axis))


@pytest.mark.parametrize("axis", [0, 1, 2, -1, -3])
def test_stack(axis, dtype):
    a_np, a_cp = make_pair("noncontig", dtype)
    b_np, b_cp = make_pair("noncontig", dtype, seed=2)
    check_same_outcome(lambda: cp.stack([a_cp, b_cp], axis=axis), lambda: np.stack([a_np, b_np], axis=axis),
                       compare=assert_same)


def test_stack_errors_like_numpy():
    check_same_outcome(lambda: cp.stack([cp.zeros(3), cp.zeros(4)]), lambda: np.stack([np.zeros(3), np.zeros(4)]))
    check_same_outcome(lambda: cp.stack([cp.zeros(3)], axis=2), lambda: np.stack([np.zeros(3)], axis=2))
    check_same_outcome(lambda: cp.stack([]), lambda: np.stack([]))


# NumPy checks the arrays (count, shapes) before the axis's type.
@pytest.mark.parametrize("shapes", [[(2, 0, 1), (2, 0, 2)], [(2,), (2,)], []], ids=repr)
@pytest.mark.parametrize("axis", [None, 1.0, np.int64(1)], ids=repr)
def test_stack_checks_arrays_before_axis(shapes, axis):
    check_same_outcome(lambda: cp.stack([cp.zeros(s) for s in shapes], axis=axis),
                       lambda: np.stack([np.zeros(s) for s in shapes], axis=axis))


@pytest.mark.parametrize("fn", ["hstack", "vstack", "dstack", "column_stack"])
@pytest.mark.parametrize("shapes", [[(3,), (3,)], [(2, 3), (2, 3)], [(), ()], [(2, 3, 1), (2, 3, 1)]],
                         ids=repr)
def test_stack_helpers(fn, shapes):
    arrs = [np.arange(int(np.prod(s)), dtype=np.float32).reshape(s) + i for i, s in enumerate(shapes)]
    check_same_outcome(lambda: getattr(cp, fn)([cp.asarray(a) for a in arrs]),
                       lambda: getattr(np, fn)(arrs), compare=assert_same)


@pytest.mark.parametrize("axis", [1.5, 0.0, "0"])
def test_concatenate_non_integer_axis_is_type_error(axis):
    a_np = np.zeros((2, 3))
    check_same_outcome(lambda: cp.concatenate([cp.asarray(a_np)] * 2, axis=axis),
                       lambda: np.concatenate([a_np] * 2, axis=axis))
