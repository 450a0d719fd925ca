"""The RuntimeWarnings of the statistics functions now computed in C++ (the C++ function
sets a flag, the binding issues NumPy's warning): messages, attribution to the caller,
warning filters turned into errors; and the ufunc methods' keywords through C++."""

import warnings

import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same


def _messages(fn):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        fn()
    return sorted({str(x.message).rstrip('.') for x in w if issubclass(x.category, RuntimeWarning)}), w


NAN_ROWS = np.array([[1.0, np.nan], [np.nan, np.nan]])


@pytest.mark.parametrize('call', [
    lambda xp, a: xp.nanmax(a, axis=1),
    lambda xp, a: xp.nanmin(a, axis=1),
    lambda xp, a: xp.nanmean(a, axis=1),
    lambda xp, a: xp.nanvar(a, axis=1),
    lambda xp, a: xp.nanstd(a, axis=1, ddof=1),
    lambda xp, a: xp.nanmean(xp.zeros((0, 2), dtype=np.int32), axis=0),
    lambda xp, a: xp.average(xp.zeros(0)),
    lambda xp, a: xp.cov(xp.asarray([1.0, 2.0]), ddof=2),
], ids=['nanmax', 'nanmin', 'nanmean', 'nanvar', 'nanstd', 'nanmean int empty', 'average empty',
        'cov ddof'])
def test_warning_messages_match_numpy(call):
    got, _ = _messages(lambda: call(cp, cp.asarray(NAN_ROWS)))
    exp, _ = _messages(lambda: call(np, NAN_ROWS))
    # NumPy's floating-point error warnings of its host loops ("invalid value encountered
    # in divide") are not raised by cunumpy's kernels, here as everywhere.
    assert got == [m for m in exp if not m.startswith('invalid value')]


def test_warning_points_at_the_caller_and_filters_apply():
    a = cp.asarray(NAN_ROWS)
    _, w = _messages(lambda: cp.nanmax(a, axis=1))
    assert w and w[0].filename == __file__
    with warnings.catch_warnings():
        warnings.simplefilter('error', RuntimeWarning)
        with pytest.raises(RuntimeWarning, match='All-NaN slice encountered'):
            cp.nanmax(a, axis=1)
        cp.nanmax(cp.asarray([[1.0, np.nan], [np.nan, 2.0]]), axis=0)  # no all-NaN slice


def test_no_warning_without_the_condition():
    a = cp.asarray([[1.0, np.nan], [2.0, 3.0]])
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        for name in ('nanmax', 'nanmin', 'nanmean', 'nanvar', 'nanstd', 'nansum', 'nanprod'):
            getattr(cp, name)(a, axis=1)
        cp.nanmax(cp.asarray(np.float32(2.5)))


def test_ufunc_methods_keywords():
    a = np.arange(12, dtype=np.int64).reshape(3, 4)
    c = cp.asarray(a)
    mask = np.array([True, False, True, True])
    assert_same(cp.bitwise_or.reduce(c, axis=0, where=cp.asarray(mask), initial=0),
                np.bitwise_or.reduce(a, axis=0, where=mask, initial=0))
    assert_same(cp.subtract.reduce(c, axis=1, keepdims=True), np.subtract.reduce(a, axis=1, keepdims=True))
    out_c, out_n = cp.zeros((2, 4), np.int64), np.zeros((2, 4), np.int64)
    r = cp.bitwise_xor.reduceat(c, [0, 2], axis=0, out=out_c)
    assert r is out_c
    np.bitwise_xor.reduceat(a, [0, 2], axis=0, out=out_n)
    assert_same(out_c, out_n)
    assert_same(cp.subtract.accumulate(c, axis=1), np.subtract.accumulate(a, axis=1))
    x, y = np.array([1.0, 2.0]), np.array([3.0, 4.0, 5.0])
    m = [[True, False, True], [False, True, True]]
    out_c, out_n = cp.zeros((2, 3)), np.zeros((2, 3))
    cp.power.outer(cp.asarray(x), cp.asarray(y), out=out_c, where=m)
    np.power.outer(x, y, out=out_n, where=m)
    assert_same(out_c, out_n)
    q, r = cp.divmod.outer(cp.asarray(y), cp.asarray(x))
    qn, rn = np.divmod.outer(y, x)
    assert_same(q, qn)
    assert_same(r, rn)
