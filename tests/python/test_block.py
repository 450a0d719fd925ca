"""block against NumPy: nesting depths, block ndims below and above the depth, dtypes,
views, scalars, and NumPy's errors (empty lists, mismatched depths, tuples, shapes)."""
import numpy as np
import pytest

import cunumpy as cp
from _helpers import ALL_DTYPES, DTYPE_IDS, assert_same, check_same_outcome, sample


def _conv(nest, xp):
    if isinstance(nest, list):
        return [_conv(n, xp) for n in nest]
    return xp.asarray(nest) if isinstance(nest, np.ndarray) else nest


def _check(nest):
    check_same_outcome(lambda: cp.block(_conv(nest, cp)), lambda: np.block(nest))


A = sample((2, 2), "float64")
B = sample((2, 1), "int32", seed=1)
C = sample((1, 3), "float32", seed=2)
V = sample((3,), "int64", seed=3)


@pytest.mark.parametrize("nest", [
    [A, B],
    [[A, B], [C]],
    [[A], [sample((1, 2), "float64")]],
    [V, V[::-1]],
    [[V], [V]],
    [[[V]]],
    [1, 2, 3],
    [[1, 2], [3, 4.5]],
    [A.T, A[:, ::-1]],
    [[A, np.zeros((2, 3))], [np.ones((1, 2)), np.full((1, 3), 7.0)]],
    [sample((2, 0), "float64"), A],
    [[np.ones((2, 2, 2))], [np.zeros((1, 2, 2))]],
    [np.array(5), np.array([6, 7])],
    [[1, 2], [3]],
    [[1, 2], 3],
    [[1, 2], [3, [4]]],
    [],
    [[]],
    [[1], []],
    [A, np.zeros((3, 1))],
    [np.ones(2), np.ones((2, 2))],
])
def test_block(nest):
    _check(nest)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
def test_block_dtypes(dtype):
    a, b = sample((2, 3), dtype), sample((2, 2), dtype, seed=1)
    assert_same(cp.block([cp.asarray(a), cp.asarray(b)]), np.block([a, b]))
    assert_same(cp.block([[cp.asarray(a)], [cp.asarray(a)[::-1]]]), np.block([[a], [a[::-1]]]))


def test_block_leaf_and_tuple():
    assert_same(cp.block(5), np.block(5))
    x = cp.asarray(V)
    assert cp.block(x) is x or cp.block(x).shape == (3,)
    assert_same(cp.block(x), np.block(V))
    check_same_outcome(lambda: cp.block((1, 2)), lambda: np.block((1, 2)))
    check_same_outcome(lambda: cp.block([[1, 2], (3, 4)]), lambda: np.block([[1, 2], (3, 4)]))
    nest = 1
    for _ in range(70):
        nest = [nest]
    with pytest.raises(ValueError):
        cp.block(nest)
