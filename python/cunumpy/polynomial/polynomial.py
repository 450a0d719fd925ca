"""numpy.polynomial.polynomial's functions that CuPy has: polyvander, polycompanion,
polyval and polyvalfromroots (coefficients lowest degree first)."""
import operator as _operator

import numpy as _numpy

from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr
from cunumpy.polynomial import polyutils as _pu

__all__ = ['polyvander', 'polycompanion', 'polyval', 'polyvalfromroots']


def _as_int(x, desc):
    try:
        return _operator.index(x)
    except TypeError as e:
        raise TypeError(f"{desc} must be an integer, received {x}") from e


def _point(x):
    """x as NumPy's polynomial functions take it: lists, tuples and NumPy arrays (0-d too)
    become arrays (an array x is what tensor= reshapes c for), scalars stay scalars (so they
    broadcast against the coefficients' columns)."""
    if isinstance(x, (tuple, list, _numpy.ndarray)):
        return _arr(x)
    return x


def polyvander(x, deg):
    """The pseudo-Vandermonde matrix of degree ``deg``: ``x.shape + (deg + 1,)``, columns
    1, x, x**2, ... (numpy.polynomial.polynomial.polyvander)."""
    return _core.series_vander(_arr(x), _as_int(deg, "deg"))


def polycompanion(c):
    """The companion matrix of the series c (numpy.polynomial.polynomial.polycompanion)."""
    [c] = _pu.as_series([c])
    return _core.series_companion(c)


def polyval(x, c, tensor=True):
    """The series c (lowest degree first) at x by Horner's scheme
    (numpy.polynomial.polynomial.polyval); with ``tensor`` and an array x, each column of
    a multidimensional c at every x."""
    return _core.series_val(_point(x), _arr(c), bool(tensor))


def polyvalfromroots(x, r, tensor=True):
    """The monic series with roots r at x, prod(x - r, axis=0)
    (numpy.polynomial.polynomial.polyvalfromroots)."""
    return _core.series_valfromroots(_point(x), _arr(r), bool(tensor))
