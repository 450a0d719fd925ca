#!/usr/bin/env bash
# One device call for the random kernels (session 30 wrote the plain kernel and the leaner
# float32 normal/exponential without a GPU): build, test_random.py on CUDA (the CPU-vs-CUDA
# bit identity among it), rng_kernel_probe.py (sqrt_radius_f against sqrtf, plain against
# general, times beside CuPy), then the issue-17 bench rows with the plain kernel and with
# CUNUMPY_RANDOM_PLAIN=0 (the general kernel) in the same build.
#   run(command="bash scripts/debug/rng_session.sh", timeout_s=560)
set -uo pipefail
R=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
OUT=${OUT:-/tmp/rng}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 CMAKE_BUILD_PARALLEL_LEVEL=16
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
(cd "$R" && timeout 240 python3 -m pip install -v --no-build-isolation --no-deps .) > "$OUT/build.log" 2>&1 ||
  { grep -E "error|FAILED" "$OUT/build.log" | head -30; exit 1; }
cd /tmp
XD=(); python3 -c "import xdist" 2>/dev/null && XD=(-n 8)
CUNUMPY_DEVICE=cuda PYTHONHASHSEED=0 timeout 150 python3 -m pytest "$R/tests/python/test_random.py" -q \
  -p no:cacheprovider "${XD[@]}" > "$OUT/test_random.log" 2>&1
echo "test_random on CUDA: rc=$?"; grep -E "^(FAILED|ERROR)" "$OUT/test_random.log" | head -20; tail -1 "$OUT/test_random.log"
CUNUMPY_DEVICE=cuda timeout 120 python3 "$R/scripts/debug/rng_kernel_probe.py" 2>&1 | tee "$OUT/probe.log"
ROWS=rng_normal,rng_normal_legacy,rng_random32,rng_random64,rng_integers
cd "$R"
echo "== bench, plain kernel"
timeout 120 python3 bench/run.py --only $ROWS --libs cunumpy,cupy,torch 2>&1 | tail -8 | tee "$OUT/bench_plain.log"
echo "== bench, CUNUMPY_RANDOM_PLAIN=0 (general kernel)"
CUNUMPY_RANDOM_PLAIN=0 timeout 120 python3 bench/run.py --only $ROWS --libs cunumpy,cupy 2>&1 | tail -8 | tee "$OUT/bench_general.log"
