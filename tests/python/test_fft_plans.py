"""FFT planning: cunumpy.fft.config.enable_nd_planning (one n-D plan per group of up to
three consecutive distinct axes, or a 1-D plan per axis: the same results either way) and
plans made ahead by cunumpyx.scipy.fft.get_fft_plan (C2C, R2C, C2R; plan= and
``with plan:``; run without the plan cache; ValueError naming a mismatch; RuntimeError for
a plan given both ways). On both backends; the plan's backend_plan_count is the number of
backend transforms (cuFFT plans on CUDA) a call runs.

Accuracy: as test_fft.py, ||y - ref|| / ||ref|| <= 8 eps (log2 N + 1) against NumPy on
the input upcast to double precision."""
import math
import threading

import numpy as np
import pytest

import cunumpy as cp
from cunumpyx.scipy import fft as cfft

NORMS = [None, "ortho", "forward"]


def check(got, ref, single, n_points):
    got = cp.asnumpy(got)
    assert got.shape == ref.shape, (got.shape, ref.shape)
    eps = 1.1920929e-07 if single else 2.220446049250313e-16
    err = np.linalg.norm((got.astype(np.complex128) - ref).ravel())
    bound = 8 * eps * (math.log2(max(n_points, 2)) + 1)
    assert err <= bound * max(np.linalg.norm(ref.ravel()), 1e-300), err


def rand(shape, dtype=np.complex128, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


@pytest.fixture
def nd_planning():
    """Restores cunumpy.fft.config.enable_nd_planning after the test."""
    old = cp.fft.config.enable_nd_planning
    yield
    cp.fft.config.enable_nd_planning = old


@pytest.fixture
def cache():
    c = cp.fft.config.get_plan_cache()
    size, mem = c.get_size(), c.get_memsize()
    c.clear()
    yield c
    c.set_size(size)
    c.set_memsize(mem)
    c.clear()


# ---- enable_nd_planning ------------------------------------------------------------------

ND_CASES = [
    ((8, 12), None), ((6, 8, 10), None), ((6, 8, 10), (0, 2)), ((6, 8, 10), (2, 0)),
    ((6, 8, 10), (1, 2)), ((4, 5, 6, 7), None), ((4, 5, 6, 7), (0, 1, 3)), ((4, 5, 6), (1, 1)),
    ((1, 8, 6), None),
]


@pytest.mark.parametrize("shape,axes", ND_CASES)
@pytest.mark.parametrize("func", ["fftn", "ifftn", "rfftn", "irfftn"])
def test_nd_planning_same_results(nd_planning, shape, axes, func):
    if func.startswith(("rfft", "irfft")) and axes is not None and len(set(axes)) != len(axes):
        pytest.skip("NumPy's rfftn/irfftn take distinct axes only")
    x = rand(shape, np.float64 if func == "rfftn" else np.complex128, 3)
    ref = getattr(np.fft, func)(x, axes=axes)
    results = []
    for flag in (True, False):
        cp.fft.config.enable_nd_planning = flag
        assert cp.fft.config.enable_nd_planning is flag
        got = getattr(cp.fft, func)(cp.asarray(x), axes=axes)
        check(got, ref, False, x.size)
        results.append(cp.asnumpy(got))
    check(results[1], results[0].astype(np.complex128), False, x.size)


@pytest.mark.parametrize("norm", NORMS)
def test_nd_planning_2d_single(nd_planning, norm):
    x = rand((3, 16, 12), np.complex64, 4)
    xr = rand((3, 16, 12), np.float32, 5)
    for flag in (True, False):
        cp.fft.config.enable_nd_planning = flag
        for name, a in (("fft2", x), ("ifft2", x), ("rfft2", xr), ("irfft2", x)):
            ref = getattr(np.fft, name)(a.astype(np.complex128 if a.dtype.kind == "c" else np.float64), norm=norm)
            got = getattr(cp.fft, name)(cp.asarray(a), norm=norm)
            assert got.dtype == (np.float32 if name == "irfft2" else np.complex64)
            check(got, ref, True, 192)


@pytest.mark.parametrize("shape,axes,joint,separate", [
    ((6, 8, 10), None, 1, 3),         # three axes: one 3-D plan
    ((6, 8, 10), (1, 2), 1, 2),
    ((6, 8, 10), (0, 2), 1, 2),       # not adjacent: still one 2-D plan, no copy
    ((3, 4, 5, 6), None, 2, 4),       # four axes: a 3-D plan and a 1-D one
    ((4, 5, 6), (1, 1), 2, 2),        # a repeated axis is transformed twice
])
def test_nd_planning_plan_count(nd_planning, shape, axes, joint, separate):
    x = cp.asarray(rand(shape))
    for flag, count in ((True, joint), (False, separate)):
        cp.fft.config.enable_nd_planning = flag
        plan = cfft.get_fft_plan(x, axes=axes)
        assert plan.nd_planning is flag
        assert plan._core.backend_plan_count == count
        check(cfft.fftn(x, axes=axes, plan=plan), np.fft.fftn(cp.asnumpy(x), axes=axes), False, x.size)


def test_nd_planning_real_counts(nd_planning):
    x = cp.asarray(rand((6, 8, 10), np.float64))
    cp.fft.config.enable_nd_planning = True
    assert cfft.get_fft_plan(x, value_type="R2C")._core.backend_plan_count == 1
    spec = cp.asarray(rand((6, 8, 6)))
    # C2R: the complex axes as one C2C plan, then the real axis (NumPy's order).
    assert cfft.get_fft_plan(spec, value_type="C2R")._core.backend_plan_count == 2
    cp.fft.config.enable_nd_planning = False
    assert cfft.get_fft_plan(x, value_type="R2C")._core.backend_plan_count == 3
    assert cfft.get_fft_plan(spec, value_type="C2R")._core.backend_plan_count == 3


def test_results_keep_the_input_layout():
    # No transposed results: a C-contiguous input gives a C-contiguous result.
    x = cp.asarray(rand((16, 12)))
    for y in (cp.fft.fft2(x), cp.fft.fft(x, axis=0), cp.fft.fftn(x, axes=(1, 0)), cp.fft.ifft2(x),
              cp.fft.rfft2(x.real.copy()), cp.fft.irfft2(x)):
        assert y.flags.c_contiguous
    f = cp.asarray(np.asfortranarray(rand((16, 12))))
    y = cp.fft.fft2(f)
    assert y.flags.f_contiguous
    check(y, np.fft.fft2(cp.asnumpy(f)), False, 192)


# ---- plans made ahead --------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_plan_c2c(cache, dtype):
    x = cp.asarray(rand((4, 64), dtype, 1))
    plan = cfft.get_fft_plan(x, axes=(-1,))
    assert (plan.value_type, plan.dtype, plan.shape, plan.axes, plan.lengths) == ("C2C", dtype, (4, 64), (1,), (64,))
    hits, misses = cache.hits, cache.misses
    single = dtype == np.complex64
    ref = cp.asnumpy(x).astype(np.complex128)
    check(cfft.fft(x, plan=plan), np.fft.fft(ref), single, 64)
    check(cfft.ifft(x, plan=plan), np.fft.ifft(ref), single, 64)   # either direction
    with plan:
        check(cp.fft.fft(x), np.fft.fft(ref), single, 64)
        check(cp.fft.ifft(x, norm="ortho"), np.fft.ifft(ref, norm="ortho"), single, 64)
    assert (cache.hits, cache.misses) == (hits, misses)  # the plan, not the cache


def test_plan_without_cache(cache):
    cache.set_size(0)
    x = cp.asarray(rand((3, 5, 8), np.float64, 2))
    plan = cfft.get_fft_plan(x, axes=(1, 2), value_type="R2C")
    check(cfft.rfftn(x, axes=(1, 2), plan=plan), np.fft.rfftn(cp.asnumpy(x), axes=(1, 2)), False, 40)
    check(cfft.rfft2(x, plan=plan), np.fft.rfft2(cp.asnumpy(x)), False, 40)
    assert cache.get_curr_size() == 0


@pytest.mark.parametrize("n", [8, 9, 1])
def test_plan_r2c_c2r_1d(cache, n):
    x = cp.asarray(rand((5, n), np.float64, n))
    spec = cp.asarray(rand((5, n // 2 + 1), np.complex128, n + 1))
    r2c = cfft.get_fft_plan(x, shape=(n,), axes=(-1,), value_type="R2C")
    c2r = cfft.get_fft_plan(spec, shape=(n,), axes=(-1,), value_type="C2R")
    assert c2r.shape == (5, n // 2 + 1) and c2r.lengths == (n,)
    check(cfft.rfft(x, plan=r2c), np.fft.rfft(cp.asnumpy(x)), False, n)
    check(cfft.ihfft(x, plan=r2c), np.fft.ihfft(cp.asnumpy(x)), False, n)
    check(cfft.irfft(spec, n, plan=c2r), np.fft.irfft(cp.asnumpy(spec), n), False, n)
    check(cfft.hfft(spec, n, plan=c2r), np.fft.hfft(cp.asnumpy(spec), n), False, n)
    with r2c:
        check(cp.fft.rfft(x), np.fft.rfft(cp.asnumpy(x)), False, n)
    with c2r:
        check(cp.fft.irfft(spec, n), np.fft.irfft(cp.asnumpy(spec), n), False, n)
    spec0 = cp.asnumpy(spec).copy()
    cfft.irfft(spec, n, plan=c2r)
    np.testing.assert_array_equal(cp.asnumpy(spec), spec0)  # cuFFT's C2R works on a copy


@pytest.mark.parametrize("axes", [None, (0, 1), (1, 2), (2, 0)])
def test_plan_c2r_nd(cache, axes):
    spec = cp.asarray(rand((4, 6, 5), np.complex128, 7))
    plan = cfft.get_fft_plan(spec, axes=axes, value_type="C2R")
    ref = np.fft.irfftn(cp.asnumpy(spec), axes=axes)
    check(cfft.irfftn(spec, axes=axes, plan=plan), ref, False, ref.size)
    check(cfft.hfftn(cp.conj(spec), axes=axes, plan=plan, norm="forward"), ref, False, ref.size)


def test_plan_padded_input(cache):
    x = cp.asarray(rand((3, 20), np.complex64, 3))
    plan = cfft.get_fft_plan(x, shape=(32,), axes=(-1,))
    assert plan.shape == (3, 32)
    check(cfft.fft(x, 32, plan=plan), np.fft.fft(cp.asnumpy(x).astype(np.complex128), 32), True, 32)
    check(cfft.fft(cp.zeros((3, 32), cp.complex64) + x[:, :1], plan=plan),
          np.fft.fft(np.zeros((3, 32)) + cp.asnumpy(x)[:, :1].astype(np.complex128)), True, 32)
    with pytest.raises(ValueError, match="lengths"):
        cfft.fft(x, plan=plan)


def test_plan_other_layout_still_right(cache):
    base = cp.asarray(rand((8, 32)))
    plan = cfft.get_fft_plan(base[:, :16].copy(), axes=(-1,))
    view = base[:, ::2]  # the same shape and dtype, strided: the backend's own plan
    check(cfft.fft(view, plan=plan), np.fft.fft(cp.asnumpy(view)), False, 16)


def test_plan_mismatches():
    x = cp.asarray(rand((4, 16)))
    plan = cfft.get_fft_plan(x, axes=(-1,))
    cases = [
        (lambda: cfft.rfft(x.real, plan=plan), "C2C transforms, this one is R2C"),
        (lambda: cfft.fft(x.astype(cp.complex64), plan=plan), "complex128 input, this transform reads complex64"),
        (lambda: cfft.fft(x, axis=0, plan=plan), r"axes \(1,\), this transform is along \(0,\)"),
        (lambda: cfft.fft(x, 8, plan=plan), r"lengths \(16,\), this transform has \(8,\)"),
        (lambda: cfft.fft(cp.asarray(rand((5, 16))), plan=plan), r"shape \(4, 16\)"),
        (lambda: cfft.fft2(x, plan=plan), "axes"),
    ]
    for call, message in cases:
        with pytest.raises(ValueError, match=message):
            call()
    with pytest.raises(ValueError, match="get_fft_plan"):
        cfft.fft(x, plan="not a plan")
    with pytest.raises(ValueError, match="value_type"):
        cfft.get_fft_plan(x, value_type="R2R")
    with pytest.raises(TypeError):
        cfft.get_fft_plan(x, value_type="R2C")  # complex input of a real transform
    with pytest.raises(ValueError):
        cfft.get_fft_plan(x, shape=(4, 4), axes=(0,))


def test_plan_context_rules():
    x = cp.asarray(rand((2, 8)))
    plan = cfft.get_fft_plan(x, axes=(-1,))
    other = cfft.get_fft_plan(cp.asarray(rand((3, 8))), axes=(-1,))
    from cunumpy.fft import _plan
    assert _plan.get_current_plan() is None
    with plan:
        assert _plan.get_current_plan() is plan
        with pytest.raises(RuntimeError):
            cfft.fft(x, plan=plan)
        with other:  # the innermost applies
            check(cp.fft.fft(cp.asarray(rand((3, 8)))), np.fft.fft(rand((3, 8))), False, 8)
        with pytest.raises(ValueError):
            cp.fft.fft(cp.asarray(rand((3, 8))))  # made for (2, 8)
        # DCTs run their own inner FFTs, never the block's plan.
        xr = rand((2, 8), np.float64)
        from scipy import fft as sfft
        check(cfft.dct(cp.asarray(xr)), sfft.dct(xr), False, 16)
        seen = []
        t = threading.Thread(target=lambda: seen.append(_plan.get_current_plan()))
        t.start()
        t.join()
        assert seen == [None]  # another thread's calls are not in the block
    assert _plan.get_current_plan() is None
    check(cp.fft.fft(cp.asarray(rand((3, 8)))), np.fft.fft(rand((3, 8))), False, 8)


def test_plan_outlives_cache_clear(cache):
    x = cp.asarray(rand((4, 48), np.complex64, 6))
    plan = cfft.get_fft_plan(x, axes=(-1,))
    cache.clear()
    cache.set_size(0)
    ref = np.fft.fft(cp.asnumpy(x).astype(np.complex128))
    for _ in range(3):
        check(cfft.fft(x, plan=plan), ref, True, 48)


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("flag", [True, False])
def test_one_scaling_with_unit_axes(nd_planning, norm, flag):
    # The norm= factor is applied once, by the call's last task; a last task that is an
    # identity (unit lengths) still applies it.
    cp.fft.config.enable_nd_planning = flag
    x = rand((1, 4, 6), np.complex128, 8)
    cases = [("fftn", dict(axes=(2, 1, 0))), ("ifftn", dict(axes=(2, 1, 0))), ("ifftn", dict(axes=(1, 0))),
             ("irfftn", dict(s=(4, 1), axes=(1, 2))), ("irfftn", dict(s=(1, 4, 1), axes=(0, 1, 2))),
             ("rfftn", dict(s=(4, 1), axes=(1, 2))), ("rfftn", dict(axes=(2, 0))), ("ifftn", dict(s=(1, 1, 5), axes=(0, 1, 2)))]
    for name, kw in cases:
        a = x.real.copy() if name == "rfftn" else x
        check(getattr(cp.fft, name)(cp.asarray(a), norm=norm, **kw), getattr(np.fft, name)(a, norm=norm, **kw),
              False, 24)
