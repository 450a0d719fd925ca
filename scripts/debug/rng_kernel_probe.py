"""Checks of the GPU random kernels that the test suite cannot make cheaply, for one device
call (needs CuPy beside cunumpy on the GPU machine):
  1. sqrt_radius_f (src/scalar/cn_random.h: sqrtf's fast path without its range check) is
     bit-equal to sqrtf for every float in [2^-25, 64], a superset of the Box-Muller radii;
  2. the plain kernel (identity maps) equals the general kernel (array parameters 0 and 1)
     value for value, for random / standard_normal / standard_exponential in float64 at
     sizes with partial last groups (float32 is covered by test_random.py's comparison
     with the CPU backend, which has no plain kernel);
  3. the large draws' times (CUDA events, median of 15) beside CuPy's Generator.
    CUNUMPY_DEVICE=cuda python3 scripts/debug/rng_kernel_probe.py"""
import os
import statistics

import numpy as np
import cupy
import cunumpy as cp

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
scalar = open(os.path.join(ROOT, "src/scalar/cn_scalar.h")).read()
rand = open(os.path.join(ROOT, "src/scalar/cn_random.h")).read().replace('#include "cn_scalar.h"', "")
CHECK = scalar + rand + r'''
extern "C" __global__ void sqrt_check(unsigned int lo, unsigned int hi, unsigned long long* bad) {
  for (unsigned int b = lo + blockIdx.x * blockDim.x + threadIdx.x; b < hi; b += gridDim.x * blockDim.x) {
    const float x = __uint_as_float(b);
    if (__float_as_uint(cn::rnd::sqrt_radius_f(x)) != __float_as_uint(sqrtf(x))) atomicAdd(bad, 1ull);
  }
}
'''
m = cupy.RawModule(code=CHECK, options=("--fmad=false", "-std=c++17"))
bad = cupy.zeros(1, cupy.uint64)
lo, hi = int(np.float32(2.0 ** -25).view(np.uint32)), int(np.float32(64.0).view(np.uint32))
m.get_function("sqrt_check")((1024,), (256,), (np.uint32(lo), np.uint32(hi), bad))
m.get_function("sqrt_check")((1,), (1,), (np.uint32(0), np.uint32(1), bad))  # +0
print(f"1. sqrt_radius_f != sqrtf on {int(bad.get()[0])} of {hi - lo + 1} floats")

bad_cases = []
for n in (1, 3, 5, 1001, 4099, (1 << 20) + 3):
    zeros, ones = cp.zeros(n), cp.ones(n)
    pairs = [
        ("random", lambda g: g.random(n), lambda g: g.uniform(zeros, ones, n)),
        ("standard_normal", lambda g: g.standard_normal(n), lambda g: g.normal(zeros, ones, n)),
        ("standard_exponential", lambda g: g.standard_exponential(n), lambda g: g.exponential(ones, n)),
    ]
    for name, plain, general in pairs:
        a = cp.asnumpy(plain(cp.random.default_rng(5)))
        b = cp.asnumpy(general(cp.random.default_rng(5)))
        if not np.array_equal(a, b):  # as values: the general map turns -0.0 into 0.0
            bad_cases.append((name, n))
print("2. plain vs general kernel mismatches:", bad_cases or "none")


def events_ms(f, reps=15):
    f(); f()
    ts = []
    for _ in range(reps):
        s, e = cupy.cuda.Event(), cupy.cuda.Event()
        s.record(); y = f(); e.record(); e.synchronize()
        del y
        ts.append(cupy.cuda.get_elapsed_time(s, e))
    return statistics.median(ts)


n = 1 << 28
g, cg = cp.random.default_rng(1), cupy.random.default_rng(1)
rows = [
    ("standard_normal f32", lambda: g.standard_normal(n, dtype=np.float32), lambda: cg.standard_normal(n, dtype=np.float32), 4),
    ("random f32", lambda: g.random(n, dtype=np.float32), lambda: cg.random(n, dtype=np.float32), 4),
    ("random f64", lambda: g.random(n), lambda: cg.random(n), 8),
    ("standard_exponential f32", lambda: g.standard_exponential(n, dtype=np.float32),
     lambda: cg.standard_exponential(n, dtype=np.float32), 4),
]
print("3. 2^28 values, ms (GB/s written); CuPy's Generator")
for name, f, c, size in rows:
    a, b = events_ms(f), events_ms(c)
    print(f"   {name:26s} cunumpy {a:7.4f} ({n * size / a / 1e6:5.0f})  cupy {b:7.4f}  ratio {b / a:5.2f}x")
