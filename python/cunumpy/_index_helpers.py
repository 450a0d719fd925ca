"""NumPy's index-building helpers: diag_indices(_from), mask_indices, mgrid, ogrid, s_,
index_exp, ndindex, ndenumerate.

The arrays they return are built on the current device from cunumpy's creation functions
(arange, indices, nonzero): no values pass through the host. s_, index_exp and ndindex
only build Python index objects, so they are NumPy's own objects.
"""
import math

import numpy as _np

from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr

__all__ = ['diag_indices', 'diag_indices_from', 'mask_indices', 'mgrid', 'ogrid', 's_',
           'index_exp', 'ndindex', 'ndenumerate']

# Pure index-expression builders: nothing of them touches array data.
s_ = _np.s_
index_exp = _np.index_exp
ndindex = _np.ndindex


def diag_indices(n, ndim=2):
    """The indices of the main diagonal of an n x ... x n array of `ndim` dimensions: the
    same arange(n) array, `ndim` times (as NumPy returns it)."""
    from cunumpy._creation import arange
    idx = arange(n)
    return (idx,) * ndim


def diag_indices_from(arr):
    """diag_indices for `arr`, which must be at least 2-D with every dimension equal."""
    arr = _arr(arr)
    if arr.ndim < 2:
        raise ValueError("input array must be at least 2-d")
    if len(set(arr.shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(arr.shape[0], arr.ndim)


def mask_indices(n, mask_func, k=0):
    """The indices where mask_func(ones((n, n)), k) is nonzero (e.g. mask_func=triu)."""
    from cunumpy._creation import ones
    m = ones((n, n), dtype=int)
    a = mask_func(m, k)
    return _arr(a).nonzero()


def _slice_parts(key):
    start = 0 if key.start is None else key.start
    step = 1 if key.step is None else key.step
    return start, key.stop, step


def _is_count(step):
    """A complex step is NumPy's point count (the stop is then included)."""
    return isinstance(step, (complex, _np.complexfloating))


class _Grid:
    """mgrid (dense) and ogrid (sparse): NumPy's nd_grid, with arrays made by cunumpy."""

    def __init__(self, sparse):
        self.sparse = sparse

    def __getitem__(self, key):
        if isinstance(key, slice):
            return self._one(key)
        if not isinstance(key, tuple) or not all(isinstance(k, slice) for k in key):
            raise TypeError("mgrid/ogrid index must be a slice or a tuple of slices")
        from cunumpy._creation import arange
        from cunumpy._indexing import indices
        sizes, numbers = [], []
        for k in key:
            start, stop, step = _slice_parts(k)
            if _is_count(step):
                step = abs(step)  # the count, which enters the dtype as a float
                sizes.append(int(step))
            else:
                sizes.append(int(math.ceil((stop - start) / step)))
            numbers += [start, stop, step]
        typ = _np.result_type(*numbers)
        if self.sparse:
            grids = [arange(n, dtype=typ) for n in sizes]
        else:
            grids = indices(sizes, typ)
        out = []
        for i, k in enumerate(key):
            start, stop, step = _slice_parts(k)
            if _is_count(step):
                count = int(abs(step))
                step = (stop - start) / float(count - 1) if count != 1 else 1
            g = grids[i] * step + start
            if self.sparse:
                shape = [1] * len(sizes)
                shape[i] = sizes[i]
                out.append(g.reshape(shape))
            else:
                out.append(g.astype(typ, copy=False))
        if self.sparse:
            return tuple(out)
        from cunumpy._manipulation import stack
        if not out:
            return grids
        return stack(out)

    def _one(self, key):
        from cunumpy._creation import arange
        start, stop, step = _slice_parts(key)
        if key.step is not None and _is_count(key.step):
            length = int(abs(key.step))
            step = (stop - start) / float(length - 1) if length != 1 else length
            typ = _np.result_type(start, stop, abs(key.step))
            return arange(0, length, 1, dtype=typ) * step + start
        return arange(start, stop, 1 if key.step is None else key.step)

    def __len__(self):
        return 0


mgrid = _Grid(sparse=False)
ogrid = _Grid(sparse=True)


def ndenumerate(arr):
    """Yields (index tuple, value) over `arr` in C order. The array is copied to the host
    once (iterating element by element on the device would be one transfer per element)."""
    if isinstance(arr, _core.ndarray):
        arr = arr.get()
    return _np.ndenumerate(arr)
