"""Per-call host time of small operations from Python, split into pieces (allocation,
ufunc with out=, launch), with CuPy beside when installed: where bench/run.py's per-call
rows spend their time. Median of 15 batches of 2,000 calls; prints a markdown table."""
import statistics
import sys
import time


def per_call(f, n=2000, reps=15, sync=None):
    for _ in range(200):
        f()
    if sync:
        sync()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(n):
            f()
        ts.append((time.perf_counter() - t0) / n * 1e6)
        if sync:
            sync()
    return statistics.median(ts)


def rows(xp, sync):
    x = xp.arange(1000, dtype=xp.float32)
    y = xp.empty(1000, dtype=xp.float32)
    c = x > 500
    k = xp.RawKernel(r'''extern "C" __global__ void k(const float* x, float* y, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = x[i] + 1.0f; }''', "k")
    k0 = xp.RawKernel(r'''extern "C" __global__ void k0() {}''', "k0")
    n = xp.int32(1000)
    return {
        "empty(1000, float32)": lambda: xp.empty(1000, dtype=xp.float32),
        "x + 1.0": lambda: x + 1.0,
        "add(x, 1.0, out=y)": lambda: xp.add(x, 1.0, out=y),
        "x + x": lambda: x + x,
        "x.sum()": lambda: x.sum(),
        "where(c, x, y)": lambda: xp.where(c, x, y),
        "RawKernel (x, y, n)": lambda: k((4,), (256,), (x, y, n)),
        "RawKernel ()": lambda: k0((1,), (1,), ()),
        "get_current_stream()": lambda: xp.cuda.get_current_stream(),
    }, sync


def main():
    libs = {}
    import cunumpy
    libs["cunumpy"] = rows(cunumpy, lambda: cunumpy.cuda.Device().synchronize())
    try:
        import cupy
        libs["CuPy"] = rows(cupy, lambda: cupy.cuda.Device().synchronize())
    except Exception as e:  # noqa: BLE001 - CuPy is optional, for comparison
        print("CuPy:", e, file=sys.stderr)
    names = list(next(iter(libs.values()))[0])
    print("| work (µs per call) | " + " | ".join(libs) + " |")
    print("|---|" + "---:|" * len(libs))
    res = {lib: {name: per_call(f, sync=s) for name, f in r.items()} for lib, (r, s) in libs.items()}
    for name in names:
        print(f"| {name} | " + " | ".join(f"{res[lib][name]:.2f}" for lib in libs) + " |")


if __name__ == "__main__":
    main()
