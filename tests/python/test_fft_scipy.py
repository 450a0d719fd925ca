"""cunumpyx.scipy.fft against scipy.fft: the FFTs with SciPy's signatures (overwrite_x,
workers, plan=), s without axes, hfftn/ihfftn, DCT/DST types 1-4 with every norm (and the
inverses, n-d forms, n= padding/truncation, float32 staying single precision),
next_fast_len/prev_fast_len and get_fft_plan. Accuracy: relative to the transform's norm,
within 8 eps (log2 N + 1)."""
import math

import numpy as np
import pytest

scipy_fft = pytest.importorskip("scipy.fft", reason="SciPy is the oracle of cunumpyx.scipy.fft")

import cunumpy as cp  # noqa: E402
from cunumpyx.scipy import fft as cfft  # noqa: E402

NORMS = [None, "backward", "ortho", "forward"]


def check(got, ref, single, n):
    got = cp.asnumpy(got)
    assert got.shape == ref.shape, (got.shape, ref.shape)
    eps = 1.1920929e-07 if single else 2.220446049250313e-16
    err = np.linalg.norm((got.astype(np.complex128) - ref).ravel())
    assert err <= 8 * eps * (math.log2(max(n, 2)) + 1) * max(np.linalg.norm(ref.ravel()), 1e-300)


def rand(shape, dtype=np.float64, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
@pytest.mark.parametrize("norm", NORMS)
def test_one_axis(name, norm):
    x = rand((4, 12), np.float64 if name in ("rfft", "ihfft") else np.complex128, 1)
    for n in (None, 5, 12, 30):
        ref = getattr(scipy_fft, name)(x, n=n, axis=0, norm=norm)
        got = getattr(cfft, name)(cp.asarray(x), n=n, axis=0, norm=norm, overwrite_x=True, workers=2)
        check(got, ref, False, 30)


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn", "fft2", "ifft2", "rfft2", "irfft2",
                                  "hfftn", "ihfftn", "hfft2", "ihfft2"])
def test_nd(name):
    real_in = name.startswith(("rfft", "ihfft"))
    x = rand((3, 6, 8), np.float64 if real_in else np.complex128, 2)
    for s, axes in ((None, None), ((4, 10), None), (None, (0, 2)), ((5, 6), (2, 0))):
        if name.endswith("2") and axes is None:
            continue
        ref = getattr(scipy_fft, name)(x, s=s, axes=axes) if axes is not None or not name.endswith("2") \
            else getattr(scipy_fft, name)(x, s=s)
        got = getattr(cfft, name)(cp.asarray(x), s=s, axes=axes) if axes is not None or not name.endswith("2") \
            else getattr(cfft, name)(cp.asarray(x), s=s)
        check(got, ref, False, x.size * 4)


@pytest.mark.parametrize("kind", ["dct", "dst", "idct", "idst"])
@pytest.mark.parametrize("type", [1, 2, 3, 4])
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("n", [2, 3, 8, 17, 64])
def test_real_transforms(kind, type, norm, n):
    x = rand((3, n), np.float64, n)
    ref = getattr(scipy_fft, kind)(x, type=type, norm=norm)
    got = getattr(cfft, kind)(cp.asarray(x), type=type, norm=norm)
    assert got.dtype == np.float64
    check(got, ref, False, 2 * n)


@pytest.mark.parametrize("kind", ["dct", "dst"])
def test_real_transforms_options(kind):
    x = rand((5, 9), np.float32, 3)
    for t in (1, 2, 3, 4):
        ref = getattr(scipy_fft, kind)(x.astype(np.float64), type=t, n=12, axis=0)
        got = getattr(cfft, kind)(cp.asarray(x), type=t, n=12, axis=0)
        assert got.dtype == np.float32
        check(got, ref, True, 24)
        ref = getattr(scipy_fft, kind)(x.astype(np.float64), type=t, n=4)
        check(getattr(cfft, kind)(cp.asarray(x), type=t, n=4), ref, True, 8)
    xc = rand((4, 7), np.complex128, 4)
    check(getattr(cfft, kind)(cp.asarray(xc)), getattr(scipy_fft, kind)(xc), False, 14)
    xi = np.arange(10)
    check(getattr(cfft, kind)(cp.asarray(xi)), getattr(scipy_fft, kind)(xi), False, 20)


@pytest.mark.parametrize("name", ["dctn", "idctn", "dstn", "idstn"])
@pytest.mark.parametrize("norm", NORMS)
def test_real_transforms_nd(name, norm):
    x = rand((4, 5, 6), np.float64, 5)
    for type in (1, 2, 3, 4):
        for s, axes in ((None, None), (None, (0, 2)), ((6, 7), (1, 2))):
            ref = getattr(scipy_fft, name)(x, type=type, s=s, axes=axes, norm=norm)
            got = getattr(cfft, name)(cp.asarray(x), type=type, s=s, axes=axes, norm=norm)
            check(got, ref, False, 2 * x.size)


def test_real_transform_errors():
    x = cp.asarray(rand(8))
    with pytest.raises(ValueError):
        cfft.dct(x, type=5)
    with pytest.raises(ValueError):
        cfft.dct(x, norm="bad")
    with pytest.raises(ValueError):
        cfft.dct(x, n=0)


@pytest.mark.parametrize("real", [False, True])
def test_fast_lengths(real):
    for t in list(range(1, 200)) + [1000, 1021, 4097, 10007]:
        assert cfft.next_fast_len(t, real) == scipy_fft.next_fast_len(t, real), t
        assert cfft.prev_fast_len(t, real) == scipy_fft.prev_fast_len(t, real), t
    with pytest.raises(ValueError):
        cfft.next_fast_len(-1)


def test_plans():
    x = cp.asarray(rand((4, 16), np.complex128))
    plan = cfft.get_fft_plan(x, axes=(-1,))
    with plan:
        check(cfft.fft(x), scipy_fft.fft(cp.asnumpy(x)), False, 16)
    check(cfft.fft(x, plan=plan), scipy_fft.fft(cp.asnumpy(x)), False, 16)
    with pytest.raises(ValueError):
        cfft.fft(cp.asarray(rand(5, np.complex128)), plan=plan)
    with pytest.raises(ValueError):
        cfft.get_fft_plan(x, value_type="X")


def test_helpers_reexported():
    np.testing.assert_array_equal(cp.asnumpy(cfft.fftfreq(6, 0.5)), scipy_fft.fftfreq(6, 0.5))
    np.testing.assert_array_equal(cp.asnumpy(cfft.fftshift(cp.arange(7))), scipy_fft.fftshift(np.arange(7)))
