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

# ensure_build_deps ROOT: installs pyproject.toml's build requirements into this Python
# (a no-op when they are there). The build then runs without pip's build isolation: an
# isolated build gets a new temporary scikit-build-core each time, which scikit-build-core
# takes for a new environment and answers by deleting the CMake cache and CMakeFiles (every
# object file) of build/{wheel_tag}: a full rebuild on every `pip install .`.
ensure_build_deps() {
  local reqs
  reqs=$("$PY" - "$1/pyproject.toml" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
block = re.search(r"^requires\s*=\s*\[(.*?)\]", text, re.M | re.S).group(1)
print("\n".join(re.findall(r'"([^"]+)"', block)))
PY
  ) || return 1
  mapfile -t reqs <<<"$reqs"
  "$PY" -m pip install -q "${reqs[@]}"
}

# report_cuda_backend LOG: says whether the build has the CUDA backend, and if not why and
# how to get it (from CMake's "cunumpy: CUDA backend ..." line in the build log).
report_cuda_backend() {
  local line
  line=$(grep -o 'cunumpy: CUDA backend.*' "$1" | tail -n 1) || true
  case "$line" in
    "cunumpy: CUDA backend ON"*)
      echo ">> CUDA backend: built${line#cunumpy: CUDA backend ON}; it runs where a driver and NVRTC are found" ;;
    "cunumpy: CUDA backend OFF"*)
      echo ">> CUDA backend: NOT built${line#cunumpy: CUDA backend OFF}; this install runs on the CPU backend only."
      echo "   To get it: install the CUDA toolkit (headers are enough: apt-get install nvidia-cuda-toolkit,"
      echo "   or NVIDIA's cuda-toolkit package), or point CMake at one (CUDAToolkit_ROOT=/usr/local/cuda),"
      echo "   then run this command again." ;;
    *) echo ">> CUDA backend: unknown (no configure line in $1)" ;;
  esac
}

# install_cunumpy ROOT: builds and installs the package (and its C++ SDK) with pip, showing
# ninja's [n/N] progress lines; the whole pip log is kept in a file. The build directory
# (ROOT/build/<wheel tag>) is reused: a second install recompiles only what changed.
install_cunumpy() {
  local - rc log
  set +e  # the status is pip's, taken from PIPESTATUS (grep finding no line is no failure)
  ensure_build_deps "$1" || { echo "error: could not install the build requirements" >&2; return 1; }
  log=$(mktemp "${TMPDIR:-/tmp}/cunumpy-build.XXXXXX")
  echo ">> $PY -m pip install --no-build-isolation $1  (build with $CMAKE_BUILD_PARALLEL_LEVEL jobs; full log: $log)"
  "$PY" -m pip install -v --no-build-isolation "$1" 2>&1 | tee "$log" |
    grep --line-buffered -E '^\s*\[[0-9]+/[0-9]+\] |cunumpy: |CMake Error|error:|^Successfully installed|^ERROR'
  rc=${PIPESTATUS[0]}
  if [ "$rc" -ne 0 ]; then
    echo "error: pip install failed (exit $rc); the end of $log:" >&2
    tail -n 40 "$log" >&2
  fi
  report_cuda_backend "$log"
  return "$rc"
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
