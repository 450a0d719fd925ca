#!/usr/bin/env bash
# Session 29's second device call: the whole check of the tree (scripts/debug/gpu_session.sh:
# build, both Python suites, ctest on CUDA), then the Generator's draws, the
# weakref case under memcheck and the per-call host rows beside CuPy and PyTorch.
#   run(command="bash scripts/debug/probe_call2.sh", carry=[".gtest"], timeout_s=600)
set -u
export PYTHONUNBUFFERED=1
R=$(pwd); OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
bash scripts/debug/gpu_session.sh
cd /tmp
export CUNUMPY_DEVICE=cuda
# (Session 29 also timed here the kernel variants of knobs since removed: see
# docs/benchmarks.md, "session 29".)
echo "== rng"
timeout 60 python3 "$R/scripts/debug/rng_probe.py" 2>&1 | tail -4
echo "== weakref under memcheck"
timeout 90 compute-sanitizer --tool memcheck python3 "$R/scripts/debug/weakref_probe.py" 2>&1 | tail -25
echo "== bench host rows"
timeout 150 python3 "$R/bench/run.py" --only add_small,sum_small,sum_small_float,raw_kernel,where_small,clip_small,unique_small,nanmax_small,matmul_host \
  --libs cunumpy,cupy,torch,numpy --out "$OUT/bench.md" > "$OUT/bench.log" 2>&1
grep "^|" "$OUT/bench.md" || tail -20 "$OUT/bench.log"
