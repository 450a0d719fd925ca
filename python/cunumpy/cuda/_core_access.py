"""Access to the C++ extension for cunumpy.cuda (kept in one place)."""

import functools


@functools.lru_cache(maxsize=None)
def core_cuda():
    """The ``cunumpy._core.cuda`` submodule (imported on first use)."""
    from cunumpy import _core

    return _core.cuda


def core():
    from cunumpy import _core

    return _core
