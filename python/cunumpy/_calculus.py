"""Calculus and interpolation with NumPy's signatures: gradient, trapezoid (and CuPy's
trapz), interp and unwrap.

The work is C++ (include/cunumpy/ops/calculus.hpp): gradient and trapezoid are formulas
over shifted views, unwrap a few ufuncs and a cumsum, interp the backend's interp entry
(one binary search per point). This module converts the arguments and keeps NumPy's
return conventions (gradient's single array or tuple).
"""
import operator as _operator
import warnings as _warnings

import numpy as _numpy

from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr

__all__ = ['gradient', 'trapezoid', 'trapz', 'interp', 'unwrap']


def gradient(f, *varargs, axis=None, edge_order=1):
    """Gradient of an N-dimensional array by central differences (numpy.gradient).

    ``varargs``: none (unit spacing), one scalar for every axis, or one scalar or 1-D
    coordinate array per axis. Returns one array for one axis, else a tuple."""
    f = _arr(f)
    if axis is not None:
        axis = [_operator.index(axis)] if _numpy.ndim(axis) == 0 else [
            _operator.index(a) for a in axis]
    spacing = [_arr(v) for v in varargs]
    out = _core.gradient(f, spacing, axis, _operator.index(edge_order))
    return out[0] if len(out) == 1 else tuple(out)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """Integral along ``axis`` by the composite trapezoidal rule (numpy.trapezoid)."""
    return _core.trapezoid(_arr(y), None if x is None else _arr(x), dx, _operator.index(axis))


def trapz(y, x=None, dx=1.0, axis=-1):
    """CuPy's name of trapezoid (NumPy 2 removed it; CuPy keeps it, without a warning)."""
    return trapezoid(y, x, dx, axis)


def interp(x, xp, fp, left=None, right=None, period=None):
    """One-dimensional piecewise-linear interpolation (numpy.interp): float64, or
    complex128 for a complex ``fp``."""
    x, xp, fp = _arr(x), _arr(xp), _arr(fp)
    to = complex if fp.dtype.kind == 'c' else float
    left = None if left is None else to(left)
    right = None if right is None else to(right)
    if period is not None:
        period = float(period)
        if period == 0:
            raise ValueError("period must be a non-zero value")
        # NumPy's periodic path converts x and xp to float64: a complex one's real part
        if x.dtype.kind == 'c' or xp.dtype.kind == 'c':
            _warnings.warn('Casting complex values to real discards the imaginary part',
                           _numpy.exceptions.ComplexWarning, stacklevel=2)
            x, xp = x.real, xp.real
    return _core.interp(x, xp, fp, left, right, period)


def unwrap(p, discont=None, axis=-1, *, period=2 * _numpy.pi):
    """Unwraps by taking the complement of large jumps modulo ``period`` (numpy.unwrap)."""
    p = _arr(p)
    return _core.unwrap(p, None if discont is None else float(discont),
                        _operator.index(axis), period)
