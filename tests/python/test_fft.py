"""cunumpy.fft against NumPy 2: every function over sizes (1, primes small and large,
powers of 2, 3, 5, 7 and products), 1-D..4-D with every axes form, every norm, every input
dtype kind, non-contiguous and negative-stride inputs, zero-padding and truncation, round
trips, NumPy's errors, out=, and the plan cache API.

Accuracy: the reference is NumPy's transform of the input upcast to complex128/float64;
the error ||y - ref|| / ||ref|| (the transform's own norm) must stay below
8 eps log2(N) + 8 eps, eps of the precision the transform runs in (float32: 1.19e-7,
float64: 2.22e-16): an FFT's error grows like eps log N."""

import math

import numpy as np
import pytest

import cunumpy as cp

NORMS = [None, "backward", "ortho", "forward"]
SIZES = [1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 16, 17, 25, 27, 32, 49, 60, 64, 97, 101, 125, 128, 210,
         243, 256, 343, 1000, 1024, 1031, 2310, 4096, 4099]


def eps_of(dtype):
    return 1.1920929e-07 if np.dtype(dtype) in (np.float32, np.complex64) else 2.220446049250313e-16


def check(got, ref, single, n_points):
    got = cp.asnumpy(got)
    assert got.shape == ref.shape, (got.shape, ref.shape)
    eps = 1.1920929e-07 if single else 2.220446049250313e-16
    scale = np.linalg.norm(ref.ravel())
    err = np.linalg.norm((got.astype(ref.dtype) - ref).ravel())
    bound = 8 * eps * (math.log2(max(n_points, 2)) + 1)
    assert err <= bound * max(scale, np.finfo(np.float64).tiny), (err / max(scale, 1e-300), bound)


def rand(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype.kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    if dtype.kind == "f":
        return rng.standard_normal(shape).astype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    return rng.integers(-50, 50, shape).astype(dtype) if dtype.kind == "i" else rng.integers(0, 50, shape).astype(dtype)


def expected_dtype(np_func, a):
    return np_func(a[tuple(slice(0, 1) for _ in a.shape)] if a.size else a).dtype


# ---- 1-D transforms over sizes --------------------------------------------------------


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_fft_ifft_sizes(n, dtype):
    x = rand(n, dtype, n)
    ref = x.astype(np.complex128)
    single = dtype == np.complex64
    y = cp.fft.fft(cp.asarray(x))
    assert y.dtype == dtype
    check(y, np.fft.fft(ref), single, n)
    check(cp.fft.ifft(cp.asarray(x)), np.fft.ifft(ref), single, n)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_rfft_irfft_sizes(n, dtype):
    x = rand(n, dtype, n)
    single = dtype == np.float32
    y = cp.fft.rfft(cp.asarray(x))
    assert y.dtype == (np.complex64 if single else np.complex128)
    check(y, np.fft.rfft(x.astype(np.float64)), single, n)
    spec = rand(n // 2 + 1, np.complex64 if single else np.complex128, n + 1)
    z = cp.fft.irfft(cp.asarray(spec), n)
    assert z.dtype == dtype
    check(z, np.fft.irfft(spec.astype(np.complex128), n), single, n)


@pytest.mark.parametrize("n", [1, 2, 5, 8, 9, 64, 101, 1031])
@pytest.mark.parametrize("norm", NORMS)
def test_hfft_ihfft(n, norm):
    spec = rand(n // 2 + 1, np.complex128, n)
    check(cp.fft.hfft(cp.asarray(spec), n, norm=norm), np.fft.hfft(spec, n, norm=norm), False, n)
    x = rand(n, np.float64, n)
    check(cp.fft.ihfft(cp.asarray(x), norm=norm), np.fft.ihfft(x, norm=norm), False, n)
    if n > 1:
        check(cp.fft.hfft(cp.asarray(spec), norm=norm), np.fft.hfft(spec, norm=norm), False, n)


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("func", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
def test_norms_and_n(func, norm):
    real_in = func in ("rfft", "ihfft")
    x = rand((3, 20), np.float64 if real_in else np.complex128, 7)
    for n in (None, 1, 7, 20, 33, 64):
        if n == 1 and func in ("irfft", "hfft"):
            continue
        ref = getattr(np.fft, func)(x, n=n, norm=norm)
        got = getattr(cp.fft, func)(cp.asarray(x), n=n, norm=norm)
        check(got, ref, False, n or 20)
        ref0 = getattr(np.fft, func)(x, n=n, axis=0, norm=norm)
        check(getattr(cp.fft, func)(cp.asarray(x), n=n, axis=0, norm=norm), ref0, False, n or 3)


# ---- dtypes ----------------------------------------------------------------------------

DTYPES = [np.bool_, np.int8, np.int32, np.int64, np.uint8, np.uint64, np.float16, np.float32,
          np.float64, np.complex64, np.complex128]


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_dtypes(dtype):
    x = rand((4, 6), dtype, 3)
    single = np.dtype(dtype) in (np.float16, np.float32, np.complex64)
    for name in ("fft", "ifft", "fftn", "ifft2"):
        ref = getattr(np.fft, name)(x)
        got = getattr(cp.fft, name)(cp.asarray(x))
        assert got.dtype == ref.dtype, (name, got.dtype, ref.dtype)
        check(got, getattr(np.fft, name)(x.astype(np.complex128)), single, 24)
    if np.dtype(dtype).kind != "c":
        for name in ("rfft", "rfftn", "rfft2", "ihfft"):
            ref = getattr(np.fft, name)(x)
            got = getattr(cp.fft, name)(cp.asarray(x))
            assert got.dtype == ref.dtype, (name, got.dtype, ref.dtype)
            check(got, getattr(np.fft, name)(x.astype(np.float64)), single, 24)
    for name in ("irfft", "irfftn", "hfft"):
        ref = getattr(np.fft, name)(x)
        got = getattr(cp.fft, name)(cp.asarray(x))
        # NumPy 2 returns float16 for a float16 input here; CuPy (and cunumpy) float32.
        want = np.float32 if ref.dtype == np.float16 else ref.dtype
        assert got.dtype == want, (name, got.dtype, ref.dtype)
        check(got, getattr(np.fft, name)(x.astype(np.complex128)), single, 24)


# ---- n-d transforms --------------------------------------------------------------------

AXES_CASES = [
    ((7,), None, None),
    ((6, 5), None, None),
    ((6, 5), None, (0,)),
    ((6, 5), None, (-1, 0)),
    ((6, 5), (4, 8), (0, 1)),
    ((4, 5, 6), None, None),
    ((4, 5, 6), None, (0, 2)),
    ((4, 5, 6), None, (2, 0)),
    ((4, 5, 6), None, (1, 1)),
    ((4, 5, 6), (3, 7), (-1, -3)),
    ((4, 5, 6), (3, -1, 9), (0, 1, 2)),
    ((3, 4, 5, 6), None, None),
    ((3, 4, 5, 6), None, (0, 1, 2, 3)),
    ((3, 4, 5, 6), None, (3, 1)),
    ((3, 4, 5, 6), (2, 3, 4, 5), (3, 2, 1, 0)),
    ((2, 3, 4, 5), None, (0, 2, 0)),
    ((4, 5), None, ()),
]


@pytest.mark.parametrize("shape,s,axes", AXES_CASES)
@pytest.mark.parametrize("norm", NORMS)
def test_nd(shape, s, axes, norm):
    x = rand(shape, np.complex128, 11)
    xr = rand(shape, np.float64, 12)
    cx, cxr = cp.asarray(x), cp.asarray(xr)
    npts = int(np.prod(shape)) * 2
    check(cp.fft.fftn(cx, s, axes, norm), np.fft.fftn(x, s, axes, norm), False, npts)
    check(cp.fft.ifftn(cx, s, axes, norm), np.fft.ifftn(x, s, axes, norm), False, npts)
    if axes == ():
        return
    if axes is None or len(set(a % len(shape) for a in axes)) == len(axes):
        check(cp.fft.rfftn(cxr, s, axes, norm), np.fft.rfftn(xr, s, axes, norm), False, npts)
        check(cp.fft.irfftn(cx, s, axes, norm), np.fft.irfftn(x, s, axes, norm), False, npts)


@pytest.mark.parametrize("norm", NORMS)
def test_2d_functions(norm):
    x = rand((3, 8, 10), np.complex64, 5)
    xr = rand((3, 8, 10), np.float32, 6)
    for name, a in (("fft2", x), ("ifft2", x), ("rfft2", xr), ("irfft2", x)):
        ref = getattr(np.fft, name)(a.astype(np.complex128 if a.dtype.kind == "c" else np.float64), norm=norm)
        got = getattr(cp.fft, name)(cp.asarray(a), norm=norm)
        assert got.dtype == getattr(np.fft, name)(a).dtype
        check(got, ref, True, 160)
        ref = getattr(np.fft, name)(a.astype(np.complex128 if a.dtype.kind == "c" else np.float64),
                                    s=(5, 6), axes=(0, 2), norm=norm)
        check(getattr(cp.fft, name)(cp.asarray(a), s=(5, 6), axes=(0, 2), norm=norm), ref, True, 60)


def test_large_batched_and_3d():
    x = rand((64, 48, 30), np.complex128, 9)
    check(cp.fft.fftn(cp.asarray(x)), np.fft.fftn(x), False, x.size)
    xr = rand((16, 1000), np.float64, 10)
    check(cp.fft.rfft(cp.asarray(xr)), np.fft.rfft(xr), False, 1000)
    check(cp.fft.irfft(cp.fft.rfft(cp.asarray(xr))), xr, False, 1000)


# ---- layouts ---------------------------------------------------------------------------


def layouts(x):
    yield "c", x
    yield "f", np.asfortranarray(x)
    yield "step", x[..., ::2]
    yield "neg", x[..., ::-1]
    yield "T", x.T
    if x.ndim > 1:
        yield "neg0", x[::-1, ::3]


@pytest.mark.parametrize("func", ["fft", "ifft", "rfft", "irfft", "fft2", "rfftn", "irfftn", "ifftn"])
def test_layouts(func):
    real_in = func in ("rfft", "rfftn")
    base = rand((6, 10, 8), np.float64 if real_in else np.complex128, 21)
    for name, x in layouts(base):
        ref = getattr(np.fft, func)(x)
        got = getattr(cp.fft, func)(cp.asarray(x) if name == "c" else view_like(x, base, name))
        check(got, ref, False, x.size)


def view_like(x, base, name):
    c = cp.asarray(base)
    return {"f": cp.asarray(np.asfortranarray(base)), "step": c[..., ::2], "neg": c[..., ::-1], "T": c.T,
            "neg0": c[::-1, ::3]}[name]


def test_input_not_modified():
    x = rand((4, 9), np.complex128, 2)
    c = cp.asarray(x)
    cp.fft.irfft(c)
    cp.fft.irfftn(c)
    cp.fft.fft(c)
    np.testing.assert_array_equal(cp.asnumpy(c), x)


# ---- round trips -----------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 6, 17, 64, 97, 210, 4099])
@pytest.mark.parametrize("norm", NORMS)
def test_round_trips(n, norm):
    x = rand((3, n), np.complex128, n)
    c = cp.asarray(x)
    check(cp.fft.ifft(cp.fft.fft(c, norm=norm), norm=norm), x, False, n)
    xr = rand((3, n), np.float64, n + 1)
    check(cp.fft.irfft(cp.fft.rfft(cp.asarray(xr), norm=norm), n, norm=norm), xr, False, n)
    x32 = x.astype(np.complex64)
    check(cp.fft.ifftn(cp.fft.fftn(cp.asarray(x32), norm=norm), norm=norm), x32.astype(np.complex128), True, 3 * n)


# ---- errors ----------------------------------------------------------------------------


def raises_like(exc, func, *args, **kw):
    with pytest.raises(exc) as e1:
        getattr(np.fft, func)(*[a if not isinstance(a, cp.ndarray) else cp.asnumpy(a) for a in args], **kw)
    with pytest.raises(exc) as e2:
        getattr(cp.fft, func)(*args, **kw)
    return e1, e2


def test_errors():
    x = cp.asarray(rand(8, np.complex128))
    e1, e2 = raises_like(ValueError, "fft", x, 0)
    assert str(e1.value) == str(e2.value)
    e1, e2 = raises_like(ValueError, "ifft", x, -3)
    assert str(e1.value) == str(e2.value)
    raises_like(ValueError, "fft", cp.zeros(0))
    raises_like(ValueError, "irfft", cp.ones(1))
    raises_like(IndexError, "fft", x, axis=1)
    raises_like(IndexError, "fft", cp.asarray(np.array(1.0)))
    e1, e2 = raises_like(ValueError, "fft", x, norm="bad")
    assert str(e1.value) == str(e2.value)
    e1, e2 = raises_like(ValueError, "fftn", cp.ones((3, 3)), s=(2, 2), axes=(0,))
    assert str(e1.value) == str(e2.value)
    raises_like(ValueError, "fftn", cp.ones((3, 3)), s=(0, 2), axes=(0, 1))
    raises_like(IndexError, "fftn", cp.ones((3, 3)), axes=(0, 5))
    raises_like(TypeError, "rfft", cp.ones(4, dtype=cp.complex128))
    raises_like(TypeError, "fft", x, n=2.0)


# The real transforms of complex input check n and the axes before the dtype, in NumPy's
# order (rfftn: its last axis first); rfftn/irfftn without axes is NumPy's IndexError.
@pytest.mark.parametrize("func, shape, kw, exc", [
    ("rfft", (4,), {"n": 0}, ValueError), ("rfft", (4,), {"n": -1}, ValueError), ("rfft", (4,), {"axis": 2}, IndexError),
    ("ihfft", (0,), {}, ValueError), ("ihfft", (3, 2), {"axis": -3}, IndexError), ("rfft", (), {}, IndexError),
    ("rfftn", (), {}, IndexError), ("rfftn", (3, 3), {"axes": ()}, IndexError), ("rfft2", (3,), {}, IndexError),
    ("rfft2", (1,), {"axes": (1, 0)}, IndexError), ("rfftn", (3,), {"s": (-1, 2)}, IndexError),
    ("rfftn", (0, 4), {}, TypeError), ("rfftn", (4, 0), {}, ValueError), ("rfft2", (8, 2), {"s": (0, 2)}, TypeError),
    ("rfftn", (7, 3), {"s": (4, 4, 4)}, TypeError), ("rfftn", (3, 3), {"s": (2,), "axes": (0, 1)}, ValueError),
    ("rfft", (4,), {}, TypeError)])
def test_real_transform_errors_in_numpys_order(func, shape, kw, exc):
    x = np.ones(shape, np.complex128)
    raises_like(exc, func, cp.asarray(x), **kw)


def test_zero_length_axis_padded_is_zeros():
    # (NumPy 2.x leaves such outputs uninitialized in some calls; the transform of zeros is 0)
    x = cp.zeros((7, 3, 0), cp.complex64)
    for got in (cp.fft.irfftn(x, s=(3, 2), axes=(-2, -1)), cp.fft.irfft(x, n=5), cp.fft.fft(x, n=4),
                cp.fft.hfft(x, n=4), cp.fft.rfft(cp.zeros((2, 0)), n=6)):
        assert got.size and not cp.asnumpy(got).any()


def test_empty_batch():
    x = np.ones((0, 5), np.complex128)
    got = cp.fft.fft(cp.asarray(x), axis=1)
    assert got.shape == (0, 5) and got.dtype == np.complex128
    assert cp.fft.rfft(cp.asarray(x.real), axis=1).shape == (0, 3)


def test_deprecations_like_numpy():
    x = rand((4, 5), np.complex128)
    with pytest.warns(DeprecationWarning):
        got = cp.fft.fftn(cp.asarray(x), s=(3, 3))
    with pytest.warns(DeprecationWarning):
        ref = np.fft.fftn(x, s=(3, 3))
    check(got, ref, False, 9)
    with pytest.warns(DeprecationWarning):
        got = cp.fft.irfftn(cp.asarray(x), s=(3, None), axes=(0, 1))
    with pytest.warns(DeprecationWarning):
        ref = np.fft.irfftn(x, s=(3, None), axes=(0, 1))
    check(got, ref, False, 24)


def test_out():
    x = rand((3, 8), np.complex128)
    out = cp.empty((3, 8), dtype=cp.complex128)
    r = cp.fft.fft(cp.asarray(x), out=out)
    assert r is out
    check(out, np.fft.fft(x), False, 8)
    with pytest.raises(ValueError):
        cp.fft.fft(cp.asarray(x), out=cp.empty((3, 7), dtype=cp.complex128))


def test_array_like_input():
    check(cp.fft.fft([1, 2, 3, 4]), np.fft.fft([1, 2, 3, 4]), False, 4)


# ---- helpers ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 5, 8, 11])
def test_freqs(n):
    for d in (1.0, 0.1, 3):
        np.testing.assert_array_equal(cp.asnumpy(cp.fft.fftfreq(n, d)), np.fft.fftfreq(n, d))
        np.testing.assert_array_equal(cp.asnumpy(cp.fft.rfftfreq(n, d)), np.fft.rfftfreq(n, d))
    assert cp.fft.fftfreq(n).dtype == np.float64


@pytest.mark.parametrize("shape", [(1,), (5,), (8,), (3, 4), (5, 6, 7)])
def test_shifts(shape):
    x = np.arange(int(np.prod(shape))).reshape(shape)
    for axes in (None, 0, -1, (0,), tuple(range(len(shape)))[::-1]):
        np.testing.assert_array_equal(cp.asnumpy(cp.fft.fftshift(cp.asarray(x), axes)), np.fft.fftshift(x, axes))
        np.testing.assert_array_equal(cp.asnumpy(cp.fft.ifftshift(cp.asarray(x), axes)), np.fft.ifftshift(x, axes))
    np.testing.assert_array_equal(cp.asnumpy(cp.fft.fftshift(cp.asarray(x)[..., ::-1])), np.fft.fftshift(x[..., ::-1]))


# ---- plan cache ------------------------------------------------------------------------


def test_plan_cache():
    cache = cp.fft.config.get_plan_cache()
    old_size, old_mem = cache.get_size(), cache.get_memsize()
    try:
        cache.clear()
        cache.set_size(4)
        assert cache.get_size() == 4 and cache.get_curr_size() == 0
        x = cp.asarray(rand(96, np.complex128))
        cp.fft.fft(x)
        n1 = cache.get_curr_size()
        assert n1 >= 1
        hits = cache.hits
        cp.fft.fft(x)
        assert cache.hits > hits and cache.get_curr_size() == n1
        for n in (10, 11, 12, 13, 14, 15):
            cp.fft.fft(x, n)
        assert cache.get_curr_size() <= 4
        assert cache.get_curr_memsize() >= 0
        cache.set_memsize(0)
        assert cache.get_curr_size() == 0 or cache.get_curr_memsize() == 0
        cache.set_memsize(-1)
        cache.set_size(0)
        cp.fft.fft(x)
        assert cache.get_curr_size() == 0
        cp.fft.config.set_plan_cache_size(3)
        assert cp.fft.config.get_plan_cache_size() == 3
        cp.fft.config.set_plan_cache_max_memsize(1 << 30)
        assert cp.fft.config.get_plan_cache_max_memsize() == 1 << 30
        cp.fft.config.show_plan_cache_info()
        with pytest.raises(ValueError):
            cache.set_size(-1)
    finally:
        cache.set_size(old_size)
        cache.set_memsize(old_mem)
        cache.clear()


def _gpu_count():
    try:
        return cp.cuda.runtime.getDeviceCount()
    except Exception:
        return 0


@pytest.mark.skipif(_gpu_count() < 2, reason="needs two CUDA devices (each has its own plan cache)")
def test_plan_cache_per_device():
    x = rand(200, np.complex64)
    caches = []
    for dev in (0, 1):
        with cp.cuda.Device(dev):
            c = cp.fft.config.get_plan_cache()
            c.clear()
            caches.append(c)
    with cp.cuda.Device(0):
        check(cp.fft.fft(cp.asarray(x)), np.fft.fft(x.astype(np.complex128)), True, 200)
    assert caches[0].get_curr_size() == 1 and caches[1].get_curr_size() == 0
    size0 = caches[0].get_size()
    with cp.cuda.Device(1):
        check(cp.fft.fft(cp.asarray(x)), np.fft.fft(x.astype(np.complex128)), True, 200)
        caches[1].set_size(3)
    assert caches[1].get_curr_size() == 1 and caches[1].get_size() == 3
    assert caches[0].get_size() == size0
    for c in caches:
        c.set_size(16)
        c.clear()


def test_stream_order():
    # A transform queued on a non-default stream is ordered with the work around it.
    x = rand((8, 256), np.complex64, 4)
    s = cp.cuda.Stream()
    with s:
        a = cp.asarray(x)
        y = cp.fft.fft(a)
        z = cp.fft.ifft(y)
    s.synchronize()
    check(z, x.astype(np.complex128), True, 256)


def test_freq_errors():
    for bad in (2.0, "3"):
        with pytest.raises(ValueError):
            np.fft.fftfreq(bad)
        with pytest.raises(ValueError):
            cp.fft.fftfreq(bad)
    with pytest.raises(ValueError):
        cp.fft.rfftfreq(-1)
    with pytest.raises(ZeroDivisionError):
        cp.fft.fftfreq(0)
    with pytest.raises(ZeroDivisionError):
        np.fft.fftfreq(0)
