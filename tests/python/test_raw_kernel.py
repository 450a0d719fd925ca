"""RawKernel and RawModule (CuPy's user kernels).

CPU-runnable: the API surface, argument conversion (the exact parameter bytes each Python
or NumPy value becomes, through RawKernel._pack_args), argument and launch-configuration
errors, and the error every compile or launch gives without a CUDA device. On CUDA: the
seed example's add_one, every scalar argument type read back by a kernel, complex.cuh,
templates through name_expressions, get_global, modules loaded from PTX / CUBIN / fatbin
files, compile errors, attributes, dynamic shared memory, streams, cooperative launches and
the disk cache across processes."""
import ctypes
import ctypes.util
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import cunumpy as cp
from _helpers import device_kind

ON_CUDA = device_kind() == "cuda" and cp.cuda.is_available()
needs_cuda = pytest.mark.skipif(not ON_CUDA, reason="needs a CUDA device")
on_cpu_only = pytest.mark.skipif(ON_CUDA, reason="checks the CPU backend's error")

ADD_ONE = r'''
extern "C" __global__
void add_one(const float* x, float* y, int n) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        y[tid] = x[tid] + 1.0f;
    }
}
'''


# ---- API surface (any backend) ---------------------------------------------------------

def test_names_as_cupy_has_them():
    assert cp.cuda.RawKernel is cp.RawKernel
    assert cp.cuda.RawModule is cp.RawModule
    assert issubclass(cp.cuda.compiler.CompileException, Exception)


def test_raw_kernel_properties():
    k = cp.RawKernel(ADD_ONE, "add_one", options=["-DFOO=1", "--use_fast_math"])
    assert k.code == ADD_ONE
    assert k.name == "add_one"
    assert k.options == ("-DFOO=1", "--use_fast_math")
    assert k.backend == "nvrtc"
    assert k.translate_cucomplex is False
    assert k.enable_cooperative_groups is False
    assert k.jitify is False
    assert k.file_path is None
    assert "add_one" in repr(k)
    k2 = cp.RawKernel(ADD_ONE, "add_one", (), "nvrtc", translate_cucomplex=True,
                      enable_cooperative_groups=True, jitify=True)
    assert k2.options == () and k2.translate_cucomplex and k2.enable_cooperative_groups
    assert k2.jitify


def test_raw_module_properties(tmp_path):
    m = cp.RawModule(code=ADD_ONE, options=("-DX",), name_expressions=["f<int>", "g<float>"])
    assert m.code == ADD_ONE and m.options == ("-DX",)
    assert m.name_expressions == ("f<int>", "g<float>")
    assert m.file_path is None
    assert cp.RawModule(ADD_ONE).name_expressions is None
    p = tmp_path / "k.ptx"
    m2 = cp.RawModule(path=p)  # read on first use, so a missing file is fine until then
    assert m2.file_path == str(p) and m2.code is None


def test_bad_construction():
    with pytest.raises(NotImplementedError, match="nvcc"):
        cp.RawKernel(ADD_ONE, "add_one", backend="nvcc")
    with pytest.raises(ValueError, match="backend"):
        cp.RawKernel(ADD_ONE, "add_one", backend="clang")
    with pytest.raises(TypeError, match="options"):
        cp.RawKernel(ADD_ONE, "add_one", options=(1,))
    with pytest.raises(TypeError):
        cp.RawModule()  # neither code nor path
    with pytest.raises(TypeError):
        cp.RawModule(code=ADD_ONE, path="x.cubin")
    with pytest.raises(ValueError, match="name_expressions"):
        cp.RawModule(path="x.cubin", name_expressions=["f<int>"])


# ---- argument conversion (any backend) -------------------------------------------------

NUMPY_SCALARS = [np.bool_(True), np.int8(-3), np.int16(-300), np.int32(-70000),
                 np.int64(-2**40), np.longlong(-5), np.uint8(250), np.uint16(65000),
                 np.uint32(4e9), np.uint64(2**64 - 1), np.ulonglong(7), np.float16(-2.5),
                 np.float32(1.25), np.float64(-3.5e100), np.complex64(1 - 2j),
                 np.complex128(-1.5 + 2.25j), np.intc(9), np.uintc(10), np.int_(11),
                 np.uint(12)]


@pytest.mark.parametrize("value", NUMPY_SCALARS, ids=lambda v: type(v).__name__)
def test_numpy_scalars_pass_their_own_c_type(value):
    (b,) = cp.RawKernel._pack_args((value,))
    assert b == value.tobytes()
    assert len(b) == value.dtype.itemsize


def test_python_scalars():
    i, f, t, fa, c, neg = cp.RawKernel._pack_args((7, 2.5, True, False, 1.5 - 2j, -1))
    assert i == np.int64(7).tobytes()  # int -> long long
    assert f == np.float64(2.5).tobytes()  # float -> double
    assert t == b"\x01" and fa == b"\x00"  # bool -> bool
    assert c == np.complex128(1.5 - 2j).tobytes()  # complex -> complex<double>
    assert neg == np.int64(-1).tobytes()


def test_python_scalar_subclasses_and_none():
    import enum

    class Color(enum.IntEnum):
        RED = 3

    class F(float):
        pass

    a, b, n = cp.RawKernel._pack_args([Color.RED, F(0.5), None])
    assert a == np.int64(3).tobytes() and b == np.float64(0.5).tobytes()
    assert n == bytes(8)  # None: a null pointer, as in CuPy


def test_arrays_pass_their_data_address():
    x = cp.arange(10, dtype=cp.float32)
    (b,) = cp.RawKernel._pack_args((x,))
    assert int.from_bytes(b, "little") == x.data.ptr
    (b,) = cp.RawKernel._pack_args((x[3:],))  # a view: the address of its first element
    assert int.from_bytes(b, "little") == x.data.ptr + 12


def test_int_overflow():
    with pytest.raises(OverflowError, match="argument 1"):
        cp.RawKernel._pack_args((1, 2**63))
    with pytest.raises(OverflowError):
        cp.RawKernel._pack_args((-2**63 - 1,))


@pytest.mark.parametrize("bad, tname", [([1, 2], "list"), ("s", "str"), (object(), "object"),
                                        (np.arange(3), "numpy.ndarray"), (b"x", "bytes")])
def test_unsupported_argument_types(bad, tname):
    k = cp.RawKernel(ADD_ONE, "add_one")
    with pytest.raises(TypeError, match=rf"argument 2: unsupported type '{tname}'"):
        k((1,), (1,), (1, 2, bad))


def test_numpy_array_argument_says_what_to_do():
    k = cp.RawKernel(ADD_ONE, "add_one")
    with pytest.raises(TypeError, match="asarray"):
        k((1,), (1,), (np.zeros(3, np.float32),))


@pytest.mark.parametrize("grid, block, exc", [
    ("a", (1,), TypeError), ((1, 1, 1, 1), (1,), ValueError), ((), (1,), ValueError),
    ((-1,), (1,), ValueError), ((1,), 1.5, TypeError), ((1,), (2**32,), ValueError)])
def test_bad_launch_configuration(grid, block, exc):
    k = cp.RawKernel(ADD_ONE, "add_one")
    with pytest.raises(exc):
        k(grid, block, (1,))


def test_bad_args_container_and_stream():
    k = cp.RawKernel(ADD_ONE, "add_one")
    with pytest.raises(TypeError, match="tuple"):
        k((1,), (1,), 5)
    with pytest.raises(TypeError, match="stream"):
        k((1,), (1,), (), stream=3)


# ---- the CPU backend: objects exist, compiling and launching need CUDA ---------------------

@on_cpu_only
def test_cpu_backend_raises_needs_cuda():
    k = cp.RawKernel(ADD_ONE, "add_one")
    x = cp.arange(4, dtype=cp.float32)
    err = cp.cuda.driver.CUDADriverError
    assert issubclass(err, RuntimeError)
    with pytest.raises(err, match="needs a CUDA device"):
        k((1,), (4,), (x, x, 4))
    with pytest.raises(err, match="needs a CUDA device"):
        k.compile()
    with pytest.raises(err, match="needs a CUDA device"):
        k.attributes
    with pytest.raises(err, match="needs a CUDA device"):
        k.max_dynamic_shared_size_bytes = 1024
    m = cp.RawModule(code=ADD_ONE)
    for call in (m.compile, lambda: m.get_function("add_one"), lambda: m.get_global("g")):
        with pytest.raises(err, match="needs a CUDA device"):
            call()


# ---- CUDA ------------------------------------------------------------------------------

@needs_cuda
def test_add_one_seed_example():
    add_one = cp.RawKernel(ADD_ONE, "add_one")
    x = cp.arange(1024, dtype=cp.float32)
    y = cp.empty_like(x)
    add_one((1,), (1024,), (x, y, x.size))
    cp.testing.assert_array_equal(y, x + 1)
    add_one(4, 256, [x, y, np.int32(1000)])  # ints for grid/block; a list of args
    cp.cuda.Stream.null.synchronize()
    np.testing.assert_array_equal(y.get(), np.arange(1024, dtype=np.float32) + 1)


SCALAR_CTYPES = [  # (value, C type the kernel declares, dtype to store it as)
    (np.bool_(True), "bool", np.bool_), (np.int8(-3), "signed char", np.int8),
    (np.int16(-300), "short", np.int16), (np.int32(-70000), "int", np.int32),
    (np.int64(-2**40), "long long", np.int64), (np.uint8(250), "unsigned char", np.uint8),
    (np.uint16(65000), "unsigned short", np.uint16),
    (np.uint32(4_000_000_000), "unsigned int", np.uint32),
    (np.uint64(2**64 - 1), "unsigned long long", np.uint64),
    (np.float16(-2.5), "__half", np.float16), (np.float32(1.25), "float", np.float32),
    (np.float64(-3.5e100), "double", np.float64),
    (np.complex64(1 - 2j), "complex<float>", np.complex64),
    (np.complex128(-1.5 + 2.25j), "complex<double>", np.complex128),
    (7, "long long", np.int64), (2.5, "double", np.float64), (True, "bool", np.bool_),
    (1.5 - 2j, "complex<double>", np.complex128),
    (5, "int", np.int32),  # CuPy code passes Python ints to int parameters (x.size)
]


@needs_cuda
@pytest.mark.parametrize("value, ctype, dtype", SCALAR_CTYPES,
                         ids=[f"{type(v).__name__}-{c}" for v, c, _ in SCALAR_CTYPES])
def test_scalar_argument_reaches_the_kernel(value, ctype, dtype):
    src = ("#include <cupy/complex.cuh>\n#include <cuda_fp16.h>\n"
           f'extern "C" __global__ void store(int pad, {ctype} v, {ctype}* out, int pad2) {{\n'
           "  if (pad == 11 && pad2 == 22) out[0] = v;\n}\n")
    k = cp.RawKernel(src, "store")
    out = cp.zeros(1, dtype=dtype)
    k((1,), (1,), (11, value, out, np.int32(22)))
    assert out.get()[0] == dtype(value)


@needs_cuda
def test_complex_header_both_spellings():
    src = r'''
#include <cupy/complex.cuh>
#include <cunumpy/complex.cuh>
extern "C" __global__ void f(const complex<float>* x, complex<double>* y, complex<double> s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        complex<double> z = x[i];
        y[i] = exp(z) * s + conj(z) - sqrt(z) / 2.0 + abs(z) + thrust::pow(z, 2.0);
    }
}
'''
    x_np = (np.arange(16) - 8 + 1j * np.linspace(-2, 2, 16)).astype(np.complex64)
    s = 0.5 - 0.25j
    x = cp.asarray(x_np)
    y = cp.empty(16, dtype=cp.complex128)
    cp.RawKernel(src, "f")((1,), (16,), (x, y, s, 16))
    z = x_np.astype(np.complex128)
    want = np.exp(z) * s + np.conj(z) - np.sqrt(z) / 2 + np.abs(z) + z ** 2
    np.testing.assert_allclose(y.get(), want, rtol=1e-12, atol=1e-12)


@needs_cuda
def test_complex_math_against_numpy():
    funcs = ["exp", "log", "log10", "sqrt", "sin", "cos", "tan", "sinh", "cosh", "tanh"]
    body = "\n".join(f"    out[{j} * n + i] = {f}(z);" for j, f in enumerate(funcs))
    src = ("#include <cunumpy/complex.cuh>\n"
           'extern "C" __global__ void f(const complex<double>* x, complex<double>* out, int n) {\n'
           "  int i = threadIdx.x; if (i >= n) return; complex<double> z = x[i];\n" + body + "\n}\n")
    rng = np.random.default_rng(0)
    x_np = rng.uniform(-3, 3, 64) + 1j * rng.uniform(-3, 3, 64)
    out = cp.empty(len(funcs) * 64, dtype=cp.complex128)
    cp.RawKernel(src, "f")((1,), (64,), (cp.asarray(x_np), out, 64))
    got = out.get().reshape(len(funcs), 64)
    for j, f in enumerate(funcs):
        np.testing.assert_allclose(got[j], getattr(np, f)(x_np), rtol=1e-12, atol=1e-12,
                                   err_msg=f)


@needs_cuda
def test_translate_cucomplex():
    src = r'''
#include <cuComplex.h>
extern "C" __global__ void mul(const cuDoubleComplex* a, const cuDoubleComplex* b, cuDoubleComplex* c) {
    int i = threadIdx.x;
    c[i] = cuCmul(a[i], b[i]);
}
'''
    a = np.arange(8) + 1j * np.arange(8)[::-1]
    b = 1 - 2j * np.arange(8)
    c = cp.empty(8, dtype=cp.complex128)
    cp.RawKernel(src, "mul", translate_cucomplex=True)((1,), (8,), (cp.asarray(a), cp.asarray(b), c))
    np.testing.assert_allclose(c.get(), a * b)


@needs_cuda
def test_standard_cuda_headers():
    src = r'''
#include <cuda_fp16.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void f(const __half* x, float* y) {
    cg::thread_block b = cg::this_thread_block();
    y[b.thread_rank()] = __half2float(x[b.thread_rank()]) * 2.0f;
}
'''
    x = cp.asarray(np.arange(32, dtype=np.float16))
    y = cp.empty(32, dtype=cp.float32)
    cp.RawKernel(src, "f")((1,), (32,), (x, y))
    np.testing.assert_array_equal(y.get(), np.arange(32, dtype=np.float32) * 2)


TEMPLATES = r'''
#include <cupy/complex.cuh>
template <typename T>
__global__ void my_sqrt(T* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = sqrt(x[i]);
}
template <int N>
__global__ void add_n(float* x) { x[threadIdx.x] += N; }
__device__ float gscale;
__device__ int gtable[4];
__constant__ int ctable[3] = {1, 2, 3};
extern "C" __global__ void use_globals(float* out) {
    out[threadIdx.x] = gscale * gtable[threadIdx.x];
}
extern "C" __global__ void set_scale(float v) { gscale = v; }
'''


@needs_cuda
def test_templates_through_name_expressions():
    names = ["my_sqrt<float>", "my_sqrt<double>", "my_sqrt<complex<double>>", "add_n<3>"]
    mod = cp.RawModule(code=TEMPLATES, options=("-std=c++17",), name_expressions=names)
    for dt, ctype in ((np.float32, "float"), (np.float64, "double"),
                      (np.complex128, "complex<double>")):
        x = cp.asarray(np.arange(1, 65).astype(dt))
        mod.get_function(f"my_sqrt<{ctype}>")((1,), (64,), (x, 64))
        np.testing.assert_allclose(x.get(), np.sqrt(np.arange(1, 65).astype(dt)), rtol=1e-6)
    y = cp.zeros(8, dtype=cp.float32)
    mod.get_function("add_n<3>")((1,), (8,), (y,))
    np.testing.assert_array_equal(y.get(), np.full(8, 3, np.float32))
    assert mod._lowered_name("add_n<3>").startswith("_Z")
    with pytest.raises(cp.cuda.driver.CUDADriverError):
        mod.get_function("no_such_kernel")


@needs_cuda
def test_get_global():
    mod = cp.RawModule(code=TEMPLATES)
    g = mod.get_global("gtable")
    assert g.size == 16 and g.ptr != 0
    s = mod.get_global("gscale")
    assert s.size == 4
    assert mod.get_global("ctable").size == 12
    # Fill the table from a device array by a kernel given the global's address.
    table = cp.asarray(np.array([1, 2, 3, 4], dtype=np.int32))
    copy = cp.RawKernel(r'''extern "C" __global__ void copy4(const int* src, int* dst) {
        dst[threadIdx.x] = src[threadIdx.x]; }''', "copy4")
    copy((1,), (4,), (table, g.ptr))  # a global's address passes as an int
    mod.get_function("set_scale")((1,), (1,), (np.float32(0.5),))
    out = cp.zeros(4, dtype=cp.float32)
    mod.get_function("use_globals")((1,), (4,), (out,))
    np.testing.assert_array_equal(out.get(), np.array([0.5, 1, 1.5, 2], np.float32))
    # The global viewed as an array (CuPy's idiom).
    view = cp.ndarray((4,), cp.int32, memptr=g)
    np.testing.assert_array_equal(view.get(), [1, 2, 3, 4])
    with pytest.raises(cp.cuda.driver.CUDADriverError):
        mod.get_global("missing")


def _nvrtc():
    # The NVRTC of the driver's major version first, as cunumpy itself chooses (a newer
    # NVRTC's PTX is too new for an older driver).
    names = ["libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so", ctypes.util.find_library("nvrtc")]
    if cp.cuda.runtime.driverGetVersion() < 13000:
        names[0], names[1] = names[1], names[0]
    for base in (os.environ.get("CUDA_PATH"), os.environ.get("CUDA_HOME"), "/usr/local/cuda"):
        if base:
            names += [os.path.join(base, "lib64", n) for n in ("libnvrtc.so", "libnvrtc.so.13")]
    for n in names:
        if not n:
            continue
        try:
            return ctypes.CDLL(n)
        except OSError:
            continue
    return None


def _nvrtc_image(src, arch_option, cubin):
    lib = _nvrtc()
    if lib is None:
        pytest.skip("NVRTC could not be loaded through ctypes to build a test image")
    prog = ctypes.c_void_p()
    assert lib.nvrtcCreateProgram(ctypes.byref(prog), src.encode(), b"k.cu", 0, None, None) == 0
    opts = (ctypes.c_char_p * 1)(arch_option.encode())
    assert lib.nvrtcCompileProgram(prog, 1, opts) == 0
    size = ctypes.c_size_t()
    get_size, get = ((lib.nvrtcGetCUBINSize, lib.nvrtcGetCUBIN) if cubin
                     else (lib.nvrtcGetPTXSize, lib.nvrtcGetPTX))
    assert get_size(prog, ctypes.byref(size)) == 0
    buf = ctypes.create_string_buffer(size.value)
    assert get(prog, buf) == 0
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    return buf.raw if cubin else buf.raw.rstrip(b"\0")


def _run_add_one_module(mod):
    x = cp.arange(100, dtype=cp.float32)
    y = cp.empty_like(x)
    mod.get_function("add_one")((1,), (128,), (x, y, 100))
    np.testing.assert_array_equal(y.get(), np.arange(100, dtype=np.float32) + 1)


@needs_cuda
def test_module_from_ptx_file(tmp_path):
    cc = cp.cuda.Device().compute_capability
    p = tmp_path / "add_one.ptx"
    p.write_bytes(_nvrtc_image(ADD_ONE, f"-arch=compute_{cc}", cubin=False))
    _run_add_one_module(cp.RawModule(path=str(p)))


@needs_cuda
def test_module_from_cubin_file(tmp_path):
    cc = cp.cuda.Device().compute_capability
    p = tmp_path / "add_one.cubin"
    p.write_bytes(_nvrtc_image(ADD_ONE, f"-arch=sm_{cc}", cubin=True))
    _run_add_one_module(cp.RawModule(path=p))  # a path-like object


@needs_cuda
def test_module_from_fatbin_file(tmp_path):
    nvcc = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc" if os.path.exists("/usr/local/cuda/bin/nvcc") else None)
    if nvcc is None:
        pytest.skip("nvcc is not installed here (needed to build a fatbin)")
    cc = cp.cuda.Device().compute_capability
    src = tmp_path / "add_one.cu"
    src.write_text(ADD_ONE)
    out = tmp_path / "add_one.fatbin"
    subprocess.run([nvcc, "-fatbin", f"-arch=sm_{cc}", "-o", str(out), str(src)], check=True)
    _run_add_one_module(cp.RawModule(path=str(out)))


@needs_cuda
def test_missing_file():
    with pytest.raises(cp.cuda.driver.CUDADriverError, match="FILE_NOT_FOUND"):
        cp.RawModule(path="/nonexistent/k.cubin").get_function("add_one")


@needs_cuda
def test_compile_error_message():
    src = 'extern "C" __global__ void bad(float* x) {\n  x[0] = undefined_name + 1;\n}\n'
    k = cp.RawKernel(src, "bad")
    with pytest.raises(cp.cuda.compiler.CompileException) as info:
        k((1,), (1,), (cp.zeros(1, dtype=cp.float32),))
    msg = str(info.value)
    assert "undefined_name" in msg  # NVRTC's log
    assert "   2  " in msg and "x[0] = undefined_name + 1;" in msg  # the numbered source
    assert "bad" in msg
    with pytest.raises(cp.cuda.compiler.CompileException):
        cp.RawModule(code=src).compile()


@needs_cuda
def test_compile_log_stream():
    import io
    k = cp.RawKernel(ADD_ONE, "add_one")
    buf = io.StringIO()
    k.compile(log_stream=buf)  # compiles now; nothing to say for clean code
    assert isinstance(buf.getvalue(), str)


@needs_cuda
def test_attributes():
    k = cp.RawKernel(ADD_ONE, "add_one")
    a = k.attributes
    for key in ("max_threads_per_block", "shared_size_bytes", "const_size_bytes",
                "local_size_bytes", "num_regs", "ptx_version", "binary_version",
                "cache_mode_ca", "max_dynamic_shared_size_bytes",
                "preferred_shared_memory_carveout"):
        assert key in a and isinstance(a[key], int)
    assert a["max_threads_per_block"] >= 1024 // 4 and k.max_threads_per_block == a["max_threads_per_block"]
    assert k.num_regs == a["num_regs"] > 0
    assert k.binary_version >= 50
    k.max_dynamic_shared_size_bytes = 65536
    assert k.max_dynamic_shared_size_bytes == 65536
    k.preferred_shared_memory_carveout = 50
    assert k.preferred_shared_memory_carveout == 50


@needs_cuda
def test_dynamic_shared_memory():
    src = r'''
extern "C" __global__ void rev(const float* x, float* y, int n) {
    extern __shared__ float buf[];
    int i = threadIdx.x;
    buf[i] = x[i];
    __syncthreads();
    y[i] = buf[n - 1 - i];
}
'''
    k = cp.RawKernel(src, "rev")
    x = cp.arange(256, dtype=cp.float32)
    y = cp.empty_like(x)
    k((1,), (256,), (x, y, 256), shared_mem=256 * 4)
    np.testing.assert_array_equal(y.get(), np.arange(256, dtype=np.float32)[::-1])
    # More than 48 KiB needs the attribute first.
    big = cp.RawKernel(src.replace("rev", "rev_big"), "rev_big")
    big.max_dynamic_shared_size_bytes = 64 * 1024
    big((1,), (256,), (x, y, 256), shared_mem=64 * 1024)
    np.testing.assert_array_equal(y.get(), np.arange(256, dtype=np.float32)[::-1])


@needs_cuda
def test_stream_argument():
    k = cp.RawKernel(ADD_ONE, "add_one")
    s = cp.cuda.Stream(non_blocking=True)
    x = cp.arange(1 << 16, dtype=cp.float32)
    y = cp.empty_like(x)
    cp.cuda.Stream.null.synchronize()  # a non-blocking stream does not wait for the null one
    k(((1 << 16) // 256,), (256,), (x, y, x.size), stream=s)
    s.synchronize()
    np.testing.assert_array_equal(y.get(), np.arange(1 << 16, dtype=np.float32) + 1)
    with s:  # the current stream when stream= is not given
        k(((1 << 16) // 256,), (256,), (y, x, x.size))
        s.synchronize()
    np.testing.assert_array_equal(x.get(), np.arange(1 << 16, dtype=np.float32) + 2)


@needs_cuda
def test_cooperative_launch():
    src = r'''
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void two_phase(int* x, int* y, int n) {
    cg::grid_group g = cg::this_grid();
    int i = g.thread_rank();
    if (i < n) x[i] = i;
    g.sync();
    if (i < n) y[i] = x[n - 1 - i];
}
'''
    k = cp.RawKernel(src, "two_phase", enable_cooperative_groups=True)
    x = cp.zeros(256, dtype=cp.int32)
    y = cp.zeros(256, dtype=cp.int32)
    k((2,), (128,), (x, y, 256))
    np.testing.assert_array_equal(y.get(), np.arange(256, dtype=np.int32)[::-1])


@needs_cuda
def test_identical_source_shares_the_compiled_module():
    a = cp.RawModule(code=TEMPLATES)
    b = cp.RawModule(code=TEMPLATES)
    assert a.get_global("gscale").ptr == b.get_global("gscale").ptr


@needs_cuda
def test_disk_cache_across_processes(tmp_path):
    script = (
        "import numpy as np, cunumpy as cp\n"
        "m = cp.RawModule(code='''template <typename T> __global__ void twice(T* x) "
        "{ x[threadIdx.x] *= 2; }''', name_expressions=['twice<float>'])\n"
        "x = cp.arange(8, dtype=cp.float32)\n"
        "m.get_function('twice<float>')((1,), (8,), (x,))\n"
        "assert (x.get() == np.arange(8) * 2).all()\n"
        "print('ok')\n")
    env = dict(os.environ, CUNUMPY_CACHE_DIR=str(tmp_path), CUNUMPY_DEVICE="cuda")

    def run():
        r = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                           text=True, timeout=300)
        assert r.returncode == 0 and "ok" in r.stdout, r.stdout + r.stderr

    run()
    files = sorted(p for p in tmp_path.rglob("*") if p.is_file())
    assert files
    before = {f: f.stat().st_mtime_ns for f in files}
    run()  # the lowered name comes from the cache file too
    assert {f: f.stat().st_mtime_ns for f in files} == before
    for f in files:  # a damaged file is recompiled
        f.write_bytes(f.read_bytes()[:40])
    run()


PARAM_KERNELS = r"""
struct Three { double a[3]; };
extern "C" __global__ void none() {}
extern "C" __global__ void five(Three s, char c, double d, float* p, long long q) {
  if (p) p[0] = (float)(s.a[1] + c + d + q);
}
template <class T> __global__ void fill(T* p, T v) { p[0] = v; }
"""


def _param_kernel_modules(tmp_path):
    # The same kernels from source (a CUBIN), from source as PTX, and from CUBIN and PTX
    # files: the argument count comes from the image where the driver has no
    # cuFuncGetParamCount (kernels/cuda/image_params.cpp), from the driver where it has.
    cc = cp.cuda.Device().compute_capability
    exprs = ["fill<float>"]
    cubin, ptx = tmp_path / "k.cubin", tmp_path / "k.ptx"
    instantiated = PARAM_KERNELS + "template __global__ void fill<float>(float*, float);"
    cubin.write_bytes(_nvrtc_image(instantiated, f"-arch=sm_{cc}", cubin=True))
    ptx.write_bytes(_nvrtc_image(instantiated, f"-arch=compute_{cc}", cubin=False))
    return [("source", cp.RawModule(code=PARAM_KERNELS, name_expressions=exprs), "fill<float>"),
            ("source-ptx", cp.RawModule(code=PARAM_KERNELS, options=(f"-arch=compute_{cc}",),
                                        name_expressions=exprs), "fill<float>"),
            ("cubin-file", cp.RawModule(path=str(cubin)), "_Z4fillIfEvPT_S0_"),
            ("ptx-file", cp.RawModule(path=str(ptx)), "_Z4fillIfEvPT_S0_")]


@needs_cuda
def test_wrong_argument_count(tmp_path):
    k = cp.RawKernel(ADD_ONE, "add_one")
    x = cp.zeros(4, dtype=cp.float32)
    if cp.cuda.runtime.driverGetVersion() < 12040:
        pytest.skip("the driver cannot report a kernel's parameters before CUDA 12.4")
    with pytest.raises(TypeError, match="takes 3 arguments, got 2"):
        k((1,), (4,), (x, x))
    with pytest.raises(TypeError, match="takes 3 arguments, got 4"):
        k((1,), (4,), (x, x, 4, 5))
    for how, mod, fill in _param_kernel_modules(tmp_path):
        f = mod.get_function(fill)
        f((1,), (1,), (x, np.float32(2.5)))
        assert float(x[0]) == 2.5, how
        with pytest.raises(TypeError, match="takes 2 arguments, got 3"):
            f((1,), (1,), (x, np.float32(1), 3))
        with pytest.raises(TypeError, match="takes 5 arguments, got 4"):
            mod.get_function("five")((1,), (1,), (x, np.int8(1), 2.0, x))
        if how.endswith("ptx") or how == "source-ptx":  # PTX says "none" takes nothing
            with pytest.raises(TypeError, match="takes 0 arguments, got 1"):
                mod.get_function("none")((1,), (1,), (x,))
        mod.get_function("none")((1,), (1,), ())
