#!/usr/bin/env python3
"""Compiles the CUDA kernels of interp and packbits (src/backend/cuda/interp_cuda.cpp,
packbits_cuda.cpp) with NVRTC, on a machine without a GPU: the kernel body is read from
the C++ source (its raw string), each variant gets the defines the executor prepends.

    python3 scripts/check_breadth_nvrtc.py

Exits 1 with NVRTC's log for the first variant that does not compile.
"""
import os
import re
import sys

from check_ops_nvrtc import load_nvrtc, nvrtc_compile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UNSIGNED = {1: "unsigned char", 2: "unsigned short", 4: "unsigned int", 8: "unsigned long long"}


def body(path):
    with open(os.path.join(ROOT, path)) as f:
        return re.search(r'R"\((.*?)\)"', f.read(), re.S).group(1)


def variants():
    interp = body("src/backend/cuda/interp_cuda.cpp")
    yield "interp|r", interp
    yield "interp|c", "#define CN_COMPLEX 1\n" + interp
    pack = body("src/backend/cuda/packbits_cuda.cpp")
    for itemsize, utype in UNSIGNED.items():
        for little in (False, True):
            for words in ((False, True) if itemsize == 1 else (False,)):
                pre = f"typedef {utype} U;\n"
                pre += "#define CN_BIT(k) (1u << (k))\n" if little else "#define CN_BIT(k) (0x80u >> (k))\n"
                pre += "#define CN_WORDS 1\n" if words else ""
                yield f"packbits|{itemsize}{'l' if little else 'b'}{'w' if words else 'e'}", pre + pack


def main():
    lib = load_nvrtc()
    n = 0
    for name, src in variants():
        ok, log = nvrtc_compile(lib, src, "breadth.cu")
        if not ok:
            print(f"FAILED {name}\n{log}")
            return 1
        n += 1
    print(f"interp/packbits kernels: {n} variants compile")
    return 0


if __name__ == "__main__":
    sys.exit(main())
