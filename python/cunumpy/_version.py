# The one place the version is written: pyproject.toml reads it (scikit-build-core's regex
# metadata provider), CMakeLists.txt reads it for project(VERSION) and the C++ library's
# CUNUMPY_VERSION, and cunumpy.__version__ imports it.
__version__ = "0.1.0"
