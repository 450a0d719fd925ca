#!/usr/bin/env bash
# Downloads what the array API suite needs (scripts/array_api_tests.sh) for a machine with no
# package index (the GPU machine, docs/gpu-machine.md): hypothesis, ndindex, pytest-json-report
# and their pure-Python dependencies, for Python 3.12, into <repo>/.whl (git-ignored):
#   bash scripts/debug/array_api_wheels.sh
# then carry ".whl" (and the suite checkout) in the device call; array_api_tests.sh installs
# them from there into /tmp/array-api-site when the imports are missing.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
. "$ROOT/scripts/debug/_wheels.sh"
# Versions: what this machine has, so both machines run the same Hypothesis.
ver() { python3 -c "import importlib.metadata as m; print(m.version('$1'))" 2>/dev/null; }
pin() { local v; v=$(ver "$1"); if [ -n "$v" ]; then echo "$1==$v"; else echo "$1"; fi; }
PKGS=("$(pin hypothesis)" "$(pin ndindex)" "$(pin pytest-json-report)" "$(pin pytest-metadata)"
      "$(pin attrs)" "$(pin sortedcontainers)")
download_wheels "${PKGS[@]}"
