"""NumPy's ufuncs as `ufunc` objects (with the methods outer, at, reduce, accumulate).

The loop tables, type resolution and execution live in C++ (`_core.ufunc_call`,
`_core.ufunc_at`, and the methods' `_core.ufunc_reduce` / `ufunc_accumulate` /
`ufunc_reduceat` / `ufunc_outer`, ops/ufunc_methods.hpp); this module only gives them
NumPy's object model (`cunumpy.add.types`,
`cunumpy.add(x, 1)`, `cunumpy.add.outer(x, y)`).
"""
import inspect as _inspect
import operator as _operator

import numpy as _numpy

from cunumpy._array_like import axis_index as _axis_index
from cunumpy import _core

_NoValue = _numpy._NoValue


class ufunc(_core._UfuncBase):
    """A universal function, like `numpy.ufunc`: call it on arrays and scalars.

    Attributes: __name__, nin, nout, nargs, types, ntypes, identity, signature.
    Call: ``f(*inputs, out=None, dtype=None, casting='same_kind', where=True)``; the call
    itself is implemented in C++ (_core._UfuncBase.__call__). Methods: outer, at, reduce,
    accumulate, reduceat.
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

    @property
    def __signature__(self):
        """The call's signature for inspect.signature (NumPy's ufuncs have one too): the
        inputs positional-only (x, or x1, x2, ...), then out and the keyword-only options
        the call accepts (see _core._UfuncBase.__call__)."""
        P = _inspect.Parameter
        names = ['x'] if self.nin == 1 else [f'x{i + 1}' for i in range(self.nin)]
        params = [P(n, P.POSITIONAL_ONLY) for n in names]
        params.append(P('out', P.POSITIONAL_OR_KEYWORD, default=None))
        params += [P(n, P.KEYWORD_ONLY, default=d) for n, d in
                   (('where', True), ('casting', 'same_kind'), ('order', 'K'),
                    ('dtype', None), ('subok', True))]
        return _inspect.Signature(params)

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NoValue,
               where=True):
        """Reduces `array` along `axis` (an int, a tuple or None) by applying the ufunc
        repeatedly, as numpy.ufunc.reduce; an empty reduction gives the identity (or
        `initial`), else ValueError. C++: cunumpy::ufunc_reduce."""
        if self.nin != 2 or self.nout != 1:
            raise ValueError("reduce only supported for binary functions")
        array = _as_array(array)
        if isinstance(axis, bool):
            raise TypeError("an integer is required")
        if where is not True and where is not False and not isinstance(where, _core.ndarray):
            where = _as_array(where)
        return _core.ufunc_reduce(self._index, array, axis, dtype, out, keepdims,
                                  None if initial is _NoValue else initial, where)

    def accumulate(self, array, axis=0, dtype=None, out=None):
        """Keeps the partial results of reduce along `axis` (numpy.ufunc.accumulate).
        C++: cunumpy::ufunc_accumulate."""
        if self.nin != 2 or self.nout != 1:
            raise ValueError("accumulate only supported for binary functions")
        array = _as_array(array)
        axis = _accumulate_axis(array, axis)
        return _core.ufunc_accumulate(self._index, array, axis, dtype, out)

    def reduceat(self, array, indices, axis=0, dtype=None, out=None):
        """Reductions over the slices [indices[i], indices[i+1]) along `axis`; where
        indices[i] >= indices[i+1] the result is array[indices[i]] (numpy.ufunc.reduceat).
        C++: cunumpy::ufunc_reduceat."""
        if self.nin != 2 or self.nout != 1:
            raise ValueError("reduceat only supported for binary functions")
        a = _as_array(array)
        if a.ndim == 0:
            raise TypeError("reduceat does not support 0-d arrays")
        idx = _numpy.asarray(indices.get() if isinstance(indices, _core.ndarray) else indices)
        if idx.ndim != 1 or (idx.size and idx.dtype.kind not in 'iu'):
            raise TypeError("reduceat: indices must be a 1-D sequence of integers")
        idx = _numpy.ascontiguousarray(idx, dtype=_numpy.int64)
        return _core.ufunc_reduceat(self._index, a, idx.tobytes(), _axis_index(axis), dtype, out)

    def outer(self, A, B, **kwargs):
        """uf(A[..., None, ...], B): every pair of elements (binary ufuncs only).
        C++: cunumpy::ufunc_outer."""
        if self.nin != 2:
            raise ValueError("outer product only supported for binary functions")
        A, B = _as_array(A), _as_array(B)
        out = kwargs.get('out')
        if not kwargs.keys() <= _OUTER_KEYWORDS or (isinstance(out, tuple) and len(out) != 1):
            # other keywords, or one out= per output: the call's own argument parsing
            return self(A.reshape(A.shape + (1,) * B.ndim), B, **kwargs)
        where = kwargs.get('where', True)
        if where is not True and not isinstance(where, _core.ndarray):
            from cunumpy._creation import asarray
            where = asarray(where, dtype=bool)  # array-like masks, as the ufunc call takes
        return _core.ufunc_outer(self._index, A, B, out, kwargs.get('dtype'), kwargs.get('casting'),
                                 where)

    def at(self, a, indices, b=None):
        """Unbuffered in-place a[indices] = uf(a[indices], b): repeated indices accumulate.
        An index other than one integer array per axis (slices, masks, fewer axes) is
        resolved through a host index grid of a's size (PerformanceWarning)."""
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
    from cunumpy._performance import warn_slow_path
    warn_slow_path("ufunc.at with an index other than one integer array per axis builds an index "
                   "grid of the array's size on the host", 4)
    return _numpy.arange(n, dtype=_numpy.int64).reshape(shape)[idx]


_OUTER_KEYWORDS = {'out', 'dtype', 'casting', 'where'}


def _accumulate_axis(a, axis):
    """The single integer axis of accumulate, checked in NumPy's order: a tuple's axes
    (AxisError), a 0-d array (TypeError, where an int axis 0/-1 passes), then more than
    one axis (ValueError); None means every axis."""
    nd = a.ndim
    if isinstance(axis, bool):
        raise TypeError("an integer is required for the axis")
    if isinstance(axis, tuple):
        for ax in axis:
            if not -nd <= _operator.index(ax) < nd:
                _axis_error(ax, nd)
    elif axis is not None and _axis_index(axis) not in (0, -1) and nd == 0:
        _axis_error(axis, nd)
    if nd == 0:
        raise TypeError("cannot accumulate on a scalar")
    if axis is None:
        axis = tuple(range(nd))
    if isinstance(axis, tuple):
        if len(axis) != 1:
            raise ValueError("accumulate does not allow multiple axes")
        axis = axis[0]
    return axis


def _axis_error(ax, nd):
    raise _numpy.exceptions.AxisError(ax, nd)


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

__all__ = ['ufunc']

for _i, (_name, _nin, _nout, _identity, _types, _functor) in enumerate(_core.ufunc_infos()):
    globals()[_name] = ufunc(_i, _name, _nin, _nout, _identity, _types)
    if not _name.startswith('_'):  # internal helpers (e.g. _where) stay private
        __all__.append(_name)
for _alias, _target in _ALIASES.items():
    globals()[_alias] = globals()[_target]
    __all__.append(_alias)
del _i, _name, _nin, _nout, _identity, _types, _functor, _alias, _target

