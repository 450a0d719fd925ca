"""Reductions (sum, prod, max, min, mean) against NumPy: result dtypes, axes, keepdims,
dtype=, strides, empty and 0-d inputs. Integer results are exact; float results are
compared with a tolerance scaled to the dtype (summation order differs from NumPy's)."""
import numpy as np
import pytest

import cunumpy as cp

DTYPES = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
          np.uint64, np.float16, np.float32, np.float64, np.complex64, np.complex128]
RTOL = {'e': 1e-2, 'f': 1e-5, 'd': 1e-12, 'F': 1e-5, 'D': 1e-12}


def data(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    dt = np.dtype(dtype)
    if dt.kind == 'b':
        return rng.integers(0, 2, shape).astype(dt)
    if dt.kind in 'iu':
        return rng.integers(0, 5, shape).astype(dt)
    x = rng.uniform(-1, 1, shape)
    if dt.kind == 'c':
        x = x + 1j * rng.uniform(-1, 1, shape)
    return x.astype(dt)


def check(expected, got):
    got = cp.asnumpy(got)
    expected = np.asarray(expected)
    assert got.dtype == expected.dtype, (got.dtype, expected.dtype)
    assert got.shape == expected.shape, (got.shape, expected.shape)
    if expected.dtype.kind in 'fc':
        np.testing.assert_allclose(got, expected, rtol=RTOL[expected.dtype.char],
                                   atol=RTOL[expected.dtype.char] * 10)
    else:
        np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize('dtype', DTYPES)
def test_sum_dtypes(dtype):
    x = data((7, 9), dtype)
    xc = cp.asarray(x)
    check(np.sum(x), cp.sum(xc))
    check(x.sum(axis=0), xc.sum(axis=0))
    check(x.sum(axis=1), xc.sum(axis=1))
    check(x.sum(axis=-1, keepdims=True), xc.sum(axis=-1, keepdims=True))


@pytest.mark.parametrize('axis', [None, 0, 1, 2, -1, (0, 2), (1, 2), (0, 1, 2), ()])
def test_sum_axes(axis):
    x = data((3, 4, 5), np.float64)
    xc = cp.asarray(x)
    check(np.sum(x, axis=axis), cp.sum(xc, axis=axis))
    check(np.sum(x, axis=axis, keepdims=True), cp.sum(xc, axis=axis, keepdims=True))


@pytest.mark.parametrize('dtype', [np.float32, np.float64, np.int64, np.int8, np.complex64])
def test_sum_dtype_argument(dtype):
    x = data((4, 6), np.int16)
    check(np.sum(x, dtype=dtype), cp.sum(cp.asarray(x), dtype=dtype))
    check(np.sum(x, axis=0, dtype=dtype), cp.asarray(x).sum(axis=0, dtype=dtype))


def test_sum_float16_accumulates_in_float32():
    x = np.full(10000, 0.1, np.float16)
    got = cp.sum(cp.asarray(x))
    assert got.dtype == np.float16
    np.testing.assert_allclose(float(got), float(np.sum(x)), rtol=1e-3)


def test_sum_large_pairwise_accuracy():
    x = np.full(1_000_003, 0.1, np.float32)
    got = float(cp.sum(cp.asarray(x)))
    np.testing.assert_allclose(got, float(np.sum(x)), rtol=1e-6)
    big = data((300, 1000), np.float32, 3)
    check(big.sum(axis=1), cp.asarray(big).sum(axis=1))
    check(big.sum(axis=0), cp.asarray(big).sum(axis=0))


def test_sum_strided_and_negative_strides():
    x = data((8, 10), np.float64)
    xc = cp.asarray(x)
    check(x[::2, ::-3].sum(), xc[::2, ::-3].sum())
    check(x.T.sum(axis=0), xc.T.sum(axis=0))
    check(x[:, ::-1].sum(axis=1), xc[:, ::-1].sum(axis=1))


def test_sum_empty_and_zero_d():
    check(np.sum(np.zeros((0,), np.float32)), cp.sum(cp.asarray(np.zeros((0,), np.float32))))
    e = np.zeros((3, 0), np.int32)
    check(e.sum(axis=1), cp.asarray(e).sum(axis=1))
    check(e.sum(axis=0), cp.asarray(e).sum(axis=0))
    z = np.array(2.5)
    check(z.sum(), cp.asarray(z).sum())


def test_sum_integer_wraps():
    x = np.array([2**62, 2**62, 2**62], np.int64)
    check(x.sum(), cp.asarray(x).sum())
    u = np.array([255, 255, 3], np.uint8)
    check(u.sum(), cp.asarray(u).sum())
    check(u.sum(dtype=np.uint8), cp.asarray(u).sum(dtype=np.uint8))


def test_sum_errors():
    x = cp.asarray(np.ones((2, 3)))
    with pytest.raises(np.exceptions.AxisError):
        cp.sum(x, axis=2)
    with pytest.raises(ValueError):
        cp.sum(x, axis=(0, 0))


def test_sum_out():
    x = data((3, 4), np.float64)
    out = cp.asarray(np.zeros(4, np.float32))
    r = cp.sum(cp.asarray(x), axis=0, out=out)
    assert r is out
    np.testing.assert_allclose(cp.asnumpy(out), x.sum(axis=0).astype(np.float32), rtol=1e-6)


@pytest.mark.parametrize('dtype', DTYPES)
def test_prod_max_min(dtype):
    x = data((5, 6), dtype, 7)
    xc = cp.asarray(x)
    check(np.prod(x, axis=1), cp.prod(xc, axis=1))
    check(np.max(x), cp.max(xc))
    check(np.min(x, axis=0), cp.min(xc, axis=0))
    check(x.max(axis=1, keepdims=True), xc.max(axis=1, keepdims=True))


def test_max_nan_and_empty():
    x = np.array([1.0, np.nan, 3.0])
    assert np.isnan(float(cp.max(cp.asarray(x))))
    with pytest.raises(ValueError):
        cp.max(cp.asarray(np.zeros(0)))


@pytest.mark.parametrize('dtype', [np.int32, np.float16, np.float32, np.float64, np.complex64, np.bool_])
def test_mean(dtype):
    x = data((4, 5), dtype, 11)
    xc = cp.asarray(x)
    check(np.mean(x), cp.mean(xc))
    check(x.mean(axis=0), xc.mean(axis=0))
    check(np.mean(x, axis=1, keepdims=True), cp.mean(xc, axis=1, keepdims=True))


def test_ufunc_reduce():
    x = data((4, 5), np.int32, 2)
    xc = cp.asarray(x)
    check(np.add.reduce(x), cp.add.reduce(xc))
    check(np.multiply.reduce(x, axis=1), cp.multiply.reduce(xc, axis=1))
    check(np.maximum.reduce(x, axis=None), cp.maximum.reduce(xc, axis=None))
    check(np.minimum.reduce(x, axis=0, keepdims=True), cp.minimum.reduce(xc, axis=0, keepdims=True))
    check(np.subtract.reduce(x, axis=1), cp.subtract.reduce(xc, axis=1))
