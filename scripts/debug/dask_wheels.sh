#!/usr/bin/env bash
# Downloads dask, distributed and the pure-Python packages they need that the GPU machine
# lacks (docs/gpu-machine.md: "dask on the GPU machine") into <repo>/.whl, for Python 3.12,
# so that tests/python/test_dask.py and bench/dask_bench.py run there:
#   bash scripts/debug/dask_wheels.sh
# then, in the device call, carry ".whl" and begin the command with
#   python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
#     --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
. "$ROOT/scripts/debug/_wheels.sh"
# Versions: what this machine's pip resolves (dask and distributed are released together).
DASK=${DASK_VERSION:-$(python3 -c "import dask; print(dask.__version__)" 2>/dev/null || echo 2026.8.0)}
PKGS=("dask==$DASK" "distributed==$DASK" partd locket tblib zict "cloudpickle>=3" tornado)
download_wheels "${PKGS[@]}"
