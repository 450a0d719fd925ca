"""Functions that apply Python functions to arrays: apply_along_axis, apply_over_axes,
piecewise, vectorize.

apply_along_axis calls the function once per 1-D slice, as NumPy (and CuPy) do; the slices
are device views and the results are assembled on the device by one stack. vectorize is
CuPy's: the Python function is translated into one elementwise kernel through fuse's tracer
(python/cunumpy/_fusion.py), never run element by element.
"""
import types

import numpy as _np

from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr

__all__ = ['apply_along_axis', 'apply_over_axes', 'piecewise', 'vectorize']


def _normalize_axis(axis, ndim):
    from cunumpy._array_like import axis_index
    from cunumpy.exceptions import AxisError
    axis = axis_index(axis)
    if not -ndim <= axis < ndim:
        raise AxisError(axis, ndim)
    return axis % ndim


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """func1d(a_1d, *args, **kwargs) over every 1-D slice of `arr` along `axis`; the results
    (each of the first result's shape) replace that axis, as in NumPy."""
    import cunumpy
    arr = _arr(arr)
    nd = arr.ndim
    axis = _normalize_axis(axis, nd)
    moved = cunumpy.moveaxis(arr, axis, -1)
    outer = moved.shape[:-1]
    if 0 in outer:
        raise ValueError('Cannot apply_along_axis when any iteration dimensions are 0')
    results = [cunumpy.asarray(func1d(moved[ind], *args, **kwargs)) for ind in _np.ndindex(*outer)]
    first = results[0]
    # As NumPy writes each result into a buffer shaped and typed by the first: later ones
    # broadcast to its shape and are cast to its dtype.
    results = [r if r.shape == first.shape else cunumpy.broadcast_to(r, first.shape) for r in results]
    out = cunumpy.stack(results, dtype=first.dtype, casting='unsafe').reshape(outer + first.shape)
    # The result's own dimensions take the place of `axis`.
    order = list(range(len(outer)))
    res_axes = list(range(len(outer), out.ndim))
    perm = order[:axis] + res_axes + order[axis:]
    return out.transpose(perm)


def apply_over_axes(func, a, axes):
    """func(a, axis) repeatedly over `axes`; a result that lost the axis gets it back (size
    1), so the result has a's number of dimensions."""
    import cunumpy
    val = _arr(a)
    n = val.ndim
    if _np.ndim(axes) == 0:
        axes = (axes,)
    for axis in axes:
        if axis < 0:
            axis = n + axis
        res = func(val, axis)
        res = cunumpy.asarray(res)
        if res.ndim != val.ndim:
            res = cunumpy.expand_dims(res, axis)
            if res.ndim != val.ndim:
                raise ValueError('function is not returning an array of the correct shape')
        val = res
    return val


def piecewise(x, condlist, funclist, *args, **kw):
    """Evaluates funclist[i] where condlist[i] holds (a later condition wins where several
    do); one extra function is the value where no condition holds. Constants are written
    with one `where` per condition; a callable gets x[cond] and its result is scattered back."""
    import cunumpy
    x = _arr(x)
    arrays = (_core.ndarray, _np.ndarray)
    # NumPy's rule: one condition unless condlist's first item is itself a list or an array.
    if isinstance(condlist, arrays):
        scalar, first_is_seq = condlist.ndim == 0, condlist.ndim >= 2
    else:
        scalar = _np.isscalar(condlist) or not isinstance(condlist, (list, tuple))
        first_is_seq = not scalar and len(condlist) > 0 and isinstance(condlist[0], (list,) + arrays)
    if not scalar and x.ndim != 0 and len(condlist) == 0:
        raise IndexError('index 0 is out of bounds for axis 0 with size 0')  # NumPy reads condlist[0]
    if scalar or (not first_is_seq and x.ndim != 0):
        condlist = [condlist]
    conds = [cunumpy.asarray(c).astype(bool) for c in condlist]
    n, n2 = len(conds), len(funclist)
    if n == n2 - 1:  # the "otherwise" function
        if n:
            rest = conds[0]
            for c in conds[1:]:
                rest = rest | c
            conds.append(~rest)
        else:
            conds.append(cunumpy.ones(x.shape, dtype=bool))
        n += 1
    elif n != n2:
        raise ValueError(f'with {n} condition(s), either {n} or {n + 1} functions are expected')
    y = cunumpy.zeros_like(x)
    for cond, func in zip(conds, funclist):
        if cond.ndim == 0:  # a scalar condition selects everything or nothing
            cond = cunumpy.broadcast_to(cond, x.shape)
        elif cond.shape != x.shape:
            raise IndexError(f'boolean index did not match indexed array: shape {x.shape} but '
                             f'condition of shape {cond.shape}')
        if not callable(func):
            y = cunumpy.where(cond, cunumpy.asarray(func).astype(y.dtype), y)
        else:
            vals = x[cond]
            if vals.size > 0:
                y[cond] = func(vals, *args, **kw)
    return y


class vectorize:
    """cupy.vectorize: a Python function of scalars becomes one elementwise kernel.

    The function is traced (as fuse does) with the argument dtypes: arithmetic, comparisons,
    cunumpy/NumPy ufuncs, the math module's functions, Python's two-argument ``max``/``min``
    and ``float``/``int``, ``where`` and ``astype`` translate,
    and so do conditionals (``a if c else b``, and ``if``/``elif``/``else`` branches that
    each return: python/cunumpy/_conditionals.py rewrites them into selects, both sides
    evaluated). Other control flow on values (loops, ``and``/``or``), indexing, reductions
    and other calls do not, and raise TypeError naming the construct. ``otypes`` casts the results. ``excluded`` and ``signature`` are not
    supported (NotImplementedError), as in CuPy; ``cache`` has no effect (kernels are
    always cached per argument dtypes).
    """

    def __init__(self, pyfunc=None, otypes=None, doc=None, excluded=None, cache=False,
                 signature=None):
        from cunumpy._fusion import Fusion
        if pyfunc is None:
            raise TypeError('vectorize() needs a function')
        if excluded is not None:
            raise NotImplementedError('cunumpy.vectorize does not support `excluded`')
        if signature is not None:
            raise NotImplementedError('cunumpy.vectorize does not support `signature`')
        self.pyfunc = pyfunc
        self.otypes = otypes
        self.excluded = excluded
        self.cache = cache
        self.signature = signature
        self.__doc__ = pyfunc.__doc__ if doc is None else doc
        self.__name__ = getattr(pyfunc, '__name__', 'vectorized')
        if isinstance(otypes, str):
            self._otypes = [_np.dtype(c) for c in otypes]
        elif otypes is not None:
            self._otypes = [_np.dtype(t) for t in otypes]
        else:
            self._otypes = None
        from cunumpy._conditionals import rewrite_conditionals
        self._fusion = Fusion(rewrite_conditionals(pyfunc), 'vectorize_' + ''.join(
            c if c.isalnum() else '_' for c in self.__name__))
        self._fusion.elementwise_only = True
        self._runs = {}

    def __call__(self, *args):
        import cunumpy
        if not isinstance(self.pyfunc, types.FunctionType):
            raise TypeError(f'cunumpy.vectorize can translate only Python functions, not {self.pyfunc!r}')
        conv = []
        for a in args:
            if isinstance(a, (bool, int, float, complex, _np.generic, _core.ndarray)):
                conv.append(a)
            else:
                conv.append(cunumpy.asarray(a))
        if not any(isinstance(a, _core.ndarray) for a in conv):
            conv = [cunumpy.asarray(a) for a in conv]
        key = tuple((a.dtype.char, a.ndim) if isinstance(a, _core.ndarray) else
                    (a.dtype.char if isinstance(a, _np.generic) else type(a)) for a in conv)
        run = self._runs.get(key)
        if run is None:
            self._fusion.untraceable_reason = None
            run = self._fusion._compile(conv)
            if run == self._fusion._eager:
                reason = self._fusion.untraceable_reason or 'argument dtypes without a kernel type'
                raise TypeError(f'cunumpy.vectorize could not translate {self.__name__!r} into a kernel: '
                                f'{reason}')
            self._runs[key] = run
        out = run(conv)
        if self._otypes is None:
            return out
        if isinstance(out, tuple):
            if len(out) != len(self._otypes):
                raise ValueError(f'{len(self._otypes)} otypes for {len(out)} results')
            return tuple(o.astype(t, copy=False) for o, t in zip(out, self._otypes))
        return out.astype(self._otypes[0], copy=False)
