#!/usr/bin/env python3
"""Compiles the generated CUDA sources of the searching and statistics kernels
(searchsorted's binary search, histogram's bin index, correlate's sliding dot product;
python/cunumpy/_searching.py, _correlation.py; histogram's: check_hist_nvrtc.py) for every dtype they take,
with NVRTC, on a machine with the CUDA toolkit and no GPU: builds
scripts/dump_user_kernel.cpp against the installed libcunumpy and hands each source to
NVRTC as the CUDA backend does. The CPU backend runs the very same bodies (the host
compiler's form of the same ElementwiseKernel), which the Python tests check against NumPy.

    python3 scripts/check_stats_nvrtc.py [--quick]

--quick (the test command's selection, 23 of the 78 kernel x dtype pairs): a kernel taking
at most six dtypes is compiled for all of them; one taking more (searchsorted's four forms,
correlate) for a third of check_reduction_nvrtc.QUICK_DTYPES (one dtype of each C type
kind), turning with the kernel, so that the four searchsorted forms (one body with a side
and a sorter switch) cover every kind between them.

Exits 1 with NVRTC's log for the first source that does not compile.
"""
import os
import subprocess
import sys
import tempfile

from check_ops_nvrtc import load_nvrtc, nvrtc_compile
from check_reduction_nvrtc import QUICK_DTYPES

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")


def specs():
    """(name, in params, out params, body, preamble, scalar names, dtypes) of every kernel."""
    from cunumpy import _searching
    out = list(_searching._kernel_specs())
    try:
        from cunumpy import _correlation
        out += list(_correlation._kernel_specs())
    except (ImportError, AttributeError):
        pass
    return out


def quick_dtypes(k, dtypes):
    """The quick selection's dtypes of the k-th kernel (see the module docstring)."""
    if len(dtypes) <= 6:
        return dtypes
    kinds = [d for d in QUICK_DTYPES if d in dtypes]
    return [d for j, d in enumerate(kinds) if (j + k) % 3 == 0]


def main():
    quick = "--quick" in sys.argv[1:]
    import cunumpy
    lib_dir = os.path.join(os.path.dirname(cunumpy.__file__), "lib")
    nvrtc = load_nvrtc()
    header = open(os.path.join(ROOT, "src", "scalar", "cn_scalar.h")).read()
    count = 0
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "dump")
        subprocess.check_call(["g++", "-std=c++20", "-O0", "-I", os.path.join(ROOT, "include"),
                               "-I", os.path.join(ROOT, "src"),
                               os.path.join(HERE, "dump_user_kernel.cpp"), "-L", lib_dir,
                               "-lcunumpy", "-Wl,-rpath," + lib_dir, "-o", exe])
        for k, (name, ins, outs, body, preamble, scalars, dtypes) in enumerate(specs()):
            if quick:
                dtypes = quick_dtypes(k, dtypes)
            text = subprocess.check_output([exe, name, ins, outs, body, preamble, scalars,
                                            *dtypes]).decode()
            for part in text.split("//==== ")[1:]:
                title, src = part.split("\n", 1)
                ok, log = nvrtc_compile(nvrtc, src, "k.cu", {"cn_scalar.h": header})
                if not ok:
                    print(f"{title}: FAILED\n{log}\n{src}")
                    return 1
                count += 1
    print(f"{count} kernel sources: compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
