#!/usr/bin/env bash
# Runs the test suites under sanitizers and counts their findings.
#
#   bash scripts/sanitize.sh [cpu]      ASan + UBSan build of the CPU backend in build-asan/
#                                       (separate from build-dev), then the C++ suite (ctest)
#                                       and a selection of the Python suite with libasan
#                                       preloaded into python (PYTEST_FILES overrides it;
#                                       PYTEST_FILES=all runs every file).
#   bash scripts/sanitize.sh cuda       on a GPU machine: the selection (or PYTEST_FILES) under
#                                       `compute-sanitizer --tool memcheck` on the CUDA backend,
#                                       one process per file, each time-boxed
#                                       (SANITIZE_FILE_TIMEOUT, default 420 s). One call of under
#                                       8 minutes on an H200:
#       PYTEST_FILES="test_raw_kernel.py test_histograms.py test_memory_pool.py test_streams_events.py" \
#         SANITIZE_FILE_TIMEOUT=150 bash scripts/sanitize.sh cuda
#
# Findings are written under $SANITIZE_LOGS (default build-asan/logs or build-csan/logs);
# the last lines give the counts. Exit status 1 when a sanitizer reported anything or a
# test failed.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MODE=${1:-cpu}
PY=${PYTHON:-python3}
JOBS=${CMAKE_BUILD_PARALLEL_LEVEL:-2}

# The selection: the families with the most host-side index and size arithmetic.
DEFAULT_FILES="test_hostile_input.py test_creation.py test_shape_ops.py test_indexing_basic.py
test_advanced_indexing.py test_take_put.py test_sort.py test_sum.py test_reductions.py test_scans.py
test_joining.py test_memory_pool.py test_elementwise_kernel.py test_host_kernel_cache.py"

pytest_files() {
  local sel=${PYTEST_FILES:-$DEFAULT_FILES}
  if [ "$sel" = all ]; then ls "$ROOT"/tests/python/test_*.py; return; fi
  for f in $sel; do echo "$ROOT/tests/python/$f"; done
}

if [ "$MODE" = cpu ]; then
  B=${SANITIZE_BUILD_DIR:-$ROOT/build-asan}
  LOGS=${SANITIZE_LOGS:-$B/logs}
  FLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined -g -O1"
  if [ ! -f "$B/build.ninja" ]; then
    launcher=()
    command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    cmake -S "$ROOT" -B "$B" -G Ninja -DCUNUMPY_BUILD_PYTHON=ON -DCUNUMPY_BUILD_TESTS=ON \
      -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS="$FLAGS" \
      -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
      -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" "${launcher[@]}" \
      -Dnanobind_DIR="$("$PY" -m nanobind --cmake_dir)" -DPython_EXECUTABLE="$(command -v "$PY")" >/dev/null || exit 1
  fi
  nice ninja -C "$B" -j "$JOBS" || exit 1
  rm -rf "$LOGS" && mkdir -p "$LOGS"

  # A private copy of the Python package that imports the sanitized extension.
  STAGE=$B/pystage
  rm -rf "$STAGE" && mkdir -p "$STAGE"
  cp -r "$ROOT/python/cunumpy" "$ROOT/python/cunumpyx" "$STAGE/"
  rm -f "$STAGE"/cunumpy/_core*.so "$STAGE"/cunumpy/lib/libcunumpy.so*
  mkdir -p "$STAGE/cunumpy/lib"
  ln -sf "$B"/_core*.so "$STAGE/cunumpy/"
  ln -sf "$B"/libcunumpy.so* "$STAGE/cunumpy/lib/"

  # allocator_may_return_null: a huge request (the hostile tests' zeros(2**40)) is our
  # MemoryError, as without ASan, not an allocation-size-too-big abort. protect_shadow_gap=0:
  # on a GPU machine cuInit fails under ASan without it (the driver maps that range).
  export ASAN_OPTIONS="log_path=$LOGS/asan:detect_leaks=0:abort_on_error=0:halt_on_error=1:allocator_may_return_null=1:protect_shadow_gap=0"
  export UBSAN_OPTIONS="log_path=$LOGS/ubsan:print_stacktrace=1:halt_on_error=1"
  # cuBLAS/cuSOLVER handles, NCCL and the driver keep their allocations for the life of
  # the process (our handle caches do too, on purpose): not leaks of ours.
  export LSAN_OPTIONS="suppressions=$ROOT/scripts/lsan_suppressions.txt:print_suppressions=0"
  echo ">> ctest under ASan+UBSan"
  (cd "$B/tests/cpp" && ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=1" ctest --output-on-failure -j "$JOBS" --timeout 600) \
    > "$LOGS/ctest.txt" 2>&1
  ctest_rc=$?
  grep -E "tests passed|\*\*\*(Failed|Timeout)" "$LOGS/ctest.txt" | tail -n 12

  echo ">> pytest under ASan+UBSan (libasan preloaded into $PY; one process per file, $JOBS at a time)"
  LIBASAN=$(${CXX:-c++} -print-file-name=libasan.so)
  LIBUBSAN=$(${CXX:-c++} -print-file-name=libubsan.so)
  # One process per file (pytest-xdist cannot be used: some files' parameter ids are random,
  # and its workers must collect the same ids). --capture=sys: a sanitizer's report goes to
  # fd 2, which pytest's default fd capture would swallow when the report ends the process. The CPU backend compiles user kernels with
  # the host compiler: no sanitizer flags there.
  mkdir -p "$LOGS/pytest"
  pytest_files | PYTHONPATH=$STAGE CUNUMPY_DEVICE=cpu CUNUMPY_NUM_THREADS=${CUNUMPY_NUM_THREADS:-1} \
    LD_PRELOAD="$LIBASAN:$LIBUBSAN" PY="$PY" LOGS="$LOGS" xargs -P "$JOBS" -n 1 sh -c \
    'n=$(basename "$1" .py); "$PY" -m pytest "$1" -q -p no:cacheprovider -o addopts="" --capture=sys > "$LOGS/pytest/$n.txt" 2>&1;
     echo "$? $n $(tail -n 1 "$LOGS/pytest/$n.txt")"' _ > "$LOGS/pytest.txt" 2>&1
  sort -k2 -o "$LOGS/pytest.txt" "$LOGS/pytest.txt"
  pytest_rc=0
  grep -qv '^0 ' "$LOGS/pytest.txt" && pytest_rc=1
  grep -v '^0 ' "$LOGS/pytest.txt" | cut -c1-160
  echo "pytest: $(wc -l < "$LOGS/pytest.txt") files, $(grep -vc '^0 ' "$LOGS/pytest.txt") with a failure or a crash"

  asan=$(cat "$LOGS"/asan.* "$LOGS"/pytest/*.txt 2>/dev/null | grep -cE "ERROR: (AddressSanitizer|LeakSanitizer)")
  ubsan=$(cat "$LOGS"/ubsan.* "$LOGS"/asan.* "$LOGS"/pytest/*.txt 2>/dev/null | grep -c "runtime error:")
  echo "sanitize cpu: ctest exit $ctest_rc, pytest exit $pytest_rc, AddressSanitizer errors: $asan, UBSan runtime errors: $ubsan (logs: $LOGS)"
  [ "$ctest_rc" -eq 0 ] && [ "$pytest_rc" -eq 0 ] && [ "$asan" -eq 0 ] && [ "$ubsan" -eq 0 ]
  exit $?
fi

if [ "$MODE" = cuda ]; then
  LOGS=${SANITIZE_LOGS:-$ROOT/build-csan/logs}
  rm -rf "$LOGS" && mkdir -p "$LOGS"
  CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
  [ -x "$CS" ] || { echo "compute-sanitizer not found"; exit 1; }
  # Each file has a time box (SANITIZE_FILE_TIMEOUT, seconds), so that a chosen subset fits a
  # call of known length; a file that runs past it counts as failed (exit 124). Files run
  # SANITIZE_JOBS at a time (default 1): one GPU serves many small test processes, and
  # memcheck's cost is mostly on the host.
  FILE_TIMEOUT=${SANITIZE_FILE_TIMEOUT:-420}
  JOBS=${SANITIZE_JOBS:-1}
  one_file() {
    local f=$1 name rc bt=()
    name=$(basename "$f" .py)
    # Host backtraces (the default) keep a reference to the Python frame of the caller of
    # the first CUDA calls they record (frames held from C, seen with
    # scripts/debug/weakref_probe.py: the view that cunumpy.asnumpy(v) copied stayed alive
    # after `del v`; with --show-backtrace device it is released). The file whose tests
    # check that objects die gets device backtraces only.
    [ "$name" = test_pickle_weakref ] && bt=(--show-backtrace device)
    # --leak-check off: the pools keep memory on purpose; the timing-sensitive files run too.
    CUNUMPY_DEVICE=cuda timeout "$FILE_TIMEOUT" "$CS" "${bt[@]}" --tool memcheck --error-exitcode 99 --print-limit 20 \
      --log-file "$LOGS/$name.memcheck.txt" "$PY" -m pytest "$f" -q -p no:cacheprovider -o addopts="" \
      > "$LOGS/$name.pytest.txt" 2>&1
    rc=$?
    echo "$rc" > "$LOGS/$name.rc"
  }
  for f in $(pytest_files); do
    one_file "$f" &
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
  done
  wait
  total=0 failed=0 files=0
  for f in $(pytest_files); do
    name=$(basename "$f" .py)
    rc=$(cat "$LOGS/$name.rc" 2>/dev/null || echo "?")
    # The first lines of each distinct error, so that the summary says what was found.
    grep -E "^========= (Invalid|Program hit|Error|Address|Saved host backtrace)" "$LOGS/$name.memcheck.txt" \
      2>/dev/null | sort | uniq -c | sort -rn | head -n 5 | sed 's/^/      /'
    n=$(grep -Eo "ERROR SUMMARY: [0-9]+" "$LOGS/$name.memcheck.txt" 2>/dev/null | tail -n 1 | grep -Eo "[0-9]+$" || echo "?")
    printf '  %-40s exit %-3s memcheck errors %s   %s\n' "$name" "$rc" "$n" "$(tail -n 1 "$LOGS/$name.pytest.txt")"
    [ "$n" != "?" ] && total=$((total + n))
    [ "$rc" != 0 ] && failed=$((failed + 1))
    files=$((files + 1))
  done
  echo "sanitize cuda: $files files, $total memcheck errors, $failed files with a failure or an error exit (logs: $LOGS)"
  [ "$total" -eq 0 ] && [ "$failed" -eq 0 ]
  exit $?
fi

echo "usage: bash scripts/sanitize.sh [cpu|cuda]" >&2
exit 2
