#!/usr/bin/env python3
"""Runs the CUDA form of the searching and statistics kernels (searchsorted, correlate,
the equal-bin index, the atomic counts; see scripts/check_stats_nvrtc.py) as host C++ on
small cases and compares the results with NumPy: their grid-stride loops, argument
layout and index arithmetic checked without a GPU, with g++ (atomicAdd is cn_user.h's host
one).

    python3 scripts/emulate_stats_kernels.py

Each CUDA thread runs in turn (the kernels have no barriers), several blocks of several
threads, so every thread's grid-stride share is exercised.
Exits 1 on a mismatch.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")

PRELUDE = r'''
#include <cstdio>
struct D3 { unsigned x; };
static D3 blockIdx{0}, gridDim{3}, blockDim{5}, threadIdx{0};
'''



def lit(v):
    """A C++ literal of a Python number (NaN and infinities as GCC built-ins)."""
    if isinstance(v, float):
        if v != v:
            return "__builtin_nan(\"\")"
        if v in (float("inf"), float("-inf")):
            return ("-" if v < 0 else "") + "__builtin_inf()"
        return float.hex(v)
    return repr(v)


def carr(name, a, ctype):
    a = np.ascontiguousarray(a)
    if a.dtype.kind == 'c':
        vals = ", ".join(f"{{{lit(float(v.real))}, {lit(float(v.imag))}}}" for v in a.ravel())
        return f"static double {name}_buf[][2] = {{{vals}}};\n"
    vals = ", ".join(lit(v.item()) for v in a.ravel()) or "0"
    return f"static {ctype} {name}_buf[] = {{{vals}}};\n"


def craw(name, n):
    return (f"CRaw<T_{name}> {name}; {name}.d.data = (char*){name}_buf; {name}.d.size = {n}; "
            f"{name}.d.ndim = 1; {name}.d.contiguous = 1; {name}.d.shape[0] = {n}; "
            f"{name}.d.strides[0] = sizeof(T_{name});\n")


def run(exe_dir, spec, dtype, arrays, args, n_out, out_name, out_ctype, out_size=None):
    """Compiles the kernel's CUDA source for `dtype` with a driver and returns its output.
    arrays: {name: (values, ctype)}; args: the kernel's argument expressions in order."""
    name, ins, outs, body, preamble, scalars, _ = spec
    dump = os.path.join(exe_dir, "dump")
    src = subprocess.check_output([dump, name, ins, outs, body, preamble, scalars, dtype]).decode()
    src = src.split("//==== ")[1].split("\n", 1)[1]  # the contiguous form
    driver = "".join(carr(k, v, ct) for k, (v, ct) in arrays.items())
    size = out_size if out_size is not None else n_out
    driver += f"static {out_ctype} {out_name}_buf[{max(1, size)}] = {{}};\n"
    driver += "int main() {\n"
    for k, (v, ct) in list(arrays.items()) + [(out_name, (None, out_ctype))]:
        driver += f"  typedef {ct} T_{k};\n"
        n = size if v is None else np.asarray(v).size
        driver += "  " + craw(k, n)
    driver += ("  for (unsigned b = 0; b < gridDim.x; ++b) for (unsigned t = 0; t < blockDim.x; ++t) {\n"
               "    blockIdx.x = b; threadIdx.x = t;\n"
               f"    cn_kernel_{name}({', '.join(args)});\n  }}\n")
    fmt = "%.17g" if 'double' in out_ctype or 'float' in out_ctype else "%lld"
    cast = "(double)" if fmt == "%.17g" else "(long long)"
    driver += (f"  for (int i = 0; i < {size}; ++i) std::printf(\"{fmt}\\n\", {cast}{out_name}_buf[i]);\n"
               "}\n")
    cpp = os.path.join(exe_dir, "k.cpp")
    with open(cpp, "w") as f:
        f.write(src.replace('#include "cn_scalar.h"', PRELUDE + '#include "cn_scalar.h"') + driver)
    exe = os.path.join(exe_dir, "k")
    subprocess.check_call(["g++", "-std=c++20", "-O1", "-w", "-I",
                           os.path.join(ROOT, "src", "scalar"), cpp, "-o", exe])
    return np.array([float(x) for x in subprocess.check_output([exe]).split()])


def main():
    import cunumpy  # noqa: F401  (the installed library, for the dump)
    from cunumpy import _correlation, _searching
    lib_dir = os.path.join(os.path.dirname(cunumpy.__file__), "lib")
    failures = 0
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.check_call(["g++", "-std=c++20", "-O0", "-I", os.path.join(ROOT, "include"),
                               "-I", os.path.join(ROOT, "src"),
                               os.path.join(HERE, "dump_user_kernel.cpp"), "-L", lib_dir,
                               "-lcunumpy", "-Wl,-rpath," + lib_dir, "-o",
                               os.path.join(tmp, "dump")])
        specs = {s[0]: s for m in (_searching, _correlation) for s in m._kernel_specs()}

        def check(label, got, exp):
            nonlocal failures
            ok = got.shape == np.shape(exp) and np.allclose(got, exp, rtol=1e-12, equal_nan=True)
            print(f"{label}: {'ok' if ok else 'MISMATCH'}")
            if not ok:
                print("  got", got, "\n  expected", exp)
                failures += 1

        a = np.sort(np.concatenate([rng.standard_normal(40), [np.nan, np.nan, 1.0, 1.0]]))
        v = np.concatenate([rng.standard_normal(23), [np.nan, 1.0, -np.inf, np.inf]])
        for side in ("left", "right"):
            spec = specs[f"cn_searchsorted_{side}"]
            got = run(tmp, spec, "float64", {"a": (a, "double"), "v": (v, "double")},
                      ["(char*)out_buf", "(char*)v_buf", "a", str(a.size), str(v.size)],
                      v.size, "out", "int64_t")
            check(f"searchsorted {side} float64", got, np.searchsorted(a, v, side))
            order = rng.permutation(a.size)
            unsorted = np.empty_like(a)
            unsorted[order] = a
            spec = specs[f"cn_searchsorted_{side}_sorter"]
            got = run(tmp, spec, "float64", {"a": (unsorted, "double"), "s": (order, "int64_t"),
                                              "v": (v, "double")},
                      ["(char*)out_buf", "(char*)v_buf", "a", "s", str(a.size), str(v.size)],
                      v.size, "out", "int64_t")
            check(f"searchsorted {side} sorter", got, np.searchsorted(unsorted, v, side, order))

        spec = specs["cn_correlate"]
        for na, nw in [(9, 4), (4, 9), (5, 5)]:
            x, w = rng.standard_normal(na), rng.standard_normal(nw)
            full = np.correlate(x, w, "full")
            got = run(tmp, spec, "float64", {"a": (x, "double"), "w": (w, "double")},
                      ["(char*)z_buf", "a", "w", str(na), str(nw), "0", str(full.size)],
                      full.size, "z", "double")
            check(f"correlate full {na}x{nw}", got, full)

        # bincount and histogram: scripts/emulate_hist_kernels.py (the C++ backend's kernel).
    print("all emulated kernels match NumPy" if not failures else f"{failures} mismatches")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
