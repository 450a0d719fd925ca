#!/usr/bin/env python3
"""Runs the CUDA kernels of interp and packbits (src/backend/cuda/interp_cuda.cpp,
packbits_cuda.cpp) on the CPU, without a GPU: the kernel body is read from the C++ source,
compiled by the host compiler with a small emulation of CUDA (the threads of a small grid
run one after another, so the grid-stride loops are exercised) and its results compared
with NumPy's interp and packbits: ends, exact hits, repeated points, NaN and infinite
slopes, complex fp; item sizes, bit orders, the 64-bit word path, rows of every length.

    python3 scripts/emulate_breadth_kernels.py

A check of the kernels' logic; it says nothing about speed or hardware-only races.
"""
import ctypes
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UNSIGNED = {1: "unsigned char", 2: "unsigned short", 4: "unsigned int", 8: "unsigned long long"}

PRELUDE = r"""
#include <cmath>
using std::isnan;
struct Dim3 { unsigned x = 0; };
static Dim3 threadIdx, blockIdx, blockDim, gridDim;
#define __global__
#define __device__
#define __restrict__
// CUDA's round-to-nearest product intrinsic (never fused): a plain product on the host
static inline double __dmul_rn(double a, double b) { return a * b; }
"""


def body(path):
    with open(os.path.join(ROOT, path)) as f:
        return re.search(r'R"\((.*?)\)"', f.read(), re.S).group(1)


def build(tmp, name, src, kernel, params, args):
    """A shared library whose run(grid, block, params...) launches `kernel` thread by thread."""
    launch = (f'extern "C" void run(unsigned grid, unsigned block, {params}) {{\n'
              "  gridDim.x = grid; blockDim.x = block;\n"
              "  for (unsigned b = 0; b < grid; ++b)\n"
              "    for (unsigned t = 0; t < block; ++t) {\n"
              f"      blockIdx.x = b; threadIdx.x = t; {kernel}({args});\n"
              "    }\n}\n")
    cpp = os.path.join(tmp, name + ".cpp")
    so = os.path.join(tmp, name + ".so")
    with open(cpp, "w") as f:
        f.write(PRELUDE + src + launch)
    subprocess.run([os.environ.get("CXX", "c++"), "-std=c++17", "-O1", "-shared", "-fPIC", cpp, "-o", so],
                   check=True)
    return ctypes.CDLL(so)


def check_interp(tmp):
    src = body("src/backend/cuda/interp_cuda.cpp")
    params = ("const double* x, const double* xp, const void* fp, void* out, long long n, long long count, "
              "double lre, double lim, double rre, double rim, int hl, int hr")
    args = "x, xp, (const T*)fp, (T*)out, n, count, lre, lim, rre, rim, hl, hr"
    libs = {False: build(tmp, "interp_r", src, "cn_interp", params, args),
            True: build(tmp, "interp_c", "#define CN_COMPLEX 1\n" + src, "cn_interp", params, args)}
    P = ctypes.c_void_p
    rng = np.random.default_rng(0)
    xps = [np.array([2.0]), np.array([0.0, 1.0]), np.array([0.0, 1.0, 2.5, 2.5, 4.0, 9.0]),
           np.sort(rng.random(300)) * 10]
    failures = 0
    for xp in xps:
        n = xp.size
        x = np.concatenate([rng.random(101) * 14 - 2, xp, [-np.inf, np.inf, np.nan]])
        fps = [rng.random(n), np.where(np.arange(n) % 3 == 1, np.inf, rng.random(n)),
               rng.random(n) + 1j * rng.random(n)]
        for fp in fps:
            fp = np.where(np.arange(n) == 0, 0.25, fp)  # fp[0] != fp[1]: NaN x gives NaN
            cplx = fp.dtype.kind == "c"
            for left, right in [(None, None), (-7.0 + 1j if cplx else -7.0, 9.0)]:
                with np.errstate(invalid="ignore"):
                    exp = np.interp(x, xp, fp, left=left, right=right)
                out = np.empty(x.size, dtype=exp.dtype)
                lv = complex(left) if left is not None else 0j
                rv = complex(right) if right is not None else 0j
                libs[cplx].run(3, 7, x.ctypes.data_as(P), xp.ctypes.data_as(P), fp.ctypes.data_as(P),
                               out.ctypes.data_as(P), ctypes.c_longlong(n), ctypes.c_longlong(x.size),
                               ctypes.c_double(lv.real), ctypes.c_double(lv.imag),
                               ctypes.c_double(rv.real), ctypes.c_double(rv.imag),
                               left is not None, right is not None)
                if not np.allclose(out, exp, rtol=1e-14, atol=0, equal_nan=True):
                    failures += 1
                    bad = np.nonzero(~np.isclose(out, exp, rtol=1e-14, atol=0, equal_nan=True))[0][:5]
                    print(f"FAIL interp n={n} complex={cplx} left={left}: at {bad}: {out[bad]} != {exp[bad]}")
    return failures


def check_packbits(tmp):
    src = body("src/backend/cuda/packbits_cuda.cpp")
    P = ctypes.c_void_p
    rng = np.random.default_rng(1)
    failures = 0
    for itemsize, utype in UNSIGNED.items():
        for little in (False, True):
            for words in ((False, True) if itemsize == 1 else (False,)):
                pre = f"typedef {utype} U;\n"
                pre += "#define CN_BIT(k) (1u << (k))\n" if little else "#define CN_BIT(k) (0x80u >> (k))\n"
                pre += "#define CN_WORDS 1\n" if words else ""
                lib = build(tmp, f"pack_{itemsize}{int(little)}{int(words)}", pre + src, "cn_packbits",
                            "const void* in, unsigned char* out, long long n, long long inner, long long total",
                            "(const U*)in, out, n, inner, total")
                shapes = [(3, 16, 1), (1, 64, 1), (2, 24, 1)] if words else \
                         [(1, 1, 1), (2, 9, 1), (3, 7, 5), (1, 17, 3), (4, 8, 2), (1, 33, 1)]
                for outer, n, inner in shapes:
                    a = rng.integers(0, 3, (outer, n, inner)).astype(f"u{itemsize}")
                    a[a == 2] = np.iinfo(a.dtype).max  # a nonzero value with every bit set
                    exp = np.packbits(a != 0, axis=1, bitorder="little" if little else "big")
                    out = np.zeros(exp.size, dtype=np.uint8)
                    lib.run(2, 5, a.ctypes.data_as(P), out.ctypes.data_as(P), ctypes.c_longlong(n),
                            ctypes.c_longlong(inner), ctypes.c_longlong(out.size))
                    if not np.array_equal(out, exp.reshape(-1)):
                        failures += 1
                        print(f"FAIL packbits itemsize={itemsize} little={little} words={words} "
                              f"shape={(outer, n, inner)}")
    return failures


def main():
    with tempfile.TemporaryDirectory() as tmp:
        failures = check_interp(tmp) + check_packbits(tmp)
    print("interp/packbits kernels emulated:", "FAILED" if failures else "all match NumPy")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
