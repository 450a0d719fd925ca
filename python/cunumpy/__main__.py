"""``python -m cunumpy``: paths of the installed C++ package, and a short environment report.

    python -m cunumpy --cmake-dir     folder of cunumpyConfig.cmake (for -Dcunumpy_DIR=...)
    python -m cunumpy --include-dir   folder holding cunumpy/cunumpy.hpp
    python -m cunumpy --lib-dir       folder holding libcunumpy.so
    python -m cunumpy --version       the package version
    python -m cunumpy --config        cunumpy.show_config(): build, CUDA libraries, devices
    python -m cunumpy                 all of the above, plus the default device
"""
from __future__ import annotations

import argparse
import os
import sys

# Run as `python -m cunumpy`, this file's package (and its compiled extension) is imported
# first by Python itself; the path queries below only need the standard library.
from cunumpy import _paths


def _version() -> str:
    from cunumpy._version import __version__
    return __version__


def _report() -> int:
    print(f"cunumpy {_version()}")
    print(f"  package:      {_paths.package_dir()}")
    print(f"  include dir:  {_paths.get_include_dir()}")
    print(f"  lib dir:      {_paths.get_lib_dir()}")
    print(f"  cmake dir:    {_paths.get_cmake_dir()}")
    try:
        import cunumpy
        dev = None
        for probe in ("default_device", "get_default_device"):
            fn = getattr(cunumpy, probe, None)
            if callable(fn):
                dev = fn()
                break
        if dev is None:
            cuda = getattr(cunumpy, "cuda", None)
            avail = cuda.is_available() if cuda is not None and hasattr(cuda, "is_available") else None
            dev = "cuda:0" if avail else ("cpu" if avail is not None else "unknown")
        print(f"  device:       {dev} (CUNUMPY_DEVICE={os.environ.get('CUNUMPY_DEVICE', '')!s})")
    except Exception as e:  # report, never crash: this is a diagnostic
        print(f"  device:       unknown ({type(e).__name__}: {e})")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m cunumpy",
                                description="Paths of cunumpy's installed C++ package, and its configuration.")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--cmake-dir", action="store_true",
                   help="print the folder of cunumpyConfig.cmake")
    g.add_argument("--include-dir", action="store_true",
                   help="print the folder holding cunumpy/cunumpy.hpp")
    g.add_argument("--lib-dir", action="store_true", help="print the folder of libcunumpy.so")
    g.add_argument("--version", action="store_true", help="print the version")
    g.add_argument("--config", action="store_true",
                   help="print cunumpy.show_config(): build options, CUDA libraries, devices")
    a = p.parse_args(argv)
    if a.cmake_dir:
        print(_paths.get_cmake_dir())
    elif a.include_dir:
        print(_paths.get_include_dir())
    elif a.lib_dir:
        print(_paths.get_lib_dir())
    elif a.version:
        print(_version())
    elif a.config:
        from cunumpy._show_config import show_config
        show_config()
    else:
        return _report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
