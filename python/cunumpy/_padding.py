"""cunumpy.pad: every mode of numpy.pad.

The array is padded one axis at a time, axis 0 first; each step joins a left block, the
array so far and a right block with one concatenate, so the corners belong to the last
axis, as in NumPy. Reflections follow NumPy's schedule of chunks exactly (a chunk never
exceeds the data available so far), so 'odd' reflections round as NumPy's do.
"""
import warnings

import numpy as _numpy

from cunumpy import _core
from cunumpy._manipulation import _arr, broadcast_to, concatenate, moveaxis

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


def _at(axis, sl):
    return (slice(None),) * axis + (sl,)


def _block(a, axis, width):
    shape = list(a.shape)
    shape[axis] = width
    return tuple(shape)


def _full(a, axis, width, value):
    from cunumpy._creation import full
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", _numpy.exceptions.ComplexWarning)
        return full(_block(a, axis, width), value, dtype=a.dtype)


def _join(left, a, right, axis):
    parts = [p for p in (left, a, right) if p is not None]
    return concatenate(parts, axis=axis) if len(parts) > 1 else a


def _gather_mod(a, axis, before, after, index_of):
    """Left and right blocks whose entry j (j < 0 left of a, j >= n right of it) is
    a[index_of(j)]: the source indices are planned on the host, the data moved as slices."""
    from cunumpy._editing import _gather
    n = a.shape[axis]
    left = _gather(a, index_of(_numpy.arange(-before, 0)), axis) if before else None
    right = _gather(a, index_of(_numpy.arange(n, n + after)), axis) if after else None
    return left, right


def _reflect(a, axis, before, after, odd, include_edge):
    n = a.shape[axis]
    cur = a
    while before > 0 or after > 0:
        length = cur.shape[axis]
        if include_edge:  # symmetric: the edge is repeated
            usable, edge_off = length // n * n, 1
        else:  # reflect: the edge is the mirror
            usable, edge_off = (length - 1) // (n - 1) * (n - 1), 0
        left = right = None
        if before > 0:  # reflect: cur[c] .. cur[1]; symmetric: cur[c-1] .. cur[0]
            c = min(usable, before)
            left = cur[_at(axis, slice(c - edge_off, None if edge_off else 0, -1))]
            if odd:
                left = (2 * cur[_at(axis, slice(0, 1))] - left).astype(a.dtype, copy=False)
            before -= c
        if after > 0:  # reflect: cur[L-2] .. cur[L-1-c]; symmetric: cur[L-1] .. cur[L-c]
            c = min(usable, after)
            start = length - 2 + edge_off
            stop = start - c
            right = cur[_at(axis, slice(start, stop if stop >= 0 else None, -1))]
            if odd:
                right = (2 * cur[_at(axis, slice(length - 1, length))] - right).astype(a.dtype, copy=False)
            after -= c
        cur = _join(left, cur, right, axis)
    return cur


def _linspace_like_numpy(start, stop, num, axis, dtype):
    """numpy.linspace(start, stop, num, endpoint=False, dtype=dtype, axis=axis) for a
    scalar start and an array stop, with NumPy's arithmetic (computed in float64)."""
    from cunumpy._creation import arange
    from cunumpy import _ufuncs as u
    stop = stop.astype(_numpy.result_type(stop.dtype, _numpy.float64, float), copy=False)
    ct = stop.dtype
    delta = stop - ct.type(start)
    y = arange(0, num, dtype=ct).reshape((-1,) + (1,) * delta.ndim)
    step = delta / num
    if int(u.equal(step, 0).sum()) > 0:
        y = (y / num) * delta
    else:
        y = y * step
    y = y + ct.type(start)
    y = moveaxis(y, 0, axis)
    if _numpy.issubdtype(dtype, _numpy.integer):
        y = u.floor(y)
    return y.astype(dtype)


def _stat_blocks(a, axis, before, after, lengths, mode):
    from cunumpy import _reductions as _red
    n = a.shape[axis]
    llen, rlen = lengths
    llen = n if llen is None or llen > n else int(llen)
    rlen = n if rlen is None or rlen > n else int(rlen)
    if mode in ('maximum', 'minimum') and (llen == 0 or rlen == 0):
        raise ValueError("stat_length of 0 yields no value for padding")

    def stat(chunk):
        if mode == 'median':
            from cunumpy._quantiles import median
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                return median(chunk, axis=axis, keepdims=True)
        if mode == 'mean':
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                s = _red.mean(chunk, axis=axis, keepdims=True)
        else:
            s = (_red.amax if mode == 'maximum' else _red.amin)(chunk, axis=axis, keepdims=True)
        return s

    def fix(s):
        if _numpy.issubdtype(a.dtype, _numpy.integer):
            from cunumpy._ufunc_functions import around
            s = around(s)
        return s

    lstat = fix(stat(a[_at(axis, slice(0, llen))]))
    rstat = lstat if llen == rlen == n else fix(stat(a[_at(axis, slice(n - rlen, n))]))
    left = broadcast_to(lstat.astype(a.dtype), _block(a, axis, before)) if before else None
    right = broadcast_to(rstat.astype(a.dtype), _block(a, axis, after)) if after else None
    return left, right


def pad(array, pad_width, mode='constant', **kwargs):
    """Pads an array (every numpy.pad mode; a callable mode runs NumPy's pad on the host)."""
    a = _arr(array)
    pw = _numpy.asarray(pad_width)
    if pw.dtype.kind not in 'iu':
        raise TypeError('`pad_width` must be of integral type.')
    widths = _pairs(pw, a.ndim, as_index=True)
    if callable(mode):
        from cunumpy._creation import asarray
        return asarray(_numpy.pad(a.get(), pad_width, mode, **kwargs))
    if mode not in _MODE_KWARGS:
        raise ValueError(f"mode '{mode}' is not supported")
    unsupported = set(kwargs) - _MODE_KWARGS[mode]
    if unsupported:
        raise ValueError(f"unsupported keyword arguments for mode '{mode}': {unsupported}")
    if mode not in ('constant', 'empty'):
        for axis, (b, e) in enumerate(widths):
            if a.shape[axis] == 0 and (b or e):
                raise ValueError(f"can't extend empty axis {axis} using modes other than "
                                 "'constant' or 'empty'")
    if mode == 'constant':
        values = _pairs(kwargs.get('constant_values', 0), a.ndim)
    elif mode == 'linear_ramp':
        values = _pairs(kwargs.get('end_values', 0), a.ndim)
    elif mode in ('maximum', 'mean', 'median', 'minimum'):
        values = _pairs(kwargs.get('stat_length'), a.ndim, as_index=True)
    reflect_type = kwargs.get('reflect_type', 'even')
    if mode in ('reflect', 'symmetric') and reflect_type not in ('even', 'odd'):
        raise ValueError(f"unsupported reflect_type {reflect_type!r}")
    if a.size == 0 and mode not in ('constant', 'empty'):
        from cunumpy._creation import empty
        return empty(tuple(s + b + e for s, (b, e) in zip(a.shape, widths)), dtype=a.dtype)

    out = a
    for axis, (before, after) in enumerate(widths):
        before, after = int(before), int(after)
        if not before and not after:
            continue
        n = out.shape[axis]
        if mode == 'constant':
            left = _full(out, axis, before, values[axis][0]) if before else None
            right = _full(out, axis, after, values[axis][1]) if after else None
        elif mode == 'empty':
            from cunumpy._creation import empty
            left = empty(_block(out, axis, before), dtype=out.dtype) if before else None
            right = empty(_block(out, axis, after), dtype=out.dtype) if after else None
        elif mode == 'edge' or (mode == 'reflect' and n == 1):
            left = broadcast_to(out[_at(axis, slice(0, 1))], _block(out, axis, before)) if before else None
            right = broadcast_to(out[_at(axis, slice(n - 1, n))], _block(out, axis, after)) if after else None
        elif mode == 'wrap':
            left, right = _gather_mod(out, axis, before, after, lambda j: j % n)
        elif mode in ('reflect', 'symmetric'):
            out = _reflect(out, axis, before, after, reflect_type == 'odd', mode == 'symmetric')
            continue
        elif mode == 'linear_ramp':
            lv, rv = values[axis]
            left = _linspace_like_numpy(lv, out[_at(axis, slice(0, 1))].squeeze(axis), before, axis,
                                        out.dtype) if before else None
            right = _linspace_like_numpy(rv, out[_at(axis, slice(n - 1, n))].squeeze(axis), after, axis,
                                         out.dtype)[_at(axis, slice(None, None, -1))] if after else None
        else:
            left, right = _stat_blocks(out, axis, before, after, values[axis], mode)
        out = _join(left, out, right, axis)
    return out.copy() if out is a else out
