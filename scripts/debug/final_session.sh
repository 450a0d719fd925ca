#!/usr/bin/env bash
# One device-tool call at the end of a session: gpu_session.sh (build, both suites, ctest on
# CUDA, the C++ per-call probe), then the per-call breakdown and the benchmark rows given in
# ROWS beside CuPy and PyTorch.
#   run(command="bash scripts/debug/final_session.sh", carry=[".whl"], timeout_s=590)
set -u
R=$(pwd)
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
if ls .whl/*.whl >/dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl &&
    export PYTHONPATH=/tmp/site
fi
OUT=$OUT bash scripts/debug/gpu_session.sh
cd /tmp
echo "== host breakdown"; timeout 60 python3 "$R/scripts/debug/host_breakdown.py" 2>&1 | grep "^|"
echo "== bench"; timeout "${BENCH_CAP:-150}" python3 "$R/bench/run.py" --only "${ROWS:-arange,add_small,raw_kernel}" \
  --out "$OUT/bench.md" > "$OUT/bench.log" 2>&1; grep "^|" "$OUT/bench.md" || tail -20 "$OUT/bench.log"
