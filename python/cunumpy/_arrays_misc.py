"""Array helpers with NumPy's signatures that compose existing operations: copyto,
rollaxis, require, asarray_chkfinite, row_stack, meshgrid."""
import warnings

import numpy as _numpy

from cunumpy import _core
from cunumpy._manipulation import _arr, broadcast_arrays, vstack

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
    if where is True:
        dst[...] = src
        return
    from cunumpy import _ufuncs
    mask = _arr(where)
    if mask.dtype != _numpy.bool_:
        raise TypeError(f"Cannot cast array data from {mask.dtype!r} to dtype('bool') according "
                        "to the rule 'safe'")
    _ufuncs._where(mask, src, dst, out=dst, casting='unsafe')


def rollaxis(a, axis, start=0):
    """Rolls `axis` backwards until it lies before `start` (a view)."""
    a = _arr(a)
    n = a.ndim
    axis = _numpy.lib.array_utils.normalize_axis_index(axis, n)
    if start < 0:
        start += n
    if not 0 <= start < n + 1:
        raise _numpy.exceptions.AxisError(
            f"'start' arg requires {-n} <= start < {n + 1}, but {start} was passed in")
    if axis < start:
        start -= 1
    if axis == start:
        return a[...]
    axes = list(range(n))
    axes.remove(axis)
    axes.insert(start, axis)
    return a.transpose(axes)


_FLAGS = {'C': 'C', 'C_CONTIGUOUS': 'C', 'CONTIGUOUS': 'C', 'F': 'F', 'F_CONTIGUOUS': 'F',
          'FORTRAN': 'F', 'A': 'A', 'ALIGNED': 'A', 'W': 'W', 'WRITEABLE': 'W', 'O': 'O',
          'OWNDATA': 'O', 'E': 'E', 'ENSUREARRAY': 'E'}


def require(a, dtype=None, requirements=None):
    """An array of `dtype` meeting `requirements` (C/F contiguity, owning its data, ...),
    copied only when needed. Device arrays are always aligned and writeable."""
    from cunumpy._creation import array, asarray
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
    # No order asked for: whatever layout `a` has (asarray copies only to change dtype).
    arr = asarray(a, dtype=dtype) if order == 'A' else array(a, dtype=dtype, order=order, copy=None)
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
    ndim = len(xi)
    ones = (1,) * ndim
    out = [_arr(x).reshape(ones[:i] + (-1,) + ones[i + 1:]) for i, x in enumerate(xi)]
    if indexing == 'xy' and ndim > 1:
        out[0] = out[0].reshape((1, -1) + ones[2:])
        out[1] = out[1].reshape((-1, 1) + ones[2:])
    if not sparse:
        out = list(broadcast_arrays(*out))
    if copy:
        out = [x.copy() for x in out]
    return tuple(out)
