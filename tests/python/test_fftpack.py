"""cunumpyx.scipy.fftpack against scipy.fftpack: fft/ifft (n, axis), fft2/ifft2/fftn/ifftn
(shape with -1, axes, scipy.fftpack's shape rule), rfft/irfft in the packed real format
(every small size, cut and zero-padded), dct/idct/dst/idst of types 1-4 with norm None and
'ortho' (idct/idst unnormalized inverses), single precision kept, plans passed positionally.
Accuracy: relative to the transform's norm, within 8 eps (log2 N + 1)."""
import math

import numpy as np
import pytest

sp = pytest.importorskip("scipy.fftpack", reason="scipy.fftpack is the oracle of cunumpyx.scipy.fftpack")

import cunumpy as cp  # noqa: E402
from cunumpyx.scipy import fftpack as cf  # noqa: E402


def check(got, ref, single, n):
    got = cp.asnumpy(got)
    assert got.shape == ref.shape, (got.shape, ref.shape)
    assert got.dtype == ref.dtype, (got.dtype, ref.dtype)
    eps = 1.1920929e-07 if single else 2.220446049250313e-16
    err = np.linalg.norm((got.astype(np.complex128) - ref.astype(np.complex128)).ravel())
    assert err <= 8 * eps * (math.log2(max(n, 2)) + 1) * max(np.linalg.norm(ref.ravel()), 1e-300)


def rand(shape, dtype=np.float64, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


@pytest.mark.parametrize("name", ["fft", "ifft"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128, np.int64])
def test_fft_ifft(name, dtype):
    x = rand((4, 12), dtype, 1) if np.dtype(dtype).kind != "i" else np.arange(48).reshape(4, 12)
    single = np.dtype(dtype) in (np.float32, np.complex64)
    for n in (None, 5, 12, 30):
        for axis in (-1, 0):
            check(getattr(cf, name)(cp.asarray(x), n, axis), getattr(sp, name)(x, n, axis), single, 30)


@pytest.mark.parametrize("name", ["fftn", "ifftn", "fft2", "ifft2"])
def test_nd(name):
    x = rand((3, 6, 8), np.complex128, 2)
    cases = [(None, None), ((4, 10), (1, 2)), ((2, -1, 9), None), (None, (0, 2)), ((5, 6), (2, 0))]
    for shape, axes in cases:
        if name.endswith("2") and axes is None:
            continue
        check(getattr(cf, name)(cp.asarray(x), shape, axes), getattr(sp, name)(x, shape, axes), False, x.size * 4)
    with pytest.raises(ValueError):
        sp.fftn(x, (4, 4))
    with pytest.raises(ValueError):
        cf.fftn(cp.asarray(x), (4, 4))  # shape without axes must name every axis
    x32 = rand((6, 8), np.complex64, 3)
    check(cf.fft2(cp.asarray(x32)), sp.fft2(x32), True, 48)


@pytest.mark.parametrize("m", [1, 2, 3, 4, 5, 8, 9, 16, 17])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_rfft_irfft_packed(m, dtype):
    x = rand((3, m), dtype, m)
    single = dtype == np.float32
    for n in (None, 1, 4, 7, 12):
        check(cf.rfft(cp.asarray(x), n), sp.rfft(x, n), single, 24)
        check(cf.irfft(cp.asarray(x), n), sp.irfft(x, n), single, 24)
        check(cf.rfft(cp.asarray(x.T), n, 0), sp.rfft(x.T, n, 0), single, 24)
        check(cf.irfft(cp.asarray(x.T), n, axis=0), sp.irfft(x.T, n, axis=0), single, 24)
    check(cf.irfft(cf.rfft(cp.asarray(x))), x, single, m)  # round trip


def test_rfft_dtypes_and_errors():
    check(cf.rfft(cp.arange(6)), sp.rfft(np.arange(6)), False, 6)
    check(cf.irfft(cp.arange(6)), sp.irfft(np.arange(6)), False, 6)
    for f in (cf.rfft, cf.irfft):
        with pytest.raises(TypeError):
            f(cp.ones(4, dtype=cp.complex128))
    with pytest.raises(ValueError):
        cf.irfft(cp.ones(4), 0)


@pytest.mark.parametrize("name", ["dct", "idct", "dst", "idst"])
@pytest.mark.parametrize("type", [1, 2, 3, 4])
@pytest.mark.parametrize("norm", [None, "ortho"])
def test_real_transforms(name, type, norm):
    x = rand((3, 9), np.float64, type)
    check(getattr(cf, name)(cp.asarray(x), type, norm=norm), getattr(sp, name)(x, type, norm=norm), False, 20)
    check(getattr(cf, name)(cp.asarray(x), type, 12, 0, norm), getattr(sp, name)(x, type, 12, 0, norm), False, 24)
    x32 = x.astype(np.float32)
    check(getattr(cf, name)(cp.asarray(x32), type, norm=norm), getattr(sp, name)(x32, type, norm=norm), True, 20)
    with pytest.raises(ValueError):
        getattr(cf, name)(cp.asarray(x), 5)


def test_plans_positional():
    x = cp.asarray(rand((4, 16), np.complex128))
    plan = cf.get_fft_plan(x, axes=(-1,))
    check(cf.fft(x, None, -1, False, plan), sp.fft(cp.asnumpy(x)), False, 16)
    check(cf.ifft(x, None, -1, False, plan), sp.ifft(cp.asnumpy(x)), False, 16)
    plan2 = cf.get_fft_plan(x)
    check(cf.fft2(x, None, (-2, -1), False, plan2), sp.fft2(cp.asnumpy(x)), False, 64)
    check(cf.ifftn(x, None, None, False, plan2), sp.ifftn(cp.asnumpy(x)), False, 64)
    xr = cp.asarray(rand((4, 16)))
    r2c = cf.get_fft_plan(xr, axes=(-1,), value_type="R2C")
    check(cf.rfft(xr, None, -1, False, r2c), sp.rfft(cp.asnumpy(xr)), False, 16)
    with pytest.raises(ValueError):
        cf.fft(cp.asarray(rand((5, 16), np.complex128)), None, -1, False, plan)
