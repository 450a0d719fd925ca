#!/usr/bin/env bash
# Runs the array API standard's own test suite (data-apis/array-api-tests, a checkout of it
# that is NOT part of this repository) against NumPy and against cunumpy with the same fixed
# options and Hypothesis seed, and prints both pass rates (issue 18; docs/interop.md).
#
#   ARRAY_API_TESTS_DIR=/path/to/array-api-tests bash scripts/array_api_tests.sh
#
# ARRAY_API_TESTS_DIR  the suite checkout (default: <repo>/.array-api-tests); it must hold
#                      array_api_tests/, conftest.py and the spec stubs under array-api/.
# CUNUMPY_DEVICE       cpu | cuda | cuda:N for the cunumpy run (default: cunumpy's default).
# MAX_EXAMPLES, SEED   Hypothesis settings (default 50 and 1); keep them equal when comparing.
# ONLY                 numpy | cunumpy to run one side only.
# RESULTS_DIR          where the JSON reports and the failing node ids go
#                      (default: /tmp/array-api-tests-results).
# The suite needs pytest, hypothesis, ndindex and pytest-json-report. Where they are missing
# and <repo>/.whl holds their wheels (scripts/debug/array_api_wheels.sh, for a machine with
# no package index), they are installed from there into /tmp/array-api-site.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SUITE=${ARRAY_API_TESTS_DIR:-$ROOT/.array-api-tests}
PY=${PYTHON:-python3}
MAX_EXAMPLES=${MAX_EXAMPLES:-50}
SEED=${SEED:-1}
RESULTS=${RESULTS_DIR:-/tmp/array-api-tests-results}
if [ ! -d "$SUITE/array_api_tests" ]; then
  echo "array_api_tests.sh: no suite at $SUITE (set ARRAY_API_TESTS_DIR)" >&2
  exit 2
fi
mkdir -p "$RESULTS"

# The test dependencies: from the index as usual, or from local wheels on an offline machine.
if ! "$PY" -c "import hypothesis, ndindex, pytest_jsonreport" 2>/dev/null; then
  if ls "$ROOT"/.whl/*.whl >/dev/null 2>&1; then
    "$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
      --target /tmp/array-api-site "$ROOT"/.whl/*.whl
    export PYTHONPATH=/tmp/array-api-site${PYTHONPATH:+:$PYTHONPATH}
  else
    "$PY" -m pip install -q hypothesis ndindex pytest-json-report
  fi
fi
# The cunumpy under test: the in-place build of this checkout if there is one (dev_build.sh),
# else the installed package.
if ls "$ROOT"/python/cunumpy/_core*.so >/dev/null 2>&1; then
  CUNUMPY_PATH=$ROOT/python${PYTHONPATH:+:$PYTHONPATH}
else
  CUNUMPY_PATH=${PYTHONPATH:-}
fi

run_suite() {  # $1 = module under test, $2 = PYTHONPATH for the run
  local mod=$1 report=$RESULTS/$1.json
  # A fresh Hypothesis example database per run: no replay of another run's failures, so
  # both sides see the same generated examples for the same seed.
  rm -rf "$RESULTS/$mod.hypothesis"
  ( cd "$SUITE" && HYPOTHESIS_STORAGE_DIRECTORY=$RESULTS/$mod.hypothesis \
      PYTHONPATH=$2 ARRAY_API_TESTS_MODULE=$mod ARRAY_API_TESTS_VERSION=2024.12 \
      "$PY" -m pytest array_api_tests -q -p no:cacheprovider --disable-deadline \
      --max-examples="$MAX_EXAMPLES" --hypothesis-seed="$SEED" \
      --json-report --json-report-file="$report" -rfE ) > "$RESULTS/$mod.log" 2>&1
  tail -n 1 "$RESULTS/$mod.log"
}

summary() {  # $1 = module: counts and pass rate from its JSON report, failing ids to a file
  "$PY" - "$RESULTS/$1.json" "$RESULTS/$1.failed" "$1" <<'PYEOF'
import json, sys
report = json.load(open(sys.argv[1]))
s = report["summary"]
passed, failed, errors = s.get("passed", 0), s.get("failed", 0), s.get("error", 0)
skipped, total = s.get("skipped", 0), s.get("total", 0)
with open(sys.argv[2], "w") as f:
    for t in report["tests"]:
        if t["outcome"] in ("failed", "error"):
            f.write(t["nodeid"] + "\n")
ran = passed + failed + errors
print(f"{sys.argv[3]:8s} passed {passed}/{total} ({100 * passed / max(total, 1):.1f}% of collected, "
      f"{100 * passed / max(ran, 1):.1f}% of run); failed {failed}, errors {errors}, "
      f"skipped {skipped}; failing ids: {sys.argv[2]}")
PYEOF
}

echo "suite: $SUITE  options: ARRAY_API_TESTS_VERSION=2024.12 --max-examples=$MAX_EXAMPLES" \
     "--hypothesis-seed=$SEED --disable-deadline  device: ${CUNUMPY_DEVICE:-default}"
status=0
if [ "${ONLY:-numpy}" != cunumpy ]; then
  run_suite numpy "${PYTHONPATH:-}"
fi
if [ "${ONLY:-cunumpy}" != numpy ]; then
  run_suite cunumpy "$CUNUMPY_PATH"
fi
for mod in numpy cunumpy; do
  if [ -f "$RESULTS/$mod.json" ] && [ "${ONLY:-$mod}" = "$mod" ]; then
    summary "$mod" || status=1
  fi
done
exit $status
