"""array()/asarray() of nested lists and tuples that hold cunumpy arrays (with scalars and
NumPy arrays mixed in): assembled on the device, with NumPy's shape, dtype and errors
(the oracle: NumPy on the same nesting with the arrays copied to the host)."""
import warnings

import numpy as np
import pytest

import cunumpy as cp


def _host(obj):
    if isinstance(obj, cp.ndarray):
        return cp.asnumpy(obj)
    if isinstance(obj, (list, tuple)):
        return type(obj)(_host(o) for o in obj)
    return obj


def _check(nested, dtype=None, fn="array"):
    want = getattr(np, fn)(_host(nested), dtype=dtype)
    got = getattr(cp, fn)(nested, dtype=dtype)
    assert isinstance(got, cp.ndarray)
    assert got.shape == want.shape and got.dtype == want.dtype, (got.shape, got.dtype, want.shape, want.dtype)
    np.testing.assert_array_equal(cp.asnumpy(got), want)
    assert got.flags.c_contiguous


X = cp.arange(6, dtype=cp.float32).reshape(2, 3)
Y = cp.arange(6, dtype=cp.int16).reshape(2, 3) - 3
Z = cp.asarray([True, False, True])
C = cp.asarray([1 + 2j, 3j, -1], dtype=cp.complex64)

CASES = {
    "two_arrays": lambda: [X, Y],
    "tuple": lambda: (X[0], X[1], Y[0]),
    "nested": lambda: [[X, X], [Y, Y]],
    "views": lambda: [X.T, X.T[::-1], X[:, ::-1].T],
    "mixed_list": lambda: [X[0], [7, 8, 9]],
    "mixed_numpy": lambda: [X[0], np.array([1.5, 2.5, 3.5])],
    "scalars_0d": lambda: [X[0, 0], 2, 3.5, Y[1, 2]],
    "scalars_only_0d": lambda: [X.sum(), Y.sum()],
    "bool": lambda: [Z, Z],
    "bool_int": lambda: [Z, [1, 2, 3]],
    "complex": lambda: [C, X[0]],
    "python_complex": lambda: [X[0, 1], 1j],
    "numpy_scalars": lambda: [X[0, 1], np.float16(2), np.int8(3)],
    "empty_arrays": lambda: [X[:, :0], X[:, :0]],
    "empty_outer": lambda: [[], []],
    "deep": lambda: [[[X[0, 0]]], [[X[1, 1]]]],
    "single": lambda: [X],
    "zero_d_array_alone": lambda: [cp.asarray(5)],
    "big_list": lambda: [X[i % 2, i % 3] for i in range(50)],
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("fn", ["array", "asarray"])
def test_matches_numpy(case, fn):
    _check(CASES[case](), fn=fn)


@pytest.mark.parametrize("dtype", ["int8", "uint8", "float16", "float64", "complex128", "bool"])
@pytest.mark.parametrize("case", ["two_arrays", "mixed_list", "scalars_0d", "complex"])
def test_explicit_dtype(case, dtype):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", np.exceptions.ComplexWarning)  # complex to real
        _check(CASES[case](), dtype=dtype)


RAGGED = {
    "lengths": lambda: [X[0], X[0, :2]],
    "array_and_scalar": lambda: [X[0], 1.0],
    "depth": lambda: [[X[0]], [X[0], X[0]]],
    "inner": lambda: [[X[0], X[0]], [X[0], X[1, :1]]],
    "list_vs_array": lambda: [X, [[1, 2, 3]]],
}


@pytest.mark.parametrize("case", list(RAGGED))
def test_ragged_raises_numpy_error(case):
    nested = RAGGED[case]()
    with pytest.raises(ValueError) as want:
        np.array(_host(nested))
    with pytest.raises(ValueError) as got:
        cp.array(nested)
    assert str(got.value) == str(want.value)


def test_nan_into_integer():
    with pytest.raises(ValueError):
        np.array([np.float32(1), float("nan")], dtype=np.int64)
    with pytest.raises(ValueError):
        cp.array([X[0, 0], float("nan")], dtype=cp.int64)


def test_no_host_round_trip(monkeypatch):
    # The device path never asks for the arrays' host values.
    def refuse(*a, **k):
        raise AssertionError("copied to the host")
    monkeypatch.setattr(cp.ndarray, "get", refuse)
    monkeypatch.setattr(cp.ndarray, "tolist", refuse)
    out = cp.array([X, Y])
    monkeypatch.undo()
    np.testing.assert_array_equal(cp.asnumpy(out), np.array([cp.asnumpy(X), cp.asnumpy(Y)]))


def test_result_is_a_new_array():
    a = cp.arange(3.0)
    out = cp.array([a])
    out[0, 0] = 99
    assert float(a[0]) == 0.0
    assert out.device == a.device


def test_setitem_with_nested_device_arrays():
    a = np.zeros((2, 2, 3), dtype=np.float64)
    x = cp.zeros((2, 2, 3))
    a[0] = [cp.asnumpy(X[0]), cp.asnumpy(Y[0])]
    x[0] = [X[0], Y[0]]
    a[1, :, 1:] = [[1, 2], cp.asnumpy(X[1, 1:])]
    x[1, :, 1:] = [[1, 2], X[1, 1:]]
    np.testing.assert_array_equal(cp.asnumpy(x), a)


def test_too_deep():
    v = X[0, 0]
    for _ in range(65):
        v = [v]
    with pytest.raises(ValueError):
        cp.array(v)


def test_self_referential_list():
    a = [X[0, 0]]
    a.append(a)
    with pytest.raises((ValueError, RecursionError)):
        cp.array(a)


def test_leaf_that_resizes_the_list():
    # A host element whose conversion changes the outer list: an error, never a crash or
    # uninitialized values.
    outer = []

    class Shrinker:
        def __array__(self, dtype=None, copy=None):
            outer.clear()
            return np.zeros(3)

    outer.extend([X[0], Shrinker(), X[1]])
    with pytest.raises(ValueError):
        cp.array(outer)
