"""Which CUDA kernels an operation launches and how long each runs, for cunumpy and CuPy
side by side: torch.profiler's CUPTI trace sees every kernel of the process, whichever
library launched it. Usage: python3 profile_kernels.py [cholesky|...] [n]"""
import sys

import numpy as np
import torch
from torch.profiler import ProfilerActivity, profile

import cunumpy
import cupy

what = sys.argv[1] if len(sys.argv) > 1 else "cholesky"
n = int(sys.argv[2]) if len(sys.argv) > 2 else 4096
a = np.random.default_rng(0).standard_normal((n, n))
a = a @ a.T / n + np.eye(n)
for name, xp in (("cunumpy", cunumpy), ("cupy", cupy)):
    x = xp.asarray(a)
    f = {"cholesky": lambda: xp.linalg.cholesky(x), "eigh": lambda: xp.linalg.eigh(x),
         "svd": lambda: xp.linalg.svd(x.astype(xp.float32)), "solve": lambda: xp.linalg.solve(x, x)}[what]
    for _ in range(2):
        f()
    xp.cuda.Device().synchronize()
    with profile(activities=[ProfilerActivity.CUDA, ProfilerActivity.CPU]) as prof:
        for _ in range(3):
            f()
        xp.cuda.Device().synchronize()
    print(f"== {name} {what} {n}")
    print(prof.key_averages().table(sort_by="cuda_time_total", row_limit=14, max_name_column_width=70))
