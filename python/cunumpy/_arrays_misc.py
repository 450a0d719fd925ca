"""Array helpers with NumPy's signatures: copyto, rollaxis, require, asarray_chkfinite,
row_stack, meshgrid (copyto, rollaxis and meshgrid are C++: cunumpy::copyto, rollaxis,
meshgrid)."""
import operator as _operator
import warnings

import numpy as _numpy

from cunumpy._array_like import axis_index as _axis_index
from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr
from cunumpy._manipulation import vstack

ndarray = _core.ndarray

__all__ = ['copyto', 'rollaxis', 'require', 'asarray_chkfinite', 'row_stack', 'meshgrid']


def copyto(dst, src, casting='same_kind', where=True):
    """Copies src into dst (broadcast), checking the cast with `casting`; where=: only
    where the mask is True."""
    if not isinstance(dst, ndarray):
        raise TypeError(f"copyto() argument 1 must be cunumpy.ndarray, not {type(dst).__name__}")
    if isinstance(src, ndarray):
        if not _numpy.can_cast(src.dtype, dst.dtype, casting):
            raise TypeError(f"Cannot cast array data from {src.dtype!r} to {dst.dtype!r} "
                            f"according to the rule {casting!r}")
    else:
        # Python and NumPy scalars, lists: NumPy decides (NEP 50 rules for weak scalars).
        probe = _numpy.empty(_numpy.shape(src) if not _numpy.isscalar(src) else (), dst.dtype)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _numpy.copyto(probe, src, casting=casting)
        from cunumpy._creation import asarray
        src = asarray(src) if _numpy.ndim(src) else src
        casting = 'unsafe'  # checked above, by NumPy's rules for this source
    _core.copyto(dst, src, casting, None if where is True else _arr(where))


def rollaxis(a, axis, start=0):
    """Rolls `axis` backwards until it lies before `start` (a view)."""
    return _core.rollaxis(_arr(a), _axis_index(axis), _operator.index(start))


_FLAGS = {'C': 'C', 'C_CONTIGUOUS': 'C', 'CONTIGUOUS': 'C', 'F': 'F', 'F_CONTIGUOUS': 'F',
          'FORTRAN': 'F', 'A': 'A', 'ALIGNED': 'A', 'W': 'W', 'WRITEABLE': 'W', 'O': 'O',
          'OWNDATA': 'O', 'E': 'E', 'ENSUREARRAY': 'E'}


def require(a, dtype=None, requirements=None, *, like=None):
    """An array of `dtype` meeting `requirements` (C/F contiguity, owning its data, ...),
    copied only when needed. Device arrays are always aligned and writeable. ``like``
    (NEP 35): accepted; the result is a cunumpy array (on `like`'s device for one)."""
    from cunumpy._creation import array, asarray
    if like is not None:
        from cunumpy._array_api import on_device
        with on_device(like.device if isinstance(like, ndarray) else None):
            return require(a, dtype, requirements)
    if not requirements:
        return asarray(a, dtype=dtype)
    try:  # a string is iterated character by character, as NumPy does
        reqs = {_FLAGS[r.upper()] for r in requirements}
    except KeyError as e:
        raise KeyError(e.args[0]) from None
    reqs.discard('E')
    reqs -= {'A', 'W'}
    if {'C', 'F'} <= reqs:
        raise ValueError('Cannot specify both "C" and "F" order')
    order = 'C' if 'C' in reqs else 'F' if 'F' in reqs else 'A'
    reqs -= {'C', 'F'}
    arr = array(a, dtype=dtype, order=order, copy=None)
    if 'O' in reqs and not arr.flags.owndata:
        return arr.copy(order if order != 'A' else 'C')
    return arr


def asarray_chkfinite(a, dtype=None, order=None):
    """asarray, then ValueError if the result holds inf or NaN."""
    from cunumpy._creation import asarray
    from cunumpy import _ufuncs
    a = asarray(a, dtype=dtype, order=order)
    if a.dtype.kind in 'fc' and a.size and int(_ufuncs.logical_not(_ufuncs.isfinite(a)).sum()):
        raise ValueError("array must not contain infs or NaNs")
    return a


def row_stack(tup, *, dtype=None, casting='same_kind'):
    """Deprecated alias of vstack (as in NumPy 2)."""
    warnings.warn("`row_stack` alias is deprecated. Use `cunumpy.vstack` directly.",
                  DeprecationWarning, stacklevel=2)
    return vstack(tup, dtype=dtype, casting=casting)


def meshgrid(*xi, copy=True, sparse=False, indexing='xy'):
    """Coordinate arrays from coordinate vectors (a tuple, as NumPy 2)."""
    if indexing not in ('xy', 'ij'):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    return tuple(_core.meshgrid([_arr(x) for x in xi], indexing == 'xy', bool(sparse), bool(copy)))
