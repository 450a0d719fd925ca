#!/usr/bin/env python3
"""Compiles every generated reduction, argmax/argmin and scan kernel source (each op x
dtype) with NVRTC, on a machine with the CUDA toolkit and no GPU: builds
scripts/dump_reduction_kernels.cpp against the installed libcunumpy, runs it, and hands
each source to NVRTC as the CUDA backend does.

    python3 scripts/check_reduction_nvrtc.py

Exits 1 with NVRTC's log for the first source that does not compile.
"""
import os
import subprocess
import sys
import tempfile

from check_ops_nvrtc import load_nvrtc, nvrtc_compile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")


def dump_sources(program="dump_reduction_kernels.cpp"):
    """(name, source) pairs printed by scripts/<program>, built against the installed library."""
    import cunumpy
    lib_dir = os.path.join(os.path.dirname(cunumpy.__file__), "lib")
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "dump")
        subprocess.check_call(["g++", "-std=c++20", "-O0", "-I", os.path.join(ROOT, "include"),
                               "-I", os.path.join(ROOT, "src"), "-I", "/usr/local/cuda/include",
                               os.path.join(HERE, program), "-L", lib_dir,
                               "-lcunumpy", "-Wl,-rpath," + lib_dir, "-o", exe])
        text = subprocess.check_output([exe]).decode()
    parts = text.split("//==== ")[1:]
    return [(p.split("\n", 1)[0], p.split("\n", 1)[1]) for p in parts]


def main():
    lib = load_nvrtc()
    header = open(os.path.join(ROOT, "src", "kernels", "shared", "cn_scalar.h")).read()
    sources = dump_sources()
    for name, src in sources:
        ok, log = nvrtc_compile(lib, src, "k.cu", {"cn_scalar.h": header})
        if not ok:
            print(f"{name}: FAILED\n{log}")
            return 1
    print(f"{len(sources)} kernel sources: compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
