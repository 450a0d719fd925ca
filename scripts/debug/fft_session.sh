#!/usr/bin/env bash
# Issue 16's FFT checks on the GPU machine in one device call (about 5 minutes on a fresh
# machine): build and install, the FFT test files on CUDA, the FFT rows of bench/run.py
# and scripts/debug/fft_host_split.py. Logs in $OUT (build.log, pytest.log, bench.md,
# split.md). run(command="bash scripts/debug/fft_session.sh", timeout_s=600)
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
OUT=${OUT:-/tmp/fft-session}
mkdir -p "$OUT"
PY=${PYTHON:-python3}
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-16}
export PYTHONHASHSEED=0
cd "$ROOT"
t0=$SECONDS
if ! timeout 330 "$PY" -m pip install -v --no-build-isolation --no-deps . > "$OUT/build.log" 2>&1; then
  echo "build FAILED"; tail -n 40 "$OUT/build.log"; exit 1
fi
echo "build ok ($((SECONDS - t0)) s)"
cd /tmp
export CUNUMPY_DEVICE=cuda
XD=()
"$PY" -c "import xdist" 2>/dev/null && XD=(-n "${FFT_XDIST:-8}")
timeout "${FFT_PYTEST_CAP:-150}" "$PY" -m pytest "$ROOT/tests/python/test_fft.py" "$ROOT/tests/python/test_fft_scipy.py" \
  "$ROOT/tests/python/test_fft_plans.py" "$ROOT/tests/python/test_fftpack.py" -q -rfEs -p no:cacheprovider "${XD[@]}" \
  ${FFT_PYTEST_ARGS:-} > "$OUT/pytest.log" 2>&1
echo "pytest rc=$?"; grep -E "FAILED|ERROR|passed|failed" "$OUT/pytest.log" | tail -n 30
timeout "${FFT_BENCH_CAP:-150}" "$PY" "$ROOT/bench/run.py" --out "$OUT/bench.md" \
  --only "${FFT_BENCH_ROWS:-fft24_c64,rfft24_f32,fft2_4096_c64,fft_batched_c64,fft1024_host}" > "$OUT/bench.log" 2>&1
echo "bench rc=$?"; cat "$OUT/bench.md" 2>/dev/null | grep -E "^\|" | head -n 20
timeout 120 "$PY" "$ROOT/scripts/debug/fft_host_split.py" > "$OUT/split.md" 2>&1
echo "split rc=$?"; cat "$OUT/split.md"
