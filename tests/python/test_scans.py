"""Scans against NumPy: cumsum, cumprod, nancumsum, nancumprod, cumulative_sum,
cumulative_prod (include_initial), diff (n, axis, prepend, append), ediff1d and
ufunc.accumulate, across dtypes, layouts, axes, dtype= and out=. Result dtypes must be
NumPy's exactly; the CPU backend adds in NumPy's order, so its float results match exactly
(CUDA adds block-wise: a dtype tolerance covers it)."""
import numpy as np
import pytest

import cunumpy as cp
from _helpers import ALL_DTYPES, DTYPE_IDS, LAYOUT_NAMES, make_pair
from _reduction_helpers import close, same, ufunc_operand


def small(a):
    """Values whose products stay small: 0/1 for integers, signs for inexact types."""
    return (a != 0).astype(a.dtype) if a.dtype.kind in 'biu' else np.sign(a).astype(a.dtype)


@pytest.mark.parametrize('dtype', ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize('layout', LAYOUT_NAMES)
@pytest.mark.parametrize('name', ['cumsum', 'cumprod', 'nancumsum', 'nancumprod'])
def test_scan_layouts(name, layout, dtype):
    a, c = make_pair(layout, dtype)
    if 'prod' in name:
        a = small(a)
        c = cp.asarray(a)
    for axis in [None] + list(range(-a.ndim, a.ndim)):
        same(lambda: getattr(cp, name)(c, axis=axis), lambda: getattr(np, name)(a, axis=axis))


@pytest.mark.parametrize('dtype', [None, np.int8, np.int64, np.uint32, np.float32, np.float64,
                                   np.complex64])
def test_scan_dtype_and_out(dtype):
    a = np.arange(12, dtype=np.int16).reshape(3, 4) - 5
    c = cp.asarray(a)
    same(lambda: cp.cumsum(c, axis=1, dtype=dtype), lambda: np.cumsum(a, axis=1, dtype=dtype))
    same(lambda: c.cumsum(0, dtype), lambda: a.cumsum(0, dtype))
    same(lambda: cp.cumprod(c, axis=0, dtype=dtype), lambda: np.cumprod(a, axis=0, dtype=dtype))
    o = cp.zeros((3, 4), np.float64)
    assert cp.cumsum(c, axis=1, out=o) is o
    close(o, np.cumsum(a, axis=1).astype(np.float64))
    with pytest.raises(ValueError):
        cp.cumsum(c, axis=1, out=cp.zeros((4, 3)))


@pytest.mark.parametrize('n', [1, 2047, 2048, 2049, 100_000, 1_000_003])
@pytest.mark.parametrize('dtype', ['int32', 'int64', 'float64'])
def test_long_scan(n, dtype):
    """Lengths around the CUDA tile (2048) and long enough for its three phases."""
    a = np.random.default_rng(n).integers(-3, 4, n).astype(dtype)
    c = cp.asarray(a)
    same(lambda: cp.cumsum(c), lambda: np.cumsum(a))
    m = np.random.default_rng(1).integers(-9, 10, (3, n // 3 + 1)).astype(dtype)
    same(lambda: cp.cumsum(cp.asarray(m), axis=1), lambda: np.cumsum(m, axis=1))
    same(lambda: cp.maximum.accumulate(cp.asarray(m), axis=1), lambda: np.maximum.accumulate(m, axis=1))


def test_cumsum_float32_large():
    a = np.random.default_rng(2).uniform(0, 1, 1 << 20).astype(np.float32)
    got = cp.asnumpy(cp.cumsum(cp.asarray(a))).astype(np.float64)
    exact = np.cumsum(a.astype(np.float64))
    np.testing.assert_allclose(got, exact, rtol=1e-4)


def test_nan_inf_scans():
    a = np.array([1.0, np.nan, 2.0, np.inf, -np.inf, 3.0])
    c = cp.asarray(a)
    for name in ('cumsum', 'cumprod', 'nancumsum', 'nancumprod'):
        same(lambda: getattr(cp, name)(c), lambda: getattr(np, name)(a))
    same(lambda: cp.maximum.accumulate(c), lambda: np.maximum.accumulate(a))
    same(lambda: cp.fmin.accumulate(c), lambda: np.fmin.accumulate(a))


@pytest.mark.parametrize('name', ['cumulative_sum', 'cumulative_prod'])
@pytest.mark.parametrize('include_initial', [False, True])
@pytest.mark.parametrize('dtype', ['bool', 'int8', 'uint16', 'float32', 'complex128'])
def test_cumulative(name, include_initial, dtype):
    a, c = make_pair('contig', np.dtype(dtype))
    a = small(a)
    c = cp.asarray(a)
    for axis in (0, 1, -1):
        same(lambda: getattr(cp, name)(c, axis=axis, include_initial=include_initial),
             lambda: getattr(np, name)(a, axis=axis, include_initial=include_initial))
    same(lambda: getattr(cp, name)(c[0], include_initial=include_initial, dtype=np.float64),
         lambda: getattr(np, name)(a[0], include_initial=include_initial, dtype=np.float64))
    with pytest.raises(ValueError):
        getattr(cp, name)(c)  # axis required for 2-D
    e = np.zeros((0,), dtype)
    same(lambda: getattr(cp, name)(cp.asarray(e), include_initial=include_initial),
         lambda: getattr(np, name)(e, include_initial=include_initial))


@pytest.mark.parametrize('dtype', ['bool', 'int8', 'uint8', 'int64', 'float16', 'float64',
                                   'complex64'])
def test_diff(dtype):
    a, c = make_pair('contig3d', np.dtype(dtype))
    for n in (0, 1, 2, 4):
        for axis in (-1, 0, 1):
            same(lambda: cp.diff(c, n=n, axis=axis), lambda: np.diff(a, n=n, axis=axis))
    same(lambda: cp.diff(c, axis=1, prepend=0), lambda: np.diff(a, axis=1, prepend=0))
    pre = a[:, :1]
    same(lambda: cp.diff(c, axis=1, prepend=cp.asarray(pre), append=1),
         lambda: np.diff(a, axis=1, prepend=pre, append=1))
    with pytest.raises(ValueError):
        cp.diff(c, n=-1)
    with pytest.raises(ValueError):
        cp.diff(cp.asarray(np.array(1)))


def test_ediff1d():
    a = np.array([[1, 4, 9], [16, 25, 36]], dtype=np.int32)
    c = cp.asarray(a)
    same(lambda: cp.ediff1d(c), lambda: np.ediff1d(a))
    same(lambda: cp.ediff1d(c, to_begin=-1, to_end=[7, 8]), lambda: np.ediff1d(a, to_begin=-1, to_end=[7, 8]))
    same(lambda: cp.ediff1d(cp.asarray(np.zeros(0))), lambda: np.ediff1d(np.zeros(0)))
    with pytest.raises(TypeError):
        cp.ediff1d(c, to_begin=1.5)
    b = np.array([True, False, False])
    same(lambda: cp.ediff1d(cp.asarray(b)), lambda: np.ediff1d(b))  # TypeError in both


ACCUMULATE = ['add', 'multiply', 'maximum', 'minimum', 'subtract', 'true_divide', 'fmax', 'fmin',
              'logical_and', 'logical_or', 'logical_xor', 'bitwise_and', 'bitwise_or',
              'bitwise_xor', 'gcd', 'lcm', 'power', 'hypot', 'equal']


@pytest.mark.parametrize('dtype', ['bool', 'int8', 'int32', 'uint16', 'float32', 'float64',
                                   'complex128'])
@pytest.mark.parametrize('name', ACCUMULATE)
def test_ufunc_accumulate(name, dtype):
    a = ufunc_operand(dtype, 4)
    c = cp.asarray(a)
    ufc, ufn = getattr(cp, name), getattr(np, name)
    with np.errstate(all='ignore'):
        for axis in (0, 1, -1):
            same(lambda: ufc.accumulate(c, axis=axis), lambda: ufn.accumulate(a, axis=axis))
        same(lambda: ufc.accumulate(c[:, ::-2], axis=1), lambda: ufn.accumulate(a[:, ::-2], axis=1))


def test_accumulate_keywords():
    a = np.arange(1, 7, dtype=np.int8)
    c = cp.asarray(a)
    same(lambda: cp.add.accumulate(c, dtype=np.float32), lambda: np.add.accumulate(a, dtype=np.float32))
    o = cp.zeros(6, np.int8)
    assert cp.multiply.accumulate(c, out=o) is o
    close(o, np.multiply.accumulate(a, out=np.zeros(6, np.int8)))
    o2 = cp.zeros(6, np.int64)
    assert cp.subtract.accumulate(c, out=o2) is o2
    close(o2, np.subtract.accumulate(a, out=np.zeros(6, np.int64)))
    with pytest.raises(ValueError):
        cp.sin.accumulate(c)


# Found by scripts/fuzz_reductions.py: accumulate's axis (None is every axis, a 1-tuple
# its axis, more is a ValueError), 0-d input (TypeError, AxisError first for a bad axis)
# and cumulative_sum/prod of 0-d input (NumPy's atleast_1d) and of tuple axes.
@pytest.mark.parametrize('name', ['add', 'maximum', 'subtract', 'logical_and', 'bitwise_xor'])
def test_accumulate_axis_forms(name):
    uc, un = getattr(cp, name), getattr(np, name)
    for a in (np.array([3, 1, 2], np.int32), np.array([[1, 2], [3, 0]], np.int32), np.array(4)):
        c = cp.asarray(a)
        for axis in (None, 0, -1, 5, (0,), (0, 1), ()):
            same(lambda: uc.accumulate(c, axis=axis), lambda: un.accumulate(a, axis=axis))


@pytest.mark.parametrize('name', ['cumulative_sum', 'cumulative_prod'])
@pytest.mark.parametrize('include_initial', [False, True])
def test_cumulative_0d_and_tuple_axis(name, include_initial):
    fc, fn = getattr(cp, name), getattr(np, name)
    kw = {'include_initial': include_initial}
    for a in (np.array(-3, np.int8), np.array(2.5, np.float32)):
        for axis in (None, 0, -1, 1):
            same(lambda: fc(cp.asarray(a), axis=axis, **kw), lambda: fn(a, axis=axis, **kw))
    if include_initial:
        return  # NumPy 2.4 bug: a tuple axis with include_initial is a TypeError (list indices)
    a = np.arange(6, dtype=np.int16).reshape(2, 3)
    for axis in ((1,), (0, 1), ()):
        same(lambda: fc(cp.asarray(a), axis=axis, **kw), lambda: fn(a, axis=axis, **kw))
