"""Tests on arrays and iterables: isfortran, shares_memory, may_share_memory, iterable, and
the broadcast class.

The overlap test is C++ (include/cunumpy/ops/memory_overlap.hpp): exact for any strided
views, on the arrays' metadata alone.
"""
import numpy as _np

from cunumpy import _core

__all__ = ['isfortran', 'shares_memory', 'may_share_memory', 'iterable', 'broadcast']


def isfortran(a):
    """True when `a` is Fortran-contiguous and not also C-contiguous."""
    if not isinstance(a, _core.ndarray):
        return _np.isfortran(a)
    return bool(a.flags.f_contiguous and not a.flags.c_contiguous)


def _overlap(a, b, max_work, name):
    if not (isinstance(a, _core.ndarray) and isinstance(b, _core.ndarray)):
        if isinstance(a, _core.ndarray) or isinstance(b, _core.ndarray):
            return False  # a host object never shares a device array's memory
        return getattr(_np, name)(a, b, max_work=max_work)
    if max_work is None:
        max_work = 0 if name == 'may_share_memory' else -1
    max_work = int(max_work)
    r = _core.memory_overlap(a, b, max_work)
    if r == 2:
        from cunumpy.exceptions import TooHardError
        raise TooHardError(f'Exceeded max_work {max_work}')
    return bool(r)


def shares_memory(a, b, /, max_work=-1):
    """Whether some element of `a` and some element of `b` use the same bytes.

    max_work: -1 (or None) the exact answer; 0 only the memory bounds; a positive number
    bounds the search (TooHardError when exceeded).
    """
    return _overlap(a, b, max_work, 'shares_memory')


def may_share_memory(a, b, /, max_work=0):
    """Whether the memory bounds of `a` and `b` intersect (max_work=0, the default), or,
    with max_work=-1, the exact answer of shares_memory."""
    return _overlap(a, b, max_work, 'may_share_memory')


def iterable(y):
    """Whether iter(y) works (not for a 0-d array, as NumPy)."""
    if isinstance(y, _core.ndarray):
        return y.ndim > 0
    try:
        iter(y)
    except TypeError:
        return False
    return True


class broadcast:
    """NumPy's broadcast object over cunumpy arrays (and anything asarray takes).

    shape, nd/ndim, size, numiter are computed from the shapes; ``values`` (CuPy's) are the
    arguments broadcast to that shape, as device views. Iterating (``iters``, ``index``,
    ``next()``, ``reset()``) yields tuples of NumPy scalars in C order; the first element
    read copies the broadcast arguments to the host once.
    """

    def __init__(self, *arrays):
        from cunumpy._creation import asarray
        args = []
        for a in arrays:
            if isinstance(a, broadcast):
                args.extend(a._arrays)
            else:
                args.append(a if isinstance(a, _core.ndarray) else asarray(a))
        if len(args) > 64:
            raise ValueError(f'Need at least 0 and at most 64 array objects; got {len(args)}')
        self._arrays = args
        self.shape = _np.broadcast_shapes(*[a.shape for a in args])
        self._host = None
        self._index = 0

    @property
    def nd(self):
        return len(self.shape)

    ndim = nd

    @property
    def size(self):
        n = 1
        for s in self.shape:
            n *= s
        return n

    @property
    def numiter(self):
        return len(self._arrays)

    @property
    def values(self):
        import cunumpy
        return [cunumpy.broadcast_to(a, self.shape) for a in self._arrays]

    def _host_arrays(self):
        if self._host is None:
            self._host = [_np.broadcast_to(a.get(), self.shape) for a in self._arrays]
        return self._host

    @property
    def index(self):
        return self._index

    @property
    def iters(self):
        """One flat iterator per argument, each positioned at the current index."""
        out = []
        for h in self._host_arrays():
            flat = h.flat
            for _ in range(self._index):
                next(flat)
            out.append(flat)
        return tuple(out)

    def reset(self):
        self._index = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._index >= self.size:
            raise StopIteration
        idx = _np.unravel_index(self._index, self.shape) if self.shape else ()
        self._index += 1
        return tuple(h[idx] for h in self._host_arrays())
