#!/usr/bin/env bash
# The one command for the GPU machine (no network; python3 with numpy, cupy, torch, nanobind,
# scikit-build-core, cmake, ninja, nvcc): builds cunumpy, runs the Python and C++ suites on
# the CUDA backend, the seed examples and the benchmarks, and prints a summary.
#   bash scripts/gpu_check.sh            (logs go to $OUT, else /tmp/cunumpy-gpu-check)
# Every step runs even when an earlier one failed (except that nothing runs without a
# build); each has a time cap so that the whole stays inside the device tool's 10 minutes.
# Logs (7 files at most, the tool returns 8): build.log pytest_cuda.log ctest.log
# seeds.log bench.log bench.md summary.txt
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-/tmp/cunumpy-gpu-check}
mkdir -p "$OUT"
PY=${PYTHON:-python3}
export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}
export CUNUMPY_DEVICE=cuda
export PYTHONHASHSEED=0   # pytest-xdist workers must collect identical test ids
export CUNUMPY_CACHE_DIR=${CUNUMPY_CACHE_DIR:-/tmp/cunumpy-kernel-cache}
BUDGET=${GPU_CHECK_BUDGET:-560}   # seconds for everything; the tool kills at 600
# The whole suite on a fresh machine (cold kernel cache) takes longer than one call allows
# next to the benchmarks: GPU_CHECK_STEPS=pytest,ctest,seeds and then GPU_CHECK_STEPS=bench
# split it over two calls (the build is repeated, ~25 s).
STEPS=",${GPU_CHECK_STEPS:-pytest,ctest,seeds,bench},"
want() { [[ "$STEPS" == *",$1,"* ]]; }
PYTEST_CAP=${GPU_CHECK_PYTEST_CAP:-$(want bench && echo 330 || echo 470)}
T0=$SECONDS
WORK=$(mktemp -d)                 # run from here: `import cunumpy` is the installed one
SUMMARY=$OUT/summary.txt
: > "$SUMMARY"
RESULTS=()
ANY_FAIL=0

left() { echo $((BUDGET - (SECONDS - T0))); }
# cap N: seconds a step may take, at most N and never past the budget.
cap() { local l; l=$(left); [ "$1" -lt "$l" ] && echo "$1" || echo $((l > 5 ? l - 5 : 1)); }
note() { echo "$*" | tee -a "$SUMMARY"; }
record() {  # record STEP RC DETAIL
  local st="ok"
  if [ "$2" -eq 124 ] || [ "$2" -eq 137 ]; then st="TIMED OUT"; elif [ "$2" -ne 0 ]; then st="FAILED (exit $2)"; fi
  [ "$st" = ok ] || ANY_FAIL=1
  RESULTS+=("$(printf '%-8s %-16s %s' "$1" "$st" "$3")")
  note "== $1: $st $3 ($((SECONDS - T0)) s elapsed)"
}

# trim_log FILE: keeps a log within what the device tool brings back (16 MiB a file).
trim_log() {
  local f=$1 size
  size=$(stat -c %s "$f" 2>/dev/null || echo 0)
  if [ "$size" -gt 12000000 ]; then
    { head -c 2000000 "$f"; printf '\n\n[... %s bytes cut ...]\n\n' "$((size - 10000000))"; tail -c 8000000 "$f"; } > "$f.tmp"
    mv "$f.tmp" "$f"
  fi
}

note "cunumpy GPU check $(date -u +%FT%TZ) in $ROOT"
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | head -n 4
  "$PY" --version; nvcc --version 2>&1 | tail -n 1; cmake --version | head -n 1; } | tee -a "$SUMMARY"

# 1. build -------------------------------------------------------------------------------
( cd "$ROOT" && timeout "$(cap 300)" "$PY" -m pip install -v --no-build-isolation --no-deps . ) \
  > "$OUT/build.log" 2>&1
rc=$?
if [ $rc -eq 0 ]; then
  (cd "$WORK" && "$PY" -c "import cunumpy, os; print('import ok:', os.path.dirname(cunumpy.__file__))") \
    >> "$OUT/build.log" 2>&1 || rc=1
fi
record build $rc "$(grep -m1 -E 'Successfully installed|error:' "$OUT/build.log")"
BUILD_OK=$rc

if [ $BUILD_OK -eq 0 ]; then
  # Is CUDA usable at all? (If not, every CUDA test fails: say why, and stop pytest early.)
  CUDA_MSG=$(cd "$WORK" && "$PY" -c "
import cunumpy as cp
n = cp.cuda.runtime.getDeviceCount()
x = cp.arange(4, dtype=cp.float32)
print(f'{n} CUDA device(s); arrays on {x.device}; sum check', float((x * 2).sum()) == 12.0)" 2>&1 | tail -n 1)
  echo "$CUDA_MSG" | grep -q "sum check True" && crc=0 || crc=1
  record cuda $crc "$CUDA_MSG"

  if want pytest; then
  # 2. pytest on CUDA ----------------------------------------------------------------------
  PT_ARGS=(--tb=short)
  "$PY" -c "import pytest_timeout" 2>/dev/null && PT_ARGS+=(--timeout=120)
  [ $crc -ne 0 ] && PT_ARGS+=(--maxfail=25)
  # Spread the tests over processes when pytest-xdist is there (first-use NVRTC compiles
  # dominate a fresh machine); GPU_CHECK_XDIST=0 runs them in one process.
  XD=${GPU_CHECK_XDIST:-14}
  [ "$XD" != 0 ] && [ $crc -eq 0 ] && "$PY" -c "import xdist" 2>/dev/null && PT_ARGS+=(-n "$XD")
  ( cd "$WORK" && timeout "$(cap $PYTEST_CAP)" "$PY" -m pytest "$ROOT/tests/python" -p no:cacheprovider \
      -v -rfEs "${PT_ARGS[@]}" ${GPU_CHECK_PYTEST_ARGS:-} ) > "$OUT/pytest_cuda.log" 2>&1
  rc=$?
  trim_log "$OUT/pytest_cuda.log"
  [ $rc -eq 5 ] && echo "pytest collected no tests: counted as a failure" >> "$OUT/pytest_cuda.log"
  record pytest $rc "$(grep -E '^=+ .* in [0-9.]+s.* =+$' "$OUT/pytest_cuda.log" | tail -n 1)"
  # -v names every result as it comes, so a run cut short still says what failed.
  grep -E '(FAILED|ERROR) ' "$OUT/pytest_cuda.log" | grep -v '^FAILED\|^ERROR' | sed 's/^/  /' | head -n 60 >> "$SUMMARY"

  fi
  if want ctest; then
  # 3. C++ tests with ctest on CUDA -----------------------------------------------------------
  CMAKE_DIR=$(cd "$WORK" && "$PY" -m cunumpy --cmake-dir 2>/dev/null)
  GEN=(); command -v ninja >/dev/null 2>&1 && GEN=(-G Ninja)
  {
    echo "cunumpy_DIR=$CMAKE_DIR"
    timeout "$(cap 150)" cmake -S "$ROOT/tests/cpp" -B "$WORK/tests-cpp" "${GEN[@]}" \
        -Dcunumpy_DIR="$CMAKE_DIR" &&
    timeout "$(cap 150)" cmake --build "$WORK/tests-cpp" &&
    (cd "$WORK/tests-cpp" && timeout "$(cap 150)" ctest --output-on-failure -j4 --timeout 120)
  } > "$OUT/ctest.log" 2>&1
  rc=$?
  trim_log "$OUT/ctest.log"
  grep -qE 'tests passed(, .* tests failed)? out of' "$OUT/ctest.log" || { [ $rc -eq 0 ] && rc=1; }  # CMake 4 drops the 'failed' part when none failed
  {
    echo "== examples/cpp"
    timeout "$(cap 60)" cmake -S "$ROOT/examples/cpp" -B "$WORK/example-cpp" "${GEN[@]}" \
        -Dcunumpy_DIR="$CMAKE_DIR" > /dev/null &&
    timeout "$(cap 60)" cmake --build "$WORK/example-cpp" > /dev/null &&
    timeout "$(cap 30)" "$WORK/example-cpp/cunumpy_example"
  } >> "$OUT/ctest.log" 2>&1
  erc=$?
  record ctest $rc "$(grep -E 'tests passed(, .* tests failed)? out of' "$OUT/ctest.log" | tail -n 1)"
  record example $erc "(examples/cpp, output at the end of ctest.log)"

  fi
  if want seeds; then
  # 4. seed examples (the CuPy programs cunumpy must run unchanged) ----------------------------
  # The repo's copies (tests/seed_examples), else the shared originals.
  SEEDS=()
  for d in "$ROOT/tests/seed_examples" "$ROOT/shared/seed-examples" "$ROOT/../shared/seed-examples"; do
    if ls "$d"/*.py > /dev/null 2>&1; then
      for f in "$d"/*.py; do SEEDS+=("$f"); done
      break
    fi
  done
  n_ok=0; n_bad=0
  : > "$OUT/seeds.log"
  for f in "${SEEDS[@]}"; do
    echo "== $f" >> "$OUT/seeds.log"
    if (cd "$WORK" && timeout "$(cap 60)" "$PY" "$f") >> "$OUT/seeds.log" 2>&1; then
      n_ok=$((n_ok + 1)); echo "-- ok" >> "$OUT/seeds.log"
    else
      n_bad=$((n_bad + 1)); echo "-- FAILED" >> "$OUT/seeds.log"
    fi
  done
  rc=0; [ $n_bad -gt 0 ] || [ $n_ok -eq 0 ] && rc=1
  record seeds $rc "$n_ok passed, $n_bad failed (of ${#SEEDS[@]} found)"

  fi
  if want bench; then
  # 5. benchmarks --------------------------------------------------------------------------
  (cd "$WORK" && timeout "$(cap 200)" "$PY" "$ROOT/bench/run.py" --out "$OUT/bench.md" ${GPU_CHECK_BENCH_ARGS:-}) \
    > "$OUT/bench.log" 2>&1
  record bench $? "(table in bench.md)"
  fi
else
  ANY_FAIL=1
  for s in cuda pytest ctest example seeds bench; do RESULTS+=("$(printf '%-8s %-16s' "$s" "not run (no build)")"); done
  tail -n 40 "$OUT/build.log"
fi

{
  echo
  echo "================ GPU check summary ($((SECONDS - T0)) s) ================"
  for r in "${RESULTS[@]}"; do echo "  $r"; done
  echo "logs: $OUT"
} | tee -a "$SUMMARY"
exit $ANY_FAIL
