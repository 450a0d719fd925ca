"""NumPy arrays in pinned (page-locked) host memory (cupyx.empty_pinned and friends).

Copies between these and the GPU run asynchronously on a stream: ``cunumpy.asarray(p)``
and ``x.get(out=p, stream=s, blocking=False)``. The NumPy array keeps its pinned block
alive; the block returns to the pinned pool when the array is collected.
"""
import math

import numpy

from cunumpy.cuda import memory as _memory


def _pinned_array(shape, dtype, order):
    dtype = numpy.dtype(dtype)
    if isinstance(shape, (int, numpy.integer)):
        shape = (int(shape),)
    shape = tuple(int(n) for n in shape)
    if any(n < 0 for n in shape):
        raise ValueError(f"negative dimensions are not allowed: {shape}")
    if order not in ('C', 'F'):
        raise ValueError(f"order must be 'C' or 'F', got {order!r}")
    count = math.prod(shape)
    mem = _memory.alloc_pinned_memory(count * dtype.itemsize)
    # frombuffer keeps `mem` (which supports the buffer protocol) alive as the base.
    flat = numpy.frombuffer(mem, dtype=dtype, count=count)
    return flat.reshape(shape, order=order)


def _like_args(a, dtype, order, shape):
    dtype = a.dtype if dtype is None else dtype
    shape = a.shape if shape is None else shape
    if order in ('A', 'K', None):
        order = 'F' if (a.flags.f_contiguous and not a.flags.c_contiguous) else 'C'
    return shape, dtype, order


def empty_pinned(shape, dtype=float, order='C'):
    """An uninitialized numpy.ndarray in pinned memory."""
    return _pinned_array(shape, dtype, order)


def zeros_pinned(shape, dtype=float, order='C'):
    """A zero-filled numpy.ndarray in pinned memory."""
    out = _pinned_array(shape, dtype, order)
    out[...] = 0
    return out


def empty_like_pinned(a, dtype=None, order='K', subok=None, shape=None):
    """An uninitialized pinned numpy.ndarray shaped like ``a``."""
    return _pinned_array(*_like_args(a, dtype, order, shape))


def zeros_like_pinned(a, dtype=None, order='K', subok=None, shape=None):
    """A zero-filled pinned numpy.ndarray shaped like ``a``."""
    out = _pinned_array(*_like_args(a, dtype, order, shape))
    out[...] = 0
    return out
