#!/usr/bin/env bash
# Session 29's third device call: build, the array API suite on CUDA beside NumPy (carry
# .array-api-tests and .whl), the weakref cases under memcheck, and the benchmark rows of
# issues 14, 15 and 17 beside CuPy and PyTorch.
#   run(command="bash scripts/debug/probe_call3.sh", carry=[".array-api-tests", ".whl"], timeout_s=600)
set -u
export PYTHONUNBUFFERED=1 CMAKE_BUILD_PARALLEL_LEVEL=16
R=$(pwd); OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 240 python3 -m pip install --no-build-isolation --no-deps . > "$OUT/build.log" 2>&1 ||
  { grep -E "error" "$OUT/build.log" | head -30; exit 1; }
echo "== array API suite (CUDA)"
CUNUMPY_DEVICE=cuda timeout 240 bash scripts/array_api_tests.sh > "$OUT/aat_summary.txt" 2>&1
cat "$OUT/aat_summary.txt" | tail -8
cp /tmp/array-api-tests-results/*.failed "$OUT/" 2>/dev/null
cd /tmp
export CUNUMPY_DEVICE=cuda
echo "== weakref under memcheck"
timeout 120 compute-sanitizer --tool memcheck python3 "$R/scripts/debug/weakref_probe.py" 2>&1 | tail -20
echo "== bench"
timeout 200 python3 "$R/bench/run.py" --only add_small,sum_small,raw_kernel,where_small,clip_small,matmul_host,solve,rng_normal,rng_random32,rng_random64,rng_integers,rng_permutation,rng_choice_p \
  --libs cunumpy,cupy,torch --out "$OUT/bench.md" > "$OUT/bench.log" 2>&1
grep "^|" "$OUT/bench.md" || tail -20 "$OUT/bench.log"
