"""Rearranging and splitting arrays (NumPy's names): flip, rot90, roll, split family,
unstack, tile. Each is views plus at most one joining copy, so the work runs through the
core's view and copy machinery on either backend."""
import numbers

import numpy as _numpy

from cunumpy import _core
from cunumpy._manipulation import _arr

ndarray = _core.ndarray

__all__ = ['flip', 'fliplr', 'flipud', 'rot90', 'roll', 'split', 'array_split', 'hsplit',
           'vsplit', 'dsplit', 'unstack', 'tile']


def _axes(axis, ndim):
    axes = (axis,) if isinstance(axis, numbers.Integral) else tuple(axis)
    out = tuple(_numpy.lib.array_utils.normalize_axis_index(int(ax), ndim) for ax in axes)
    if len(set(out)) != len(out):
        raise ValueError('repeated axis')
    return out


def flip(m, axis=None):
    m = _arr(m)
    axes = range(m.ndim) if axis is None else _axes(axis, m.ndim)
    index = [slice(None)] * m.ndim
    for ax in axes:
        index[ax] = slice(None, None, -1)
    return m[tuple(index)]


def fliplr(m):
    m = _arr(m)
    if m.ndim < 2:
        raise ValueError('Input must be >= 2-d.')
    return m[:, ::-1]


def flipud(m):
    m = _arr(m)
    if m.ndim < 1:
        raise ValueError('Input must be >= 1-d.')
    return m[::-1, ...]


def rot90(m, k=1, axes=(0, 1)):
    m = _arr(m)
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError('len(axes) must be 2.')
    if axes[0] == axes[1] or abs(axes[0] - axes[1]) == m.ndim:
        raise ValueError('Axes must be different.')
    if (axes[0] >= m.ndim or axes[0] < -m.ndim or axes[1] >= m.ndim or axes[1] < -m.ndim):
        raise ValueError(f'Axes={axes} out of range for array of ndim={m.ndim}.')
    k %= 4
    if k == 0:
        return m[:]
    if k == 2:
        return flip(flip(m, axes[0]), axes[1])
    perm = list(range(m.ndim))
    perm[axes[0]], perm[axes[1]] = perm[axes[1]], perm[axes[0]]
    if k == 1:
        return flip(m, axes[1]).transpose(perm)
    return flip(m.transpose(perm), axes[1])


def roll(a, shift, axis=None):
    from cunumpy._manipulation import concatenate
    a = _arr(a)
    if axis is None:
        return roll(a.ravel(), shift, 0).reshape(a.shape)
    axes = (axis,) if isinstance(axis, numbers.Integral) else tuple(axis)
    shifts = (shift,) * len(axes) if isinstance(shift, numbers.Integral) else tuple(shift)
    if len(shifts) != len(axes):
        b = _numpy.broadcast(_numpy.asarray(shift), _numpy.asarray(axis))
        shifts, axes = zip(*b)
    total = {}
    for sh, ax in zip(shifts, axes):
        ax = _numpy.lib.array_utils.normalize_axis_index(int(ax), a.ndim)
        total[ax] = total.get(ax, 0) + int(sh)
    out = a
    for ax, sh in total.items():
        n = out.shape[ax]
        if n == 0:
            continue
        sh %= n
        if sh == 0:
            continue
        head = [slice(None)] * out.ndim
        tail = [slice(None)] * out.ndim
        head[ax] = slice(n - sh, None)
        tail[ax] = slice(None, n - sh)
        out = concatenate([out[tuple(head)], out[tuple(tail)]], axis=ax)
    return out if out is not a else a.copy()


def array_split(ary, indices_or_sections, axis=0):
    ary = _arr(ary)
    n = ary.shape[axis]
    if isinstance(indices_or_sections, numbers.Integral):
        sections = int(indices_or_sections)
        if sections <= 0:
            raise ValueError('number sections must be larger than 0.')
        each, extra = divmod(n, sections)
        sizes = [0] + extra * [each + 1] + (sections - extra) * [each]
        bounds = _numpy.cumsum(sizes).tolist()
    else:
        bounds = [0] + list(indices_or_sections) + [n]
    out = []
    index = [slice(None)] * ary.ndim
    ax = _numpy.lib.array_utils.normalize_axis_index(axis, ary.ndim)
    for start, stop in zip(bounds[:-1], bounds[1:]):
        index[ax] = slice(start, stop)
        out.append(ary[tuple(index)])
    return out


def split(ary, indices_or_sections, axis=0):
    ary = _arr(ary)
    if isinstance(indices_or_sections, numbers.Integral):
        if ary.shape[axis] % int(indices_or_sections):
            raise ValueError('array split does not result in an equal division')
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
    A = _arr(A)
    reps = (int(reps),) if isinstance(reps, numbers.Integral) else tuple(int(r) for r in reps)
    d = len(reps)
    if all(r == 1 for r in reps) and A.ndim >= d:
        return A.copy()
    if A.ndim < d:
        A = A.reshape((1,) * (d - A.ndim) + A.shape)
    reps = (1,) * (A.ndim - len(reps)) + reps
    if A.size == 0:  # NumPy only reshapes an empty array (no check of the counts' signs)
        return A.reshape(tuple(n * r for n, r in zip(A.shape, reps))).copy()
    for r in reps:
        if r < 0:
            raise ValueError('negative dimensions are not allowed')
    # Each axis i of length n becomes (reps[i], n): a broadcast view, then one copy.
    expanded = A.reshape(tuple(x for n in A.shape for x in (1, n)))
    target = tuple(x for r, n in zip(reps, A.shape) for x in (r, n))
    out = _core.broadcast_to(expanded, target).copy()
    return out.reshape(tuple(r * n for r, n in zip(reps, A.shape)))
