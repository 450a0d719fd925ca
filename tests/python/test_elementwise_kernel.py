"""cunumpy.ElementwiseKernel against NumPy, on the current device (CPU backend: kernels
compiled by the host C++ compiler; CUDA: NVRTC). CuPy's user-guide examples, type
placeholders, raw parameters, broadcasting and views, outputs passed in, size=, errors."""
import numpy as np
import pytest

import cunumpy as cp

SQUARED_DIFF = cp.ElementwiseKernel(
    'float32 x, float32 y', 'float32 z', 'z = (x - y) * (x - y)', 'squared_diff')
SQUARED_DIFF_T = cp.ElementwiseKernel(
    'T x, T y', 'T z', 'z = (x - y) * (x - y)', 'squared_diff_generic')


def test_user_guide_squared_diff_float32():
    x = cp.arange(10, dtype=np.float32).reshape(2, 5)
    y = cp.arange(5, dtype=np.float32)
    z = SQUARED_DIFF(x, y)
    assert z.dtype == np.float32 and z.shape == (2, 5)
    xn = np.arange(10, dtype=np.float32).reshape(2, 5)
    np.testing.assert_array_equal(cp.asnumpy(z), (xn - np.arange(5, dtype=np.float32)) ** 2)


@pytest.mark.parametrize('dtype', [np.float32, np.float64, np.int32, np.int64, np.uint8,
                                   np.complex64, np.complex128])
def test_placeholder_T_follows_the_arguments(dtype):
    xn = (np.arange(10) % 7).astype(dtype).reshape(2, 5)
    yn = (np.arange(5) % 3).astype(dtype)
    z = SQUARED_DIFF_T(cp.asarray(xn), cp.asarray(yn))
    assert z.dtype == dtype
    np.testing.assert_allclose(cp.asnumpy(z), (xn - yn) * (xn - yn), rtol=1e-6)


def test_python_scalar_takes_the_placeholder_type():
    for dtype in (np.float32, np.float64, np.int16):
        x = cp.arange(10, dtype=dtype).reshape(2, 5)
        z = SQUARED_DIFF_T(x, 5)
        assert z.dtype == dtype
        xn = np.arange(10, dtype=dtype).reshape(2, 5)
        np.testing.assert_allclose(cp.asnumpy(z), (xn - dtype(5)) ** 2)


def test_typed_scalar_is_cast_to_the_parameter_type():
    z = SQUARED_DIFF(cp.arange(4, dtype=np.float32), 1.5)
    np.testing.assert_array_equal(cp.asnumpy(z), (np.arange(4, dtype=np.float32) - 1.5) ** 2)


def test_unbound_placeholder_takes_the_scalar_default():
    k = cp.ElementwiseKernel('T x', 'T y', 'y = x * 2', 'scalar_only')
    y = k(3, size=4)
    assert y.dtype == np.int64 and y.shape == (4,)
    np.testing.assert_array_equal(cp.asnumpy(y), [6] * 4)
    y = k(1.5, size=3)
    assert y.dtype == np.float64
    y = k(np.float32(2), size=2)  # a NumPy scalar keeps its dtype
    assert y.dtype == np.float32


def test_raw_with_ind_size_user_guide():
    add_reverse = cp.ElementwiseKernel(
        'T x, raw T y', 'T z', 'z = x + y[_ind.size() - i - 1]', 'add_reverse')
    xn = np.arange(5, dtype=np.float32)
    yn = np.arange(5, dtype=np.float32) * 10
    z = add_reverse(cp.asarray(xn), cp.asarray(yn))
    np.testing.assert_array_equal(cp.asnumpy(z), xn + yn[::-1])


def test_raw_input_that_is_a_view():
    k = cp.ElementwiseKernel('raw T y', 'T z', 'z = y[i] * 2', 'raw_view')
    yn = np.arange(24, dtype=np.float64).reshape(4, 6)
    yv = cp.asarray(yn)[::2, 1::2]  # not contiguous: raw indexing follows C order
    z = k(yv, size=yv.size)
    np.testing.assert_array_equal(cp.asnumpy(z), yn[::2, 1::2].ravel() * 2)


@pytest.mark.parametrize('view', ['transpose', 'slice', 'negative', 'broadcast'])
def test_non_contiguous_and_broadcast_inputs(view):
    k = cp.ElementwiseKernel('T x, T y', 'T z', 'z = x * 10 + y', 'views')
    base = np.arange(48, dtype=np.float64).reshape(6, 8)
    b = cp.asarray(base)
    if view == 'transpose':
        xn, xc = base.T, b.T
        yn, yc = base.T[:, :1], b.T[:, :1]
    elif view == 'slice':
        xn, xc = base[1::2, ::3], b[1::2, ::3]
        yn, yc = base[0, ::3], b[0, ::3]
    elif view == 'negative':
        xn, xc = base[::-1, ::-2], b[::-1, ::-2]
        yn, yc = base[::-1, ::-2], b[::-1, ::-2]
    else:
        xn, xc = np.broadcast_to(base[:1], (6, 8)), cp.broadcast_to(b[:1], (6, 8))
        yn, yc = base[:, :1], b[:, :1]
    z = k(xc, yc)
    assert z.shape == np.broadcast_shapes(xn.shape, yn.shape)
    assert z.flags.c_contiguous
    np.testing.assert_array_equal(cp.asnumpy(z), xn * 10 + yn)


def test_output_passed_in_is_returned_and_written():
    x = cp.arange(6, dtype=np.float32).reshape(2, 3)
    y = cp.ones(3, dtype=np.float32)
    out = cp.zeros((2, 3), dtype=np.float32)
    r = SQUARED_DIFF(x, y, out)
    assert r is out
    np.testing.assert_array_equal(cp.asnumpy(out), (np.arange(6).reshape(2, 3) - 1.0) ** 2)


def test_output_view_passed_in():
    k = cp.ElementwiseKernel('T x', 'T y', 'y = x + i', 'with_index')
    base = cp.zeros((4, 6), dtype=np.float64)
    out = base.T  # Fortran-ordered view: i stays the C-order index of the loop shape
    x = cp.zeros((6, 4), dtype=np.float64)
    k(x, out)
    np.testing.assert_array_equal(cp.asnumpy(base).T, np.arange(24.0).reshape(6, 4))


def test_output_dtype_must_match():
    out = cp.zeros((5,), dtype=np.float64)
    with pytest.raises(TypeError):
        SQUARED_DIFF(cp.arange(5, dtype=np.float32), cp.arange(5, dtype=np.float32), out)


def test_output_shape_must_match():
    out = cp.zeros((4,), dtype=np.float32)
    with pytest.raises(ValueError):
        SQUARED_DIFF(cp.arange(5, dtype=np.float32), cp.arange(5, dtype=np.float32), out)


def test_mismatched_placeholder_dtypes_raise_type_error():
    with pytest.raises(TypeError, match='mismatched'):
        SQUARED_DIFF_T(cp.arange(5, dtype=np.float32), cp.arange(5, dtype=np.float64))


def test_typed_parameter_with_another_dtype_raises_type_error():
    with pytest.raises(TypeError):
        SQUARED_DIFF(cp.arange(5, dtype=np.float64), cp.arange(5, dtype=np.float32))


@pytest.mark.parametrize('nargs', [0, 1, 4])
def test_wrong_argument_count_raises_type_error(nargs):
    args = [cp.arange(3, dtype=np.float32)] * nargs
    with pytest.raises(TypeError, match='Wrong number of arguments'):
        SQUARED_DIFF(*args)


def test_numpy_array_argument_raises_type_error():
    with pytest.raises(TypeError):
        SQUARED_DIFF(np.arange(3, dtype=np.float32), cp.arange(3, dtype=np.float32))


def test_size_argument():
    k = cp.ElementwiseKernel('', 'int64 y', 'y = i * i', 'iota_sq')
    y = k(size=7)
    np.testing.assert_array_equal(cp.asnumpy(y), np.arange(7) ** 2)
    with pytest.raises(ValueError):
        k()  # nothing sets the loop size
    with pytest.raises(ValueError):
        SQUARED_DIFF(cp.arange(3, dtype=np.float32), 1.0, size=3)


def test_multiple_outputs_no_return_and_return_tuple():
    k = cp.ElementwiseKernel('T x', 'T a, T b', 'a = x + 1; b = x * 2', 'two_out')
    a, b = k(cp.arange(4, dtype=np.int32))
    np.testing.assert_array_equal(cp.asnumpy(a), np.arange(4) + 1)
    np.testing.assert_array_equal(cp.asnumpy(b), np.arange(4) * 2)
    k1 = cp.ElementwiseKernel('T x', 'T y', 'y = x', 'copy_tuple', return_tuple=True)
    r = k1(cp.arange(3, dtype=np.int32))
    assert isinstance(r, tuple) and len(r) == 1
    k2 = cp.ElementwiseKernel('T x', 'T y', 'y = x', 'copy_none', no_return=True)
    out = cp.zeros(3, dtype=np.int32)
    assert k2(cp.arange(3, dtype=np.int32), out) is None
    np.testing.assert_array_equal(cp.asnumpy(out), np.arange(3))


def test_preamble_loop_prep_after_loop_and_math():
    k = cp.ElementwiseKernel(
        'T x', 'T y', 'y = my_f(x) + c', 'with_preamble',
        preamble='template <class U> __device__ U my_f(U v) { return sin(v) * v; }',
        loop_prep='T c = 2', after_loop='')
    xn = np.linspace(-3, 3, 11).astype(np.float32)
    y = k(cp.asarray(xn))
    np.testing.assert_allclose(cp.asnumpy(y), np.sin(xn) * xn + 2, rtol=1e-5)


def test_sin_plus_cos_float32_and_float64():
    k = cp.ElementwiseKernel('T x', 'T y', 'y = sin(x) + cos(x)', 'sincos')
    for dtype in (np.float32, np.float64):
        xn = np.linspace(0, 10, 1001).astype(dtype)
        y = k(cp.asarray(xn))
        assert y.dtype == dtype
        np.testing.assert_allclose(cp.asnumpy(y), np.sin(xn) + np.cos(xn),
                                   rtol=1e-5 if dtype == np.float32 else 1e-12, atol=1e-6)


def test_complex_placeholder_uses_complex_T():
    k = cp.ElementwiseKernel('T x, float64 s', 'T y', 'y = x * x + conj(x) * s + T(1, -1)', 'cplx_ops')
    xn = np.array([1 + 2j, -3 + 0.5j, 0.25 - 1j], dtype=np.complex128)
    y = k(cp.asarray(xn), 2.0)
    np.testing.assert_allclose(cp.asnumpy(y), xn * xn + np.conj(xn) * 2 + (1 - 1j))


def test_float16_placeholder_computes_in_float():
    xn = np.array([0.5, 1.25, -3.0, 100.0], dtype=np.float16)
    yn = np.array([0.25, 1.0, 2.0, -1.5], dtype=np.float16)
    z = SQUARED_DIFF_T(cp.asarray(xn), cp.asarray(yn), block_size=128)
    assert z.dtype == np.float16
    d = xn.astype(np.float32) - yn.astype(np.float32)
    np.testing.assert_array_equal(cp.asnumpy(z), (d * d).astype(np.float16))


def test_bool_and_typed_dtype_names():
    k = cp.ElementwiseKernel('bool m, int64 a, float64 b', 'float64 y', 'y = m ? a : b', 'select')
    mn = np.array([True, False, True])
    y = k(cp.asarray(mn), cp.asarray(np.array([1, 2, 3])), cp.asarray(np.array([.5, .25, .125])))
    np.testing.assert_array_equal(cp.asnumpy(y), [1.0, 0.25, 3.0])


def test_empty_arrays():
    z = SQUARED_DIFF_T(cp.zeros((0, 3), dtype=np.float32), cp.zeros(3, dtype=np.float32))
    assert z.shape == (0, 3)


def test_compile_error_message_carries_log_and_source():
    k = cp.ElementwiseKernel('T x', 'T y', 'y = x +* undefined_name', 'broken_kernel')
    with pytest.raises(cp.cuda.compiler.CompileException) as info:
        k(cp.arange(3, dtype=np.float32))
    msg = str(info.value)
    assert 'broken_kernel' in msg
    assert 'undefined_name' in msg  # the log and the numbered source name it


def test_malformed_parameters_raise_value_error():
    with pytest.raises(ValueError):
        cp.ElementwiseKernel('T', 'T y', 'y = 1', 'bad_params')
    with pytest.raises(ValueError):
        cp.ElementwiseKernel('T x, T x', 'T y', 'y = x', 'dup_params')


def test_stream_keyword():
    s = cp.cuda.Stream()
    z = SQUARED_DIFF(cp.arange(4, dtype=np.float32), 1.0, stream=s)
    s.synchronize()
    np.testing.assert_array_equal(cp.asnumpy(z), (np.arange(4, dtype=np.float32) - 1) ** 2)


def test_attributes():
    assert SQUARED_DIFF.nin == 2 and SQUARED_DIFF.nout == 1 and SQUARED_DIFF.nargs == 3
    assert SQUARED_DIFF.name == 'squared_diff'


# ---- the disk cache of user kernels (fresh processes, so memory caches do not hide it) ----
CACHE_SCRIPT = """
import numpy as np, cunumpy as cp
k = cp.ElementwiseKernel('T x', 'T y', 'y = x * 3 + 1', 'cache_probe')
r = k(cp.arange(5, dtype=cp.float32))
np.testing.assert_array_equal(cp.asnumpy(r), np.arange(5, dtype=np.float32) * 3 + 1)
print("ok")
"""


def _run_child(cache_dir):
    import os
    import subprocess
    import sys
    env = dict(os.environ, CUNUMPY_CACHE_DIR=str(cache_dir))
    r = subprocess.run([sys.executable, '-c', CACHE_SCRIPT], env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0 and 'ok' in r.stdout, r.stdout + r.stderr


def test_disk_cache_reused_and_corrupt_files_rebuilt(tmp_path):
    _run_child(tmp_path)
    files = [p for p in tmp_path.iterdir() if p.is_file()]
    assert files  # the compiled kernel (.so on the CPU, CUBIN on CUDA) was stored
    stamps = {p: p.stat().st_mtime_ns for p in files}
    _run_child(tmp_path)  # a second process loads it
    assert {p: p.stat().st_mtime_ns for p in files} == stamps
    for p in files:
        p.write_bytes(b'not a kernel')
    _run_child(tmp_path)  # damaged: recompiled, same result


def test_read_only_cache_directory(tmp_path):
    import os
    ro = tmp_path / 'ro'
    ro.mkdir()
    os.chmod(ro, 0o555)
    try:
        if os.access(ro, os.W_OK):
            pytest.skip('running as a user that can write anywhere (root)')
        _run_child(ro / 'sub')
    finally:
        os.chmod(ro, 0o755)


def test_unusable_cache_directory(tmp_path):
    blocker = tmp_path / 'a_file'
    blocker.write_text('x')
    _run_child(blocker / 'kernels')  # cannot be created: compiled elsewhere, still works
