#!/usr/bin/env bash
# One device call of measurements before tuning (session 29): the build, the solve split
# (PyTorch/CuPy only), the Generator's draws timed and profiled by ncu, the per-call host
# rows, the weakref view case under memcheck, and bench rows side by side with CuPy.
#   run(command="bash scripts/debug/probe_call.sh", timeout_s=600)
set -u
export PYTHONUNBUFFERED=1 CMAKE_BUILD_PARALLEL_LEVEL=16 CUNUMPY_DEVICE=cuda
R=$(pwd); OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
timeout 120 python3 "$R/scripts/debug/solve_split.py" 2>&1 | tee "$OUT/solve.txt" &
SP=$!
timeout 240 python3 -m pip install --no-build-isolation --no-deps . > "$OUT/build.log" 2>&1 ||
  { grep -E "error" "$OUT/build.log" | head -30; exit 1; }
wait $SP
cd /tmp
echo "== rng probe"; timeout 60 python3 "$R/scripts/debug/rng_probe.py" 2>&1 | tee "$OUT/rng.txt"
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
timeout 150 "$NCU" --clock-control none -k cn_random_fill --launch-skip 4 --launch-count 2 \
  --section SpeedOfLight --section ComputeWorkloadAnalysis --section InstructionStats \
  --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats \
  --section MemoryWorkloadAnalysis \
  python3 "$R/scripts/debug/rng_probe.py" 26 > "$OUT/ncu_rng.txt" 2>&1; echo "ncu rc $?"
echo "== host overhead"; timeout 90 python3 "$R/scripts/debug/host_overhead.py" 2>&1 | tee "$OUT/host.txt"
echo "== weakref under memcheck"
timeout 90 compute-sanitizer --tool memcheck python3 "$R/scripts/debug/weakref_probe.py" 2>&1 | tail -25
echo "== solve paths (cunumpy)"
for v in CUNUMPY_SOLVE_BLOCKED=0 CUNUMPY_TRSM_BLOCK=256 CUNUMPY_TRSM_BLOCK=512 CUNUMPY_TRSM_BLOCK=1024; do
  env $v timeout 60 python3 "$R/scripts/debug/solve_cunumpy.py" 4096 2>&1 | tail -2
done
timeout 120 python3 -m pytest -q -n 8 -p no:cacheprovider "$R/tests/python/test_linalg_factorizations.py" "$R"/tests/python/test_random*.py 2>&1 | tail -4
echo "== bench"
timeout 200 python3 "$R/bench/run.py" --only solve,rng_normal,rng_random64,rng_random32,add_small,sum_small,raw_kernel \
  --libs cunumpy,cupy,torch --out "$OUT/bench.md" > "$OUT/bench.log" 2>&1
grep "^|" "$OUT/bench.md" || tail -20 "$OUT/bench.log"
