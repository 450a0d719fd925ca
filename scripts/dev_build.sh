#!/usr/bin/env bash
# Incremental developer build in <repo>/build-dev (ccache when installed), then links the
# extension and the library into python/cunumpy so that `PYTHONPATH=python` imports this
# tree without an install:
#   bash scripts/dev_build.sh && PYTHONPATH=python python3 -m pytest tests/python -q -x
# (the README's commands remain what CI runs; this is for the edit-build-test loop)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
B=$ROOT/build-dev
PY=${PYTHON:-python3}
if [ ! -f "$B/build.ninja" ]; then
  launcher=()
  command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S "$ROOT" -B "$B" -G Ninja -DCUNUMPY_BUILD_PYTHON=ON -DCUNUMPY_BUILD_TESTS=${CUNUMPY_BUILD_TESTS:-OFF} \
    "${launcher[@]}" -Dnanobind_DIR="$("$PY" -m nanobind --cmake_dir)" -DPython_EXECUTABLE="$(command -v "$PY")" >/dev/null
fi
# Worktrees of one machine share ccache entries when paths are taken relative to /work.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(dirname "$ROOT")}
ninja -C "$B" -j "${CMAKE_BUILD_PARALLEL_LEVEL:-2}" "$@"
mkdir -p "$ROOT/python/cunumpy/lib"
ln -sf "$B"/_core*.so "$ROOT/python/cunumpy/"
ln -sf "$B"/libcunumpy.so* "$ROOT/python/cunumpy/lib/"
# The generated type stubs (cmake/CoreStubs.cmake), where a type checker finds them.
if [ -d "$B/stubs/_core" ]; then ln -sfn "$B/stubs/_core" "$ROOT/python/cunumpy/_core"; fi
