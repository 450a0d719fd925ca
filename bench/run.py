#!/usr/bin/env python3
"""cunumpy side by side with CuPy, PyTorch and NumPy, in one process, on one GPU.

    python3 bench/run.py [--out bench.md] [--repeat 20] [--scale 1.0] [--only zeros,copy]

GPU rows: CUDA events around each call (CuPy's and PyTorch's own; cunumpy's Event when it
has one, else wall clock with a device synchronize around each call), a warm-up, then the
median of --repeat calls. Host-time rows: wall clock over a loop, divided by its length.
Ratios: CuPy's time over the library's time, so 2.00x means twice as fast as CuPy
(against NumPy instead where CuPy is missing).
A missing library is left out; a row a library cannot run prints "n/a" (reasons listed
under the table). Figures go in docs/benchmarks.md; nothing here asserts a speed.
"""
from __future__ import annotations

import argparse
import gc
import importlib
import os
import platform
import statistics
import subprocess
import sys
import time
import traceback

LIBS = ["cunumpy", "cupy", "torch", "numpy"]
TITLES = {"cunumpy": "cunumpy", "cupy": "CuPy", "torch": "PyTorch", "numpy": "NumPy"}


# ----------------------------------------------------------------------------------------
# Library adapters: the same few operations in each library's spelling.
class Lib:
    name = ""
    gpu = False

    def __init__(self, mod):
        self.m = mod

    def sync(self):
        pass

    def free(self):
        gc.collect()

    def timer(self):
        """Returns (start(), stop() -> ms) for one call."""
        def start():
            self.sync()
            return time.perf_counter()

        def stop(t0):
            self.sync()
            return (time.perf_counter() - t0) * 1e3
        return start, stop, "wall+sync"

    def zeros(self, n, dt): return self.m.zeros(n, dtype=getattr(self.m, dt))
    def arange(self, n, dt): return self.m.arange(n, dtype=getattr(self.m, dt))
    def rand(self, n):
        import numpy as np
        return self.from_numpy(np.random.default_rng(0).random(n, dtype=np.float32))
    def astype(self, x, dt): return x.astype(getattr(self.m, dt))
    def copy(self, x): return x.copy()
    def sincos(self, x): return self.m.sin(x) + self.m.cos(x)
    def add_scalar(self, x): return x + 1.0
    def mask_select(self, x): return x[x > 0]
    def take(self, a, idx): return self.m.take(a, idx)

    def sincos_kernel(self):
        """y = sin(x) + cos(x) as an ElementwiseKernel (CuPy's and cunumpy's spelling)."""
        return self.m.ElementwiseKernel('T x', 'T y', 'y = sin(x) + cos(x)', 'bench_sincos')

    def sincos_fused(self):
        """The same through fuse."""
        m = self.m

        @m.fuse(kernel_name='bench_sincos_fused')
        def f(x):
            return m.sin(x) + m.cos(x)
        return f

    def to_numpy(self, x): return x
    def from_numpy(self, a): return a

    def alloc_free(self, nbytes):
        x = self.m.empty(nbytes // 4, dtype=self.m.float32)
        del x

    def pinned_upload(self, n):
        """(host pinned float32 array, device array, fn copying host -> device)."""
        import numpy as np
        x = importlib.import_module(self.name + "x")  # cupyx / cunumpyx
        host = x.empty_pinned((n,), np.float32)
        host[...] = 1
        dev = self.m.empty(n, dtype=self.m.float32)
        return host, dev, lambda: dev.set(host)


class NumpyLib(Lib):
    name = "numpy"

    def from_numpy(self, a): return a.copy()


class CupyLib(Lib):
    name = "cupy"
    gpu = True

    def sync(self): self.m.cuda.Stream.null.synchronize()

    def free(self):
        gc.collect()
        self.m.get_default_memory_pool().free_all_blocks()

    def timer(self):
        cuda = self.m.cuda
        e0, e1 = cuda.Event(), cuda.Event()

        def start():
            e0.record()
            return None

        def stop(_):
            e1.record()
            e1.synchronize()
            return cuda.get_elapsed_time(e0, e1)
        return start, stop, "CUDA events"

    def to_numpy(self, x): return self.m.asnumpy(x)
    def from_numpy(self, a): return self.m.asarray(a)


class TorchLib(Lib):
    name = "torch"
    gpu = True

    def __init__(self, mod):
        super().__init__(mod)
        if not mod.cuda.is_available():
            raise RuntimeError("torch sees no GPU")
        self.dev = mod.device("cuda")

    def sync(self): self.m.cuda.synchronize()

    def free(self):
        gc.collect()
        self.m.cuda.empty_cache()

    def timer(self):
        e0 = self.m.cuda.Event(enable_timing=True)
        e1 = self.m.cuda.Event(enable_timing=True)

        def start():
            e0.record()

        def stop(_):
            e1.record()
            e1.synchronize()
            return e0.elapsed_time(e1)
        return start, stop, "CUDA events"

    def zeros(self, n, dt): return self.m.zeros(n, dtype=getattr(self.m, dt), device=self.dev)
    def arange(self, n, dt): return self.m.arange(n, dtype=getattr(self.m, dt), device=self.dev)

    def alloc_free(self, nbytes):
        x = self.m.empty(nbytes // 4, dtype=self.m.float32, device=self.dev)
        del x

    def pinned_upload(self, n):
        host = self.m.ones(n, dtype=self.m.float32).pin_memory()
        dev = self.m.empty(n, dtype=self.m.float32, device=self.dev)
        return host, dev, lambda: dev.copy_(host, non_blocking=True)
    def astype(self, x, dt): return x.to(getattr(self.m, dt))
    def copy(self, x): return x.clone()
    def to_numpy(self, x): return x.cpu().numpy()
    def from_numpy(self, a): return self.m.from_numpy(a).to(self.dev)


class CunumpyLib(Lib):
    name = "cunumpy"

    def __init__(self, mod):
        super().__init__(mod)
        x = mod.zeros(1, dtype=mod.float32) if hasattr(mod, "zeros") else None
        self.device = str(getattr(x, "device", "unknown")) if x is not None else "unknown"
        self.gpu = "cuda" in self.device.lower()

    def sync(self):
        cuda = getattr(self.m, "cuda", None)
        try:
            cuda.Stream.null.synchronize()
        except Exception:
            pass

    def free(self):
        gc.collect()
        try:
            self.m.get_default_memory_pool().free_all_blocks()
        except Exception:
            pass

    def timer(self):
        cuda = getattr(self.m, "cuda", None)
        ev = getattr(cuda, "Event", None) if cuda is not None else None
        elapsed = getattr(cuda, "get_elapsed_time", None) if cuda is not None else None
        if self.gpu and ev is not None and elapsed is not None:
            try:
                e0, e1 = ev(), ev()

                def start():
                    e0.record()

                def stop(_):
                    e1.record()
                    e1.synchronize()
                    return elapsed(e0, e1)
                return start, stop, "CUDA events"
            except Exception:
                pass
        return super().timer()

    def to_numpy(self, x): return self.m.asnumpy(x)
    def from_numpy(self, a): return self.m.asarray(a)


ADAPTERS = {"cunumpy": CunumpyLib, "cupy": CupyLib, "torch": TorchLib, "numpy": NumpyLib}


# ----------------------------------------------------------------------------------------
def median_call_ms(lib, fn, repeat, warmup=3):
    """Median time of one call of fn(), in ms, by the library's timer."""
    for _ in range(warmup):
        fn()
    lib.sync()
    start, stop, method = lib.timer()
    times = []
    for _ in range(repeat):
        t0 = start()
        fn()
        times.append(stop(t0))
    return statistics.median(times), method


def host_loop_us(lib, fn, loops):
    """Wall-clock time per call of a loop of `loops` calls, in µs (one sync at the end)."""
    for _ in range(20):
        fn()
    lib.sync()
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(loops):
            fn()
        lib.sync()
        best = min(best, (time.perf_counter() - t0) / loops * 1e6)
    return best


def host_batch_us(lib, fn, batch=100, batches=50):
    """Host time per call for work the GPU may run slower than the host submits it: the
    median over batches of `batch` calls, each batch started on an idle GPU and timed
    without its closing synchronize (so a full launch queue never throttles the host)."""
    for _ in range(20):
        fn()
    times = []
    for _ in range(batches):
        lib.sync()
        t0 = time.perf_counter()
        for _ in range(batch):
            fn()
        times.append((time.perf_counter() - t0) / batch * 1e6)
    lib.sync()
    return statistics.median(times)


def import_time_s(module, runs=5):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        r = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True)
        times.append(time.perf_counter() - t0)
        if r.returncode != 0:
            raise RuntimeError(r.stderr.decode().strip().splitlines()[-1])
    return statistics.median(times)


# A new ElementwiseKernel's first call (compile or disk-cache load, module load, launch,
# synchronize) in a fresh process, timed inside that process.
_FIRST_CALL = r"""
import importlib, sys, time
m = importlib.import_module(sys.argv[1])
x = m.arange(1000, dtype=m.float32)
m.cuda.Stream.null.synchronize()
k = m.ElementwiseKernel('float32 x', 'float32 y', 'y = x * 3.5f + 1.25f', 'bench_first_call')
t = time.perf_counter()
y = k(x)
m.cuda.Stream.null.synchronize()
print((time.perf_counter() - t) * 1e3)
"""


def first_kernel_call_ms(module, warm_disk):
    """Median of 3 fresh processes; each cold run gets an empty cache folder, each warm run
    a folder a previous process filled."""
    import tempfile
    times = []
    for _ in range(3):
        with tempfile.TemporaryDirectory() as d:
            env = dict(os.environ, CUNUMPY_CACHE_DIR=d, CUPY_CACHE_DIR=d)
            runs = 2 if warm_disk else 1
            for _ in range(runs):
                r = subprocess.run([sys.executable, "-c", _FIRST_CALL, module], capture_output=True,
                                   env=env, text=True)
                if r.returncode != 0:
                    raise RuntimeError(r.stderr.strip().splitlines()[-1])
            times.append(float(r.stdout.strip().splitlines()[-1]))
    return statistics.median(times)


# ----------------------------------------------------------------------------------------
class Row:
    def __init__(self, key, title, unit, higher_is_better):
        self.key, self.title, self.unit, self.hib = key, title, unit, higher_is_better
        self.values = {}   # lib -> float
        self.methods = {}  # lib -> str
        self.notes = {}    # lib -> why n/a


def run_rows(libs, args):
    import numpy as np
    S = args.scale
    n28 = max(1024, int(2**28 * S))
    n26 = max(1024, int(2**26 * S))
    n7 = max(1024, int(10**7 * S))
    rep = args.repeat
    gb = 1e9
    rows = []

    def row(key, title, unit, hib, measure, libs_for_row):
        if args.only and key not in args.only:
            return
        r = Row(key, title, unit, hib)
        rows.append(r)
        for name in libs_for_row:
            lib = libs.get(name)
            if lib is None:
                continue
            try:
                val, method = measure(lib)
                r.values[name], r.methods[name] = val, method
            except Exception as e:  # a missing feature: n/a, never a crash
                r.notes[name] = f"{type(e).__name__}: {str(e).strip().splitlines()[0] if str(e).strip() else ''}"[:160]
                if args.verbose:
                    traceback.print_exc()
            finally:
                lib.free()
        print(f"  measured: {title}", file=sys.stderr, flush=True)

    # import in a fresh process
    def m_import(lib):
        return import_time_s(lib.name), "wall, fresh process, median of 5"
    row("import", "`import` in a fresh process", "s", False, m_import, ["cunumpy", "cupy", "torch", "numpy"])

    def m_zeros(lib):
        t, meth = median_call_ms(lib, lambda: lib.zeros(n28, "float32"), rep)
        return n28 * 4 / (t * 1e-3) / gb, meth
    row("zeros", f"`zeros` {n28:,} float32 (bytes written)", "GB/s", True, m_zeros,
        ["cunumpy", "cupy", "torch"])

    def m_arange(lib):
        t, meth = median_call_ms(lib, lambda: lib.arange(n28, "float32"), rep)
        return n28 * 4 / (t * 1e-3) / gb, meth
    row("arange", f"`arange` {n28:,} float32 (bytes written)", "GB/s", True, m_arange,
        ["cunumpy", "cupy", "torch"])

    def m_astype(lib):
        x = lib.zeros(n26, "float32")
        t, meth = median_call_ms(lib, lambda: lib.astype(x, "float64"), rep)
        return n26 * 12 / (t * 1e-3) / gb, meth
    row("astype", f"`astype` float32→float64, {n26:,} (read + write)", "GB/s", True, m_astype,
        ["cunumpy", "cupy", "torch", "numpy"])

    def m_copy(lib):
        x = lib.zeros(n28, "float32")
        t, meth = median_call_ms(lib, lambda: lib.copy(x), rep)
        return 2 * n28 * 4 / (t * 1e-3) / gb, meth
    row("copy", f"device-to-device copy, {n28 * 4 / 2**30:.3g} GiB (read + write)", "GB/s", True,
        m_copy, ["cunumpy", "cupy", "torch", "numpy"])

    def m_sincos(lib):
        x = lib.rand(n7)
        t, meth = median_call_ms(lib, lambda: lib.sincos(x), rep)
        return t, meth
    row("sincos", f"sin(x)+cos(x), {n7:,} float32", "ms", False, m_sincos,
        ["cunumpy", "cupy", "torch", "numpy"])

    def m_sincos_kernel(lib):
        x = lib.rand(n7)
        k = lib.sincos_kernel()
        return median_call_ms(lib, lambda: k(x), rep)
    row("ew_sincos", f"ElementwiseKernel `y = sin(x) + cos(x)`, {n7:,} float32", "ms", False,
        m_sincos_kernel, ["cunumpy", "cupy"])

    def m_sincos_fused(lib):
        x = lib.rand(n7)
        f = lib.sincos_fused()
        return median_call_ms(lib, lambda: f(x), rep)
    row("fuse_sincos", f"fuse `sin(x) + cos(x)`, {n7:,} float32", "ms", False,
        m_sincos_fused, ["cunumpy", "cupy"])

    def m_first_cold(lib):
        return first_kernel_call_ms(lib.name, False), "wall, fresh process, empty cache, median of 3"
    row("kernel_cold", "first call of a new ElementwiseKernel, empty kernel cache", "ms", False,
        m_first_cold, ["cunumpy", "cupy"])

    def m_first_warm(lib):
        return first_kernel_call_ms(lib.name, True), "wall, fresh process, warm disk cache, median of 3"
    row("kernel_warm", "first call of a new ElementwiseKernel, warm disk cache", "ms", False,
        m_first_warm, ["cunumpy", "cupy"])

    def m_add(lib):
        x = lib.rand(1000)
        return host_loop_us(lib, lambda: lib.add_scalar(x), 2000), "wall, loop of 2000"
    row("add_small", "`y = x + 1.0`, 1,000 float32, host time per call", "µs", False, m_add,
        ["cunumpy", "cupy", "torch", "numpy"])

    def m_raw_kernel(lib):
        k = lib.m.RawKernel(r'''extern "C" __global__ void add_one(const float* x, float* y, int n) {
            int i = blockIdx.x * blockDim.x + threadIdx.x;
            if (i < n) y[i] = x[i] + 1.0f;
        }''', "add_one")
        x = lib.rand(1000)
        y = lib.m.empty_like(x)
        args = (x, y, np.int32(1000))
        return (host_batch_us(lib, lambda: k((1,), (1024,), args)),
                "wall, batches of 100 launches from an idle GPU, median")
    row("raw_kernel", "RawKernel launch (3 arguments), host time per call", "µs", False,
        m_raw_kernel, ["cunumpy", "cupy"])

    def m_add28(lib):
        x, y = lib.rand(n28), lib.rand(n28)
        t, meth = median_call_ms(lib, lambda: x + y, rep)
        return n28 * 12 / (t * 1e-3) / gb, meth
    row("add28", f"`x + y`, two float32 arrays of {n28:,} (12 bytes per element)", "GB/s", True,
        m_add28, ["cunumpy", "cupy", "torch"])

    # Reductions and scans (issue 5).
    def m_over_n28(fn, bytes_per_element):
        def measure(lib):
            x = lib.rand(n28)
            t, meth = median_call_ms(lib, lambda: fn(x), rep)
            return n28 * bytes_per_element / (t * 1e-3) / gb, meth
        return measure
    row("sum28", f"`x.sum()`, {n28:,} float32 (bytes read)", "GB/s", True,
        m_over_n28(lambda x: x.sum(), 4), ["cunumpy", "cupy", "torch"])

    side = max(32, int(16384 * S ** 0.5))

    def m_sum_axis(axis):
        def measure(lib):
            x = lib.rand(side * side).reshape(side, side)
            t, meth = median_call_ms(lib, lambda: x.sum(axis), rep)
            return side * side * 4 / (t * 1e-3) / gb, meth
        return measure
    for axis in (0, 1):
        row(f"sum_axis{axis}", f"`x.sum({axis})`, {side:,}×{side:,} float32 (bytes read)", "GB/s",
            True, m_sum_axis(axis), ["cunumpy", "cupy", "torch"])
    row("argmax28", f"`x.argmax()`, {n28:,} float32 (bytes read)", "GB/s", True,
        m_over_n28(lambda x: x.argmax(), 4), ["cunumpy", "cupy", "torch"])
    row("cumsum28", f"`x.cumsum(0)`, {n28:,} float32 (8 bytes per element)", "GB/s", True,
        m_over_n28(lambda x: x.cumsum(0), 8), ["cunumpy", "cupy", "torch"])

    n27 = max(1024, int(2**27 * S))

    def m_sort27(lib):
        x = lib.rand(n27)
        return median_call_ms(lib, lambda: lib.m.sort(x), rep)
    row("sort27", f"`sort(x)`, {n27:,} random float32", "ms", False, m_sort27,
        ["cunumpy", "cupy", "torch"])

    def m_argsort27(lib):
        x = lib.rand(n27)
        return median_call_ms(lib, lambda: lib.m.argsort(x), rep)
    row("argsort27", f"`argsort(x)`, {n27:,} random float32", "ms", False, m_argsort27,
        ["cunumpy", "cupy", "torch"])

    # FFT (issue 16): cuFFT through each library's fft module; inputs made once per row.
    def c64(lib, shape, seed=3):
        rng = np.random.default_rng(seed)
        a = (rng.standard_normal(shape, dtype=np.float32) + 1j * rng.standard_normal(shape, dtype=np.float32))
        return lib.from_numpy(a.astype(np.complex64))

    n24 = max(1024, int(2**24 * S))
    side_fft = max(64, int(4096 * S ** 0.5))
    batch_fft = max(8, int(1024 * S))

    def m_fft(make, call):
        def measure(lib):
            x = make(lib)
            return median_call_ms(lib, lambda: call(lib.m.fft, x), rep)
        return measure
    row("fft24_c64", f"`fft.fft(x)`, {n24:,} complex64", "ms", False,
        m_fft(lambda lib: c64(lib, n24), lambda f, x: f.fft(x)), ["cunumpy", "cupy", "torch"])
    row("rfft24_f32", f"`fft.rfft(x)`, {n24:,} float32", "ms", False,
        m_fft(lambda lib: lib.rand(n24), lambda f, x: f.rfft(x)), ["cunumpy", "cupy", "torch"])
    row("fft2_4096_c64", f"`fft.fft2(x)`, {side_fft:,}² complex64", "ms", False,
        m_fft(lambda lib: c64(lib, (side_fft, side_fft)), lambda f, x: f.fft2(x)), ["cunumpy", "cupy", "torch"])
    row("fft_batched_c64", f"`fft.fft(x)` along the last axis, {batch_fft:,} × 4,096 complex64", "ms", False,
        m_fft(lambda lib: c64(lib, (batch_fft, 4096)), lambda f, x: f.fft(x)), ["cunumpy", "cupy", "torch"])

    def m_fft_host(lib):
        x = c64(lib, 1024)
        f = lib.m.fft
        return host_batch_us(lib, lambda: f.fft(x)), "wall, median of batches of 100"
    row("fft1024_host", "`fft.fft(x)` host time per call, 1,024 complex64 (cached plan)", "µs", False,
        m_fft_host, ["cunumpy", "cupy", "torch"])

    def m_sum_small_float(lib):
        x = lib.rand(1000)
        return host_loop_us(lib, lambda: float(x.sum()), 2000), "wall, loop of 2000"
    row("sum_small_float", "`float(x.sum())`, 1,000 float32, host time per call", "µs", False,
        m_sum_small_float, ["cunumpy", "cupy", "torch", "numpy"])

    def m_sum_small(lib):
        x = lib.rand(1000)
        return host_loop_us(lib, lambda: x.sum(), 2000), "wall, loop of 2000"
    row("sum_small", "`x.sum()`, 1,000 float32, host time per call (no transfer)", "µs", False,
        m_sum_small, ["cunumpy", "cupy", "torch", "numpy"])

    # Interop (issue 18): DLPack exchange with PyTorch both ways and NumPy's dispatch to the
    # library (__array_function__), host time per call; each checks first that the exchange
    # shares the memory (the same data pointer), else the row is n/a.
    def data_ptr(x):
        ptr = getattr(getattr(x, "data", None), "ptr", None)
        return ptr if ptr is not None else x.__cuda_array_interface__["data"][0]

    def m_torch_from_dlpack(lib):
        torch = importlib.import_module("torch")
        x = lib.rand(1000)
        if torch.from_dlpack(x).data_ptr() != data_ptr(x):
            raise RuntimeError("torch.from_dlpack copied the data")
        return host_loop_us(lib, lambda: torch.from_dlpack(x), 2000), "wall, loop of 2000"
    row("torch_from_dlpack", "`torch.from_dlpack(x)`, 1,000 float32, host time per call (no copy)",
        "µs", False, m_torch_from_dlpack, ["cunumpy", "cupy"])

    def m_from_dlpack_torch(lib):
        torch = importlib.import_module("torch")
        t = torch.rand(1000, device="cuda" if lib.gpu else "cpu")
        if data_ptr(lib.m.from_dlpack(t)) != t.data_ptr():
            raise RuntimeError("from_dlpack copied the data")
        return host_loop_us(lib, lambda: lib.m.from_dlpack(t), 2000), "wall, loop of 2000"
    row("from_dlpack_torch", "`cp.from_dlpack(t)` of a PyTorch tensor, 1,000 float32, host time "
        "per call (no copy)", "µs", False, m_from_dlpack_torch, ["cunumpy", "cupy"])

    def m_np_sum_dispatch(lib):
        x = lib.rand(1000)
        if not isinstance(np.sum(x), type(x)):
            raise RuntimeError("np.sum did not dispatch to the library")
        return host_loop_us(lib, lambda: np.sum(x), 2000), "wall, loop of 2000"
    row("np_sum_dispatch", "`np.sum(x)` (NumPy's dispatch to the library), 1,000 float32, host "
        "time per call", "µs", False, m_np_sum_dispatch, ["cunumpy", "cupy"])

    # Host time of NumPy functions that Python used to compose from several calls (issue 14).
    def small_fn(expr):
        def measure(lib):
            m = lib.m
            x = lib.rand(1000)
            y = lib.rand(1000)
            c = x > 0.5
            fn = {"where": lambda: m.where(c, x, y), "clip": lambda: m.clip(x, 0, 1),
                  "unique": lambda: m.unique(x), "nanmax": lambda: m.nanmax(x)}[expr]
            return host_loop_us(lib, fn, 2000), "wall, loop of 2000"
        return measure
    for expr, call in (("where", "cp.where(c, x, y)"), ("clip", "cp.clip(x, 0, 1)"),
                       ("unique", "cp.unique(x)"), ("nanmax", "cp.nanmax(x)")):
        row(f"{expr}_small", f"`{call}`, 1,000 float32, host time per call", "µs", False,
            small_fn(expr), ["cunumpy", "cupy", "numpy"])

    # Indexing (issue 6): boolean-mask selection and a random gather.
    def m_mask_select(lib):
        x = lib.from_numpy(np.random.default_rng(0).standard_normal(n26, dtype=np.float32))
        t, meth = median_call_ms(lib, lambda: lib.mask_select(x), rep)
        return t, meth
    row("mask_select", f"`x[x > 0]`, {n26:,} normal float32", "ms", False, m_mask_select,
        ["cunumpy", "cupy", "torch"])

    def m_take(lib):
        a = lib.rand(n28)
        idx = lib.from_numpy(np.random.default_rng(1).integers(0, n28, n7, dtype=np.int64))
        t, meth = median_call_ms(lib, lambda: lib.take(a, idx), rep)
        return t, meth
    row("take", f"`take` of {n7:,} random int64 indices from {n28:,} float32", "ms", False, m_take,
        ["cunumpy", "cupy", "torch"])

    # Searching and statistics (issue 5).
    n6 = max(1024, int(10**6 * S))

    def m_searchsorted(lib):
        hay = lib.from_numpy(np.sort(np.random.default_rng(2).random(n6, dtype=np.float32)))
        needles = lib.rand(n7)
        return median_call_ms(lib, lambda: lib.m.searchsorted(hay, needles), rep)
    row("searchsorted", f"searchsorted of {n7:,} float32 needles into {n6:,} sorted", "ms", False,
        m_searchsorted, ["cunumpy", "cupy"])

    def m_bincount(lib):
        x = lib.from_numpy(np.random.default_rng(3).integers(0, 1000, n7, dtype=np.int32))
        return median_call_ms(lib, lambda: lib.m.bincount(x), rep)
    row("bincount", f"bincount of {n7:,} int32 in [0, 1000)", "ms", False, m_bincount,
        ["cunumpy", "cupy"])

    def m_histogram(lib):
        x = lib.rand(n7)
        return median_call_ms(lib, lambda: lib.m.histogram(x, 100), rep)
    row("histogram", f"histogram of {n7:,} float32 into 100 bins", "ms", False, m_histogram,
        ["cunumpy", "cupy"])

    # NumPy breadth, numeric part (issue 19): gradient, interp, packbits.
    def m_gradient(lib):
        x = lib.rand(side * side).reshape(side, side)
        return median_call_ms(lib, lambda: lib.m.gradient(x), rep)
    row("gradient", f"`gradient(x)` (both axes), {side:,}² float32", "ms", False, m_gradient,
        ["cunumpy", "cupy"])

    def m_interp(lib):
        xp = lib.from_numpy(np.sort(np.random.default_rng(4).random(n6)))
        fp = lib.from_numpy(np.random.default_rng(5).random(n6))
        x = lib.from_numpy(np.random.default_rng(6).random(n7))
        return median_call_ms(lib, lambda: lib.m.interp(x, xp, fp), rep)
    row("interp", f"`interp` of {n7:,} float64 points into {n6:,}", "ms", False, m_interp,
        ["cunumpy", "cupy"])

    def m_packbits(lib):
        x = lib.from_numpy(np.random.default_rng(7).integers(0, 2, n28, dtype=np.uint8).view(bool))
        t, meth = median_call_ms(lib, lambda: lib.m.packbits(x), rep)
        return n28 * 9 / 8 / (t * 1e-3) / gb, meth  # bytes read + written; the copy row is the ceiling
    row("packbits", f"`packbits` of {n28:,} bool (bytes read + written)", "GB/s", True, m_packbits,
        ["cunumpy", "cupy"])

    # The CPU backend against NumPy on the same cores (cunumpy's current device switched to
    # the CPU for the row; wall clock, median of --repeat).
    def on_cpu(lib, work):
        core = lib.m._core if lib.name == "cunumpy" else None
        prev = core.current_device() if core is not None else None
        if core is not None:
            core._set_current_device("cpu")
        try:
            return work()
        finally:
            if core is not None:
                core._set_current_device(prev)

    def m_cpu(fn, nbytes=None):
        """A CPU-backend row: the median wall time of fn(lib, x) on n7 random float32
        (plus y for two operands), as GB/s over nbytes per element, else ms."""
        def measure(lib):
            def work():
                x, y = lib.rand(n7), lib.rand(n7)
                t, _ = median_call_ms(Lib(None), lambda: fn(lib, x, y), rep)
                return (n7 * nbytes / (t * 1e-3) / gb if nbytes else t), "wall"
            return on_cpu(lib, work)
        return measure
    for name, label, unit, fn, nbytes in [
            ("cpu_add", f"CPU backend: `x + y`, {n7:,} float32 (12 bytes per element)", "GB/s",
             lambda lib, x, y: x + y, 12),
            ("cpu_sin", f"CPU backend: sin(x), {n7:,} float32", "ms", lambda lib, x, y: lib.m.sin(x), None),
            ("cpu_sum", f"CPU backend: `x.sum()`, {n7:,} float32 (bytes read)", "GB/s",
             lambda lib, x, y: x.sum(), 4),
            ("cpu_sort", f"CPU backend: `sort(x)`, {n7:,} random float32", "ms",
             lambda lib, x, y: lib.m.sort(x), None)]:
        row(name, label, unit, nbytes is not None, m_cpu(fn, nbytes), ["cunumpy", "numpy"])

    # CPU backend FFT (issue 16): target within 1.5x of NumPy's pocketfft.
    n20 = max(1024, int(2**20 * S))

    def m_cpu_fft(real):
        def measure(lib):
            def work():
                rng = np.random.default_rng(4)
                a = rng.standard_normal(n20) if real else rng.standard_normal(n20) + 1j * rng.standard_normal(n20)
                x = lib.from_numpy(a)
                f = lib.m.fft.rfft if real else lib.m.fft.fft
                t, _ = median_call_ms(Lib(None), lambda: f(x), rep)
                return t, "wall"
            return on_cpu(lib, work)
        return measure
    row("cpu_fft20", f"CPU backend: `fft.fft(x)`, {n20:,} complex128", "ms", False, m_cpu_fft(False),
        ["cunumpy", "numpy"])
    row("cpu_rfft20", f"CPU backend: `fft.rfft(x)`, {n20:,} float64", "ms", False, m_cpu_fft(True),
        ["cunumpy", "numpy"])

    # Manipulation (issue 6): a transposing copy and a many-input concatenate.
    side = max(32, int(16384 * S ** 0.5))

    def m_transpose(lib):
        x = lib.rand(side * side).reshape(side, side)
        xt = x.T
        contiguous = lib.m.ascontiguousarray if lib.name != "torch" else (lambda t: t.contiguous())
        t, meth = median_call_ms(lib, lambda: contiguous(xt), rep)
        return side * side * 8 / (t * 1e-3) / gb, meth
    row("transpose_copy", f"ascontiguousarray(x.T), {side:,}² float32 (read + write)", "GB/s", True,
        m_transpose, ["cunumpy", "cupy", "torch"])

    n25 = max(1024, int(2**25 * S))

    def m_concat(lib):
        parts = [lib.rand(n25) for _ in range(8)]
        join = lib.m.concatenate if lib.name != "torch" else lib.m.cat
        t, meth = median_call_ms(lib, lambda: join(parts), rep)
        return 8 * n25 * 8 / (t * 1e-3) / gb, meth
    row("concat8", f"concatenate 8 × {n25:,} float32 (read + write)", "GB/s", True, m_concat,
        ["cunumpy", "cupy", "torch"])

    def m_asnumpy(lib):
        x = lib.rand(n26)
        t, _ = median_call_ms(Lib(None), lambda: lib.to_numpy(x), max(5, rep // 2), warmup=2)
        return n26 * 4 / (t * 1e-3) / gb, "wall"
    row("asnumpy", f"asnumpy, {n26:,} float32 (device → host)", "GB/s", True, m_asnumpy,
        ["cunumpy", "cupy", "torch"])

    # Runtime (issue 3): the pool's fast path and pinned uploads.
    def m_alloc(lib):
        lib.alloc_free(1 << 20)
        return host_loop_us(lib, lambda: lib.alloc_free(1 << 20), 20000), "wall, loop of 20000"
    row("alloc_free", "allocate + free a 1 MiB array, host time per pair", "µs", False, m_alloc,
        ["cunumpy", "cupy", "torch"])

    n_pin = max(1024, int(2**28 * S))  # 1 GiB of float32

    def m_h2d(lib):
        host, dev, fn = lib.pinned_upload(n_pin)
        t, meth = median_call_ms(lib, fn, max(5, rep // 2))
        return n_pin * 4 / (t * 1e-3) / gb, meth
    row("h2d_pinned", f"host → device from pinned memory, {n_pin * 4 / 2**30:.3g} GiB", "GB/s", True,
        m_h2d, ["cunumpy", "cupy", "torch"])

    def m_h2d_raw(lib):  # the ceiling: one plain cudaMemcpyAsync of pinned memory
        host, dev, _ = lib.pinned_upload(n_pin)
        rt = lib.m.cuda.runtime
        fn = lambda: rt.memcpyAsync(dev.data.ptr, host.ctypes.data, n_pin * 4, rt.memcpyHostToDevice, 0)  # noqa: E731
        t, meth = median_call_ms(lib, fn, max(5, rep // 2))
        return n_pin * 4 / (t * 1e-3) / gb, meth + " (CuPy's cudaMemcpyAsync)"
    row("h2d_raw", f"plain cudaMemcpyAsync from pinned memory, {n_pin * 4 / 2**30:.3g} GiB", "GB/s", True,
        m_h2d_raw, ["cupy"])

    # Linear algebra (issue 15): GEMM throughput, batched small GEMMs, `@` host time and the
    # factorizations. Inputs are made with NumPy on the host and uploaded once.
    def lin_in(lib, shape, dt, seed=0, spd=False):
        a = np.random.default_rng(seed).standard_normal(shape).astype(dt)
        if spd:
            n = shape[-1]
            a = (a @ a.T / n + np.eye(n)).astype(dt)
        return lib.from_numpy(a)

    def lin_fn(lib, name):
        if lib.name == "torch":
            t = lib.m
            return {"cholesky": t.linalg.cholesky, "solve": t.linalg.solve, "inv": t.linalg.inv,
                    "svd": lambda a: t.linalg.svd(a, full_matrices=True),
                    "eigh": t.linalg.eigh}[name]
        la = lib.m.linalg
        return {"cholesky": la.cholesky, "solve": la.solve, "inv": la.inv, "svd": la.svd, "eigh": la.eigh}[name]

    def m_gemm(n, dt):
        def m(lib):
            a, b = lin_in(lib, (n, n), dt, 1), lin_in(lib, (n, n), dt, 2)
            t, meth = median_call_ms(lib, lambda: a @ b, max(3, rep // 2))
            return 2 * n ** 3 / (t * 1e-3) / 1e12, meth
        return m
    n8k = max(64, int(8192 * S ** (1 / 3)))
    n4k = max(64, int(4096 * S ** (1 / 3)))
    for dt in ("float32", "float16", "float64"):
        row(f"matmul_{dt}", f"matmul {n8k}³ {dt}", "TFLOP/s", True, m_gemm(n8k, dt),
            ["cunumpy", "cupy", "torch"])
    row("matmul_4k_float32", f"matmul {n4k}³ float32", "TFLOP/s", True, m_gemm(n4k, "float32"),
        ["cunumpy", "cupy", "torch"])
    nb = max(16, int(10000 * S))

    def m_batched(lib):
        a, b = lin_in(lib, (nb, 32, 32), "float32", 1), lin_in(lib, (nb, 32, 32), "float32", 2)
        t, meth = median_call_ms(lib, lambda: a @ b, rep)
        return t, meth
    row("matmul_batched", f"batched matmul {nb:,} × (32×32) float32", "ms", False, m_batched,
        ["cunumpy", "cupy", "torch"])

    def m_matmul_host(lib):
        a, b = lin_in(lib, (64, 64), "float32", 1), lin_in(lib, (64, 64), "float32", 2)
        return host_loop_us(lib, lambda: a @ b, 2000), "wall, loop of 2000"
    row("matmul_host", "`a @ b`, two 64×64 float32, host time per call", "µs", False, m_matmul_host,
        ["cunumpy", "cupy", "torch", "numpy"])
    n_fac = max(64, int(4096 * S ** (1 / 3)))
    n_svd = max(64, int(2048 * S ** (1 / 3)))

    def m_factor(name, n, dt, spd=False):
        def m(lib):
            a = lin_in(lib, (n, n), dt, 3, spd)
            f = lin_fn(lib, name)
            if name == "solve":
                b = lin_in(lib, (n, n), dt, 4)
                return median_call_ms(lib, lambda: f(a, b), max(3, rep // 4))
            return median_call_ms(lib, lambda: f(a), max(3, rep // 4))
        return m
    row("cholesky", f"cholesky {n_fac}² float64", "ms", False, m_factor("cholesky", n_fac, "float64", True),
        ["cunumpy", "cupy", "torch"])
    row("solve", f"solve {n_fac}² float64 (n right-hand sides)", "ms", False, m_factor("solve", n_fac, "float64"),
        ["cunumpy", "cupy", "torch"])
    row("svd", f"svd {n_svd}² float32", "ms", False, m_factor("svd", n_svd, "float32"),
        ["cunumpy", "cupy", "torch"])
    row("eigh", f"eigh {n_fac}² float64", "ms", False, m_factor("eigh", n_fac, "float64", True),
        ["cunumpy", "cupy", "torch"])
    # Stacks of small matrices (cuBLAS/cuSOLVER's batched entries on CUDA): 10,000 x (8x8).
    n_stack = max(16, int(10000 * S))

    def m_stack(name, dt="float64", spd=False):
        def m(lib):
            rng = np.random.default_rng(5)
            x = rng.standard_normal((n_stack, 8, 8))
            x = x @ np.swapaxes(x, -1, -2) / 8 + np.eye(8) if spd else x / 8 + np.eye(8)
            a = lib.from_numpy(x.astype(dt))
            f = lin_fn(lib, name)
            if name == "solve":
                b = lib.from_numpy(rng.standard_normal((n_stack, 8, 1)).astype(dt))
                return median_call_ms(lib, lambda: f(a, b), rep)
            return median_call_ms(lib, lambda: f(a), rep)
        return m
    for name, dt, spd in (("solve", "float64", False), ("inv", "float64", False), ("cholesky", "float64", True),
                          ("eigh", "float32", True), ("svd", "float32", False)):
        row(f"stack_{name}", f"{name}, {n_stack:,} × (8×8) {dt}", "ms", False, m_stack(name, dt, spd),
            ["cunumpy", "cupy", "torch"])
    # CPU backend against NumPy (the same OpenBLAS when NumPy's is the one loaded).
    n2k = max(64, int(2048 * S ** (1 / 3)))
    n1k = max(64, int(1024 * S ** (1 / 3)))

    def m_cpu_linalg(kind):
        def measure(lib):
            def work():
                if kind == "gemm":
                    a, b = lin_in(lib, (n2k, n2k), "float64", 1), lin_in(lib, (n2k, n2k), "float64", 2)
                    t, _ = median_call_ms(Lib(None), lambda: a @ b, max(3, rep // 4))
                    return 2 * n2k ** 3 / (t * 1e-3) / 1e9, "wall"
                a, b = lin_in(lib, (n1k, n1k), "float64", 3), lin_in(lib, (n1k, n1k), "float64", 4)
                return median_call_ms(Lib(None), lambda: lib.m.linalg.solve(a, b), max(3, rep // 4))[0], "wall"
            return on_cpu(lib, work)
        return measure
    row("cpu_matmul", f"CPU backend: matmul {n2k}² float64", "GFLOP/s", True, m_cpu_linalg("gemm"),
        ["cunumpy", "numpy"])
    row("cpu_solve", f"CPU backend: solve {n1k}² float64 (n right-hand sides)", "ms", False,
        m_cpu_linalg("solve"), ["cunumpy", "numpy"])

    # ---- random numbers (issue 17): GB/s of output written (the write ceiling bounds it)
    def rng(lib, legacy=False):
        if lib.name == "torch":
            return None
        r = lib.m.random
        return r.RandomState(0) if legacy else r.default_rng(0)

    def m_rng(kind, legacy=False):
        def measure(lib):
            g = rng(lib, legacy)
            tm, dev = lib.m, getattr(lib, "dev", None)
            if kind == "normal32":
                f = (lambda: tm.randn(n28, device=dev)) if g is None else (
                    lambda: g.standard_normal(n28, dtype=np.float32))
                nbytes = 4 * n28
            elif kind == "random32":
                f = (lambda: tm.rand(n28, device=dev)) if g is None else (
                    lambda: (g.random(n28, dtype=np.float32) if not legacy else g.random_sample(n28, dtype=np.float32)))
                nbytes = 4 * n28
            elif kind == "random64":
                f = (lambda: tm.rand(n28, device=dev, dtype=tm.float64)) if g is None else (
                    lambda: g.random(n28))
                nbytes = 8 * n28
            elif kind == "integers":
                f = (lambda: tm.randint(0, 1000, (n28,), device=dev)) if g is None else (
                    lambda: g.integers(0, 1000, n28))
                nbytes = 8 * n28
            t, meth = median_call_ms(lib, f, rep)
            return nbytes / (t * 1e-3) / gb, meth
        return measure
    gpu3 = ["cunumpy", "cupy", "torch"]
    row("rng_normal", f"Generator.standard_normal({n28:,}, float32) (bytes written)", "GB/s", True,
        m_rng("normal32"), gpu3)
    row("rng_normal_legacy", f"RandomState.standard_normal({n28:,}, float32) (bytes written)", "GB/s", True,
        m_rng("normal32", True), gpu3)
    row("rng_random32", f"Generator.random({n28:,}, float32) (bytes written)", "GB/s", True,
        m_rng("random32"), gpu3)
    row("rng_random64", f"Generator.random({n28:,}) float64 (bytes written)", "GB/s", True,
        m_rng("random64"), gpu3)
    row("rng_integers", f"Generator.integers(0, 1000, {n28:,}) int64 (bytes written)", "GB/s", True,
        m_rng("integers"), gpu3)
    n_perm = max(1024, int(10**7 * S))
    n_pop = max(1024, int(10**6 * S))

    def m_permutation(lib):
        g = rng(lib)
        if g is None:
            f = lambda: lib.m.randperm(n_perm, device=lib.dev)
        else:  # CuPy's Generator may lack permutation: its legacy RandomState then
            perm = getattr(g, "permutation", None) or rng(lib, True).permutation
            f = lambda: perm(n_perm)
        return median_call_ms(lib, f, max(3, rep // 2))
    row("rng_permutation", f"Generator.permutation({n_perm:,})", "ms", False, m_permutation, gpu3)

    def m_choice(lib):
        g = rng(lib)
        w = np.random.default_rng(1).random(n_pop)
        w /= w.sum()
        if g is None:
            p = lib.m.from_numpy(w).to(lib.dev)
            f = lambda: lib.m.multinomial(p, n_perm, replacement=True)
        else:
            p = lib.m.asarray(w)
            choice = getattr(g, "choice", None) or rng(lib, True).choice
            f = lambda: choice(n_pop, n_perm, p=p)
        return median_call_ms(lib, f, max(3, rep // 2))
    row("rng_choice_p", f"Generator.choice({n_pop:,}, {n_perm:,}, p=...)", "ms", False, m_choice, gpu3)

    def m_cpu_rng(kind):
        def measure(lib):
            def work():
                g = lib.m.random.default_rng(0)
                f = (lambda: g.standard_normal(n7)) if kind == "normal" else (lambda: g.random(n7))
                return median_call_ms(Lib(None), f, rep)[0], "wall"
            return on_cpu(lib, work)
        return measure
    row("cpu_rng_normal", f"CPU backend: Generator.standard_normal({n7:,}) float64", "ms", False,
        m_cpu_rng("normal"), ["cunumpy", "numpy"])
    row("cpu_rng_random", f"CPU backend: Generator.random({n7:,}) float64", "ms", False,
        m_cpu_rng("random"), ["cunumpy", "numpy"])
    return rows


def fmt(v, unit):
    if v is None:
        return "n/a"
    if unit == "GB/s":
        return f"{v:,.0f}"
    if unit == "s":
        return f"{v:.3f}"
    if unit == "ms":
        return f"{v:.4g}"
    return f"{v:.3g}"


def table(rows, names, base_name="cupy"):
    cols = [TITLES[n] for n in names]
    others = [n for n in names if n != base_name]
    head = ["work", "unit"] + cols + [f"{TITLES[n]} vs {TITLES[base_name]}" for n in others]
    out = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    notes = []
    for r in rows:
        cells = []
        for n in names:
            v = r.values.get(n)
            cells.append(fmt(v, r.unit))
            if v is None and n in r.notes:
                notes.append(f"- {r.title}, {TITLES[n]}: n/a ({r.notes[n]})")
        ratios = []
        base = r.values.get(base_name)
        for n in others:
            v = r.values.get(n)
            if v is None or base is None or v == 0 or base == 0:
                ratios.append("n/a")
            else:
                ratios.append(f"{(v / base) if r.hib else (base / v):.2f}x")
        out.append("| " + " | ".join([r.title, r.unit] + cells + ratios) + " |")
    return "\n".join(out), notes


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", help="also write the markdown report here")
    ap.add_argument("--repeat", type=int, default=20, help="timed calls per GPU row (median)")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every size (e.g. 1/16 on a CPU)")
    ap.add_argument("--only", type=lambda s: set(s.split(",")), default=None,
                    help="comma-separated rows: import,zeros,astype,copy,sincos,ew_sincos,"
                         "fuse_sincos,kernel_cold,kernel_warm,add_small,raw_kernel,torch_from_dlpack,"
                         "from_dlpack_torch,np_sum_dispatch,add28,cpu_add,cpu_sin,asnumpy,"
                         "alloc_free,h2d_pinned,h2d_raw,transpose_copy,concat8,mask_select,take,"
                         "searchsorted,bincount,histogram,matmul_float32,matmul_float16,matmul_float64,"
                         "matmul_4k_float32,matmul_batched,matmul_host,cholesky,solve,svd,eigh,stack_solve,stack_inv,"
                         "stack_cholesky,stack_eigh,stack_svd,cpu_matmul,cpu_solve,"
                         "rng_normal,rng_normal_legacy,rng_random32,rng_random64,rng_integers,"
                         "rng_permutation,rng_choice_p,cpu_rng_normal,cpu_rng_random")
    ap.add_argument("--libs", type=lambda s: s.split(","), default=LIBS)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    libs, missing = {}, []
    for name in args.libs:
        try:
            libs[name] = ADAPTERS[name](importlib.import_module(name))
        except Exception as e:
            missing.append(f"{TITLES.get(name, name)} ({type(e).__name__}: {e})")
    names = [n for n in LIBS if n in libs]
    # Ratios are against CuPy; without CuPy (a machine with no GPU), against NumPy.
    base_name = "cupy" if "cupy" in libs else ("numpy" if "numpy" in libs else "cupy")
    names_for_table = [n for n in LIBS if n in libs or n == base_name]

    header = ["# cunumpy benchmarks", ""]
    header.append(f"- date: {time.strftime('%Y-%m-%d %H:%M:%S %Z')}; host: {platform.node()}; "
                  f"Python {platform.python_version()}; {os.cpu_count()} CPUs")
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=20)
        if out.returncode == 0 and out.stdout.strip():
            header.append(f"- GPU: {out.stdout.strip().splitlines()[0]}")
    except Exception:
        header.append("- GPU: none found (nvidia-smi missing)")
    for n in names:
        v = getattr(libs[n].m, "__version__", "?")
        extra = f", device {libs[n].device}" if n == "cunumpy" else ""
        header.append(f"- {TITLES[n]} {v}{extra}")
    if missing:
        header.append("- left out: " + "; ".join(missing))
    header.append(f"- GPU rows: median of {args.repeat} after warm-up; sizes x{args.scale:g}")
    header.append("")

    rows = run_rows(libs, args)
    tbl, notes = table(rows, names_for_table, base_name)
    methods = sorted({f"{TITLES[n]}: {m}" for r in rows for n, m in r.methods.items()
                      if r.key not in ("import", "add_small", "asnumpy", "cpu_add", "cpu_sin")})
    text = "\n".join(header) + "\n" + tbl + "\n\n" + f"Ratios: {TITLES[base_name]}'s time / the library's time (higher is faster).\n"
    if methods:
        text += "Timing of GPU rows: " + "; ".join(methods) + ".\n"
    if notes:
        text += "\nn/a:\n" + "\n".join(notes) + "\n"
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
