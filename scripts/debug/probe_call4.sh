#!/usr/bin/env bash
# Session 29's last device call: build, the CUDA test files this session's changes touch
# (DLPack, interop, array API, pickling/weakrefs, factorizations), and scripts/sanitize.sh
# cuda on test_pickle_weakref.py (device backtraces only) and test_dlpack.py.
#   run(command="bash scripts/debug/probe_call4.sh", timeout_s=420)
set -u
export PYTHONUNBUFFERED=1 CMAKE_BUILD_PARALLEL_LEVEL=16
R=$(pwd); OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
timeout 240 python3 -m pip install --no-build-isolation --no-deps . > "$OUT/build.log" 2>&1 ||
  { grep -E "error" "$OUT/build.log" | head -30; exit 1; }
(cd /tmp && CUNUMPY_DEVICE=cuda timeout 150 python3 -m pytest -q -n 8 -p no:cacheprovider \
   "$R"/tests/python/test_dlpack*.py "$R"/tests/python/test_array_api*.py \
   "$R"/tests/python/test_pickle_weakref.py "$R"/tests/python/test_linalg_factorizations.py "$R"/tests/python/test_numpy_protocols.py 2>&1 | tail -3)
PYTEST_FILES="test_pickle_weakref.py test_dlpack.py" SANITIZE_FILE_TIMEOUT=150 SANITIZE_JOBS=2 \
  timeout 200 bash scripts/sanitize.sh cuda 2>&1 | tail -8
