"""Reductions against NumPy: sum, prod, max/min/amax/amin, all, any, argmax/argmin, mean,
var, std, count_nonzero, ptp and ufunc.reduce, across the 14 dtypes, the layouts of
_helpers (0-d, empty, strided, negative strides, broadcast), axes, keepdims, dtype=, out=,
initial= and where=. Result dtypes must be NumPy's exactly; inexact values are compared
with a tolerance of the dtype (summation order differs from NumPy's on CUDA)."""
import math

import numpy as np
import pytest

import cunumpy as cp
from _helpers import ALL_DTYPES, DTYPE_IDS, LAYOUT_NAMES, assert_same, device_kind, make_pair
from _reduction_helpers import close, same, ufunc_operand

AXES = [None, 0, -1]


@pytest.mark.parametrize('dtype', ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize('layout', LAYOUT_NAMES)
@pytest.mark.parametrize('name', ['sum', 'prod', 'max', 'min', 'amax', 'amin', 'all', 'any',
                                  'mean', 'var', 'std', 'count_nonzero', 'ptp'])
def test_reduction_layouts(name, layout, dtype):
    a, c = make_pair(layout, dtype)
    if name == 'prod':  # keep products of up to 8 values small
        a = (a != 0).astype(dtype) if dtype.kind in 'biu' else np.sign(a).astype(dtype)
        c = cp.asarray(a)
    if name == 'ptp' and dtype == np.bool_:
        pytest.skip('NumPy: ptp of bool is a TypeError (subtract), as here')
    for axis in AXES:
        if axis is not None and a.ndim == 0:
            continue
        for keepdims in (False, True):
            same(lambda: getattr(cp, name)(c, axis=axis, keepdims=keepdims),
                 lambda: getattr(np, name)(a, axis=axis, keepdims=keepdims))


@pytest.mark.parametrize('dtype', ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize('layout', LAYOUT_NAMES)
@pytest.mark.parametrize('name', ['argmax', 'argmin'])
def test_arg_layouts(name, layout, dtype):
    a, c = make_pair(layout, dtype)
    for axis in [None] + list(range(-a.ndim, a.ndim)):
        for keepdims in (False, True):
            same(lambda: getattr(cp, name)(c, axis=axis, keepdims=keepdims),
                 lambda: getattr(np, name)(a, axis=axis, keepdims=keepdims))


@pytest.mark.parametrize('axis', [None, 0, 1, 2, -1, (0, 2), (1, 2), (0, 1, 2), (), (-1, 0)])
@pytest.mark.parametrize('name', ['sum', 'prod', 'max', 'min', 'all', 'any', 'mean', 'var', 'std',
                                  'count_nonzero'])
def test_axes(name, axis):
    a = np.random.default_rng(1).uniform(0.5, 1.5, (3, 4, 5))
    c = cp.asarray(a)
    for keepdims in (False, True):
        same(lambda: getattr(cp, name)(c, axis=axis, keepdims=keepdims),
             lambda: getattr(np, name)(a, axis=axis, keepdims=keepdims))


def test_bad_axes():
    c = cp.zeros((2, 3))
    with pytest.raises(np.exceptions.AxisError):
        cp.sum(c, axis=2)
    with pytest.raises(ValueError):
        cp.sum(c, axis=(0, 0))
    with pytest.raises(np.exceptions.AxisError):
        cp.argmax(c, axis=-3)


@pytest.mark.parametrize('dtype', ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize('out_dtype', [None, np.int64, np.float32, np.float64, np.complex128])
def test_sum_prod_dtype(dtype, out_dtype):
    a, c = make_pair('contig', dtype)
    for name in ('sum', 'prod', 'mean'):
        if name == 'mean' and out_dtype == np.int64:
            continue
        same(lambda: getattr(cp, name)(c, axis=0, dtype=out_dtype),
             lambda: getattr(np, name)(a, axis=0, dtype=out_dtype))


@pytest.mark.parametrize('dtype', ALL_DTYPES, ids=DTYPE_IDS)
def test_var_std_dtypes(dtype):
    a, c = make_pair('contig3d', dtype)
    for name in ('var', 'std'):
        for ddof in (0, 1, 2.5):
            for axis in (None, 1, (0, 2)):
                same(lambda: getattr(cp, name)(c, axis=axis, ddof=ddof),
                     lambda: getattr(np, name)(a, axis=axis, ddof=ddof))
        if dtype.kind not in 'c':
            same(lambda: getattr(cp, name)(c, axis=1, dtype=np.float32),
                 lambda: getattr(np, name)(a, axis=1, dtype=np.float32))


def test_var_too_few():
    a = np.array([1.0, 2.0])
    c = cp.asarray(a)
    with pytest.warns(RuntimeWarning):
        r = cp.var(c, ddof=2)
    with np.errstate(all='ignore'), pytest.warns(RuntimeWarning):
        close(r, np.var(a, ddof=2))
    with pytest.warns(RuntimeWarning, match='Mean of empty slice'):
        r = cp.mean(cp.zeros((0,)))
    assert math.isnan(float(r))


@pytest.mark.parametrize('dtype', ['int8', 'uint16', 'int64', 'float16', 'float32', 'float64',
                                   'complex64', 'bool'])
@pytest.mark.parametrize('name', ['sum', 'prod', 'max', 'min'])
def test_initial(name, dtype):
    a, c = make_pair('contig', np.dtype(dtype))
    for axis in (None, 0, 1):
        same(lambda: getattr(cp, name)(c, axis=axis, initial=3),
             lambda: getattr(np, name)(a, axis=axis, initial=3))
    e, ce = make_pair('empty', np.dtype(dtype))
    same(lambda: getattr(cp, name)(ce, axis=0, initial=5), lambda: getattr(np, name)(e, axis=0, initial=5))
    same(lambda: getattr(cp, name)(ce, initial=5), lambda: getattr(np, name)(e, initial=5))


@pytest.mark.parametrize('dtype', ['int32', 'float32', 'float64', 'complex128', 'bool'])
@pytest.mark.parametrize('name', ['sum', 'prod', 'max', 'min', 'all', 'any', 'mean', 'var', 'std'])
def test_where(name, dtype):
    a, c = make_pair('contig', np.dtype(dtype))
    rng = np.random.default_rng(3)
    w = rng.integers(0, 2, a.shape).astype(bool)
    w[0] = True  # every column keeps one value (max/min of an empty slice is initial)
    wc = cp.asarray(w)
    kw = {'initial': -7} if name in ('max', 'min') and dtype != 'complex128' else {}
    if name in ('max', 'min') and dtype == 'complex128':
        return
    if name in ('var', 'std') and dtype == 'bool':
        return
    for axis in (None, 0, 1):
        same(lambda: getattr(cp, name)(c, axis=axis, where=wc, **kw),
             lambda: getattr(np, name)(a, axis=axis, where=w, **kw))
    row = np.array([True, False, True, False])  # broadcast over rows
    same(lambda: getattr(cp, name)(c, axis=1, where=cp.asarray(row), **kw),
         lambda: getattr(np, name)(a, axis=1, where=row, **kw))


@pytest.mark.parametrize('name', ['sum', 'prod', 'max', 'min', 'nansum'])
def test_where_with_initial(name):
    """Masked-out elements count as the identity; `initial` joins each slice once."""
    a = np.arange(1, 13, dtype=np.float64).reshape(3, 4) % 5
    w = (np.arange(12).reshape(3, 4) % 3) != 0
    c, wc = cp.asarray(a), cp.asarray(w)
    for axis in (None, 0, 1):
        same(lambda: getattr(cp, name)(c, axis=axis, where=wc, initial=2),
             lambda: getattr(np, name)(a, axis=axis, where=w, initial=2))


def test_where_max_needs_initial():
    with pytest.raises(ValueError, match='initial'):
        cp.max(cp.ones(3), where=cp.asarray([True, False, True]))


@pytest.mark.parametrize('name', ['sum', 'prod', 'max', 'min', 'all', 'any', 'mean', 'var', 'std',
                                  'argmax', 'argmin'])
def test_out(name):
    a = np.arange(12, dtype=np.float64).reshape(3, 4) / 3 + 1
    c = cp.asarray(a)
    dt = np.int64 if name.startswith('arg') else (bool if name in ('all', 'any') else np.float64)
    o = cp.zeros((4,), dtype=dt)
    r = getattr(cp, name)(c, axis=0, out=o)
    assert r is o
    close(o, getattr(np, name)(a, axis=0))
    r = getattr(c, name)(axis=0, out=o)
    assert r is o
    with pytest.raises(ValueError):
        getattr(cp, name)(c, axis=0, out=cp.zeros((3,), dtype=dt))


def test_out_cast():
    a = np.arange(10, dtype=np.float64) / 4
    o = cp.zeros((), np.float32)
    cp.sum(cp.asarray(a), out=o)
    assert float(o) == np.float32(np.sum(a))


@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64', 'complex64', 'complex128'])
def test_nan_inf(dtype):
    a = np.array([[1, np.nan, 3, np.inf], [-np.inf, 2, np.nan, 1], [np.inf, -np.inf, 0, 5]],
                 dtype=dtype)
    c = cp.asarray(a)
    with np.errstate(invalid='ignore'):
        for name in ('sum', 'prod', 'max', 'min', 'mean', 'argmax', 'argmin', 'all', 'any'):
            for axis in (None, 0, 1):
                same(lambda: getattr(cp, name)(c, axis=axis), lambda: getattr(np, name)(a, axis=axis))


def test_argmax_first_occurrence_and_nan():
    a = np.array([1.0, 5.0, 5.0, np.nan, 7.0, np.nan])
    c = cp.asarray(a)
    assert int(cp.argmax(c)) == np.argmax(a) == 3
    assert int(cp.argmin(c)) == np.argmin(a) == 3
    b = np.array([[3, 1, 3], [0, 0, -1]], dtype=np.int16)
    same(lambda: cp.argmax(cp.asarray(b), axis=1), lambda: np.argmax(b, axis=1))
    same(lambda: cp.argmin(cp.asarray(b), axis=0), lambda: np.argmin(b, axis=0))
    z = np.array([1 + 2j, 1 + 3j, 1 + 3j, 0 + 9j])
    assert int(cp.argmax(cp.asarray(z))) == np.argmax(z)
    with pytest.raises(ValueError):
        cp.argmax(cp.zeros((0,)))


@pytest.mark.parametrize('n', [1, 7, 300000])
def test_long_rows(n):
    """Rows long enough for the backends' split into chunks (CPU threads, CUDA blocks)."""
    rng = np.random.default_rng(n)
    a = rng.standard_normal(n).astype(np.float32)
    a[n // 2] = 50
    c = cp.asarray(a)
    assert int(cp.argmax(c)) == np.argmax(a)
    assert int(cp.argmin(c)) == np.argmin(a)
    close(cp.max(c), np.max(a))
    same(lambda: cp.sum(c.astype(cp.float64)), lambda: np.sum(a.astype(np.float64)))
    i = rng.integers(-5, 5, n).astype(np.int64)
    same(lambda: cp.sum(cp.asarray(i)), lambda: np.sum(i))


def test_methods():
    a = np.random.default_rng(5).standard_normal((4, 6))
    c = cp.asarray(a)
    for name in ('sum', 'prod', 'max', 'min', 'all', 'any', 'mean', 'var', 'std', 'argmax',
                 'argmin'):
        same(lambda: getattr(c, name)(), lambda: getattr(a, name)())
        same(lambda: getattr(c, name)(axis=1), lambda: getattr(a, name)(axis=1))
        same(lambda: getattr(c, name)(1), lambda: getattr(a, name)(1))
    same(lambda: c.std(ddof=1), lambda: a.std(ddof=1))
    same(lambda: c.sum(axis=0, keepdims=True, initial=1.5), lambda: a.sum(axis=0, keepdims=True, initial=1.5))


def test_empty_reductions():
    for dtype in ('int32', 'float64'):
        e = np.zeros((0, 3), dtype)
        c = cp.asarray(e)
        for name in ('sum', 'prod', 'all', 'any', 'count_nonzero'):
            same(lambda: getattr(cp, name)(c), lambda: getattr(np, name)(e))
            same(lambda: getattr(cp, name)(c, axis=0), lambda: getattr(np, name)(e, axis=0))
            same(lambda: getattr(cp, name)(c, axis=1), lambda: getattr(np, name)(e, axis=1))
        for name in ('max', 'min', 'argmax', 'argmin', 'ptp'):
            with pytest.raises(ValueError, match='zero-size array|empty sequence'):
                getattr(cp, name)(c, axis=0)
            same(lambda: getattr(cp, name)(c, axis=1), lambda: getattr(np, name)(e, axis=1))
    with pytest.raises(ValueError, match='zero-size array to reduction operation maximum which has no identity'):
        cp.max(cp.zeros((0,)))


# ---- ufunc.reduce ---------------------------------------------------------------------

BINARY = ['add', 'subtract', 'multiply', 'true_divide', 'floor_divide', 'remainder', 'power',
          'maximum', 'minimum', 'fmax', 'fmin', 'logical_and', 'logical_or', 'logical_xor',
          'bitwise_and', 'bitwise_or', 'bitwise_xor', 'gcd', 'lcm', 'hypot', 'arctan2',
          'copysign', 'left_shift', 'right_shift', 'logaddexp', 'equal', 'fmod']


def _numpy_reduce_is_left_fold(ufn):
    """NumPy 2.5.2's power.reduce and arctan2.reduce along a contiguous axis give
    f(a[0], a[-1]) (for [2, 3, 2]: 2**2, not (2**3)**2), where NumPy's documented and
    earlier behaviour is the left fold f(f(a[0], a[1]), a[2]). cunumpy folds left; this
    probe finds the NumPy builds whose reduce of `ufn` does not."""
    v = np.array([1.5, 1.25, 0.75, 1.1, 0.9])
    with np.errstate(all='ignore'):
        try:
            got = ufn.reduce(v)
        except TypeError:
            return True
        acc = v[0]
        for x in v[1:]:
            acc = ufn(acc, x)
    return bool(np.isclose(got, acc))


class _LeftFold:
    """The oracle for a NumPy whose ufn.reduce is not a left fold: NumPy's own binary ufunc
    applied in order along the (single) axis; for the rest, NumPy's reduce (its errors)."""

    def __init__(self, ufn):
        self.ufn = ufn

    def reduce(self, a, axis=0, keepdims=False):
        if not isinstance(axis, int) or a.ndim == 0 or a.shape[axis] == 0:
            return self.ufn.reduce(a, axis=axis, keepdims=keepdims)
        m = np.moveaxis(a, axis, 0)
        acc = m[0]
        for x in m[1:]:
            acc = self.ufn(acc, x)
        acc = np.asarray(acc)
        return np.expand_dims(acc, axis) if keepdims else acc


@pytest.mark.parametrize('dtype', ['bool', 'int8', 'int32', 'uint16', 'int64', 'float32',
                                   'float64', 'complex128'])
@pytest.mark.parametrize('name', BINARY)
def test_ufunc_reduce(name, dtype):
    a = ufunc_operand(dtype, 7)
    c = cp.asarray(a)
    ufc, ufn = getattr(cp, name), getattr(np, name)
    if not _numpy_reduce_is_left_fold(ufn):
        ufn = _LeftFold(ufn)
    with np.errstate(all='ignore'):
        for axis in (0, 1, -1, None, (0, 1)):
            for keepdims in (False, True):
                same(lambda: ufc.reduce(c, axis=axis, keepdims=keepdims),
                     lambda: ufn.reduce(a, axis=axis, keepdims=keepdims))
        e = a[:0]
        same(lambda: ufc.reduce(cp.asarray(e), axis=0), lambda: ufn.reduce(e, axis=0))


def test_ufunc_reduce_keywords():
    a = np.arange(1, 13, dtype=np.int64).reshape(3, 4)
    c = cp.asarray(a)
    same(lambda: cp.add.reduce(c, axis=1, initial=10), lambda: np.add.reduce(a, axis=1, initial=10))
    same(lambda: cp.maximum.reduce(c, axis=0, dtype=np.float32), lambda: np.maximum.reduce(a, axis=0, dtype=np.float32))
    w = np.array([[True, False, True, True]] * 3)
    same(lambda: cp.add.reduce(c, axis=1, where=cp.asarray(w)), lambda: np.add.reduce(a, axis=1, where=w))
    same(lambda: cp.bitwise_or.reduce(c, axis=1, where=cp.asarray(w)),
         lambda: np.bitwise_or.reduce(a, axis=1, where=w))
    same(lambda: cp.subtract.reduce(c, axis=1, initial=100), lambda: np.subtract.reduce(a, axis=1, initial=100))
    o = cp.zeros((4,), np.int64)
    assert cp.add.reduce(c, axis=0, out=o) is o
    close(o, np.add.reduce(a, axis=0))
    with pytest.raises(ValueError, match='not reorderable'):
        cp.subtract.reduce(c, axis=None)


# ---- accuracy ---------------------------------------------------------------------------

def test_float32_sum_accuracy():
    """A float32 sum of 10^7 values stays within NumPy's own (pairwise) error of the exact
    sum (math.fsum of the float64 values)."""
    a = np.random.default_rng(11).uniform(0, 1, 10_000_000).astype(np.float32)
    exact = math.fsum(a.astype(np.float64))
    np_err = abs(float(np.sum(a)) - exact)
    got = float(cp.sum(cp.asarray(a)))
    assert abs(got - exact) <= max(2 * np_err, 1e-6 * exact), (got, exact, np_err)
    # and the mean, on the axis of a matrix
    m = a.reshape(1000, 10000)
    exact_rows = np.array([math.fsum(r) for r in m[:4].astype(np.float64)])
    got_rows = cp.asnumpy(cp.sum(cp.asarray(m), axis=1))[:4].astype(np.float64)
    np.testing.assert_allclose(got_rows, exact_rows, rtol=1e-6)


def test_float32_sum_of_1e8_values_accuracy():
    """The issue's bar: a float32 sum of 10^8 values stays within NumPy's error of the
    exact sum (float64 sums of 10^7-value chunks: their error is ~1e-9 of the float32's)."""
    n = 100_000_000
    a = np.random.default_rng(13).uniform(0, 1, n).astype(np.float32)
    exact = math.fsum(float(np.sum(a[i:i + 10_000_000], dtype=np.float64))
                      for i in range(0, n, 10_000_000))
    np_err = abs(float(np.sum(a)) - exact)
    c = cp.asarray(a)
    del a
    got = float(c.sum())
    assert abs(got - exact) <= max(2 * np_err, 1e-7 * exact), (got, exact, np_err)


def test_float16_moments_of_many_values():
    """NumPy divides float16 sums by the count in float64 (a float16 count above 65504
    would be inf), and sums the float16 squares to float16 (here: inf)."""
    a = np.random.default_rng(12).integers(-3, 4, 122_370).astype(np.float16)
    c = cp.asarray(a)
    with np.errstate(all='ignore'):
        for name in ('mean', 'var', 'std', 'nanmean', 'nanvar'):
            same(lambda: getattr(cp, name)(c), lambda: getattr(np, name)(a))


def test_moment_dtypes_and_errors():
    """var/std with dtype= keep that dtype (complex too); an integer std result cannot hold
    the root (TypeError) unless it is 0-d; nan-moments of floats want inexact dtype=/out=."""
    a = np.arange(6, dtype=np.int64).reshape(2, 3)
    c = cp.asarray(a)
    same(lambda: cp.var(c, axis=1, dtype=np.complex64), lambda: np.var(a, axis=1, dtype=np.complex64))
    same(lambda: cp.std(c, dtype=np.uint16), lambda: np.std(a, dtype=np.uint16))
    same(lambda: cp.std(c, axis=0, dtype=np.int32), lambda: np.std(a, axis=0, dtype=np.int32))
    same(lambda: cp.std(c, axis=0, out=cp.zeros(3, np.int64)), lambda: np.std(a, axis=0, out=np.zeros(3, np.int64)))
    f = a.astype(np.float32)
    same(lambda: cp.nanmean(cp.asarray(f), dtype=np.int64), lambda: np.nanmean(f, dtype=np.int64))
    same(lambda: cp.nanvar(cp.asarray(f), axis=0, dtype=np.complex128),
         lambda: np.nanvar(f, axis=0, dtype=np.complex128))


def test_sums_and_products_start_from_the_identity():
    """As NumPy's reduce: a sum of -0.0 is +0.0, and a complex product is (1 + 0j) * ..."""
    z = np.array([-0.0, -0.0])
    assert_same(cp.sum(cp.asarray(z)), np.sum(z))
    assert_same(cp.sum(cp.asarray(z.reshape(2, 1)), axis=0), np.sum(z.reshape(2, 1), axis=0))
    c = np.array([complex(0, -np.inf)])
    with np.errstate(invalid='ignore'):
        assert_same(cp.prod(cp.asarray(c)), np.prod(c))
    rng = np.random.default_rng(3)
    exact = device_kind() == 'cpu'  # CUDA adds in a tree: NumPy's values within rounding
    for n in (5, 64, 65, 1000, 4097):  # on the CPU, NumPy's pairwise order bit for bit
        for dt in (np.float32, np.complex64, np.complex128):
            v = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(dt) if dt != np.float32 \
                else rng.standard_normal(n).astype(dt)
            (assert_same if exact else close)(cp.sum(cp.asarray(v)), np.sum(v))


def test_complex_nan_in_imaginary_part():
    """NumPy's complex order: a NaN imaginary part counts as NaN for max/min/fmax/fmin."""
    a = np.array([1 + 1j, complex(0, np.nan), 2 + 1j, -1 - 1j])
    c = cp.asarray(a)
    for name in ('max', 'min', 'nanmax', 'nanmin', 'argmax', 'argmin'):
        same(lambda: getattr(cp, name)(c), lambda: getattr(np, name)(a))
    for uf in ('maximum', 'minimum', 'fmax', 'fmin'):
        same(lambda: getattr(cp, uf).accumulate(c), lambda: getattr(np, uf).accumulate(a))
        same(lambda: getattr(cp, uf)(c, c[::-1]), lambda: getattr(np, uf)(a, a[::-1]))


@pytest.mark.parametrize('name', ['add', 'multiply', 'maximum', 'minimum', 'subtract', 'bitwise_or',
                                  'logical_and', 'true_divide'])
@pytest.mark.parametrize('dtype', ['bool', 'int8', 'int32', 'float32', 'complex128'])
def test_ufunc_reduceat(name, dtype):
    a = (np.arange(24).reshape(4, 6) % 5 + 1).astype(dtype)
    c = cp.asarray(a)
    ufc, ufn = getattr(cp, name), getattr(np, name)
    for idx, axis in (([0, 2, 1, 5], 1), ([0, 3], 0), ([3], -1), ([0, 0, 2], 0)):
        same(lambda: ufc.reduceat(c, idx, axis=axis), lambda: ufn.reduceat(a, idx, axis=axis))
    same(lambda: ufc.reduceat(c, [0, 4], axis=1, dtype=np.float64),
         lambda: ufn.reduceat(a, [0, 4], axis=1, dtype=np.float64))
    with pytest.raises(IndexError):
        ufc.reduceat(c, [0, 6], axis=1)


# The CUDA argmax/argmin's vector path (best lane of each 16-byte vector, one index update
# per pair of vectors): long rows split into chunks, the extreme in every lane position,
# ties, the first NaN, misaligned starts.
@pytest.mark.parametrize('dtype', [np.float32, np.float64, np.int8, np.uint16, np.int32,
                                   np.int64, np.float16])
@pytest.mark.parametrize('start', [0, 1, 5])
def test_argmax_argmin_long_rows(dtype, start):
    n = 300_017
    a = (np.arange(n) * 7919 % 101).astype(dtype)  # many ties of the extremes
    for at in (n - 1, n - 2, 12_345, 12_346, 12_347, 12_348, start, start + 1):
        for name, v in (('argmax', 120), ('argmin', -3 if dtype not in (np.uint16,) else 0)):
            b = a.copy()
            b[at] = v
            b[at + 1000 if at + 1000 < n else 0] = v  # a later tie
            got = getattr(cp, name)(cp.asarray(b)[start:])
            assert int(got) == getattr(np, name)(b[start:]), (name, at)
    if np.dtype(dtype).kind == 'f':
        b = a.copy()
        b[[77_777, 77_778, 200_000]] = np.nan
        for name in ('argmax', 'argmin'):
            assert int(getattr(cp, name)(cp.asarray(b)[start:])) == getattr(np, name)(b[start:])
    m = a[:300_000].reshape(3, 100_000)
    for name in ('argmax', 'argmin'):
        for axis in (1, 0):
            assert_same(getattr(cp, name)(cp.asarray(m), axis=axis), getattr(np, name)(m, axis=axis))


# Found by scripts/fuzz_reductions.py. NumPy lets an integer axis 0 or -1 through for a
# 0-d array in ufunc reductions (also ufunc.reduce's default axis=0), argmax/argmin and
# cumsum/cumprod; other axes and tuples stay AxisErrors.
@pytest.mark.parametrize('axis', [0, -1, 1, (0,), ()])
@pytest.mark.parametrize('keepdims', [False, True])
def test_zero_d_axis_leniency(axis, keepdims):
    a = np.array(5, dtype=np.int16)
    c = cp.asarray(a)
    kd = {'keepdims': keepdims}
    for name in ('sum', 'prod', 'max', 'min', 'all', 'any', 'nansum', 'nanmax', 'ptp'):
        same(lambda: getattr(cp, name)(c, axis=axis, **kd), lambda: getattr(np, name)(a, axis=axis, **kd))
        if hasattr(a, name):
            same(lambda: getattr(c, name)(axis=axis, **kd), lambda: getattr(a, name)(axis=axis, **kd))
    for name in ('add', 'maximum', 'bitwise_or', 'logical_xor'):
        same(lambda: getattr(cp, name).reduce(c, axis=axis, **kd),
             lambda: getattr(np, name).reduce(a, axis=axis, **kd))
        same(lambda: getattr(cp, name).reduce(c), lambda: getattr(np, name).reduce(a))
    same(lambda: cp.count_nonzero(c, axis=axis, **kd), lambda: np.count_nonzero(a, axis=axis, **kd))
    if not isinstance(axis, tuple):
        for name in ('argmax', 'argmin'):
            same(lambda: getattr(cp, name)(c, axis=axis, **kd), lambda: getattr(np, name)(a, axis=axis, **kd))
        for name in ('cumsum', 'cumprod'):
            same(lambda: getattr(cp, name)(c, axis=axis), lambda: getattr(np, name)(a, axis=axis))


# Without dtype=, NumPy picks the reduction loop from out= and the input together: an
# inexact out= makes an integer reduction compute in floating point.
def test_reduce_inexact_out_computes_in_its_dtype():
    big = np.array([2**62, 4, 3], dtype=np.int64)
    small = np.array([[8, 9, 5], [1, 0, 3]], dtype=np.uint8)
    cases = [
        (lambda xp, a: xp.prod(a, out=xp.zeros((), np.float64)), big),
        (lambda xp, a: xp.multiply.reduce(a, out=xp.zeros((), np.float32)), big),
        (lambda xp, a: xp.sum(a, initial=np.nan, out=xp.zeros((), np.float64)), small),
        (lambda xp, a: xp.nanprod(a, axis=0, initial=-3, out=xp.zeros(3, np.float64)), small),
        (lambda xp, a: xp.nanmax(a, axis=0, initial=np.nan, out=xp.zeros(3, np.float64)), small),
        (lambda xp, a: xp.max(a, axis=1, initial=np.nan, out=xp.zeros(2, np.complex64)), small),
        (lambda xp, a: xp.sum(a, axis=1, out=xp.zeros(2, np.int8)), small),
    ]
    for fn, a in cases:
        same(lambda: fn(cp, cp.asarray(a)), lambda: fn(np, a))


# initial= is converted to an integer loop dtype as a Python scalar: NaN, infinity and
# out-of-range integers raise (ValueError / OverflowError) instead of wrapping.
@pytest.mark.parametrize('name', ['sum', 'prod', 'max', 'min', 'nanmax', 'nanprod'])
@pytest.mark.parametrize('dtype', ['uint8', 'int32', 'uint64', 'bool'])
@pytest.mark.parametrize('initial', [-3, 300, 2**64 - 1, np.nan, -np.inf, 2.5, True])
def test_initial_conversion(name, dtype, initial):
    a = np.array([[1, 0, 3], [2, 2, 0]], dtype=dtype)
    c = cp.asarray(a)
    same(lambda: getattr(cp, name)(c, axis=0, initial=initial),
         lambda: getattr(np, name)(a, axis=0, initial=initial))


def test_initial_checked_after_where_broadcast():
    a = np.arange(15, dtype=np.int32).reshape(3, 5)
    w = np.ones((3, 4), dtype=bool)
    same(lambda: cp.min(cp.asarray(a), initial=np.inf, where=cp.asarray(w)),
         lambda: np.min(a, initial=np.inf, where=w))


# argmax/argmin read out= as an int64 array: any dtype that casts safely to int64 works.
@pytest.mark.parametrize('dtype', ['bool', 'int8', 'uint8', 'int32', 'uint32', 'int64', 'uint64',
                                   'float64', 'complex64'])
@pytest.mark.parametrize('name', ['argmax', 'argmin', 'nanargmax', 'nanargmin'])
def test_arg_out_dtypes(name, dtype):
    a = np.array([[3, 1, 0], [-3, 4, 4]], dtype=np.int16)
    for axis, shape in ((None, ()), (1, (2,))):
        same(lambda: getattr(cp, name)(cp.asarray(a), axis=axis, out=cp.zeros(shape, dtype)),
             lambda: getattr(np, name)(a, axis=axis, out=np.zeros(shape, dtype)))


# NumPy's ptp puts the max into out= first and subtracts in out's dtype; argmax checks
# out='s shape (ValueError) before its dtype (TypeError).
def test_ptp_out_dtype_and_arg_out_order():
    a = np.array([[False, True, False], [False, False, False]])
    c = cp.asarray(a)
    for dtype in ('complex64', 'float32', 'int8', 'bool'):
        for axis, shape in ((None, ()), (0, (3,))):
            same(lambda: cp.ptp(c, axis=axis, out=cp.zeros(shape, dtype)),
                 lambda: np.ptp(a, axis=axis, out=np.zeros(shape, dtype)))
    same(lambda: cp.ptp(c, axis=0), lambda: np.ptp(a, axis=0))
    x = np.array([-2, 5], dtype=np.int64)
    for dtype in ('float64', 'int64'):
        same(lambda: cp.argmax(cp.asarray(x), axis=0, keepdims=True, out=cp.zeros(2, dtype)),
             lambda: np.argmax(x, axis=0, keepdims=True, out=np.zeros(2, dtype)))


# With out= and no dtype=, max/min compare in the common type of out= and the input, and
# initial= is checked against that type; nan-reductions do not broadcast into out=.
def test_out_loop_dtype_for_extrema_and_out_shape():
    a = np.array([[6, 8], [3, 6], [9, 6]], dtype=np.uint16)
    c = cp.asarray(a)
    for name in ('max', 'nanmax', 'min', 'sum'):
        for out_dtype, initial in (('int8', -3), ('int8', 300), ('uint16', -1), ('bool', 2)):
            same(lambda: getattr(cp, name)(c, axis=0, initial=initial, out=cp.zeros(2, out_dtype)),
                 lambda: getattr(np, name)(a, axis=0, initial=initial, out=np.zeros(2, out_dtype)))
    f = np.array([[1.5, np.nan, -2.0], [0.5, 3.0, 1.0]])
    for name in ('nanstd', 'nanvar', 'nanmean'):
        same(lambda: getattr(cp, name)(cp.asarray(f), axis=1, out=cp.zeros(3)),
             lambda: getattr(np, name)(f, axis=1, out=np.zeros(3)))
    same(lambda: cp.cumulative_sum(cp.asarray(f), axis=1, out=cp.zeros((1, 3))),
         lambda: np.cumulative_sum(f, axis=1, out=np.zeros((1, 3))))


# std with an integer out= of the wrong shape: NumPy's ValueError (shape) comes before the
# sqrt casting TypeError.
def test_std_out_shape_checked_before_dtype():
    a = np.array([6, 5, 4, 8, 0, 7, 5], dtype=np.uint32)
    for shape, dtype in (((8,), 'uint32'), ((7,), 'uint32'), ((8,), 'float64'), ((), 'int8')):
        for axis in ((), None, 0):
            same(lambda: cp.std(cp.asarray(a), axis=axis, ddof=2, out=cp.zeros(shape, dtype)),
                 lambda: np.std(a, axis=axis, ddof=2, out=np.zeros(shape, dtype)))


# NumPy's reductions take an integer or a tuple of integers as axis: a list, a bool, a
# float or a string is a TypeError (cunumpy took lists and bools; the generic ufunc
# reduce/accumulate and diff gave AxisError or a C++ std::bad_cast for floats).
@pytest.mark.parametrize('axis', [[1], [0, 1], True, False, 1.0, '0', (1.0,)])
def test_axis_must_be_int_or_tuple(axis):
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    c = cp.asarray(a)
    for name in ('sum', 'max', 'any', 'mean', 'std', 'count_nonzero', 'nansum', 'ptp'):
        same(lambda: getattr(cp, name)(c, axis=axis), lambda: getattr(np, name)(a, axis=axis))
    same(lambda: c.sum(axis=axis), lambda: a.sum(axis=axis))
    for name in ('add', 'bitwise_xor', 'true_divide'):
        for method in ('reduce', 'accumulate'):
            same(lambda: getattr(getattr(cp, name), method)(c, axis=axis),
                 lambda: getattr(getattr(np, name), method)(a, axis=axis))
    for name in ('argmax', 'cumsum', 'diff'):
        if name == 'diff' and isinstance(axis, bool):
            # NumPy's diff takes True as axis 1; cunumpy refuses a bool axis everywhere
            # (test_axis_shape_types.py), with the TypeError of NumPy's reductions.
            with pytest.raises(TypeError):
                cp.diff(c, axis=axis)
            continue
        same(lambda: getattr(cp, name)(c, axis=axis), lambda: getattr(np, name)(a, axis=axis))
    z = np.array(3)
    same(lambda: cp.sum(cp.asarray(z), axis=axis), lambda: np.sum(z, axis=axis))
