#!/usr/bin/env python3
"""Compiles every generated radix sort source (each dtype x payload width) with NVRTC, on
a machine with the CUDA toolkit and no GPU: builds scripts/dump_sort_kernels.cpp against
the installed libcunumpy, runs it, and hands each source to NVRTC as the CUDA backend does.

    python3 scripts/check_sort_nvrtc.py

Exits 1 with NVRTC's log for the first source that does not compile.
"""
import sys

from check_ops_nvrtc import load_nvrtc, nvrtc_compile
from check_reduction_nvrtc import dump_sources as _dump


def dump_sources():
    return _dump("dump_sort_kernels.cpp")


def main():
    lib = load_nvrtc()
    sources = dump_sources()
    for name, src in sources:
        ok, log = nvrtc_compile(lib, src, "k.cu")
        if not ok:
            print(f"{name}: FAILED\n{log}")
            return 1
        if log.strip():
            print(f"{name}: warnings\n{log}")
    print(f"{len(sources)} sort kernel sources: compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
