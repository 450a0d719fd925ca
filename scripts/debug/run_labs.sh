#!/usr/bin/env bash
# One device call's worth of measurements after a kernel change: build, the sort lab's
# variants, cumsum under the scan's tuning knobs, and the CUDA tests of the touched files.
#   SORT_VARIANTS="base contig" SCAN_ENVS="A=1,B=2 A=0" TESTS="test_scans.py" bash scripts/debug/run_labs.sh
# Logs under $OUT (default /tmp/labs).
set -uo pipefail
R=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
OUT=${OUT:-/tmp/labs}
mkdir -p "$OUT"
export CUNUMPY_DEVICE=cuda CUNUMPY_CACHE_DIR=${CUNUMPY_CACHE_DIR:-/tmp/cunumpy-kernel-cache}
(cd "$R" && python3 -m pip install --no-build-isolation --no-deps . -q) > "$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
cd /tmp
if [ -n "${SORT_VARIANTS:-}" ]; then
  python3 "$R/scripts/debug/sort_lab.py" $SORT_VARIANTS 2>&1 | tee "$OUT/sort_lab.log"
fi
for e in ${SCAN_ENVS:-}; do
  printf '%-40s ' "$e"
  env $(echo "$e" | tr ',' ' ') python3 "$R/scripts/debug/kernel_times.py" ${SCAN_WHAT:-cumsum} 2>&1 | tail -${SCAN_LINES:-1}
done | tee "$OUT/scan_envs.log"
if [ -n "${TESTS:-}" ]; then
  XD=(); python3 -c "import xdist" 2>/dev/null && XD=(-n 14)
  (cd /tmp && PYTHONHASHSEED=0 timeout "${TEST_CAP:-300}" python3 -m pytest $(for t in $TESTS; do echo "$R/tests/python/$t"; done) \
     -p no:cacheprovider -q --maxfail=30 --tb=short "${XD[@]}") > "$OUT/tests.log" 2>&1
  echo "tests rc=$?"; tail -15 "$OUT/tests.log"
fi
