"""NEP 13 / NEP 18: NumPy's functions and ufuncs called on cunumpy arrays run cunumpy's and
return cunumpy arrays."""

import numpy as np
import pytest

import cunumpy as cp


def _x():
    return cp.arange(12, dtype=cp.float64).reshape(3, 4)


@pytest.mark.parametrize("name, args, kwargs", [
    ("sum", (), {}), ("sum", (), {"axis": 0}), ("mean", (), {"axis": 1}),
    ("max", (), {}), ("argmax", (), {}), ("cumsum", (), {"axis": 1}),
    ("transpose", (), {}), ("ravel", (), {}), ("sort", (), {"axis": 0}),
    ("where", (), {}),
])
def test_array_function_dispatches(name, args, kwargs):
    x = _x()
    if name == "where":
        r = np.where(x > 3, x, 0.0)
        e = np.where(cp.asnumpy(x) > 3, cp.asnumpy(x), 0.0)
    else:
        r = getattr(np, name)(x, *args, **kwargs)
        e = getattr(np, name)(cp.asnumpy(x), *args, **kwargs)
    assert isinstance(r, cp.ndarray) or np.isscalar(r) or getattr(r, "shape", None) == ()
    np.testing.assert_allclose(cp.asnumpy(r), e)


def test_concatenate_and_stack_dispatch():
    x, y = cp.arange(3), cp.arange(3, 6)
    r = np.concatenate([x, y])
    assert isinstance(r, cp.ndarray)
    np.testing.assert_array_equal(cp.asnumpy(r), np.arange(6))
    s = np.stack([x, y])
    assert isinstance(s, cp.ndarray) and s.shape == (2, 3)


def test_function_cunumpy_lacks_raises_numpy_typeerror():
    # A NumPy function with no cunumpy counterpart: NumPy's own TypeError, no silent
    # conversion to a NumPy array.
    candidates = {"unwrap": lambda a: np.unwrap(a), "trapezoid": lambda a: np.trapezoid(a),
                  "i0": lambda a: np.i0(a), "sinc": lambda a: np.sinc(a)}
    missing = [n for n in candidates if not hasattr(cp, n)]
    if not missing:
        pytest.skip("cunumpy has every candidate function")
    with pytest.raises(TypeError, match="no implementation found"):
        candidates[missing[0]](cp.arange(3.0))


@pytest.mark.parametrize("ufunc", [np.add, np.multiply, np.maximum, np.arctan2])
def test_array_ufunc_call(ufunc):
    x = _x()
    r = ufunc(x, 2.0)
    assert isinstance(r, cp.ndarray)
    np.testing.assert_allclose(cp.asnumpy(r), ufunc(cp.asnumpy(x), 2.0))


def test_array_ufunc_unary_and_out():
    x = _x()
    out = cp.empty_like(x)
    r = np.sqrt(x, out=out)
    assert r is out
    np.testing.assert_allclose(cp.asnumpy(out), np.sqrt(cp.asnumpy(x)))


def test_array_ufunc_methods():
    x = _x()
    np.testing.assert_allclose(cp.asnumpy(np.add.reduce(x, axis=1)), cp.asnumpy(x).sum(axis=1))
    np.testing.assert_allclose(cp.asnumpy(np.add.accumulate(x, axis=0)),
                               np.add.accumulate(cp.asnumpy(x), axis=0))
    o = np.multiply.outer(cp.arange(3), cp.arange(4))
    assert isinstance(o, cp.ndarray)
    np.testing.assert_array_equal(cp.asnumpy(o), np.multiply.outer(np.arange(3), np.arange(4)))
    a = cp.zeros(4)
    np.add.at(a, cp.asarray([0, 0, 2]), 1.0)
    np.testing.assert_array_equal(cp.asnumpy(a), [2.0, 0.0, 1.0, 0.0])


def test_numpy_scalar_and_array_operands():
    x = cp.arange(3, dtype=cp.float32)
    r = np.float32(2) * x
    assert isinstance(r, cp.ndarray) and r.dtype == np.float32
    # a NumPy array meets a cunumpy array: no implicit host-to-device copy, as in CuPy
    with pytest.raises(TypeError, match="no implicit host-to-device copy"):
        np.arange(3.0) + x
