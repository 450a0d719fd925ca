#!/usr/bin/env bash
# Installs everything cunumpy needs on a fresh Debian machine and runs the demo:
# sin(x) + cos(x) on 10 million float32 values, checked against NumPy, with both timings,
# on the GPU when there is one, else on the CPU backend.
#   bash scripts/install_and_demo.sh
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/_common.sh"

ensure_apt build-essential cmake ninja-build
install_cunumpy "$ROOT"   # pulls scikit-build-core, nanobind (build) and numpy from PyPI

# Run outside the source tree so that `import cunumpy` is the installed package.
cd "$(mktemp -d)"
"$PY" "$ROOT/scripts/demo.py"
