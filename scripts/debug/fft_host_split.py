"""Issue 16's FFT per-call split on the GPU machine: host time per call of a cached-plan
fft of 1,024 complex64 points and its pieces (the binding, the allocation, a plan made
ahead, the ifft's scale kernel), CuPy's beside (its fft and its bare Plan1d.fft: the
floor of a cuFFT call from Python), and fft2 of 4,096² complex64 on the GPU with
cunumpy.fft.config.enable_nd_planning on and off. Medians; prints a markdown table."""
import statistics
import sys
import time


def per_call(f, sync, n=100, reps=50):
    for _ in range(50):
        f()
    ts = []
    for _ in range(reps):
        sync()
        t0 = time.perf_counter()
        for _ in range(n):
            f()
        ts.append((time.perf_counter() - t0) / n * 1e6)
    sync()
    return statistics.median(ts)


def gpu_ms(xp, f, reps=20):
    f()
    xp.cuda.runtime.deviceSynchronize()
    start, stop = xp.cuda.Event(), xp.cuda.Event()
    ts = []
    for _ in range(reps):
        start.record()
        f()
        stop.record()
        stop.synchronize()
        ts.append(xp.cuda.get_elapsed_time(start, stop))
    return statistics.median(ts)


def main():
    import numpy as np
    import cunumpy as cp
    from cunumpyx.scipy import fft as cfft
    rows = []
    sync = cp.cuda.runtime.deviceSynchronize
    x = cp.asarray((np.random.rand(1024) + 1j * np.random.rand(1024)).astype(np.complex64))
    plan = cfft.get_fft_plan(x)
    rows += [
        ("cunumpy `cp.fft.fft(x)`", per_call(lambda: cp.fft.fft(x), sync)),
        ("cunumpy `_core.fft_fft(x, None, -1, None)` (no Python wrapper)",
         per_call(lambda: cp._core.fft_fft(x, None, -1, None), sync)),
        ("cunumpy `cfft.fft(x, plan=plan)`", per_call(lambda: cfft.fft(x, plan=plan), sync)),
        ("cunumpy `cp.fft.ifft(x)` (+ scale kernel)", per_call(lambda: cp.fft.ifft(x), sync)),
        ("cunumpy `cp.empty(1024, complex64)`", per_call(lambda: cp.empty(1024, dtype=cp.complex64), sync)),
        ("cunumpy `x.copy()`", per_call(lambda: x.copy(), sync)),
    ]
    big = cp.asarray((np.random.rand(4096, 4096) + 1j * np.random.rand(4096, 4096)).astype(np.complex64))
    for flag in (True, False):
        cp.fft.config.enable_nd_planning = flag
        rows.append((f"cunumpy fft2 4096² c64, enable_nd_planning={flag} (GPU ms)", gpu_ms(cp, lambda: cp.fft.fft2(big))))
    cp.fft.config.enable_nd_planning = True
    rows.append(("cunumpy ifft2 4096² c64 (GPU ms)", gpu_ms(cp, lambda: cp.fft.ifft2(big))))
    del big
    try:
        import cupy
        from cupy.cuda import cufft
        csync = cupy.cuda.runtime.deviceSynchronize
        y = cupy.asarray(cp.asnumpy(x))
        out = cupy.empty_like(y)
        p1 = cufft.Plan1d(1024, cufft.CUFFT_C2C, 1)
        rows += [
            ("CuPy `cupy.fft.fft(x)`", per_call(lambda: cupy.fft.fft(y), csync)),
            ("CuPy bare `Plan1d.fft(x, out)` (cuFFT call floor)",
             per_call(lambda: p1.fft(y, out, cufft.CUFFT_FORWARD), csync)),
            ("CuPy `x.copy()`", per_call(lambda: y.copy(), csync)),
        ]
        bigc = cupy.asarray((np.random.rand(4096, 4096) + 1j * np.random.rand(4096, 4096)).astype(np.complex64))
        rows.append(("CuPy fft2 4096² c64 (GPU ms)", gpu_ms(cupy, lambda: cupy.fft.fft2(bigc))))
        rows.append(("CuPy ifft2 4096² c64 (GPU ms)", gpu_ms(cupy, lambda: cupy.fft.ifft2(bigc))))
    except ImportError as e:
        rows.append((f"CuPy not available ({e})", float("nan")))
    print("| piece | µs per call (ms where marked) |\n|---|---:|")
    for name, v in rows:
        print(f"| {name} | {v:.3g} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
