"""Comparisons shared by the reduction and scan tests: NumPy's dtype and shape exactly,
values within a tolerance of the dtype (summation order differs from NumPy's on CUDA)."""
import numpy as np

from _helpers import assert_same, check_same_outcome

RTOL = {'e': 2e-3, 'f': 2e-6, 'd': 1e-13, 'F': 2e-6, 'D': 1e-13}


def close(got, exp):
    exp = np.asarray(exp)
    assert_same(got, exp, rtol=RTOL.get(exp.dtype.char), exact_zero_sign=False)


def same(fn_cp, fn_np):
    """Same result as NumPy, or the same exception (a TypeError for NumPy's UFuncTypeError)."""
    def np_side():
        try:
            return fn_np()
        except TypeError as e:
            raise TypeError(str(e)) from None
    check_same_outcome(fn_cp, np_side, close)
