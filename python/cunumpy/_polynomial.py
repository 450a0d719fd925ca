"""Polynomials with NumPy's signatures: vander, polyval, polyadd, polysub, polymul, polyder,
polyint, polydiv, roots, poly, polyfit and the class poly1d.

The array work is C++ (include/cunumpy/ops/polynomial.hpp). polyfit is the least-squares
fit of a scaled Vandermonde matrix through cunumpy.linalg.lstsq, as NumPy fits; poly1d is
a Python class over the C++ functions whose repr and str are NumPy's (printing is on the
host).
"""
import operator as _operator
import warnings as _warnings

import numpy as _numpy

from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr

__all__ = ['vander', 'polyval', 'polyadd', 'polysub', 'polymul', 'polyder', 'polyint', 'polydiv',
           'roots', 'poly', 'polyfit', 'poly1d']


def _cp():
    import cunumpy
    return cunumpy


def vander(x, N=None, increasing=False):
    """The Vandermonde matrix of a 1-D x (numpy.vander)."""
    return _core.vander(_arr(x), None if N is None else _operator.index(N), bool(increasing))


def polyval(p, x):
    """p evaluated at x by Horner's scheme (numpy.polyval); x may be a poly1d."""
    if isinstance(p, poly1d):
        p = p.coeffs
    if isinstance(x, poly1d):
        y = poly1d([0])
        for pv in _arr(p):
            y = y * x + pv
        return y
    return _core.polyval(_arr(p), _arr(x))


def _binary(fn, a1, a2):
    wrap = isinstance(a1, poly1d) or isinstance(a2, poly1d)
    a1 = a1.coeffs if isinstance(a1, poly1d) else _arr(a1)
    a2 = a2.coeffs if isinstance(a2, poly1d) else _arr(a2)
    val = fn(a1, a2)
    return poly1d(val) if wrap else val


def polyadd(a1, a2):
    """The sum of two polynomials (numpy.polyadd); a poly1d when either input is one."""
    return _binary(_core.polyadd, a1, a2)


def polysub(a1, a2):
    """The difference of two polynomials (numpy.polysub); a poly1d when either input is one."""
    return _binary(_core.polysub, a1, a2)


def polymul(a1, a2):
    """The product of two polynomials (numpy.polymul); a poly1d when either input is one."""
    return _binary(_core.polymul, a1, a2)


def polyder(p, m=1):
    """The m-th derivative of a polynomial (numpy.polyder); a poly1d for a poly1d."""
    m = int(m)
    if isinstance(p, poly1d):
        return poly1d(_core.polyder(p.coeffs, m))
    return _core.polyder(_arr(p), m)


def polyint(p, m=1, k=None):
    """The m-th antiderivative of a polynomial with integration constants ``k`` (a scalar,
    or one per step; zeros when None) (numpy.polyint); a poly1d for a poly1d."""
    m = int(m)
    k = None if k is None else _arr(k)
    if isinstance(p, poly1d):
        return poly1d(_core.polyint(p.coeffs, m, k))
    return _core.polyint(_arr(p), m, k)


def polydiv(u, v):
    """Quotient and remainder of polynomial division (numpy.polydiv); poly1d objects when
    either input is one."""
    wrap = isinstance(u, poly1d) or isinstance(v, poly1d)
    q, r = _core.polydiv(u.coeffs if isinstance(u, poly1d) else _arr(u),
                         v.coeffs if isinstance(v, poly1d) else _arr(v))
    return (poly1d(q), poly1d(r)) if wrap else (q, r)


def roots(p):
    """The roots of p from its companion matrix's eigenvalues (numpy.roots)."""
    if isinstance(p, poly1d):
        p = p.coeffs
    p = _arr(p)
    if p.ndim == 0:  # NumPy's dispatcher iterates over p
        raise TypeError('dispatcher for __array_function__ did not return an iterable')
    return _core.roots(p)


def poly(seq_of_zeros):
    """The coefficients of the monic polynomial with the given roots (numpy.poly); the
    float 1.0 for no roots."""
    a = _core.poly(_arr(seq_of_zeros))
    return 1.0 if a.ndim == 0 else a


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """Least-squares polynomial fit of degree ``deg`` (numpy.polyfit), with weights ``w``
    and the covariance (``cov=True`` scaled, ``cov='unscaled'``); computed in C++
    (cunumpy::polyfit). RankWarning when the scaled Vandermonde matrix is rank deficient
    (unless ``full``)."""
    deg = _operator.index(deg)
    mode = 0 if full or not cov else 2 if (isinstance(cov, str) and cov == "unscaled") else 1
    c, resids, rank, s, rc, v = _core.polyfit(_arr(x), _arr(y), deg,
                                              None if rcond is None else float(rcond),
                                              None if w is None else _arr(w), mode)
    if rank != deg + 1 and not full:
        from cunumpy.exceptions import RankWarning
        _warnings.warn("Polyfit may be poorly conditioned", RankWarning, stacklevel=2)
    if full:
        return c, resids, rank, s, rc if rcond is None else rcond
    if mode:
        return c, v
    return c


def _is_scalar(v):
    return _numpy.isscalar(v) or (isinstance(v, _core.ndarray) and v.ndim == 0)


class poly1d:
    """A one-dimensional polynomial (numpy.poly1d): coefficients highest power first on
    the device, arithmetic through polyadd/polysub/polymul, evaluation through polyval.

    ``poly1d(c_or_r, r=False, variable=None)``: coefficients, or roots when ``r``."""

    __hash__ = None

    def __init__(self, c_or_r, r=False, variable=None):
        if isinstance(c_or_r, poly1d):
            self._variable = c_or_r._variable
            self._coeffs = c_or_r._coeffs
            if variable is not None:
                self._variable = variable
            return
        if r:
            c_or_r = poly(c_or_r)
        c = _cp().atleast_1d(_arr(c_or_r))
        if c.ndim > 1:
            raise ValueError("Polynomial must be 1d only.")
        c = _cp().trim_zeros(c, trim='f')
        if len(c) == 0:
            c = _cp().zeros((1,), dtype=c.dtype)
        self._coeffs = c
        self._variable = 'x' if variable is None else variable

    @property
    def coeffs(self):
        """The coefficients, highest power first."""
        return self._coeffs

    @coeffs.setter
    def coeffs(self, value):
        if value is not self._coeffs:  # NumPy allows only in-place changes
            raise AttributeError("Cannot set attribute")

    c = coef = coefficients = coeffs

    @property
    def variable(self):
        """The name of the variable in str()."""
        return self._variable

    @property
    def order(self):
        """The degree."""
        return len(self._coeffs) - 1

    o = order

    @property
    def roots(self):
        """The roots (numpy.roots of the coefficients)."""
        return roots(self._coeffs)

    r = roots

    def __array__(self, dtype=None, copy=None):
        a = _cp().asnumpy(self._coeffs)
        return a if dtype is None else a.astype(dtype, copy=False)

    def get(self, stream=None):
        """The polynomial as a numpy.poly1d on the host."""
        return _numpy.poly1d(_cp().asnumpy(self._coeffs), variable=self._variable)

    def __repr__(self):
        return repr(_numpy.poly1d(_cp().asnumpy(self._coeffs)))

    def __str__(self):
        return str(self.get())

    def __len__(self):
        return self.order

    def __call__(self, val):
        return polyval(self._coeffs, val)

    def __neg__(self):
        return poly1d(-self._coeffs)

    def __pos__(self):
        return self

    def __mul__(self, other):
        if _is_scalar(other):
            return poly1d(self._coeffs * other)
        return poly1d(polymul(self._coeffs, poly1d(other)._coeffs))

    def __rmul__(self, other):
        if _is_scalar(other):
            return poly1d(other * self._coeffs)
        return poly1d(polymul(poly1d(other)._coeffs, self._coeffs))

    def __add__(self, other):
        return poly1d(polyadd(self._coeffs, poly1d(other)._coeffs))

    def __radd__(self, other):
        return poly1d(polyadd(poly1d(other)._coeffs, self._coeffs))

    def __sub__(self, other):
        return poly1d(polysub(self._coeffs, poly1d(other)._coeffs))

    def __rsub__(self, other):
        return poly1d(polysub(poly1d(other)._coeffs, self._coeffs))

    def __pow__(self, val):
        if not _numpy.isscalar(val) or int(val) != val or val < 0:
            raise ValueError("Power to non-negative integers only.")
        res = _arr([1])
        for _ in range(int(val)):
            res = polymul(self._coeffs, res)
        return poly1d(res)

    def __truediv__(self, other):
        if _is_scalar(other):
            return poly1d(self._coeffs / other)
        return polydiv(self, poly1d(other))

    def __rtruediv__(self, other):
        if _is_scalar(other):
            return poly1d(other / self._coeffs)
        return polydiv(poly1d(other), self)

    def __eq__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        if self._coeffs.shape != other._coeffs.shape:
            return False
        return bool((self._coeffs == other._coeffs).all())

    def __ne__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        return not self.__eq__(other)

    def __getitem__(self, val):
        ind = self.order - val
        if val > self.order or val < 0:
            return self._coeffs.dtype.type(0)
        return self._coeffs[ind]

    def __setitem__(self, key, val):
        if key < 0:
            raise ValueError("Does not support negative powers.")
        if key > self.order:
            zr = _cp().zeros((key - self.order,), dtype=self._coeffs.dtype)
            self._coeffs = _cp().concatenate((zr, self._coeffs))
        self._coeffs[self.order - key] = val

    def __iter__(self):
        return iter(self._coeffs)

    def deriv(self, m=1):
        """The m-th derivative (polyder)."""
        return poly1d(polyder(self._coeffs, m=m))

    def integ(self, m=1, k=0):
        """The m-th antiderivative with integration constants k (polyint)."""
        return poly1d(polyint(self._coeffs, m=m, k=k))
