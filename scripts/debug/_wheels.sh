# Sourced by the *_wheels.sh scripts: download_wheels PKG... puts Python 3.12 wheels of the
# given packages (no dependencies resolved) into <repo>/.whl, git-ignored, for the GPU
# machine, which has no package index (docs/gpu-machine.md).
download_wheels() {
  local exclude
  exclude=$(git rev-parse --git-path info/exclude)
  grep -qx "/.whl/" "$exclude" 2>/dev/null || echo /.whl/ >> "$exclude"
  mkdir -p .whl
  python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
    --implementation cp --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 \
    --platform manylinux2014_x86_64 --platform any -d .whl "$@"
  ls -l .whl
}
