"""Per-kernel GPU times of a few cunumpy calls (run under `nsys profile --stats=true`), or
plain event timings without nsys. Usage: python kernel_times.py [sort|cumsum|argmax|bincount|histogram]"""
import sys
import cunumpy as cp

what = sys.argv[1:] or ["sort", "cumsum", "argmax", "bincount", "histogram"]
x28 = cp.random.rand(2**28).astype(cp.float32) if hasattr(cp, "random") else cp.arange(2**28, dtype=cp.float32)
x27 = x28[: 2**27].copy()
ints = (cp.arange(10**7, dtype=cp.int64) * 7919 % 1000).astype(cp.int32)
f7 = x28[: 10**7].copy()
calls = {"sort": lambda: cp.sort(x27), "cumsum": lambda: x28.cumsum(0), "argmax": lambda: x28.argmax(),
         "bincount": lambda: cp.bincount(ints), "histogram": lambda: cp.histogram(f7, 100)}
for w in what:
    f = calls[w]
    f(); cp.cuda.Device().synchronize()
    s, e = cp.cuda.Event(), cp.cuda.Event()
    ts = []
    for _ in range(10):
        s.record(); f(); e.record(); e.synchronize()
        ts.append(cp.cuda.get_elapsed_time(s, e))
    ts.sort()
    print(f"{w}: median {ts[5]:.3f} ms")
