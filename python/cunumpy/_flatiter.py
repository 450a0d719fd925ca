"""ndarray.flat: a flat (C-order) view of an array for iteration, indexing and assignment,
as NumPy's and CuPy's flatiter.

Reads are copies (NumPy's rule for ``a.flat[...]``); writes go into the array whatever
its strides. Both map the flat positions to the array through the C++ take/put (one
gather or scatter kernel), so a non-contiguous array is never copied whole.
"""
import operator

import numpy as _numpy

from cunumpy import _core

_unsupported = "unsupported iterator index"


class flatiter:
    """A flat iterator over an array (``a.flat``): ``len``, iteration in C order,
    ``a.flat[i]``, ``a.flat[i:j:k]``, ``a.flat[[i, j]]``, ``a.flat[mask]``, the same forms
    on the left of ``=`` (values repeat cyclically, as NumPy's), ``copy()`` and ``base``."""

    __slots__ = ("_base", "_index")
    __module__ = "cunumpy"

    def __init__(self, base):
        self._base = base
        self._index = 0

    @property
    def base(self):
        """The array being iterated over."""
        return self._base

    @property
    def index(self):
        """The flat position of the next element that iteration returns."""
        return self._index

    @property
    def coords(self):
        """The N-dimensional index of the next element that iteration returns."""
        return tuple(int(c) for c in _numpy.unravel_index(self._index, self._base.shape)) \
            if self._base.ndim else ()

    def __len__(self):
        return self._base.size

    def __iter__(self):
        return self

    def __next__(self):
        if self._index >= self._base.size:
            raise StopIteration
        i = self._index
        self._index += 1
        return self._element(i)

    def copy(self):
        """A 1-D copy of the array (C order), as ``a.flatten()``."""
        return self._base.flatten()

    def __array__(self, dtype=None, copy=None):
        raise TypeError("Implicit conversion to a NumPy array is not allowed. "
                        "Please use `.get()` to construct a NumPy array explicitly.")

    def __repr__(self):
        return f"<cunumpy.flatiter of an array of shape {self._base.shape}>"

    # ---- indexing -----------------------------------------------------------------------
    def _element(self, i):
        """Element i (in C order) as a 0-d array, without flattening the array."""
        base = self._base
        if base.ndim == 0:
            return base[()]
        coords = _numpy.unravel_index(i, base.shape)
        return base[tuple(int(c) for c in coords)]

    def _int_position(self, key):
        n = self._base.size
        i = operator.index(key)
        if not -n <= i < n:
            raise IndexError(f"index {i} is out of bounds for size {n}")
        return i + n if i < 0 else i

    def _positions(self, key):
        """The flat positions `key` selects, as an int64 cunumpy array (or an int)."""
        from cunumpy._creation import arange, asarray
        if key is Ellipsis:
            key = slice(None)
        if isinstance(key, tuple):
            if len(key) != 1:
                raise IndexError(_unsupported)
            key = key[0]
        if isinstance(key, (bool, _numpy.bool_)):
            raise IndexError(_unsupported)
        if isinstance(key, slice):
            start, stop, step = key.indices(self._base.size)
            return arange(start, stop, step, dtype=_numpy.int64)
        if hasattr(key, "__index__") and not isinstance(key, (_core.ndarray, _numpy.ndarray)):
            return self._int_position(key)
        idx = key if isinstance(key, _core.ndarray) else asarray(key)
        if idx.dtype.kind == "b":
            if idx.ndim > 1:
                raise IndexError("too many indices for flat iterator: flat iterator is "
                                 f"1-dimensional, but {idx.ndim} were indexed")
            if idx.size != self._base.size:
                raise IndexError(f"boolean index did not match indexed flat iterator of size "
                                 f"{self._base.size}; size of boolean index is {idx.size}")
            return _core.nonzero(idx)[0]
        if idx.ndim == 0 and idx.dtype.kind in "iu":
            return self._int_position(int(idx))
        if idx.dtype.kind not in "iu" and idx.size > 0:
            raise IndexError("arrays used as indices must be of integer (or boolean) type")
        return idx.astype(_numpy.int64, copy=False)

    def __getitem__(self, key):
        pos = self._positions(key)
        if isinstance(pos, int):
            return self._element(pos)
        from cunumpy._indexing import take
        return take(self._base, pos)

    def __setitem__(self, key, value):
        pos = self._positions(key)
        base = self._base
        if isinstance(pos, int):
            if base.ndim == 0:
                base[()] = value
            else:
                base[tuple(int(c) for c in _numpy.unravel_index(pos, base.shape))] = value
            return
        if pos.size == 0:
            return
        from cunumpy._indexing import put
        if not isinstance(value, _core.ndarray):
            from cunumpy._creation import asarray
            value = asarray(value, dtype=base.dtype)
        if value.size == 0:
            return  # NumPy assigns nothing from an empty value
        put(base, pos, value.ravel().astype(base.dtype, copy=False))


def _flat_get(self):
    return flatiter(self)


def _flat_set(self, value):
    flatiter(self)[...] = value
