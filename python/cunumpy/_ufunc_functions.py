"""Array functions built on the ufuncs, with NumPy 2's semantics: fix, around/round, clip,
real, imag, angle, nan_to_num, sinc, i0, real_if_close, isclose, allclose, array_equal,
array_equiv, isreal, iscomplex, isrealobj, iscomplexobj, isscalar.

Each is a few ufunc calls (the per-element work runs in C++ on the array's device); the
formulas follow NumPy's own Python code step for step, so results round as NumPy's do.
"""
import builtins as _builtins
import operator as _operator

import numpy as _numpy

from cunumpy import _core
from cunumpy import _ufuncs as _u
from cunumpy._array_like import as_ndarray as _arr

ndarray = _core.ndarray

__all__ = ['fix', 'around', 'round', 'clip', 'real', 'imag', 'angle', 'nan_to_num', 'sinc',
           'i0', 'real_if_close', 'isclose', 'allclose', 'array_equal', 'array_equiv',
           'isreal', 'iscomplex', 'isrealobj', 'iscomplexobj', 'isscalar']

_NoValue = _numpy._NoValue


def _empty(shape, dtype):
    from cunumpy._creation import empty
    return empty(shape, dtype)


def fix(x, out=None):
    """Round toward zero (NumPy's ceil for negatives, floor otherwise: trunc, signed zeros
    included)."""
    return _u.trunc(_arr(x), out=out)


def _power_of_ten(n):
    # NumPy's power_of_ten (multiarray/calculation.c): exact table, then repeated *10.
    if n < 9:
        return (1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8)[n]
    r = 1e9
    for _ in range(n - 9):
        r *= 10.
    return r


def around(a, decimals=0, out=None):
    """Round to `decimals` (negative: tens, hundreds...), half to even, as NumPy: scale by
    10**decimals, rint, scale back (in the array's own dtype; integers through float64)."""
    a = _arr(a)
    decimals = _operator.index(decimals)
    if a.dtype.kind == 'c':
        if out is None:
            out = _empty(a.shape, a.dtype)
        elif out.dtype.kind != 'c':  # NumPy writes out.imag
            raise TypeError('array does not have imaginary part to set')
        around(a.real, decimals, out.real)
        around(a.imag, decimals, out.imag)
        return out
    if decimals >= 0:
        if a.dtype.kind in 'iu':
            if out is None:
                return a.copy()
            from cunumpy._arrays_misc import copyto
            copyto(out, a)  # same_kind, as NumPy's copy into out
            return out
        if decimals == 0:
            return _u.rint(a, out=out)
        op1, op2 = _u.multiply, _u.true_divide
    else:
        op1, op2 = _u.true_divide, _u.multiply
        decimals = -decimals
    ret_int = False
    if out is None:
        ret_int = a.dtype.kind in 'iu'
        out = _empty(a.shape, _numpy.float64 if ret_int else a.dtype)
    f = _power_of_ten(decimals)
    op1(a, f, out=out)
    _u.rint(out, out=out)
    op2(out, f, out=out)
    return out.astype(a.dtype) if ret_int else out


round = around  # noqa: A001 - NumPy's name


def clip(a, a_min=_NoValue, a_max=_NoValue, out=None, *, min=_NoValue, max=_NoValue,
         **kwargs):
    """Limit values to [a_min, a_max] (NumPy 2: min=/max= keywords, None for no bound,
    NaN in any argument propagates)."""
    if a_min is _NoValue and a_max is _NoValue:
        a_min = None if min is _NoValue else min
        a_max = None if max is _NoValue else max
    elif a_min is _NoValue:
        raise TypeError("clip() missing 1 required positional argument: 'a_min'")
    elif a_max is _NoValue:
        raise TypeError("clip() missing 1 required positional argument: 'a_max'")
    elif min is not _NoValue or max is not _NoValue:
        raise ValueError("Passing `min` or `max` keyword argument when `a_min` and "
                         "`a_max` are provided is forbidden.")
    return _core.clip(a, a_min, a_max, out, **kwargs)


def real(val):
    """The real part (a view for complex arrays)."""
    return _arr(val).real


def imag(val):
    """The imaginary part (a view for complex arrays)."""
    return _arr(val).imag


def angle(z, deg=False):
    """The counterclockwise angle from the positive real axis (radians, or degrees)."""
    z = _arr(z)
    if z.dtype.kind == 'c':
        zimag, zreal = z.imag, z.real
    else:
        zimag, zreal = 0, z
    a = _u.arctan2(zimag, zreal)
    if deg:
        a *= 180 / _numpy.pi
    return a


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """NaN to `nan`, +inf to `posinf` (default: the largest finite value), -inf to
    `neginf` (default: the most negative finite value); complex parts separately."""
    x = _arr(x)
    if copy:
        x = x.copy()
    if x.dtype.kind not in 'fc':
        return x
    parts = (x.real, x.imag) if x.dtype.kind == 'c' else (x,)
    info = _numpy.finfo(parts[0].dtype)
    maxf = info.max if posinf is None else posinf
    minf = info.min if neginf is None else neginf
    for d in parts:
        isnan_, ispos, isneg = _u.isnan(d), _u.greater(d, 0), _u.isinf(d)
        ispos = _u.logical_and(isneg, ispos)
        isneg = _u.logical_and(isneg, _u.logical_not(ispos))
        _u._where(isnan_, nan, d, out=d, casting='unsafe')
        _u._where(ispos, maxf, d, out=d, casting='unsafe')
        _u._where(isneg, minf, d, out=d, casting='unsafe')
    return x


def sinc(x):
    """sin(pi x) / (pi x), 1 at 0 (NumPy's formula: x replaced by eps where zero)."""
    x = _arr(x)
    x = _numpy.pi * x
    eps = _numpy.finfo(x.dtype).eps if x.dtype.kind == 'f' else 1e-20
    y = _u._where(_u.not_equal(x, 0), x, _arr(x.dtype.type(eps)) if x.dtype.kind == 'f'
                  else eps)
    return _u.sin(y) / y


# Cephes' Chebyshev coefficients for I0, as numpy.i0 uses them.
def i0(x):
    """Modified Bessel function of the first kind, order 0 (NumPy's Cephes formula, in C++:
    include/cunumpy/ops/windows.hpp)."""
    return _core.i0(_arr(x))


def real_if_close(a, tol=100):
    """The real part when every imaginary part is within tol machine epsilons of 0."""
    a = _arr(a)
    if a.dtype.kind != 'c':
        return a
    if tol > 1:
        tol = _numpy.finfo(a.dtype).eps * tol
    if _all(_u.less(_u.absolute(a.imag), tol)):
        a = a.real
    return a


def _all(x):
    """bool(all(x)) on the host."""
    return _builtins.bool(_u.logical_and.reduce(_arr(x).ravel(), axis=0).item()) \
        if _arr(x).size else True


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """``|a - b| <= atol + rtol * |b|``, elementwise (NumPy 2's formula and dtype rules)."""
    x, y, atol, rtol = (v if isinstance(v, (int, float, complex)) else _arr(v)
                        for v in (a, b, atol, rtol))
    if isinstance(y, ndarray):
        from cunumpy._dtype_functions import result_type
        dt = result_type(y, 1.)
        y = y.astype(dt, copy=False)
    elif isinstance(y, int):
        y = float(y)
    with _numpy.errstate(invalid='ignore'):  # inf - inf is NaN here, as in NumPy's isclose
        result = _u.logical_or(
            _u.logical_and(_u.less_equal(_u.absolute(_u.subtract(x, y)),
                                         _u.add(atol, _u.multiply(rtol, _u.absolute(y)))),
                           _u.isfinite(y)),
            _u.equal(x, y))
    if equal_nan:
        result = _u.logical_or(result, _u.logical_and(_u.isnan(x), _u.isnan(y)))
    return result


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """True when isclose holds everywhere."""
    return _all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan))


def array_equal(a1, a2, equal_nan=False):
    """Same shape and equal elements (with equal_nan, NaNs in the same places match)."""
    try:
        a1, a2 = _arr(a1), _arr(a2)
    except Exception:  # noqa: BLE001 - NumPy returns False for anything unconvertible
        return False
    if a1.shape != a2.shape:
        return False
    eq = _u.equal(a1, a2)
    if equal_nan:
        eq = _u.logical_or(eq, _u.logical_and(_u.isnan(a1), _u.isnan(a2)))
    return _all(eq)


def array_equiv(a1, a2):
    """Equal after broadcasting (False when the shapes do not broadcast)."""
    try:
        a1, a2 = _arr(a1), _arr(a2)
    except Exception:  # noqa: BLE001
        return False
    try:
        _numpy.broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return False
    return _all(_u.equal(a1, a2))


def isreal(x):
    """imag(x) == 0, elementwise."""
    return _u.equal(imag(x), 0)


def iscomplex(x):
    """imag(x) != 0 for complex arrays; all False otherwise."""
    ax = _arr(x)
    if ax.dtype.kind == 'c':
        return _u.not_equal(ax.imag, 0)
    from cunumpy._creation import zeros
    return zeros(ax.shape, bool)


def iscomplexobj(x):
    """True when x has a complex dtype (its values are not inspected)."""
    try:
        dtype = x.dtype
        type_ = dtype.type
    except AttributeError:
        type_ = _numpy.asarray(x).dtype.type
    return issubclass(type_, _numpy.complexfloating)


def isrealobj(x):
    """not iscomplexobj(x)."""
    return not iscomplexobj(x)


def isscalar(element):
    """NumPy's isscalar: Python and NumPy scalars, not arrays (0-d ones included)."""
    return _numpy.isscalar(element)
