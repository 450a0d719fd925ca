# Shared by scripts/install_and_demo.sh and scripts/test.sh (sourced, not run).

# The Python that installs and tests cunumpy (override with PYTHON=...).
PY=${PYTHON:-python3}
export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1
export DEBIAN_FRONTEND=noninteractive
# Compile with every core unless told otherwise (CMAKE_BUILD_PARALLEL_LEVEL=2 on a shared box).
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc 2>/dev/null || echo 2)}

_apt_updated=0
# ensure_apt PKG...: installs the Debian packages that are not installed yet (apt-get update
# runs once, and only when something is missing).
ensure_apt() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "warning: apt-get not found; please install: ${missing[*]}" >&2
    return 0
  fi
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo ">> apt-get install ${missing[*]}"
  if [ $_apt_updated -eq 0 ]; then
    $sudo apt-get update -qq
    _apt_updated=1
  fi
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# install_cunumpy ROOT: builds and installs the package (and its C++ SDK) with pip.
install_cunumpy() {
  echo ">> $PY -m pip install $1  (build with $CMAKE_BUILD_PARALLEL_LEVEL jobs)"
  "$PY" -m pip install "$1"
}

# installed_check: prints where `import cunumpy` comes from; fails if it is not the
# installed package (run it outside the source tree).
installed_check() {
  "$PY" - <<'PY'
import os, sys
import cunumpy
where = os.path.dirname(os.path.abspath(cunumpy.__file__))
print(f"cunumpy imported from {where}")
if not any(os.path.isfile(os.path.join(where, f)) and f.startswith("_core") for f in os.listdir(where)):
    sys.exit("error: this cunumpy has no compiled _core extension (source tree, not the install?)")
PY
}
