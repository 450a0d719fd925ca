"""NumPy's ufuncs as `ufunc` objects (with the methods outer, at, reduce), plus the
reductions sum/prod/max/min/mean.

The loop tables, type resolution and execution live in C++ (`_core.ufunc_call`,
`_core.ufunc_at`); this module only gives them NumPy's object model (`cunumpy.add.types`,
`cunumpy.add(x, 1)`, `cunumpy.add.outer(x, y)`).
"""
import numpy as _numpy

from cunumpy import _core


class ufunc(_core._UfuncBase):
    """A universal function, like `numpy.ufunc`: call it on arrays and scalars.

    Attributes: __name__, nin, nout, nargs, types, ntypes, identity, signature.
    Call: f(*inputs, out=None, dtype=None, casting='same_kind', where=True); the call
    itself is implemented in C++ (_core._UfuncBase.__call__). Methods: outer, at, reduce
    (some ufuncs), accumulate and reduceat (NotImplementedError for now).
    """

    def __init__(self, index, name, nin, nout, identity, types):
        super().__init__()
        self._index = index
        self.__name__ = name
        self.nin = nin
        self.nout = nout
        self.nargs = nin + nout
        self.types = list(types)
        self.ntypes = len(self.types)
        self.identity = _parse_identity(identity)
        self.signature = None  # no generalized (gufunc) signatures

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False):
        """Reduces `array` along `axis` (add, multiply, maximum, minimum, logical_and,
        logical_or for now; the others raise NotImplementedError)."""
        if self.nin != 2 or self.nout != 1:
            raise ValueError("reduce only supported for binary functions")
        array = _as_array(array)
        name = self.__name__
        if name in ('logical_and', 'logical_or'):
            # all/any as a count of the elements that decide: empty gives the identity.
            if dtype is not None and _numpy.dtype(dtype) != _numpy.bool_:
                raise NotImplementedError(f"{name}.reduce with dtype={dtype}")
            flags = logical_not(array) if name == 'logical_and' else not_equal(array, 0)
            r = not_equal(_core.sum(flags, axis, None, None, keepdims), 0)
            r = logical_not(r) if name == 'logical_and' else r
            if out is not None:
                out[...] = r
                return out
            return r
        reducer = _REDUCERS.get(name)
        if reducer is None:
            raise NotImplementedError(f"{name}.reduce is not implemented yet")
        return getattr(_core, reducer)(array, axis, dtype, out, keepdims)

    def accumulate(self, array, axis=0, dtype=None, out=None):
        raise NotImplementedError(
            f"{self.__name__}.accumulate: arrives with the scan work (issue 5)")

    def reduceat(self, array, indices, axis=0, dtype=None, out=None):
        raise NotImplementedError(f"{self.__name__}.reduceat is not implemented yet")

    def outer(self, A, B, **kwargs):
        """uf(A[..., None, ...], B): every pair of elements (binary ufuncs only)."""
        if self.nin != 2:
            raise ValueError("outer product only supported for binary functions")
        A, B = _as_array(A), _as_array(B)
        return self(A.reshape(A.shape + (1,) * B.ndim), B, **kwargs)

    def at(self, a, indices, b=None):
        """Unbuffered in-place a[indices] = uf(a[indices], b): repeated indices accumulate."""
        if not isinstance(a, _core.ndarray):
            raise TypeError("ufunc.at: the first operand must be a cunumpy.ndarray")
        positions = _positions(a.shape, _host_index(indices))
        if self.nin == 2 and isinstance(b, _core.ndarray) and b.shape != positions.shape:
            from cunumpy._manipulation import broadcast_to
            b = broadcast_to(b, positions.shape)
        _core.ufunc_at(self._index, a, _numpy.ascontiguousarray(positions).tobytes(), b)

    def __repr__(self):
        return f"<ufunc '{self.__name__}'>"


def _as_array(a):
    if isinstance(a, _core.ndarray):
        return a
    from cunumpy._creation import asarray
    return asarray(a)


def _host_index(indices):
    """An index with cunumpy arrays replaced by NumPy ones (positions are computed on the
    host with NumPy's indexing rules)."""
    if isinstance(indices, _core.ndarray):
        return indices.get()
    if isinstance(indices, tuple):
        return tuple(_host_index(i) for i in indices)
    if isinstance(indices, list):
        return _numpy.asarray([_host_index(i) for i in indices]) if any(
            isinstance(i, _core.ndarray) for i in indices) else indices
    return indices


def _positions(shape, idx):
    """Flat C-order positions of the elements a[idx] selects, as NumPy's indexing selects
    them. One integer index per axis (the common ufunc.at call) is converted directly;
    any other index goes through an index grid of the array's size."""
    parts = idx if isinstance(idx, tuple) else (idx,)
    if shape and len(parts) == len(shape):
        arrs = [_numpy.asarray(p) for p in parts]
        if all(x.dtype.kind in 'iu' for x in arrs):
            arrs = _numpy.broadcast_arrays(*arrs)
            norm = []
            for axis, (x, n) in enumerate(zip(arrs, shape)):
                x = x.astype(_numpy.int64)
                bad = (x < -n) | (x >= n)
                if bad.any():
                    raise IndexError(f"index {x[bad].flat[0]} is out of bounds for axis "
                                     f"{axis} with size {n}")
                norm.append(_numpy.where(x < 0, x + n, x))
            return _numpy.ravel_multi_index(norm, shape)
    n = 1
    for e in shape:
        n *= e
    return _numpy.arange(n, dtype=_numpy.int64).reshape(shape)[idx]


# ufunc.reduce of these ufuncs is the matching reduction of _core.
_REDUCERS = {'add': 'sum', 'multiply': 'prod', 'maximum': 'max', 'minimum': 'min'}


def _parse_identity(text):
    if text == '':
        return None
    if text in ('True', 'False'):
        return text == 'True'
    if text == '-inf':
        return float('-inf')
    return int(text)


_ALIASES = {'divide': 'true_divide', 'mod': 'remainder', 'abs': 'absolute',
            'conj': 'conjugate', 'bitwise_not': 'invert',
            # NumPy 2's array-API spellings.
            'acos': 'arccos', 'asin': 'arcsin', 'atan': 'arctan', 'acosh': 'arccosh',
            'asinh': 'arcsinh', 'atanh': 'arctanh', 'atan2': 'arctan2', 'pow': 'power',
            'bitwise_invert': 'invert', 'bitwise_left_shift': 'left_shift',
            'bitwise_right_shift': 'right_shift'}

__all__ = ['ufunc', 'sum', 'prod', 'max', 'min', 'amax', 'amin', 'mean']

for _i, (_name, _nin, _nout, _identity, _types, _functor) in enumerate(_core.ufunc_infos()):
    globals()[_name] = ufunc(_i, _name, _nin, _nout, _identity, _types)
    if not _name.startswith('_'):  # internal helpers (e.g. _where) stay private
        __all__.append(_name)
for _alias, _target in _ALIASES.items():
    globals()[_alias] = globals()[_target]
    __all__.append(_alias)
del _i, _name, _nin, _nout, _identity, _types, _functor, _alias, _target


def sum(a, axis=None, dtype=None, out=None, keepdims=False):
    """Sum of array elements over the given axes (numpy.sum)."""
    return _core.sum(a, axis, dtype, out, keepdims)


def prod(a, axis=None, dtype=None, out=None, keepdims=False):
    """Product of array elements over the given axes (numpy.prod)."""
    return _core.prod(a, axis, dtype, out, keepdims)


def max(a, axis=None, out=None, keepdims=False):
    """Maximum along the given axes (numpy.max); NaN propagates."""
    return _core.max(a, axis, None, out, keepdims)


def min(a, axis=None, out=None, keepdims=False):
    """Minimum along the given axes (numpy.min); NaN propagates."""
    return _core.min(a, axis, None, out, keepdims)


amax = max
amin = min


def mean(a, axis=None, dtype=None, out=None, keepdims=False):
    """Arithmetic mean over the given axes (numpy.mean)."""
    return _core.mean(a, axis, dtype, out, keepdims)
