"""NumPy's ufuncs as `ufunc` objects (with the methods outer, at, reduce, accumulate).

The loop tables, type resolution and execution live in C++ (`_core.ufunc_call`,
`_core.ufunc_at`); this module only gives them NumPy's object model (`cunumpy.add.types`,
`cunumpy.add(x, 1)`, `cunumpy.add.outer(x, y)`).
"""
import operator as _operator

import numpy as _numpy

from cunumpy import _core

_NoValue = _numpy._NoValue


class ufunc(_core._UfuncBase):
    """A universal function, like `numpy.ufunc`: call it on arrays and scalars.

    Attributes: __name__, nin, nout, nargs, types, ntypes, identity, signature.
    Call: f(*inputs, out=None, dtype=None, casting='same_kind', where=True); the call
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

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NoValue,
               where=True):
        """Reduces `array` along `axis` (an int, a tuple or None) by applying the ufunc
        repeatedly, as numpy.ufunc.reduce; an empty reduction gives the identity (or
        `initial`), else ValueError."""
        if self.nin != 2 or self.nout != 1:
            raise ValueError("reduce only supported for binary functions")
        array = _as_array(array)
        if isinstance(axis, bool):
            raise TypeError("an integer is required")
        if array.ndim == 0 and not isinstance(axis, tuple) and axis in (0, -1):
            axis = None  # NumPy lets axis 0 and -1 through for a 0-d array
        name = self.__name__
        op = _REDUCE_OPS.get(name)
        init = None if initial is _NoValue else initial
        if op is not None:
            return _core._reduce(op, array, axis, dtype, out, keepdims, init, where)
        if name in ('logical_and', 'logical_or') and (dtype is None or _numpy.dtype(dtype) == _numpy.bool_) \
                and init is None:
            fn = _core.all if name == 'logical_and' else _core.any
            return fn(array, axis, out, keepdims, where)
        return _generic_reduce(self, array, axis, dtype, out, keepdims, init, where)

    def accumulate(self, array, axis=0, dtype=None, out=None):
        """Keeps the partial results of reduce along `axis` (numpy.ufunc.accumulate)."""
        if self.nin != 2 or self.nout != 1:
            raise ValueError("accumulate only supported for binary functions")
        array = _as_array(array)
        axis = _accumulate_axis(array, axis)
        op = _SCAN_OPS.get(self.__name__)
        if op is not None and (op >= 2 or out is None):
            # add/multiply widen small integers as sum does, unless out= is given
            return _core._scan(op, array, axis, dtype, out, out is None)
        return _generic_accumulate(self, array, axis, dtype, out)

    def reduceat(self, array, indices, axis=0, dtype=None, out=None):
        """Reductions over the slices [indices[i], indices[i+1]) along `axis`; where
        indices[i] >= indices[i+1] the result is array[indices[i]] (numpy.ufunc.reduceat).
        One reduce call per index."""
        if self.nin != 2 or self.nout != 1:
            raise ValueError("reduceat only supported for binary functions")
        a = _as_array(array)
        if a.ndim == 0:
            raise TypeError("reduceat does not support 0-d arrays")
        idx = _numpy.asarray(indices.get() if isinstance(indices, _core.ndarray) else indices)
        if idx.ndim != 1 or (idx.size and idx.dtype.kind not in 'iu'):
            raise TypeError("reduceat: indices must be a 1-D sequence of integers")
        ax = axis % a.ndim if -a.ndim <= axis < a.ndim else _axis_error(axis, a.ndim)
        n = a.shape[ax]
        idx = idx.astype(_numpy.int64)
        for v in idx:
            if not 0 <= v < n:
                raise IndexError(f"index {v} out-of-bounds in {self.__name__}.reduceat [0, {n})")
        x = a.swapaxes(0, ax) if ax else a
        from cunumpy._creation import empty
        from cunumpy._manipulation import stack
        rdt = self.reduce(x[0:1], axis=0, dtype=dtype).dtype if n else a.dtype
        parts = []
        for i, start in enumerate(idx):
            end = idx[i + 1] if i + 1 < len(idx) else n
            r = self.reduce(x[start:end], axis=0, dtype=dtype) if start < end else x[start]
            parts.append(r if r.dtype == rdt else r.astype(rdt))
        res = stack(parts) if parts else empty((0,) + x.shape[1:], dtype=rdt)
        res = res.swapaxes(0, ax) if ax else res
        if out is not None:
            out[...] = res
            return out
        return res

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


# ufunc.reduce / accumulate of these ufuncs run the engine's own kernels (ReduceOp order).
_REDUCE_OPS = {'add': 0, 'multiply': 1, 'maximum': 2, 'minimum': 3, 'fmax': 4, 'fmin': 5}
_SCAN_OPS = {'add': 0, 'multiply': 1, 'maximum': 2, 'minimum': 3}
# Exact, associative and commutative ufuncs: any grouping gives NumPy's result, so their
# generic reduce halves the axis log2(n) times and reduces over several axes at once.
_REORDERABLE = {'logical_and', 'logical_or', 'logical_xor', 'bitwise_and', 'bitwise_or',
                'bitwise_xor', 'gcd', 'fmax', 'fmin', 'maximum', 'minimum'}
# Inexact ufuncs NumPy also reduces over several axes at once (in order, here).
_MULTI_AXIS = {'hypot', 'logaddexp', 'logaddexp2'}


def _result_dtype(uf, dtype, a):
    """The dtype uf.reduce/accumulate computes in: dtype=, else the output of uf's loop
    for two inputs of a's dtype, which NumPy requires to be a loop (T, T) -> T that a's
    dtype casts to safely (so equal.reduce of integers is a TypeError, as there). The
    engine's type resolution answers; nothing is called."""
    def loop_output(dt):
        return _core.ufunc_resolve(uf._index, (dt, dt))[0]
    if dtype is not None:  # NumPy needs a loop (dtype, dtype) -> dtype
        rdt = _numpy.dtype(dtype)
        if loop_output(rdt) != rdt:
            raise TypeError(f"No loop matching the specified signature and casting was found "
                            f"for ufunc {uf.__name__}")
        return rdt
    rdt = loop_output(a.dtype)
    if uf.__name__.startswith('logical_'):
        return rdt  # NumPy's logical loops read any type and give bool
    if not _numpy.can_cast(a.dtype, rdt, 'safe') or loop_output(rdt) != rdt:
        raise TypeError(f"No loop matching the specified signature and casting was found for "
                        f"ufunc {uf.__name__}")
    return rdt


def _generic_reduce(uf, a, axis, dtype, out, keepdims, initial, where):
    """uf.reduce by ufunc calls: halving for reorderable ufuncs, else one call per position
    along the axis, in order, as NumPy applies the ufunc."""
    from cunumpy._manipulation import moveaxis
    from cunumpy._creation import full
    nd = a.ndim
    if axis is None:
        axes = tuple(range(nd))
    else:  # an integer or a tuple of integers (TypeError for others, as NumPy)
        axes = tuple(_operator.index(ax) for ax in (axis if isinstance(axis, tuple) else (axis,)))
        axes = tuple(ax % nd if -nd <= ax < nd else _axis_error(ax, nd) for ax in axes)
    if len(set(axes)) != len(axes):
        raise ValueError("duplicate value in 'axis'")
    name = uf.__name__
    rdt = _result_dtype(uf, dtype, a)
    if len(axes) > 1 and name not in _REORDERABLE and name not in _MULTI_AXIS:
        raise ValueError(f"reduction operation '{name}' is not reorderable, so at most one "
                         "axis may be specified")
    kept = [d for d in range(nd) if d not in axes]
    x = a.transpose(tuple(axes) + tuple(kept))
    n = 1
    for ax in axes:
        n *= a.shape[ax]
    rest = tuple(a.shape[d] for d in kept)
    x = x.reshape((n,) + rest)
    start = initial if initial is not None else uf.identity
    if where is not True:
        if start is None:
            raise ValueError(f"reduction operation '{name}' does not have an identity, so to "
                             "use a where mask one has to specify 'initial'")
        from cunumpy._manipulation import broadcast_to
        w = _as_array(where) if not isinstance(where, bool) else full((), where, dtype=bool)
        w = broadcast_to(w, a.shape).transpose(tuple(axes) + tuple(kept)).reshape((n,) + rest)
        r = full(rest, _numpy.array(start).astype(rdt)[()], dtype=rdt)
        for i in range(n):
            uf(r, x[i], out=r, where=w[i], dtype=rdt, casting='unsafe')
    elif n == 0:
        if start is None:
            raise ValueError(f"zero-size array to reduction operation {name} which has no identity")
        r = full(rest, _numpy.array(start).astype(rdt)[()], dtype=rdt)  # -1 of bitwise_and: all ones
    elif name in _REORDERABLE and initial is None:
        x = x.astype(rdt) if x.dtype != rdt else x
        while x.shape[0] > 1:
            h = x.shape[0] // 2
            y = uf(x[:h], x[h:2 * h], dtype=rdt, casting='unsafe')
            x = _concat_first(y, x[2 * h:]) if x.shape[0] % 2 else y
        r = x[0]
    else:
        if initial is not None:
            r = full(rest, initial, dtype=rdt)
            first = 0
        else:
            r = x[0].astype(rdt)
            first = 1
        for i in range(first, n):
            r = uf(r, x[i], dtype=rdt, casting='unsafe')
    if keepdims:
        r = r.reshape(tuple(1 if d in axes else a.shape[d] for d in range(nd)))
    if out is not None:
        out[...] = r
        return out
    return r


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
    elif axis is not None and _operator.index(axis) not in (0, -1) and nd == 0:
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


def _concat_first(y, tail):
    from cunumpy._manipulation import concatenate
    return concatenate([y, tail.astype(y.dtype) if tail.dtype != y.dtype else tail], axis=0)


def _generic_accumulate(uf, a, axis, dtype, out):
    """uf.accumulate by one ufunc call per position along the axis (NumPy's order)."""
    from cunumpy._creation import empty
    nd = a.ndim
    ax = axis % nd if -nd <= axis < nd else _axis_error(axis, nd)
    rdt = out.dtype if dtype is None and out is not None else _result_dtype(uf, dtype, a)
    res = out if out is not None else empty(a.shape, dtype=rdt)
    if res.shape != a.shape:
        raise ValueError("accumulate: out has the wrong shape")
    xs = a.swapaxes(ax, 0) if ax else a
    rs = res.swapaxes(ax, 0) if ax else res
    n = xs.shape[0]
    if n:
        rs[0] = xs[0]
    for i in range(1, n):
        uf(rs[i - 1], xs[i], out=rs[i], dtype=rdt, casting='unsafe')
    return res


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

