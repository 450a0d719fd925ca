#!/usr/bin/env python3
"""Compiles the CUDA random-number kernels (src/backend/cuda/random_cuda.cpp around
src/scalar/cn_random.h) with NVRTC for every (distribution, output dtype) the backend
generates, on a machine with the CUDA toolkit and no GPU, with the options the backend
passes (--fmad=false).

    python3 scripts/check_random_nvrtc.py [--quick]

--quick: one output dtype per distribution (float32 or int64) instead of all of them.

Exits 1 with NVRTC's log when a source does not compile.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_ops_nvrtc import load_nvrtc, nvrtc_compile  # noqa: E402

SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
REAL = ["float", "double"]
INTS = ["int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t"]


def kernel_bodies():
    """The general kernel's text and the plain one's (emitted for Random, Normal, Exponential)."""
    text = open(os.path.join(SRC, "backend", "cuda", "random_cuda.cpp")).read()
    general, plain = re.findall(r'R"\((.*?)\)"', text, re.S)
    return general, plain


def dists():
    text = open(os.path.join(SRC, "scalar", "cn_random.h")).read()
    return {name: int(v) for name, v in re.findall(r"^\s+k(\w+) = (\d+),", text, re.M) if name != "DistCount"}


def main():
    lib = load_nvrtc()
    hdr = open(os.path.join(SRC, "scalar", "cn_scalar.h")).read()
    rnd = open(os.path.join(SRC, "scalar", "cn_random.h")).read()
    general, plain = kernel_bodies()
    quick = "--quick" in sys.argv[1:]
    failed = 0
    count = 0
    for name, d in sorted(dists().items(), key=lambda kv: kv[1]):
        if name == "Bits":
            types = ["uint32_t"]
        elif name in ("Bits64", "PermKeys"):
            types = ["uint64_t"]
        elif name == "PermOrder":
            types = ["int64_t"]
        elif name in ("Integers", "Poisson", "Binomial", "Geometric", "NegBinomial", "Logseries", "Zipf",
                      "Hypergeometric"):
            types = INTS
        else:
            types = REAL
        if quick:
            types = types[:1] if types is REAL or len(types) == 1 else ["int64_t"]
        for t in types:
            body = general + (plain if name in ("Random", "Normal", "Exponential") else "")
            src = ('#include "cn_scalar.h"\n' + rnd + f"\ntypedef {t} cn_out_t;\n#define CN_RANDOM_DIST {d}\n" + body)
            ok, log = nvrtc_compile(lib, src, f"random_{name}_{t}.cu", {"cn_scalar.h": hdr}, ["--fmad=false"])
            count += 1
            if not ok:
                failed += 1
                print(f"FAILED {name} {t}\n{log}")
    print(f"{count} random kernels: {'compiled' if not failed else f'{failed} FAILED'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
