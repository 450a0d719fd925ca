"""Ufuncs against NumPy: every loop dtype, broadcasting, strides, 0-d and empty inputs,
special values, NEP 50 scalars, out=/dtype=/casting= and the Python operators.

Results must equal NumPy's exactly, except transcendental float results, which may differ
by the ULP counts of ULP_TOLERANCE (CUDA's device math and glibc are not NumPy's SIMD
code); complex transcendental results are compared with a relative tolerance.
"""
import operator

import numpy as np
import pytest

import cunumpy as cp

# Allowed error in units in the last place, per function, for float16/32/64 results.
ULP_TOLERANCE = {
    'sqrt': 1, 'cbrt': 4, 'exp': 4, 'exp2': 4, 'expm1': 4, 'log': 4, 'log2': 4, 'log10': 4,
    'log1p': 4, 'sin': 4, 'cos': 4, 'tan': 8, 'sinh': 8, 'cosh': 8, 'tanh': 8,
    'arcsin': 4, 'arccos': 4, 'arctan': 4, 'arcsinh': 8, 'arccosh': 8, 'arctanh': 8,
    'arctan2': 4, 'hypot': 2, 'power': 8, 'float_power': 8, 'true_divide': 0,
    'logaddexp': 4, 'logaddexp2': 4,
    'absolute': 2,  # complex |z|: NumPy's SIMD hypot is not libm's
}
COMPLEX_RTOL = {np.complex64: 1e-5, np.complex128: 1e-12}
# Complex results NumPy computes with fused multiply-adds in its SIMD loops (and so does
# NVRTC by default): compared with COMPLEX_RTOL rather than exactly.
INEXACT_COMPLEX = {'multiply', 'square', 'true_divide', 'reciprocal', 'sign'}

UNARY = ['negative', 'positive', 'absolute', 'fabs', 'conjugate', 'square', 'reciprocal',
         'sign', 'sqrt', 'cbrt', 'exp', 'exp2', 'expm1', 'log', 'log2', 'log10', 'log1p',
         'sin', 'cos', 'tan', 'sinh', 'cosh', 'tanh', 'arcsin', 'arccos', 'arctan',
         'arcsinh', 'arccosh', 'arctanh', 'logical_not', 'isnan', 'isinf', 'isfinite',
         'signbit', 'floor', 'ceil', 'trunc', 'rint', 'invert']
BINARY = ['add', 'subtract', 'multiply', 'true_divide', 'floor_divide', 'remainder', 'fmod',
          'power', 'float_power', 'arctan2', 'hypot', 'copysign', 'equal', 'not_equal',
          'less', 'less_equal', 'greater', 'greater_equal', 'logical_and', 'logical_or',
          'logical_xor', 'maximum', 'minimum', 'fmax', 'fmin', 'bitwise_and', 'bitwise_or',
          'bitwise_xor', 'left_shift', 'right_shift']
# Functions whose complex loops are not implemented yet (NumPy has them).
REAL_ONLY = set()
CODE_TO_DTYPE = {c: np.dtype(c) for c in '?bhilBHILefdFD'}


def numpy_types(name):
    """NumPy's loop list restricted to cunumpy's dtypes, as cunumpy reports it."""
    out = []
    for t in getattr(np, name).types:
        if set(t) & set('gGOMmT'):
            continue
        t = t.replace('q', 'l').replace('Q', 'L')
        if name in REAL_ONLY and set(t) & set('FD'):
            continue
        if t not in out:
            out.append(t)
    return out


def sample(dtype, name, position):
    """Test values of `dtype` for argument `position` of ufunc `name`, special values included."""
    dt = np.dtype(dtype)
    rng = np.random.default_rng(hash((name, position, dt.char)) % 2**32)
    if dt.kind == 'b':
        return np.array([True, False, True, True, False, False, True], dtype=dt)
    if dt.kind in 'iu':
        info = np.iinfo(dt)
        if name in ('left_shift', 'right_shift') and position == 1:
            return rng.integers(0, dt.itemsize * 8, 24).astype(dt)
        if name == 'power' and position == 1:
            return rng.integers(0, 5, 24).astype(dt)
        lo, hi = max(info.min, -100), min(info.max, 100)
        vals = list(rng.integers(lo, hi, 20)) + [info.min, info.max, 0, 1]
        if name in ('floor_divide', 'remainder', 'fmod') and position == 1 and info.min < 0:
            vals[-4] = -1  # NumPy's INT_MIN // -1 warns and wraps; tested separately
        return np.array(vals, dtype=dt)
    if name in ('arcsin', 'arccos', 'arctanh'):
        base = rng.uniform(-1, 1, 20)
    elif name == 'arccosh':
        base = rng.uniform(1, 10, 20)
    elif name in ('log', 'log2', 'log10', 'sqrt', 'log1p'):
        base = rng.uniform(0, 100, 20)
    elif name in ('exp', 'exp2', 'expm1', 'sinh', 'cosh'):
        base = rng.uniform(-10, 10, 20)
    elif name in ('power', 'float_power'):
        base = rng.uniform(0, 3, 20) if position == 0 else rng.uniform(-3, 3, 20)
    else:
        base = rng.uniform(-50, 50, 20)
    special = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, np.inf, -np.inf, np.nan]
    vals = np.concatenate([base, special])
    if dt.kind == 'c':
        im = rng.uniform(-3, 3, vals.size)
        im[-len(special):] = 0.5
        vals = vals + 1j * im
        vals[-3:] = vals[-3:].real + 0j  # keep the inf/nan cases simple
        if name in ULP_TOLERANCE and name != 'absolute':
            vals = vals[np.isfinite(vals)]  # C99 special cases of complex functions vary
    return vals.astype(dt)


def assert_matches(name, expected, got):
    got = cp.asnumpy(got)
    assert got.dtype == expected.dtype, (name, got.dtype, expected.dtype)
    assert got.shape == expected.shape
    tol = ULP_TOLERANCE.get(name)
    if expected.dtype.kind == 'c' and name in INEXACT_COMPLEX:
        tol = 0
    if tol is None or expected.dtype.kind not in 'fc':
        np.testing.assert_array_equal(got, expected, err_msg=name)
        return
    if expected.dtype.kind == 'c':
        finite = np.isfinite(expected)
        np.testing.assert_array_equal(np.isfinite(got), finite, err_msg=name)
        np.testing.assert_allclose(got[finite], expected[finite],
                                   rtol=COMPLEX_RTOL[expected.dtype.type], atol=0, err_msg=name)
        return
    np.testing.assert_array_equal(np.isnan(got), np.isnan(expected), err_msg=name)
    inf = np.isinf(expected)
    np.testing.assert_array_equal(got[inf], expected[inf], err_msg=name)
    ok = ~np.isnan(expected) & ~inf
    e, g = expected[ok].astype(np.float64), got[ok].astype(np.float64)
    spacing = np.spacing(np.maximum(np.abs(e), np.abs(g)).astype(expected.dtype)).astype(np.float64)
    tol_abs = np.maximum(tol, 1) * np.abs(spacing)
    # Below the smallest normal, compare with the subnormal spacing.
    tiny = np.finfo(expected.dtype).smallest_subnormal
    bad = np.abs(e - g) > np.maximum(tol_abs, tiny)
    assert not bad.any(), f"{name}: {g[bad][:5]} vs {e[bad][:5]} (>{tol} ulp)"


def run_numpy(name, *args, **kw):
    with np.errstate(all='ignore'):
        return getattr(np, name)(*args, **kw)


@pytest.mark.parametrize('name', UNARY + BINARY)
def test_types_attribute(name):
    uf = getattr(cp, name)
    assert uf.types == numpy_types(name)
    assert uf.nin == getattr(np, name).nin
    assert uf.nout == 1 and uf.nargs == uf.nin + 1 and uf.ntypes == len(uf.types)
    assert uf.__name__ == name
    assert uf.identity == getattr(np, name).identity


@pytest.mark.parametrize('name', UNARY)
def test_unary_all_loops(name):
    for sig in numpy_types(name):
        dt = CODE_TO_DTYPE[sig[0]]
        x = sample(dt, name, 0)
        expected = run_numpy(name, x)
        assert_matches(name, expected, getattr(cp, name)(cp.asarray(x)))


@pytest.mark.parametrize('name', BINARY)
def test_binary_all_loops(name):
    for sig in numpy_types(name):
        d1, d2 = CODE_TO_DTYPE[sig[0]], CODE_TO_DTYPE[sig[1]]
        x, y = sample(d1, name, 0), sample(d2, name, 1)
        n = min(x.size, y.size)
        x, y = x[:n], y[::-1][:n]
        if d1.kind in 'iu' and d2.kind in 'iu' and name == 'power':
            y = np.abs(y) % 5
        expected = run_numpy(name, x, y)
        assert_matches(name, expected, getattr(cp, name)(cp.asarray(x), cp.asarray(y)))


@pytest.mark.parametrize('name', ['add', 'multiply', 'maximum', 'less', 'floor_divide', 'power'])
def test_mixed_dtypes_promote_like_numpy(name):
    codes = '?bhilBHILefdFD'
    for a in codes:
        for b in codes:
            x = sample(CODE_TO_DTYPE[a], name, 0)[:6]
            y = sample(CODE_TO_DTYPE[b], name, 1)[:6]
            if name == 'power' and CODE_TO_DTYPE[b].kind in 'iu':
                y = np.abs(y) % 4
            if name == 'power':  # 0 ** complex is ill-defined (libm-dependent in NumPy)
                x = np.where(x == 0, x.dtype.type(1), x)
            try:
                expected = run_numpy(name, x, y)
            except TypeError:
                with pytest.raises(TypeError):
                    getattr(cp, name)(cp.asarray(x), cp.asarray(y))
                continue
            got = getattr(cp, name)(cp.asarray(x), cp.asarray(y))
            assert_matches(name, expected, got)


SHAPES = [((3, 4), (4,)), ((3, 1), (1, 5)), ((2, 3, 4), (3, 1)), ((), (5,)), ((), ()),
          ((0,), (1,)), ((2, 0, 3), (3,))]


@pytest.mark.parametrize('shapes', SHAPES)
@pytest.mark.parametrize('dtype', [np.int32, np.float32, np.float64, np.complex64])
def test_broadcast(shapes, dtype):
    rng = np.random.default_rng(0)
    x = rng.uniform(-5, 5, shapes[0]).astype(dtype)
    y = rng.uniform(-5, 5, shapes[1]).astype(dtype)
    for name in ['add', 'multiply', 'subtract', 'less', 'maximum']:
        assert_matches(name, run_numpy(name, x, y), getattr(cp, name)(cp.asarray(x), cp.asarray(y)))


def test_non_contiguous_and_negative_strides():
    rng = np.random.default_rng(1)
    base = rng.uniform(-5, 5, (6, 8)).astype(np.float32)
    other = rng.uniform(-5, 5, (8, 6)).astype(np.float64)
    b, o = cp.asarray(base), cp.asarray(other)
    views = [(base[::2, 1::3], b[::2, 1::3]), (base[::-1], b[::-1]), (base.T[:, ::-2], b.T[:, ::-2])]
    for xn, xc in views:
        assert_matches('sin', np.sin(xn), cp.sin(xc))
        assert_matches('negative', np.negative(xn), cp.negative(xc))
    assert_matches('add', base + other.T, b + o.T)
    assert_matches('multiply', base[:, ::-1] * other.T[::-1], b[:, ::-1] * o.T[::-1])


def test_large_arrays_run_in_parallel_chunks():
    x = np.arange(300_000, dtype=np.float32).reshape(600, 500)
    xc = cp.asarray(x)
    assert_matches('add', x + 1.5, xc + 1.5)
    assert_matches('multiply', x[:, ::2] * x[:, 1::2], xc[:, ::2] * xc[:, 1::2])
    assert_matches('sqrt', np.sqrt(x), cp.sqrt(xc))


def test_zero_d_and_empty():
    x = np.array(2.5, dtype=np.float32)
    r = cp.add(cp.asarray(x), 1)
    assert r.shape == () and r.dtype == np.float32 and float(r) == 3.5
    e = np.zeros((0, 3), np.int16)
    r = cp.asarray(e) + cp.asarray(np.ones(3, np.int16))
    assert r.shape == (0, 3) and r.dtype == np.int16
    assert cp.sin(cp.asarray(np.zeros(0, np.float16))).dtype == np.float16


def test_integer_division_edge_cases():
    for dt in [np.int8, np.int16, np.int32, np.int64]:
        info = np.iinfo(dt)
        a = np.array([7, -7, 7, -7, 0, info.min, info.max, 5], dtype=dt)
        b = np.array([2, 2, -2, -2, 3, 1, -1, 0], dtype=dt)
        for name in ['floor_divide', 'remainder', 'fmod']:
            assert_matches(name, run_numpy(name, a, b), getattr(cp, name)(cp.asarray(a), cp.asarray(b)))
    a = np.array([5, 0, 200], np.uint8)
    b = np.array([0, 0, 7], np.uint8)
    for name in ['floor_divide', 'remainder']:
        assert_matches(name, run_numpy(name, a, b), getattr(cp, name)(cp.asarray(a), cp.asarray(b)))


def test_float_division_special_values():
    vals = np.array([5.0, -5.0, 0.0, -0.0, np.inf, -np.inf, np.nan, 1e300, 7.5])
    a, b = np.meshgrid(vals, vals)
    for dt in [np.float16, np.float32, np.float64]:
        with np.errstate(over='ignore'):  # 1e300 becomes inf in float16/32
            x, y = a.astype(dt), b.astype(dt)
        for name in ['floor_divide', 'remainder', 'true_divide', 'fmod']:
            assert_matches(name, run_numpy(name, x, y), getattr(cp, name)(cp.asarray(x), cp.asarray(y)))


def test_integer_overflow_wraps():
    for dt in [np.int8, np.uint8, np.int16, np.int32, np.int64, np.uint64]:
        info = np.iinfo(dt)
        a = np.array([info.max, info.min, info.max], dtype=dt)
        b = np.array([1, info.max if info.min == 0 else -1, info.max], dtype=dt)
        for name in ['add', 'subtract', 'multiply', 'negative', 'absolute', 'square']:
            args = (a,) if name in ('negative', 'absolute', 'square') else (a, b)
            expected = run_numpy(name, *args)
            assert_matches(name, expected, getattr(cp, name)(*[cp.asarray(v) for v in args]))


# ---- NEP 50: Python scalars are weak ------------------------------------------------------
@pytest.mark.parametrize('dtype,scalar,expected', [
    (np.float32, 1.0, np.float32), (np.float16, 1.0, np.float16), (np.int8, 1, np.int8),
    (np.uint8, 3, np.uint8), (np.int16, 1.5, np.float64), (np.bool_, 1, np.int64),
    (np.bool_, 1.0, np.float64), (np.float32, 1j, np.complex64), (np.float16, 2j, np.complex64),
    (np.int32, 1j, np.complex128), (np.complex64, 2.0, np.complex64), (np.bool_, True, np.bool_),
    (np.uint64, 5, np.uint64), (np.int64, 2**40, np.int64),
])
def test_weak_python_scalars(dtype, scalar, expected):
    x = np.array([1, 2, 3], dtype=dtype)
    xc = cp.asarray(x)
    for op in [operator.add, operator.mul]:
        got = op(xc, scalar)
        want = op(x, scalar)
        assert want.dtype == expected
        assert_matches('add', want, got)
        assert_matches('add', op(scalar, x), op(scalar, xc))


def test_weak_integer_out_of_bounds_raises_overflow():
    x = cp.asarray(np.array([1, 2], np.int8))
    with pytest.raises(OverflowError):
        x + 1000
    with pytest.raises(OverflowError):
        cp.asarray(np.array([1], np.uint8)) + (-1)
    # Comparisons with out-of-range Python integers are exact, as in NumPy 2.
    np.testing.assert_array_equal(cp.asnumpy(x < 1000), [True, True])
    np.testing.assert_array_equal(cp.asnumpy(x == 1000), [False, False])


def test_numpy_scalars_are_strong():
    x = cp.asarray(np.array([1, 2], np.float32))
    assert (x + np.float64(1)).dtype == np.float64
    assert (x + np.float32(1)).dtype == np.float32
    assert (cp.asarray(np.array([1], np.int8)) + np.int16(1)).dtype == np.int16


def test_zero_d_arrays_are_strong():
    x = cp.asarray(np.array([1, 2], np.float32))
    assert (x + cp.asarray(np.array(1.0))).dtype == np.float64


def test_errors():
    b = cp.asarray(np.array([True, False]))
    with pytest.raises(TypeError):
        b - b
    with pytest.raises(TypeError):
        -b
    with pytest.raises(TypeError):
        cp.bitwise_and(cp.asarray(np.ones(2)), cp.asarray(np.ones(2)))
    with pytest.raises(TypeError):
        cp.asarray(np.ones(2)) + np.ones(2)  # no implicit host-to-device copy
    with pytest.raises(TypeError):
        cp.add(cp.asarray(np.ones(2)), [1, 2])
    with pytest.raises(ValueError):
        cp.asarray(np.ones(3)) + cp.asarray(np.ones(4))
    with pytest.raises(TypeError):
        cp.sin(cp.asarray(np.ones(2)), cp.asarray(np.ones(2)), cp.asarray(np.ones(2)))


# ---- out=, dtype=, casting= -------------------------------------------------------------
def test_out_argument():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    xc = cp.asarray(x)
    out = cp.asarray(np.zeros((2, 3), np.float64))
    r = cp.add(xc, 1, out=out)
    assert r is out
    np.testing.assert_array_equal(cp.asnumpy(out), x + 1)
    out2 = cp.asarray(np.zeros((2, 3), np.float32))
    cp.multiply(xc, xc, out=(out2,))
    np.testing.assert_array_equal(cp.asnumpy(out2), x * x)
    # Broadcast into a larger out.
    out3 = cp.asarray(np.zeros((4, 2, 3), np.float32))
    cp.sin(xc, out3)
    np.testing.assert_allclose(cp.asnumpy(out3), np.broadcast_to(np.sin(x), (4, 2, 3)), rtol=1e-6)
    with pytest.raises(TypeError):  # float64 result into int array under same_kind
        cp.add(xc, 1.5, out=cp.asarray(np.zeros((2, 3), np.int32)))
    with pytest.raises(ValueError):  # out smaller than the broadcast shape
        cp.add(xc, xc, out=cp.asarray(np.zeros(3, np.float32)))
    cp.add(xc, 1.5, out=cp.asarray(np.zeros((2, 3), np.int32)), casting='unsafe')


def test_dtype_argument():
    x = np.arange(5, dtype=np.int16)
    xc = cp.asarray(x)
    for dt in [np.float32, np.float64, np.int64]:
        assert_matches('add', np.add(x, x, dtype=dt), cp.add(xc, xc, dtype=dt))
    with pytest.raises(TypeError):
        cp.add(cp.asarray(np.ones(3)), 1, dtype=np.int32)
    assert_matches('sqrt', np.sqrt(x, dtype=np.float32), cp.sqrt(xc, dtype=np.float32))


def test_casting_no_rejects_conversions():
    x = cp.asarray(np.ones(3, np.int8))
    y = cp.asarray(np.ones(3, np.int16))
    with pytest.raises(TypeError):
        cp.add(x, y, casting='no')
    cp.add(y, y, casting='no')


# ---- operators ------------------------------------------------------------------------------
BINARY_OPERATORS = [operator.add, operator.sub, operator.mul, operator.truediv,
                    operator.floordiv, operator.mod, operator.pow, operator.eq, operator.ne,
                    operator.lt, operator.le, operator.gt, operator.ge]


@pytest.mark.parametrize('op', BINARY_OPERATORS)
@pytest.mark.parametrize('dtype', [np.int32, np.float32, np.float64])
def test_operators(op, dtype):
    x = np.array([1, 2, 3, 4], dtype=dtype)
    y = np.array([2, 2, 1, 3], dtype=dtype)
    xc, yc = cp.asarray(x), cp.asarray(y)
    name = 'power' if op is operator.pow else op.__name__  # the ufunc's name for the ULP table
    assert_matches(name, op(x, y), op(xc, yc))
    assert_matches(name, op(x, 2), op(xc, 2))
    assert_matches(name, op(3, y), op(3, yc))
    assert_matches(name, op(x, 2.0), op(xc, 2.0))


@pytest.mark.parametrize('op', [operator.and_, operator.or_, operator.xor,
                                operator.lshift, operator.rshift])
def test_bitwise_operators(op):
    x = np.array([1, 6, 12, 255], np.int32)
    y = np.array([3, 2, 1, 4], np.int32)
    assert_matches('bitwise', op(x, y), op(cp.asarray(x), cp.asarray(y)))
    assert_matches('bitwise', op(x, 3), op(cp.asarray(x), 3))
    b = np.array([True, False, True])
    if op not in (operator.lshift, operator.rshift):
        assert_matches('bitwise', op(b, b[::-1]), op(cp.asarray(b), cp.asarray(b[::-1])))


def test_unary_operators():
    x = np.array([-2, 0, 3], np.int16)
    xc = cp.asarray(x)
    assert_matches('neg', -x, -xc)
    assert_matches('pos', +x, +xc)
    assert_matches('abs', abs(x), abs(xc))
    assert_matches('invert', ~x, ~xc)
    b = np.array([True, False])
    assert_matches('invert', ~b, ~cp.asarray(b))


def test_inplace_operators():
    x = np.arange(5, dtype=np.float32)
    xc = cp.asarray(x)
    ref = xc
    xc += 1
    xc *= 2.0
    xc -= cp.asarray(np.ones(5, np.float32))
    xc /= 4
    xc **= 2
    assert xc is ref
    y = x.copy()
    y += 1
    y *= 2.0
    y -= 1
    y /= 4
    y **= 2
    assert_matches('inplace', y, xc)
    i = cp.asarray(np.arange(4, dtype=np.int32))
    with pytest.raises(TypeError):
        i += 1.5
    i //= 2
    np.testing.assert_array_equal(cp.asnumpy(i), np.arange(4) // 2)


def test_unknown_operand_gives_not_implemented():
    class Other:
        def __radd__(self, other):
            return 'radd'
    assert cp.asarray(np.ones(2)) + Other() == 'radd'


def test_aliases():
    assert cp.divide is cp.true_divide and cp.mod is cp.remainder and cp.abs is cp.absolute
    assert cp.conj is cp.conjugate and cp.bitwise_not is cp.invert


def test_ufunc_on_python_scalars_only():
    r = cp.add(1, 2)
    assert r.dtype == np.int64 and int(r) == 3
    assert cp.multiply(2.0, 3).dtype == np.float64


def test_overlapping_in_place_operands_read_before_write():
    x = np.arange(10, dtype=np.int64)
    xc = cp.asarray(x)
    x[1:] += x[:-1]
    xc[1:] += xc[:-1]
    np.testing.assert_array_equal(cp.asnumpy(xc), x)
    y = np.arange(6, dtype=np.float32)
    yc = cp.asarray(y)
    np.add(y[::-1], 1, out=y)
    cp.add(yc[::-1], 1, out=yc)
    np.testing.assert_array_equal(cp.asnumpy(yc), y)


@pytest.mark.parametrize('name', ['sin', 'cos'])
def test_float32_sin_cos_over_ranges(name):
    # The CPU backend's vectorized float32 sin/cos and its libm fallback for large values.
    rng = np.random.default_rng(5)
    for lo, hi in [(-4, 4), (-300, 300), (-1e6, 1e6)]:
        x = rng.uniform(lo, hi, 5000).astype(np.float32)
        x[:4] = [0.0, -0.0, np.pi, -np.pi / 2]
        assert_matches(name, getattr(np, name)(x), getattr(cp, name)(cp.asarray(x)))


def test_where_argument():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    mask = np.array([True, False, True])
    out = np.full((2, 3), -1.0, np.float64)
    outc = cp.asarray(out)
    np.add(x, 10, out=out, where=mask)
    r = cp.add(cp.asarray(x), 10, out=outc, where=cp.asarray(mask))
    assert r is outc
    np.testing.assert_array_equal(cp.asnumpy(outc), out)
    # Allocated output: only the selected elements are defined.
    got = cp.asnumpy(cp.sqrt(cp.asarray(x), where=cp.asarray(mask)))
    np.testing.assert_allclose(got[:, mask], np.sqrt(x)[:, mask])
    i = np.zeros(3, np.int32)
    ic = cp.asarray(i)
    with pytest.raises(TypeError):
        cp.add(ic, 1.5, out=ic, where=cp.asarray(mask))
    assert '_where' not in cp.__dict__ or not hasattr(cp, '__all__') or '_where' not in cp.__all__
