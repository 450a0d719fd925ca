"""cunumpy.testing: every assertion passes on equal input and raises AssertionError on
unequal input, for cunumpy arrays, NumPy arrays, lists and scalars, in any mix."""

import numpy as np
import pytest

import cunumpy as cp
import cunumpy.testing as cpt
from _helpers import ALL_DTYPES, make_pair, sample


def _forms(a_np):
    """The same values as a NumPy array, a cunumpy array (contiguous and strided), a list."""
    a_cp = cp.asarray(a_np)
    strided = cp.asarray(np.repeat(a_np[..., None], 2, axis=-1))[..., 0] if a_np.ndim else a_cp
    return [a_np, a_cp, strided, a_np.tolist()]


@pytest.mark.parametrize("name,kwargs", [
    ("assert_allclose", {}), ("assert_allclose", {"rtol": 0, "atol": 0}),
    ("assert_array_equal", {}), ("assert_array_almost_equal", {}),
    ("assert_array_almost_equal", {"decimal": 3}), ("assert_equal", {}),
    ("assert_array_max_ulp", {}), ("assert_array_max_ulp", {"maxulp": 0}),
    ("assert_array_almost_equal_nulp", {}),
], ids=lambda v: v if isinstance(v, str) else repr(v))
@pytest.mark.parametrize("shape", [(), (4,), (2, 3)], ids=repr)
def test_equal_inputs_pass(name, kwargs, shape):
    fn = getattr(cpt, name)
    dtypes = ALL_DTYPES if name not in ("assert_array_max_ulp",
                                        "assert_array_almost_equal_nulp") else \
        [d for d in ALL_DTYPES if d.kind == "f"]
    for dtype in dtypes:
        a_np = sample(shape, dtype, 1)
        for x in _forms(a_np):
            for y in _forms(a_np):
                fn(x, y, **kwargs)


@pytest.mark.parametrize("name", ["assert_allclose", "assert_array_equal",
                                  "assert_array_almost_equal", "assert_equal",
                                  "assert_array_max_ulp", "assert_array_almost_equal_nulp"])
@pytest.mark.parametrize("dtype", [np.dtype("float32"), np.dtype("float64")],
                         ids=["float32", "float64"])
def test_unequal_inputs_raise(name, dtype):
    fn = getattr(cpt, name)
    a_np = sample((2, 3), dtype, 1)
    b_np = a_np.copy()
    b_np[1, 2] += 1
    for x in _forms(a_np)[:3]:
        for y in _forms(b_np)[:3]:
            with pytest.raises(AssertionError):
                fn(x, y)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=[d.name for d in ALL_DTYPES])
def test_array_equal_detects_difference_every_dtype(dtype):
    a_np = sample((5,), dtype, 1)
    b_np = a_np.copy()
    b_np[3] = (not b_np[3]) if dtype.kind == "b" else b_np[3] + 1
    with pytest.raises(AssertionError):
        cpt.assert_array_equal(cp.asarray(a_np), cp.asarray(b_np))
    with pytest.raises(AssertionError):
        cpt.assert_array_equal(cp.asarray(a_np), b_np)
    with pytest.raises(AssertionError):
        cpt.assert_allclose(a_np, cp.asarray(b_np))
    with pytest.raises(AssertionError):
        cpt.assert_array_almost_equal(cp.asarray(a_np), b_np)
    with pytest.raises(AssertionError):
        cpt.assert_equal(cp.asarray(a_np), cp.asarray(b_np))


def test_shape_mismatch_raises():
    with pytest.raises(AssertionError):
        cpt.assert_array_equal(cp.zeros((2, 3)), cp.zeros((3, 2)))
    with pytest.raises(AssertionError):
        cpt.assert_allclose(cp.zeros(3), np.zeros(4))


def test_tolerances():
    a = cp.asarray(np.array([1.0, 2.0, 3.0]))
    b = np.array([1.0, 2.0, 3.0 + 1e-5])
    cpt.assert_allclose(a, b, rtol=1e-5)
    with pytest.raises(AssertionError):
        cpt.assert_allclose(a, b, rtol=1e-7)
    cpt.assert_allclose(a, b, rtol=0, atol=2e-5)
    cpt.assert_array_almost_equal(a, b, decimal=4)
    with pytest.raises(AssertionError):
        cpt.assert_array_almost_equal(a, b, decimal=6)
    with pytest.raises(AssertionError):
        cpt.assert_array_almost_equal_nulp(a, b, nulp=1)
    ulps = cpt.assert_array_max_ulp(a, cp.asarray(b), maxulp=2**40)
    np.testing.assert_array_equal(np.asarray(ulps), np.testing.assert_array_max_ulp(
        np.array([1.0, 2.0, 3.0]), b, maxulp=2**40))


def test_nan_handling():
    a = cp.asarray(np.array([1.0, np.nan]))
    cpt.assert_array_equal(a, np.array([1.0, np.nan]))
    cpt.assert_allclose(a, np.array([1.0, np.nan]))
    with pytest.raises(AssertionError):
        cpt.assert_allclose(a, np.array([1.0, np.nan]), equal_nan=False)
    with pytest.raises(AssertionError):
        cpt.assert_array_equal(a, np.array([1.0, 2.0]))


def test_strict():
    a = cp.asarray(np.array([1, 2], dtype=np.int32))
    cpt.assert_array_equal(a, np.array([1, 2], dtype=np.int64))
    with pytest.raises(AssertionError):
        cpt.assert_array_equal(a, np.array([1, 2], dtype=np.int64), strict=True)
    cpt.assert_array_equal(a, np.array([1, 2], dtype=np.int32), strict=True)
    with pytest.raises(AssertionError):
        cpt.assert_allclose(a, np.array([1, 2], dtype=np.int64), strict=True)
    with pytest.raises(AssertionError):
        cpt.assert_equal(a, np.array([1, 2], dtype=np.int64), strict=True)


def test_array_less():
    a = cp.asarray(np.array([1.0, 2.0]))
    cpt.assert_array_less(a, np.array([1.5, 2.5]))
    cpt.assert_array_less(a, cp.asarray(np.array([1.5, 2.5])))
    cpt.assert_array_less(np.array([0.0, 0.0]), a)
    cpt.assert_array_less(a, 3)
    with pytest.raises(AssertionError):
        cpt.assert_array_less(a, np.array([1.0, 2.5]))
    with pytest.raises(AssertionError):
        cpt.assert_array_less(a, a)


def test_scalars_and_lists():
    cpt.assert_allclose(cp.asarray(np.array(2.0)), 2.0)
    cpt.assert_array_equal(cp.asarray(np.array([1, 2])), [1, 2])
    cpt.assert_equal(cp.asarray(np.array(3)), 3)
    cpt.assert_equal([cp.asarray(np.array([1, 2])), 5], [np.array([1, 2]), 5])
    cpt.assert_equal({"a": cp.asarray(np.array([1.0]))}, {"a": np.array([1.0])})
    with pytest.raises(AssertionError):
        cpt.assert_equal([cp.asarray(np.array([1, 2])), 5], [np.array([1, 3]), 5])
    with pytest.raises(AssertionError):
        cpt.assert_allclose(cp.asarray(np.array(2.0)), 2.1)


def test_err_msg_is_shown():
    with pytest.raises(AssertionError, match="custom message 123"):
        cpt.assert_array_equal(cp.zeros(2), np.ones(2), err_msg="custom message 123")
    with pytest.raises(AssertionError, match="custom message 456"):
        cpt.assert_allclose(cp.zeros(2), np.ones(2), err_msg="custom message 456")


def test_views_are_compared_by_value(layout):
    a_np, a_cp = make_pair(layout, np.complex64)
    cpt.assert_array_equal(a_cp, a_np)
    cpt.assert_allclose(a_cp, a_np)
    if a_np.size:
        b_np = a_np.copy()
        b_np.flat[0] += 1
        with pytest.raises(AssertionError):
            cpt.assert_array_equal(a_cp, b_np)


def test_module_is_reachable_as_attribute():
    assert cp.testing is cpt
    for name in ("assert_allclose", "assert_array_equal", "assert_array_almost_equal",
                 "assert_array_less", "assert_array_max_ulp"):
        assert callable(getattr(cp.testing, name))
