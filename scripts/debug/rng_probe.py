"""The Generator's large draws on CUDA, timed with events (median of 9, ms and GB/s of
writes), for comparing kernel variants in one device call; under ncu (-k cn_random_fill)
it also serves as the profiled workload.
    CUNUMPY_DEVICE=cuda python3 scripts/debug/rng_probe.py [log2 size]"""
import sys
import cunumpy as cp

n = 1 << (int(sys.argv[1]) if len(sys.argv) > 1 else 28)
g = cp.random.default_rng(1)
rows = {
    "standard_normal f32": (lambda: g.standard_normal(n, dtype=cp.float32), 4),
    "random f64": (lambda: g.random(n), 8),
    "random f32": (lambda: g.random(n, dtype=cp.float32), 4),
    "standard_normal f64": (lambda: g.standard_normal(n), 8),
}
for name, (f, size) in rows.items():
    ts = []
    for i in range(11):
        s, e = cp.cuda.Event(), cp.cuda.Event()
        s.record(); y = f(); e.record(); e.synchronize()
        del y
        if i >= 2:
            ts.append(cp.cuda.get_elapsed_time(s, e))
    ts.sort(); ms = ts[len(ts) // 2]
    print(f"{name:24s} n=2^{n.bit_length() - 1}  {ms:8.4f} ms  {n * size / ms / 1e6:8.0f} GB/s")
