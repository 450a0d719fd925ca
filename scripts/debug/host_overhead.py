"""Where the per-call microseconds go on CUDA: each row is the wall time per call of a loop
(sync at the end: max of host and GPU throughput), the host time of batches of 100 calls
started on an idle GPU (host only), and the GPU time per call from events."""
import time
import numpy as np
import cunumpy as cp

x = cp.asarray(np.random.default_rng(0).random(1000, dtype=np.float32))
s0 = x.sum()
try:
    k = cp.RawKernel(r'extern "C" __global__ void nop(float* p, int n, float v) {}', 'nop')
except Exception as exc:
    k = None
    print('no RawKernel:', exc)
def loop_us(f, n=20000):
    for _ in range(200): f()
    cp.cuda.Device().synchronize()
    best = 1e9
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(n): f()
        cp.cuda.Device().synchronize()
        best = min(best, (time.perf_counter() - t0) / n * 1e6)
    return best
def batch_us(f, b=100, nb=50):
    ts = []
    for _ in range(nb):
        cp.cuda.Device().synchronize()
        t0 = time.perf_counter()
        for _ in range(b): f()
        ts.append((time.perf_counter() - t0) / b * 1e6)
    ts.sort(); return ts[len(ts) // 2]
def gpu_us(f, n=2000):
    s, e = cp.cuda.Event(), cp.cuda.Event()
    f(); s.record()
    for _ in range(n): f()
    e.record(); e.synchronize()
    return cp.cuda.get_elapsed_time(s, e) * 1e3 / n
rows = {
    'x + 1.0': lambda: x + 1.0,
    'x.sum()': lambda: x.sum(),
    'x.max()': lambda: x.max(),
    'cp.empty(1000)': lambda: cp.empty(1000, cp.float32),
    'RawKernel nop': lambda: k((1,), (32,), (x, np.int32(1000), np.float32(1))),
    'RawKernel nop 256 thr': lambda: k((1,), (256,), (x, np.int32(1000), np.float32(1))),
    'float(s0) (0-d D2H)': lambda: float(s0),
    'float(x.sum())': lambda: float(x.sum()),
    'x.get()': lambda: x.get(),
}
print(f"{'call':28s} {'loop':>8s} {'batch':>8s} {'gpu':>8s}  (µs per call)")
for name, f in rows.items():
    try:
        print(f"{name:28s} {loop_us(f):8.2f} {batch_us(f):8.2f} {gpu_us(f):8.2f}")
    except Exception as exc:
        print(f"{name:28s} failed: {type(exc).__name__}: {exc}")
