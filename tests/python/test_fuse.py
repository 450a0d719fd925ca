"""cunumpy.fuse against NumPy on the current device: elementwise chains with NumPy's type
promotion (weak Python scalars included), cunumpy and NumPy ufuncs inside the function,
a final reduction (function and method forms, axis, keepdims), several outputs, NumPy
arrays running the plain function, and the eager fallback for untraceable code."""
import numpy as np
import pytest

import cunumpy as cp


@cp.fuse()
def squared_diff(x, y):
    return (x - y) * (x - y)


@cp.fuse(kernel_name='squared_diff_sum')
def squared_diff_sum(x, y):
    return cp.sum((x - y) * (x - y))


def _compiled(fusion):
    """True when every signature seen so far became a kernel (none runs eagerly)."""
    return bool(fusion._cache) and all(run != fusion._eager for run in fusion._cache.values())


def test_user_guide_fused_function_with_final_sum():
    xn = np.arange(10, dtype=np.float32).reshape(2, 5)
    yn = np.arange(5, dtype=np.float32)
    z = squared_diff_sum(cp.asarray(xn), cp.asarray(yn))
    assert z.shape == () and z.dtype == np.float32
    np.testing.assert_allclose(float(z), np.sum((xn - yn) ** 2))
    assert _compiled(squared_diff_sum)


@pytest.mark.parametrize('dx,dy', [(np.float32, np.float32), (np.float32, np.int32),
                                   (np.int8, np.uint8), (np.float16, np.float16),
                                   (np.complex64, np.float64), (np.int64, np.bool_)])
def test_elementwise_chain_promotes_like_numpy(dx, dy):
    xn = (np.arange(12) % 5).astype(dx).reshape(3, 4)
    yn = (np.arange(4) % 2).astype(dy)
    z = squared_diff(cp.asarray(xn), cp.asarray(yn))
    expected = (xn - yn) * (xn - yn) if dy != np.bool_ else (xn - yn.astype(dx)) ** 2
    assert z.dtype == expected.dtype
    np.testing.assert_allclose(cp.asnumpy(z), expected, rtol=1e-3)
    assert _compiled(squared_diff)


def test_python_scalars_are_weak():
    @cp.fuse
    def axpy(a, x, y):
        return a * x + y
    xn = np.arange(5, dtype=np.float32)
    z = axpy(2.5, cp.asarray(xn), cp.asarray(xn))
    assert z.dtype == np.float32
    np.testing.assert_allclose(cp.asnumpy(z), 2.5 * xn + xn)
    z = axpy(3, cp.asarray(xn.astype(np.int16)), 1)
    assert z.dtype == np.int16
    assert _compiled(axpy)


def test_ufuncs_and_constants_inside():
    @cp.fuse
    def f(x, y):
        return cp.sin(x) + np.cos(y) * 2.0 - cp.exp(x * 0.1) + abs(-x) ** 2
    xn = np.linspace(-1, 1, 20, dtype=np.float64).reshape(4, 5)
    yn = np.linspace(0, 3, 5, dtype=np.float64)
    z = f(cp.asarray(xn), cp.asarray(yn))
    np.testing.assert_allclose(cp.asnumpy(z),
                               np.sin(xn) + np.cos(yn) * 2.0 - np.exp(xn * 0.1) + np.abs(-xn) ** 2)
    assert _compiled(f)


def test_sin_plus_cos_float32():
    @cp.fuse
    def sincos(x):
        return cp.sin(x) + cp.cos(x)
    xn = np.linspace(0, 10, 10001, dtype=np.float32)
    z = sincos(cp.asarray(xn))
    assert z.dtype == np.float32
    np.testing.assert_allclose(cp.asnumpy(z), np.sin(xn) + np.cos(xn), rtol=1e-5, atol=1e-6)


def test_several_outputs_and_comparisons():
    @cp.fuse
    def f(x, y):
        return x + y, x > y
    xn = np.arange(6, dtype=np.int32)
    yn = np.full(6, 3, dtype=np.int32)
    a, b = f(cp.asarray(xn), cp.asarray(yn))
    np.testing.assert_array_equal(cp.asnumpy(a), xn + yn)
    assert b.dtype == np.bool_
    np.testing.assert_array_equal(cp.asnumpy(b), xn > yn)
    assert _compiled(f)


@pytest.mark.parametrize('kind', ['sum', 'prod', 'max', 'min'])
@pytest.mark.parametrize('axis', [None, 0, 1, -1, (0, 1)])
def test_final_reduction_axis(kind, axis):
    @cp.fuse
    def f(x):
        return getattr(cp, kind)(x * 0.5 + 1, axis=axis)
    xn = (np.arange(12, dtype=np.float64).reshape(3, 4) % 5) / 3
    z = f(cp.asarray(xn))
    expected = getattr(np, kind)(xn * 0.5 + 1, axis=axis)
    assert z.shape == np.shape(expected)
    np.testing.assert_allclose(cp.asnumpy(z), expected, rtol=1e-12)
    assert _compiled(f)


def test_reduction_method_keepdims_and_int_widening():
    @cp.fuse
    def f(x):
        return (x * x).sum(axis=1, keepdims=True)
    xn = np.arange(12, dtype=np.int8).reshape(3, 4)
    z = f(cp.asarray(xn))
    expected = (xn * xn).sum(axis=1, keepdims=True)
    assert z.dtype == expected.dtype and z.shape == expected.shape
    np.testing.assert_array_equal(cp.asnumpy(z), expected)
    assert _compiled(f)


def test_max_of_empty_raises():
    @cp.fuse
    def f(x):
        return cp.max(x + 1)
    with pytest.raises(ValueError):
        f(cp.zeros((0,), dtype=np.float32))


def test_non_contiguous_and_broadcast_inputs():
    base = np.arange(48, dtype=np.float32).reshape(6, 8)
    b = cp.asarray(base)
    z = squared_diff(b[::2, ::-3], b[0, ::-3])
    np.testing.assert_allclose(cp.asnumpy(z), (base[::2, ::-3] - base[0, ::-3]) ** 2)


def test_numpy_arrays_run_the_plain_function():
    xn = np.arange(5.0)
    z = squared_diff(xn, 1.0)
    assert isinstance(z, np.ndarray)
    np.testing.assert_array_equal(z, (xn - 1) ** 2)


def test_untraceable_code_runs_eagerly():
    @cp.fuse
    def f(x, y):
        if x.ndim > 1 and x.dtype == np.float64:  # fine: both are known while tracing
            x = x * 2
        return x + y if y > 0 else x - y  # bool() of a traced value: eager

    xn = np.arange(1, 7, dtype=np.float64).reshape(2, 3)
    np.testing.assert_array_equal(cp.asnumpy(f(cp.asarray(xn), 1.5)), xn * 2 + 1.5)
    assert not _compiled(f)

    @cp.fuse
    def g(x):
        return x[1:] * 2  # indexing: eager
    np.testing.assert_array_equal(cp.asnumpy(g(cp.asarray(xn))), xn[1:] * 2)
    assert not _compiled(g)


def test_cache_per_dtype_and_ndim():
    @cp.fuse
    def f(x):
        return x + 1
    f(cp.zeros(3, dtype=np.float32))
    f(cp.zeros(4, dtype=np.float32))
    f(cp.zeros((2, 2), dtype=np.float32))
    f(cp.zeros(3, dtype=np.int32))
    assert len(f._cache) == 3 and _compiled(f)


def test_where_inside():
    @cp.fuse
    def relu_scaled(x, s):
        return cp.where(x > 0, x * s, 0)
    xn = np.linspace(-2, 2, 9, dtype=np.float32)
    z = relu_scaled(cp.asarray(xn), 3.0)
    expected = np.where(xn > 0, xn * 3.0, 0)
    assert z.dtype == expected.dtype
    np.testing.assert_allclose(cp.asnumpy(z), expected)
    assert _compiled(relu_scaled)


def test_closure_and_numpy_ufuncs_are_traced():
    import cunumpy as alias
    scale = 2.0

    @cp.fuse
    def f(x):
        return alias.exp(x) * scale + np.sqrt(x)
    xn = np.arange(1, 6, dtype=np.float64)
    np.testing.assert_allclose(cp.asnumpy(f(cp.asarray(xn))), np.exp(xn) * 2 + np.sqrt(xn))
    assert _compiled(f)


def _fusable(nargs, dtype):
    """cunumpy's ufuncs of `nargs` inputs with a loop for `dtype` inputs (as NumPy resolves)."""
    from cunumpy import _core, _fusion
    names = []
    for name, (_, nin, nout) in sorted(_core._ufunc_functors().items()):
        if nin != nargs or nout != 1 or name.startswith('_') or not hasattr(np, name):
            continue
        try:
            loop = getattr(np, name).resolve_dtypes((np.dtype(dtype),) * nargs + (None,))
        except Exception:  # noqa: BLE001 - NumPy has no loop either
            continue
        if _fusion._has_loop(name, loop):
            names.append(name)
    return names


@pytest.mark.parametrize('nargs', [1, 2])
@pytest.mark.parametrize('dtype', ['bool', 'int8', 'uint16', 'int64', 'float16', 'float32',
                                   'complex64'])
def test_every_ufunc_loop_in_one_fused_kernel(nargs, dtype):
    names = _fusable(nargs, dtype)
    assert names

    def all_of(*xs):
        return tuple(getattr(cp, n)(*xs) for n in names)
    f = cp.fuse(kernel_name=f'all_ufuncs_{nargs}_{dtype}')(all_of)
    xn = (np.arange(1, 8) % 3).astype(dtype)
    yn = (np.arange(7) % 4).astype(dtype)
    args_np = (xn, yn)[:nargs]
    with np.errstate(all='ignore'):
        results = f(*[cp.asarray(a) for a in args_np])
        assert _compiled(f)
        for name, got in zip(names, results):
            exp = getattr(np, name)(*args_np)
            got = cp.asnumpy(got)
            assert got.dtype == exp.dtype, name
            np.testing.assert_allclose(got, exp, rtol=2e-3 if dtype == 'float16' else 1e-5,
                                       atol=1e-6, equal_nan=True, err_msg=name)
