"""cunumpy.testing's CuPy-style decorators, used as a CuPy project's tests use them, and
checked to fail when the two libraries disagree."""

import numpy as np
import pytest

import cunumpy
from cunumpy import testing


@testing.for_all_dtypes()
@testing.numpy_cupy_allclose()
def test_allclose_sum_all_dtypes(xp, dtype):
    a = testing.shaped_arange((2, 3), xp, dtype)
    return a.sum(axis=0)


@testing.for_float_dtypes(no_float16=True)
@testing.numpy_cupy_allclose(rtol={np.float32: 1e-6, "default": 1e-12})
def test_allclose_per_dtype_rtol(xp, dtype):
    return xp.sqrt(testing.shaped_random((4, 5), xp, dtype))


@testing.for_int_dtypes(no_bool=True)
@testing.numpy_cupy_array_equal()
def test_array_equal_int(xp, dtype):
    return testing.shaped_reverse_arange((3, 4), xp, dtype) * 2


@testing.for_signed_dtypes()
@testing.for_unsigned_dtypes(name="udtype")
@testing.numpy_cupy_array_equal(type_check=False)
def test_signed_unsigned_loops(xp, dtype, udtype):
    return testing.shaped_arange((3,), xp, dtype) + testing.shaped_arange((3,), xp, udtype)


@testing.for_complex_dtypes()
@testing.numpy_cupy_array_almost_equal(decimal=5)
def test_almost_equal_complex(xp, dtype):
    return testing.shaped_arange((2, 2), xp, dtype).conj()


@testing.for_dtypes_combination([np.int32, np.float64], names=("a", "b"), full=True)
@testing.numpy_cupy_allclose()
def test_dtype_combination(xp, a, b):
    return xp.ones(3, a) + xp.ones(3, b)


@testing.for_all_dtypes_combination(names=("x", "y"), no_complex=True, no_float16=True)
@testing.numpy_cupy_array_equal()
def test_all_dtypes_combination(xp, x, y):
    return xp.zeros(2, x) * xp.zeros(2, y)


@testing.for_CF_orders()
@testing.numpy_cupy_array_equal(strides_check=True)
def test_orders(xp, order):
    return xp.zeros((2, 3), dtype=np.float32, order=order or "C")


@testing.numpy_cupy_equal()
def test_equal_plain_values(xp):
    return xp.arange(4).shape


@testing.numpy_cupy_array_list_equal()
def test_array_list_equal(xp):
    return [xp.arange(3), xp.ones(2)]


@testing.numpy_cupy_array_less()
def test_array_less(xp):
    # the decorator checks cunumpy's result < NumPy's
    return xp.arange(3) - (1 if xp is cunumpy else 0)


@testing.numpy_cupy_raises()
def test_raises_same_type(xp):
    xp.zeros((2, 3)).reshape(4)


@testing.numpy_cupy_allclose(accept_error=ValueError)
def test_accept_error(xp):
    return xp.zeros((2, 3)).reshape(5)


@testing.numpy_cupy_array_max_ulp(maxulp=2)
def test_max_ulp(xp):
    return xp.exp(xp.linspace(0, 1, 7, dtype=np.float64))


@testing.numpy_cupy_array_almost_equal_nulp(nulp=2)
def test_almost_equal_nulp(xp):
    return xp.linspace(0, 1, 5)


@testing.parameterize(*testing.product({"n": [1, 3], "dtype": [np.float32, np.int64]}))
class TestParameterized:
    @testing.numpy_cupy_array_equal()
    def test_arange(self, xp):
        return xp.arange(self.n, dtype=self.dtype)


@testing.with_requires("numpy>=2")
def test_with_requires_met():
    assert testing.installed("numpy>=2")
    assert not testing.installed("numpy<1")
    assert not testing.installed("surely-not-a-package-name")


@testing.with_requires("surely-not-a-package-name")
def test_with_requires_unmet_is_skipped():  # pragma: no cover - skipped
    raise AssertionError("should have been skipped")


@testing.fix_random()
def test_fix_random_seeds_numpy():
    assert np.random.rand() == np.random.RandomState(0).rand()


def test_product_and_product_dict():
    assert testing.product({"a": [1, 2], "b": [3]}) == [{"a": 1, "b": 3}, {"a": 2, "b": 3}]
    assert testing.product_dict([{"a": 1}, {"a": 2}], [{"b": 3}]) == [
        {"a": 1, "b": 3}, {"a": 2, "b": 3}]


def test_shaped_helpers_match_cupy_definitions():
    a = testing.shaped_arange((2, 3), cunumpy, np.int32)
    assert a.dtype == np.int32 and cunumpy.asnumpy(a).tolist() == [[1, 2, 3], [4, 5, 6]]
    r = testing.shaped_reverse_arange((3,), np, np.int64)
    assert r.tolist() == [3, 2, 1]
    b = testing.shaped_arange((4,), np, np.bool_)
    assert b.tolist() == [False, True, False, True]
    s = testing.shaped_random((2, 2), cunumpy, np.float64, scale=1, seed=3)
    np.testing.assert_array_equal(cunumpy.asnumpy(s), np.random.RandomState(3).rand(2, 2))


# The decorators must fail when NumPy and cunumpy disagree.

def test_allclose_detects_a_difference():
    @testing.numpy_cupy_allclose()
    def wrong(xp):
        return xp.ones(3) * (2 if xp is cunumpy else 1)
    with pytest.raises(AssertionError):
        wrong()


def test_type_check_detects_dtype_difference():
    @testing.numpy_cupy_array_equal()
    def wrong(xp):
        return xp.ones(3, dtype=np.float32 if xp is cunumpy else np.float64)
    with pytest.raises(AssertionError, match="dtype"):
        wrong()


def test_error_on_one_side_only_fails():
    @testing.numpy_cupy_allclose(accept_error=True)
    def wrong(xp):
        if xp is np:
            raise ValueError("only numpy")
        return xp.ones(1)
    with pytest.raises(AssertionError, match="numpy raised"):
        wrong()


def test_raises_needs_both_to_raise():
    @testing.numpy_cupy_raises()
    def wrong(xp):
        if xp is cunumpy:
            raise ValueError("only cunumpy")
    with pytest.raises(AssertionError):
        wrong()


def test_dtype_loop_names_the_failing_dtype():
    @testing.for_dtypes([np.int8, np.float32])
    def wrong(dtype):
        assert dtype is not np.float32, "boom"
    with pytest.raises(AssertionError, match="float32"):
        wrong()
