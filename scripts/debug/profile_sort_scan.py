"""One onesweep sort of 2^27 float32 and one cumsum of 2^28 float32, for a profiler (ncu):
    CUNUMPY_SORT_ONESWEEP=1 ncu --clock-control none --kernel-name regex:"cn_os|cn_scan" python3 profile_sort_scan.py"""
import numpy as np
import cunumpy as cp

x = cp.asarray(np.random.default_rng(0).random(2**28, dtype=np.float32))
cp.sort(x[: 2**27])
x.cumsum(0)
cp.cuda.Device().synchronize()
