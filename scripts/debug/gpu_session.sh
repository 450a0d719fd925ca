#!/usr/bin/env bash
# One device-tool call that checks a merged tree on both backends at once (the H200 has
# 16 cores): build, then the whole Python suite on CUDA and on the CPU backend side by
# side, and the C++ suite on CUDA. Summary lines and failures at the end; logs in $OUT.
#   run(command="bash scripts/debug/gpu_session.sh", timeout_s=560)
set -u
export PYTHONUNBUFFERED=1 PYTHONHASHSEED=0 CMAKE_BUILD_PARALLEL_LEVEL=16
R=$(pwd)
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
timeout 200 python3 -m pip install -v --no-build-isolation --no-deps . > "$OUT/build.log" 2>&1 ||
  { grep -E "error|FAILED" "$OUT/build.log" | head -60; exit 1; }
W=$(mktemp -d); cd "$W"
CMAKE_DIR=$(python3 -m cunumpy --cmake-dir)
( cmake -S "$R/tests/cpp" -B "$W/tc" -G Ninja -Dcunumpy_DIR="$CMAKE_DIR" > "$OUT/ctest.log" 2>&1 &&
  cmake --build "$W/tc" -j 6 >> "$OUT/ctest.log" 2>&1 &&
  cd "$W/tc" && CUNUMPY_DEVICE=cuda timeout 150 ctest -j4 --timeout 120 --output-on-failure >> "$OUT/ctest.log" 2>&1 ) &
CT=$!
CUNUMPY_DEVICE=cpu timeout 260 python3 -m pytest "$R/tests/python" -q -n 3 -p no:cacheprovider --maxfail=80 > "$OUT/cpu.log" 2>&1 &
CP=$!
CUNUMPY_DEVICE=cuda timeout 280 python3 -m pytest "$R/tests/python" -q -n 10 -p no:cacheprovider --timeout=120 --maxfail=120 > "$OUT/cuda.log" 2>&1
wait $CP; wait $CT
for f in cuda cpu; do
  echo "== pytest $f"; grep -E "^(FAILED|ERROR)" "$OUT/$f.log" | cut -c1-180 | head -40; tail -n 1 "$OUT/$f.log"
done
echo "== ctest (cuda)"; grep -E "tests passed|FAILED|Failed|\*\*\*" "$OUT/ctest.log" | head -30
# The C++ API's host time per call (bench/cpp), after the suites so that it runs alone.
( cmake -S "$R/bench/cpp" -B "$W/bc" -G Ninja -Dcunumpy_DIR="$CMAKE_DIR" > "$OUT/bench_cpp.log" 2>&1 &&
  cmake --build "$W/bc" >> "$OUT/bench_cpp.log" 2>&1 && CUNUMPY_DEVICE=cuda timeout 60 "$W/bc/host_overhead" ) ||
  tail -5 "$OUT/bench_cpp.log"
