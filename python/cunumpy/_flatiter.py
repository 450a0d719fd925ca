"""ndarray.flat and the flatiter class: the array as if it were 1-D, in C order.

Reading goes through a C-order ravel (a view when the array allows one); writing goes
through the indices of the selected flat positions (unravel_index on the device), so it
reaches the array itself whatever its strides.
"""
from cunumpy import _core

__all__ = ['flatiter']


class flatiter:
    """The iterator ndarray.flat returns (cupy.flatiter): indexing with an int, a slice,
    Ellipsis or an integer/boolean array, assignment, iteration, len(), base, copy()."""

    def __init__(self, base):
        self._base = base

    @property
    def base(self):
        return self._base

    def __len__(self):
        return self._base.size

    def copy(self):
        """A 1-D copy of the array's elements in C order."""
        return self._base.flatten()

    def _flat_key(self, ind):
        if ind is Ellipsis:
            return slice(None)
        if isinstance(ind, tuple):
            if len(ind) != 1:
                raise IndexError('unsupported iterator index')
            ind = ind[0]
        return ind

    def __getitem__(self, ind):
        return self._base.ravel()[self._flat_key(ind)]

    def __setitem__(self, ind, value):
        import cunumpy
        base = self._base
        positions = cunumpy.arange(base.size)[self._flat_key(ind)]
        # NumPy fills the selected positions with the values in flat order, repeated when
        # there are fewer of them.
        v = value if isinstance(value, _core.ndarray) else cunumpy.asarray(value)
        if v.ndim and v.shape != positions.shape and v.size and positions.size:
            v = cunumpy.resize(v.ravel(), positions.shape)
        value = v
        if base.ndim == 1:
            base[positions] = value
            return
        base[cunumpy.unravel_index(positions, base.shape)] = value

    def __iter__(self):
        # One host copy, then NumPy's own flat iteration (no transfer per element).
        return iter(self._base.get().flat)


def _flat(self):
    return flatiter(self)


def _set_flat(self, value):
    flatiter(self)[...] = value


_core.ndarray.flat = property(_flat, _set_flat, doc='A flatiter over the array (C order).')
