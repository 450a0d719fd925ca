"""cunumpy.linalg.solve and inv on CUDA, n x n float64 with n right-hand sides: median
ms of 7 (CUDA events) and the scaled residual, for comparing solve paths by environment
(CUNUMPY_SOLVE_BLOCKED=0 for getrs) in one device call.
    CUNUMPY_DEVICE=cuda python3 scripts/debug/solve_cunumpy.py [n] [dtype]"""
import os
import sys
import numpy as np
import cunumpy as cp

n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
dt = sys.argv[2] if len(sys.argv) > 2 else "float64"
rng = np.random.default_rng(0)
a = cp.asarray(rng.standard_normal((n, n)).astype(dt))
b = cp.asarray(rng.standard_normal((n, n)).astype(dt))


def med(f, reps=7):
    f(); cp.cuda.Device().synchronize()
    ts = []
    for _ in range(reps):
        s, e = cp.cuda.Event(), cp.cuda.Event()
        s.record(); y = f(); e.record(); e.synchronize()
        ts.append(cp.cuda.get_elapsed_time(s, e))
    ts.sort()
    return ts[len(ts) // 2], y


ms, x = med(lambda: cp.linalg.solve(a, b))
res = float(cp.linalg.norm(a @ x - b) / (cp.linalg.norm(a) * cp.linalg.norm(x)))
ims, _ = med(lambda: cp.linalg.inv(a), 3)
knobs = " ".join(f"{k}={v}" for k, v in os.environ.items() if k == "CUNUMPY_SOLVE_BLOCKED")
print(f"solve {n}^2 {dt} [{knobs or 'default'}]: {ms:8.3f} ms  residual {res:.2e}   inv {ims:8.3f} ms")
