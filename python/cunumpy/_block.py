"""numpy.block: an array assembled from nested lists of blocks. The nesting is converted
and checked, and the blocks joined, in C++ (include/cunumpy/ops/block.hpp)."""
from cunumpy import _core

__all__ = ['block']


def block(arrays):
    """Assembles an array from nested lists of blocks (numpy.block): the innermost lists
    are joined along the last axis, the outer ones along earlier axes."""
    return _core.block(arrays)
