"""Rearranging and splitting arrays (NumPy's names): flip, rot90, roll, split family,
unstack, tile. The work is C++ (include/cunumpy/ops/rearranging.hpp); here NumPy's
signatures and the conversion of axis, shift and count arguments."""
import numbers

import numpy as _numpy

from cunumpy._array_like import axis_index as _axis_index
from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr

ndarray = _core.ndarray

__all__ = ['flip', 'fliplr', 'flipud', 'rot90', 'roll', 'split', 'array_split', 'hsplit',
           'vsplit', 'dsplit', 'unstack', 'tile']


def flip(m, axis=None):
    return _core.flip(_arr(m), axis)


def fliplr(m):
    return _core.fliplr(_arr(m))


def flipud(m):
    return _core.flipud(_arr(m))


def rot90(m, k=1, axes=(0, 1)):
    m = _arr(m)
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError('len(axes) must be 2.')
    return _core.rot90(m, int(k), (_axis_index(axes[0]), _axis_index(axes[1])))


def roll(a, shift, axis=None):
    a = _arr(a)
    if axis is None:
        return _core.roll(a, [int(s) for s in _numpy.ravel(shift)], None)
    axes = (axis,) if isinstance(axis, numbers.Integral) else tuple(axis)
    shifts = (shift,) * len(axes) if isinstance(shift, numbers.Integral) else tuple(shift)
    if len(shifts) != len(axes):  # NumPy broadcasts shift against axis
        b = _numpy.broadcast(_numpy.asarray(shift), _numpy.asarray(axis))
        shifts, axes = zip(*b)
    return _core.roll(a, [int(s) for s in shifts], [_axis_index(ax) for ax in axes])


def array_split(ary, indices_or_sections, axis=0):
    ary = _arr(ary)
    if isinstance(indices_or_sections, numbers.Integral):
        return _core.array_split(ary, int(indices_or_sections), _axis_index(axis))
    return _core.array_split(ary, [int(i) for i in indices_or_sections], _axis_index(axis))


def split(ary, indices_or_sections, axis=0):
    ary = _arr(ary)
    if isinstance(indices_or_sections, numbers.Integral):
        return _core.split(ary, int(indices_or_sections), _axis_index(axis))
    return array_split(ary, indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    ary = _arr(ary)
    if ary.ndim == 0:
        raise ValueError('hsplit only works on arrays of 1 or more dimensions')
    return split(ary, indices_or_sections, 1 if ary.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    ary = _arr(ary)
    if ary.ndim < 2:
        raise ValueError('vsplit only works on arrays of 2 or more dimensions')
    return split(ary, indices_or_sections, 0)


def dsplit(ary, indices_or_sections):
    ary = _arr(ary)
    if ary.ndim < 3:
        raise ValueError('dsplit only works on arrays of 3 or more dimensions')
    return split(ary, indices_or_sections, 2)


def unstack(x, /, *, axis=0):
    x = _arr(x)
    if x.ndim == 0:
        raise ValueError('Input array must be at least 1-d.')
    moved = _core.moveaxis(x, axis, 0)
    return tuple(moved[i] for i in range(moved.shape[0]))


def tile(A, reps):
    reps = (int(reps),) if isinstance(reps, numbers.Integral) else tuple(int(r) for r in reps)
    return _core.tile(_arr(A), list(reps))
