#!/usr/bin/env bash
# Builds the API reference (Sphinx) into docs/_build/html from the docstrings of the cunumpy
# that Python imports (the installed package; PYTHONPATH=python for a dev build), with
# warnings as errors. Installs Sphinx from PyPI when it is missing.
#   bash scripts/build_docs.sh            # then open docs/_build/html/index.html
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PY=${PYTHON:-python3}
"$PY" -c "import sphinx" 2>/dev/null || "$PY" -m pip install -q "sphinx>=7"
# -W --keep-going: every warning is reported, and any fails the build; -E: every page is read
# again (a cached page would not repeat its warnings); -j 2: CI has 2 cores.
exec "$PY" -m sphinx -b html -E -W --keep-going -q -j "${DOCS_JOBS:-2}" \
  -d "$ROOT/docs/_build/doctrees" "$ROOT/docs/api" "$ROOT/docs/_build/html" "$@"
