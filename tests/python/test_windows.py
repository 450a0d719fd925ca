"""bartlett, blackman, hamming, hanning, kaiser and i0 against NumPy: sizes (negative, 0,
1, even, odd, non-integral), argument types and errors."""
import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same, check_same_outcome

SIZES = [-3, 0, 1, 2, 3, 8, 51, 4.5, np.int8(6), np.float32(7), True]


@pytest.mark.parametrize("name", ["bartlett", "blackman", "hamming", "hanning"])
@pytest.mark.parametrize("M", SIZES, ids=[repr(m) for m in SIZES])
def test_windows(name, M):
    r = getattr(cp, name)(M)
    assert isinstance(r, cp.ndarray)
    assert_same(r, getattr(np, name)(M), rtol=1e-13)


@pytest.mark.parametrize("M", SIZES, ids=[repr(m) for m in SIZES])
@pytest.mark.parametrize("beta", [0, 0.5, 5, 8.6, 14.0, 40.0])
def test_kaiser(M, beta):
    with np.errstate(invalid="ignore"):  # a non-integral M takes sqrt of a negative
        exp = np.kaiser(M, beta)
    assert_same(cp.kaiser(M, beta), exp, rtol=1e-12)


def test_windows_are_on_the_current_device_and_symmetric():
    w = cp.hanning(9)
    assert w.device == cp.zeros(1).device
    h = cp.asnumpy(w)
    np.testing.assert_array_equal(h, h[::-1])


@pytest.mark.parametrize("case", [
    lambda xp: xp.bartlett("a"),
    lambda xp: xp.hamming(None),
    lambda xp: xp.kaiser(4, 3j),
])
def test_window_errors(case):
    # (a complex M is a TypeError here; NumPy computes a complex window from it)
    check_same_outcome(lambda: case(cp), lambda: case(np))


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "int32", "uint8", "bool"])
def test_i0(dtype):
    x = np.array([0, 1, 2, 7.5, 8, 8.5, 20, 30], dtype=np.float64)
    if np.dtype(dtype).kind in "fc":
        x = np.concatenate([x, -x, [np.inf, -np.inf, np.nan]])
    x = x.astype(dtype)
    with np.errstate(over="ignore", invalid="ignore"):
        exp = np.i0(x)
    tol = {"float16": 2e-3, "float32": 2e-6}.get(dtype, 1e-13)
    assert_same(cp.i0(cp.asarray(x)), exp, rtol=tol)
    with np.errstate(over="ignore", invalid="ignore"):
        exp = np.i0(x[::-2])
    assert_same(cp.i0(cp.asarray(x)[::-2]), exp, rtol=tol)
    check_same_outcome(lambda: cp.i0(cp.asarray([1j])), lambda: np.i0(np.array([1j])))
