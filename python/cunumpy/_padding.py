"""cunumpy.pad: every mode of numpy.pad.

The padding is C++ (cunumpy::pad, src/ops/padding): one axis at a time, in NumPy's
order and reflection chunks. Here: numpy.pad's signature, the mode's keywords, and the
(before, after) pairs planned with NumPy's broadcasting rules; a callable mode runs
NumPy's pad on the host.
"""
import numpy as _numpy

from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr

ndarray = _core.ndarray

__all__ = ['pad']

_MODE_KWARGS = {
    'constant': {'constant_values'}, 'edge': set(), 'wrap': set(), 'empty': set(),
    'linear_ramp': {'end_values'}, 'maximum': {'stat_length'}, 'mean': {'stat_length'},
    'median': {'stat_length'}, 'minimum': {'stat_length'}, 'reflect': {'reflect_type'},
    'symmetric': {'reflect_type'},
}


def _pairs(x, ndim, as_index=False):
    """((before, after),) * ndim from a scalar, a pair or one pair per axis."""
    if x is None:
        return ((None, None),) * ndim
    x = _numpy.array(x)
    if as_index:
        x = _numpy.round(x).astype(_numpy.intp)
    if x.ndim < 3:
        if x.size == 1:
            x = x.ravel()
            if as_index and x[0] < 0:
                raise ValueError("index can't contain negative values")
            return ((x[0], x[0]),) * ndim
        if x.size == 2 and x.shape != (2, 1):
            x = x.ravel()
            if as_index and (x[0] < 0 or x[1] < 0):
                raise ValueError("index can't contain negative values")
            return ((x[0], x[1]),) * ndim
    if as_index and x.min() < 0:
        raise ValueError("index can't contain negative values")
    return tuple(tuple(p) for p in _numpy.broadcast_to(x, (ndim, 2)).tolist())


def pad(array, pad_width, mode='constant', **kwargs):
    """Pads an array (every numpy.pad mode). A callable mode runs NumPy's pad on a host copy
    and warns with cunumpy.exceptions.PerformanceWarning."""
    a = _arr(array)
    pw = _numpy.asarray(pad_width)
    if pw.dtype.kind not in 'iu':
        raise TypeError('`pad_width` must be of integral type.')
    widths = _pairs(pw, a.ndim, as_index=True)
    if callable(mode):
        from cunumpy._creation import asarray
        from cunumpy._performance import warn_slow_path
        warn_slow_path("pad with a callable mode runs numpy.pad on a host copy of the array and "
                       "copies the result back to the device")
        return asarray(_numpy.pad(a.get(), pad_width, mode, **kwargs))
    if mode not in _MODE_KWARGS:
        raise ValueError(f"mode '{mode}' is not supported")
    unsupported = set(kwargs) - _MODE_KWARGS[mode]
    if unsupported:
        raise ValueError(f"unsupported keyword arguments for mode '{mode}': {unsupported}")
    values = stat_length = None
    if mode == 'constant':
        values = _pairs(kwargs.get('constant_values', 0), a.ndim)
    elif mode == 'linear_ramp':
        values = _pairs(kwargs.get('end_values', 0), a.ndim)
    elif mode in ('maximum', 'mean', 'median', 'minimum'):
        stat_length = _pairs(kwargs.get('stat_length'), a.ndim, as_index=True)
    reflect_type = kwargs.get('reflect_type', 'even')
    if mode in ('reflect', 'symmetric') and reflect_type not in ('even', 'odd'):
        raise ValueError(f"unsupported reflect_type {reflect_type!r}")
    return _core.pad(a, widths, mode, values, stat_length, reflect_type == 'odd')
