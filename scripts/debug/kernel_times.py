"""Per-kernel GPU times of a few cunumpy calls (run under `nsys profile --stats=true`), or
plain event timings without nsys. Usage:
    python kernel_times.py [sort|cumsum|cumsum64|cumsum_strided|argmax|bincount|histogram]"""
import sys
import numpy as np
import cunumpy as cp

what = sys.argv[1:] or ["sort", "cumsum", "argmax", "bincount", "histogram"]
x28 = cp.asarray(np.random.default_rng(0).random(2**28, dtype=np.float32))
x27 = x28[: 2**27].copy()
ints = cp.asarray(np.random.default_rng(1).integers(0, 1000, 10**7, dtype=np.int32))
f7 = x28[: 10**7].copy()
x64 = x27.astype(cp.float64) if "cumsum64" in what else None
calls = {"sort": lambda: cp.sort(x27), "cumsum": lambda: x28.cumsum(0), "argmax": lambda: x28.argmax(),
         "cumsum64": lambda: x64.cumsum(0), "cumsum_strided": lambda: x28[::2].cumsum(0),
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
