#!/usr/bin/env python3
"""Compiles the CUDA indexing kernels (src/backend/cuda/indexing_kernels_source.cpp: the
indexed copy in every item size, unit, direction and mode, and the compaction kernels)
with NVRTC, on a machine with the CUDA toolkit and a C++ compiler but no GPU.

    python3 scripts/check_indexing_nvrtc.py [--quick]

Builds a small driver that prints the generated sources, then compiles each with NVRTC.
Exits 1 with NVRTC's log on an error or a warning.

--quick (the test command's selection, about 25 of the 200 sources): every (item size,
unit) pair once, the 12 (mode, direction, contiguity) variants spread over the pairs so
that each variant is compiled at least once, the compaction writers of the unit-width
pairs and all the other kernels. The generator's branches are per item size/unit and per
variant independently, so this covers every line the full set compiles.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_ops_nvrtc import load_nvrtc, nvrtc_compile  # noqa: E402
from embed_text import write_kernels_cpp  # noqa: E402

DRIVER = r'''
#include <cstdio>
#include <string>
#include "backend/cuda/indexing_kernels.hpp"
using namespace cunumpy::cuda;
static void emit(const std::string& s) { std::fwrite(s.c_str(), 1, s.size() + 1, stdout); }
int main(int argc, char**) {
  const bool quick = argc > 1;
  int pair = 0;
  for (int item : {1, 2, 4, 8, 16})
    for (int unit : {1, 2, 4, 8, 16})
      if (unit <= item) {
        for (int variant = 0; variant < 12; ++variant) {
          // quick: one variant per pair, turning (15 pairs cover the 12 variants)
          if (quick && variant != pair % 12) continue;
          const int mode = variant / 4, scatter = variant / 2 % 2, contiguous = variant % 2;
          emit(indexed_copy_source(item, unit, item % 3 + 1, item % 2 + 1, scatter, contiguous, mode));
        }
        if (!quick || unit == item) emit(compact_write_source(item, unit, 0));
        ++pair;
      }
  emit(indexed_copy_source(4, 4, 0, 1, false, true, 0));
  emit(compact_scan_source());
  for (int nd : {1, 2, 5}) emit(compact_write_source(0, 0, nd));
}
'''


def main():
    quick = "--quick" in sys.argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        drv = os.path.join(tmp, "driver.cpp")
        with open(drv, "w") as f:
            f.write(DRIVER)
        exe = os.path.join(tmp, "driver")
        subprocess.run([os.environ.get("CXX", "c++"), "-std=c++20", "-I", os.path.join(ROOT, "src"),
                        "-I", os.path.join(ROOT, "include"), drv,
                        os.path.join(ROOT, "src", "backend", "cuda", "indexing_kernels_source.cpp"),
                        write_kernels_cpp(os.path.join(tmp, "embedded_kernels.cpp")),
                        "-o", exe], check=True)
        sources = subprocess.run([exe] + (["quick"] if quick else []), check=True,
                                 capture_output=True).stdout.split(b"\0")[:-1]
    lib = load_nvrtc()
    bad = 0
    for i, src in enumerate(sources):
        ok, log = nvrtc_compile(lib, src.decode(), f"indexing{i}.cu")
        if not ok or log.strip():
            bad += 1
            print(f"--- source {i}:\n{src.decode()}\n--- NVRTC:\n{log}")
    print(f"{len(sources)} indexing kernels: {'compiled' if not bad else f'{bad} FAILED'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
