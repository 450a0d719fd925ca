# Temporary probe: does a pinned upload on one stream overlap compute on another?
import sys, time, importlib
import numpy as np
name = sys.argv[1]
cp = importlib.import_module(name); cx = importlib.import_module(name + "x")
n = 1 << 26
host = cx.empty_pinned((n,), np.float32); host[...] = 1
dev = cp.empty(n, dtype=np.float32); work = cp.ones(n, dtype=np.float32)
cs = cp.cuda.Stream(non_blocking=True); ks = cp.cuda.Stream(non_blocking=True)
def compute():
    with ks:
        w = work
        for _ in range(40): w = w * 1.0
def copy():
    with cs: dev.set(host)
def copy_raw():
    with cs:
        d = cp.asarray(host)
for f in (compute, copy, copy_raw, compute, copy, copy_raw):
    f()
cp.cuda.Device().synchronize()
for label, fn in (("copy", copy), ("copy_raw(asarray)", copy_raw), ("compute", compute)):
    cp.cuda.Device().synchronize(); t = time.perf_counter(); fn(); th = time.perf_counter() - t
    cp.cuda.Device().synchronize(); tt = time.perf_counter() - t
    print(f"{name} {label}: host return {th*1e3:.3f} ms, total {tt*1e3:.3f} ms")
for label, a, b in (("copy+compute", copy, compute), ("asarray+compute", copy_raw, compute)):
    cp.cuda.Device().synchronize(); t = time.perf_counter(); a(); b(); cp.cuda.Device().synchronize()
    print(f"{name} {label}: {(time.perf_counter()-t)*1e3:.3f} ms")
