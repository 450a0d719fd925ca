#!/usr/bin/env bash
# Rewrites include/cunumpy/cunumpy.hpp to include every public header (run after adding one;
# the ctest umbrella_header_includes_all fails until then).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../include"
{
cat <<'H'
// cunumpy: NumPy's API on NVIDIA GPUs (and on the CPU when there is none), from C++.
// The one public header: it includes every other header under cunumpy/.
//
//   #include <cunumpy/cunumpy.hpp>
//   cunumpy::ndarray a = cunumpy::arange(cunumpy::Scalar(6), cunumpy::float32).reshape({2, 3});
//
// With CMake: find_package(cunumpy CONFIG REQUIRED) and link cunumpy::cunumpy.
// (A ctest in tests/cpp checks that this list names every installed header.)
#pragma once

H
for d in base core runtime memory ops; do
  for f in $(ls cunumpy/$d/*.hpp 2>/dev/null | sort); do echo "#include \"$f\""; done
done
for f in $(find cunumpy -name '*.hpp' | sort); do
  case "$f" in cunumpy/cunumpy.hpp|cunumpy/core/*|cunumpy/runtime/*|cunumpy/memory/*|cunumpy/kernels/*|cunumpy/ops/*) ;; *) echo "#include \"$f\"";; esac
done
} > cunumpy/cunumpy.hpp.new && mv cunumpy/cunumpy.hpp.new cunumpy/cunumpy.hpp
