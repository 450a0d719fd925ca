#!/usr/bin/env python3
"""Compiles every generated radix sort source (each dtype x payload width) with NVRTC, on
a machine with the CUDA toolkit and no GPU: builds scripts/dump_sort_kernels.cpp with this
checkout's generator (src/backend/cuda/radix_sort_cuda_source.cpp), runs it, and hands each source to NVRTC (whole, and the float32
source once per kernel with -DCN_ONLY -DCN_ONLY_<kernel>=1, as the CUDA backend does).

    python3 scripts/check_sort_nvrtc.py [--quick]

--quick (the test command's selection): the float32 and complex64 sources, and four of the
float32 kernels alone.

Exits 1 with NVRTC's log for the first source that does not compile.
"""
import re
import sys

from check_ops_nvrtc import load_nvrtc, nvrtc_compile
from emulate_sort_kernels import dump_sources  # the generator compiled from this checkout


def main():
    quick = "--quick" in sys.argv[1:]
    lib = load_nvrtc()
    sources = dump_sources()
    if quick:
        sources = [(n, s) for n, s in sources if n in ("sort float32 4", "sort complex64 8")]
    for name, src in sources:
        ok, log = nvrtc_compile(lib, src, "k.cu")
        if not ok:
            print(f"{name}: FAILED\n{log}")
            return 1
        if log.strip():
            print(f"{name}: warnings\n{log}")
    print(f"{len(sources)} sort kernel sources: compiled")
    # Each kernel alone, as the CUDA backend compiles them (-DCN_ONLY -DCN_ONLY_<name>=1):
    # the guards must leave exactly that kernel.
    name, src = next((n, s) for n, s in sources if n == "sort float32 4")
    kernels = re.findall(r"#if CN_WANT\((\w+)\)", src)
    if quick:
        kernels = kernels[:4]
    for k in kernels:
        ok, log = nvrtc_compile(lib, src, "k.cu", options=("-DCN_ONLY", f"-DCN_ONLY_{k}=1"))
        if not ok:
            print(f"{name}, {k} alone: FAILED\n{log}")
            return 1
    print(f"{len(kernels)} kernels of {name}, each alone: compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
