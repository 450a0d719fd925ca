"""Where the installed C++ parts of cunumpy live (headers, library, CMake package).

The wheel lays them out inside the package folder:

    cunumpy/include/cunumpy/cunumpy.hpp     public headers
    cunumpy/lib/libcunumpy.so               the C++ engine
    cunumpy/lib/cmake/cunumpy/              cunumpyConfig.cmake (find_package(cunumpy))

This module imports nothing but the standard library, so it works even when the compiled
extension cannot be loaded.
"""
from __future__ import annotations

import os

_PKG_DIR = os.path.dirname(os.path.abspath(__file__))

__all__ = ["package_dir", "get_include", "get_include_dir", "get_lib_dir", "get_cmake_dir",
           "get_library"]


def package_dir() -> str:
    """The folder of the installed cunumpy package."""
    return _PKG_DIR


def get_include_dir() -> str:
    """Folder to put on the include path: it holds ``cunumpy/cunumpy.hpp``."""
    return os.path.join(_PKG_DIR, "include")


get_include = get_include_dir  # NumPy's spelling


def get_lib_dir() -> str:
    """Folder that holds ``libcunumpy.so``."""
    return os.path.join(_PKG_DIR, "lib")


def get_cmake_dir() -> str:
    """Folder that holds ``cunumpyConfig.cmake``: pass it as ``-Dcunumpy_DIR=...``."""
    return os.path.join(_PKG_DIR, "lib", "cmake", "cunumpy")


def get_library() -> str:
    """Full path of the shared C++ library."""
    return os.path.join(get_lib_dir(), "libcunumpy.so")
