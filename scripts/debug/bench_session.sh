#!/usr/bin/env bash
# One device-tool call for the benchmarks: the whole bench/run.py (cunumpy, CuPy, PyTorch,
# NumPy side by side), plus the per-call host-time rows of an earlier cunumpy for a
# before/after in the same run (its tree carried as .old, e.g. `git worktree add .old REV`).
#   run(command="bash scripts/debug/bench_session.sh", carry=[".old"], timeout_s=560)
set -u
export PYTHONUNBUFFERED=1 CMAKE_BUILD_PARALLEL_LEVEL=16
R=$(pwd)
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
python3 -c "import cunumpy" 2>/dev/null ||
  timeout 200 python3 -m pip install -q --no-build-isolation --no-deps . > "$OUT/build.log" 2>&1
HOST_ROWS=add_small,sum_small,sum_small_float,raw_kernel,where_small,clip_small,unique_small,nanmax_small
if [ -d .old ]; then
  timeout 150 python3 -m pip install -q --no-build-isolation --no-deps --target /tmp/old ./.old \
    > "$OUT/old_build.log" 2>&1 &&
  (cd /tmp && PYTHONPATH=/tmp/old timeout 90 python3 "$R/bench/run.py" --only "$HOST_ROWS" \
     --libs cunumpy --out "$OUT/bench_before.md" > "$OUT/bench_before.log" 2>&1)
fi
(cd /tmp && timeout "${BENCH_CAP:-300}" python3 "$R/bench/run.py" ${BENCH_ARGS:-} --out "$OUT/bench.md" \
   > "$OUT/bench.log" 2>&1)
echo "== before (.old)"; grep "^|" "$OUT/bench_before.md" 2>/dev/null
echo "== now"; grep "^|" "$OUT/bench.md" 2>/dev/null || tail -20 "$OUT/bench.log"
