"""Bits and infinity tests with NumPy's signatures: packbits, unpackbits, isposinf,
isneginf.

The work is C++ (include/cunumpy/ops/bits.hpp): packbits is the backend's packbits entry
(one pass), unpackbits a shift-and-mask ufunc pair, isposinf/isneginf isinf and signbit.
"""
import operator as _operator

from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr

__all__ = ['packbits', 'unpackbits', 'isposinf', 'isneginf']


def _little(bitorder):
    if not isinstance(bitorder, str):
        raise TypeError(f'bitorder must be str, not {type(bitorder).__name__}')
    if bitorder not in ('little', 'big'):
        raise ValueError("'order' must be either 'little' or 'big'")
    return bitorder == 'little'


def _axis(axis):
    return None if axis is None else _operator.index(axis)


def packbits(a, /, axis=None, bitorder='big'):
    """Packs the elements of an integer or bool array into bits of uint8 (numpy.packbits)."""
    return _core.packbits(_arr(a), _axis(axis), _little(bitorder))


def unpackbits(a, /, axis=None, count=None, bitorder='big'):
    """Unpacks the bits of a uint8 array into 0/1 uint8 values (numpy.unpackbits)."""
    return _core.unpackbits(_arr(a), _axis(axis), None if count is None else _operator.index(count),
                            _little(bitorder))


def _out(out):
    if out is not None and not isinstance(out, _core.ndarray):
        raise TypeError('return arrays must be of ArrayType')
    return out


def isposinf(x, out=None):
    """Whether each element is positive infinity (numpy.isposinf); TypeError for complex."""
    r = _core.isposinf(_arr(x), _out(out))
    return r if out is None else out


def isneginf(x, out=None):
    """Whether each element is negative infinity (numpy.isneginf); TypeError for complex."""
    r = _core.isneginf(_arr(x), _out(out))
    return r if out is None else out
