"""Comparisons shared by the reduction and scan tests: NumPy's dtype and shape exactly,
values within a tolerance of the dtype (on CUDA the summation order differs from NumPy's,
so a small absolute tolerance covers results that cancel to near zero)."""
import numpy as np

import cunumpy as cp
from _helpers import check_same_outcome

RTOL = {'e': 2e-3, 'f': 2e-6, 'd': 1e-13, 'F': 2e-6, 'D': 1e-13}


def close(got, exp):
    exp = np.asarray(exp)
    assert isinstance(got, cp.ndarray), f"expected a cunumpy ndarray, got {type(got)!r}"
    assert got.dtype == exp.dtype, (got.dtype, exp.dtype)
    assert got.shape == exp.shape, (got.shape, exp.shape)
    g = cp.asnumpy(got)
    if exp.dtype.kind in 'fc':
        r = RTOL[exp.dtype.char]
        np.testing.assert_allclose(g, exp, rtol=r, atol=10 * r, equal_nan=True)
    else:
        np.testing.assert_array_equal(g, exp)


def same(fn_cp, fn_np):
    """Same result as NumPy, or the same exception (a TypeError for NumPy's UFuncTypeError)."""
    def np_side():
        try:
            return fn_np()
        except TypeError as e:
            raise TypeError(str(e)) from None
    check_same_outcome(fn_cp, np_side, close)


def ufunc_operand(dtype, seed):
    """A (3, 5) operand for ufunc.reduce/accumulate: bool, small positive integers, floats
    in [0.5, 2) (no overflow or domain errors whatever the ufunc)."""
    rng = np.random.default_rng(seed)
    if dtype == 'bool':
        return rng.integers(0, 2, (3, 5)).astype(bool)
    if np.dtype(dtype).kind in 'iu':
        return rng.integers(1, 4, (3, 5)).astype(dtype)
    return rng.uniform(0.5, 2, (3, 5)).astype(dtype)
