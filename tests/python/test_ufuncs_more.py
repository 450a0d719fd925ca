"""The ufuncs added after test_ufuncs_basic.py against NumPy: the multi-output ufuncs
(divmod, modf, frexp), ldexp's mixed int/float loops, heaviside, logaddexp/logaddexp2,
nextafter, spacing, deg2rad/radians/rad2deg/degrees, gcd, lcm, bitwise_count and the
complex branch cuts of the inverse trigonometric/hyperbolic functions; every loop dtype ×
layout (broadcast, non-contiguous, negative strides, 0-d, empty) × special values (nan,
±inf, -0.0, smallest and largest integers). Exact except the functions of ULP_TOLERANCE.
"""
import operator
import warnings

import numpy as np
import pytest

import cunumpy as cp
from _helpers import LAYOUT_NAMES, make_pair
from _reduction_helpers import same
from test_ufuncs_basic import CODE_TO_DTYPE, assert_matches, numpy_types, run_numpy

NEW_UNARY = ['spacing', 'deg2rad', 'rad2deg', 'degrees', 'radians', 'bitwise_count']
NEW_BINARY = ['heaviside', 'logaddexp', 'logaddexp2', 'nextafter', 'gcd', 'lcm', 'ldexp']
MULTI = ['divmod', 'modf', 'frexp']
ALL_NEW = NEW_UNARY + NEW_BINARY + MULTI
# logaddexp(2) go through exp and log1p: compared within test_ufuncs_basic's ULP table.
ULP = {'logaddexp', 'logaddexp2'}


def same_expr(expr):
    """The expression (text over `xp` and `np`) with xp = cunumpy and with xp = NumPy: the
    same result, or the same exception."""
    same(lambda: eval(expr, {'xp': cp, 'np': np}), lambda: eval(expr, {'xp': np, 'np': np}))


FLOAT_SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, 1e-30, -1e30, np.inf, -np.inf, np.nan]


def values(dt, name, position):
    """Values of dtype `dt` for argument `position` of `name`, special values included."""
    dt = np.dtype(dt)
    rng = np.random.default_rng(abs(hash((name, position, dt.char))) % 2**32)
    if dt.kind == 'b':
        return np.array([True, False, True, False, True, True, False, False] * 2, dt)
    if dt.kind in 'iu':
        info = np.iinfo(dt)
        if name == 'ldexp':
            return np.array(list(rng.integers(-40, 40, 12)) + [0, 1, -1, 200], dt)
        lo, hi = max(info.min, -1000), min(info.max, 1000)
        vals = list(rng.integers(lo, hi, 12)) + [info.min, info.max, 0, 1]
        if name == 'divmod' and position == 1 and info.min < 0:
            vals[-4] = -7  # INT_MIN // -1 warns and wraps in NumPy: tested separately
        return np.array(vals, dt)
    with np.errstate(over='ignore'):
        base = rng.uniform(-60, 60, 4).astype(dt)
        return np.concatenate([base, np.array(FLOAT_SPECIAL, dt)])


def compare(name, expected, got):
    if name in ULP:
        return assert_matches(name, expected, got)  # ULP_TOLERANCE; nan and inf exact
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected)
        for e, g in zip(expected, got):
            compare(name, e, g)
        return
    got = cp.asnumpy(got)
    assert got.dtype == expected.dtype and got.shape == expected.shape, (got.dtype, expected.dtype)
    if expected.dtype.kind in 'fc':  # bit for bit, any NaN matching any NaN
        ge, gg = np.isnan(expected), np.isnan(got)
        np.testing.assert_array_equal(gg, ge, err_msg=name)
        np.testing.assert_array_equal(np.signbit(got[~gg]), np.signbit(expected[~ge]), err_msg=name)
    np.testing.assert_array_equal(got, expected, err_msg=name)


@pytest.mark.parametrize('name', ALL_NEW)
def test_attributes(name):
    uf, ref = getattr(cp, name), getattr(np, name)
    assert isinstance(uf, cp.ufunc) and uf.__name__ == ref.__name__
    assert (uf.nin, uf.nout, uf.nargs) == (ref.nin, ref.nout, ref.nargs)
    assert uf.types == numpy_types(name) and uf.ntypes == len(uf.types)
    assert uf.identity == ref.identity or (np.isnan(ref.identity) if isinstance(ref.identity, float) else False) \
        or uf.identity == ref.identity


@pytest.mark.parametrize('name', ALL_NEW)
def test_every_loop(name):
    uf = getattr(np, name)
    for sig in numpy_types(name):
        ins = [CODE_TO_DTYPE[c] for c in sig.split('->')[0]]
        args = [values(d, name, i) for i, d in enumerate(ins)]
        n = min(a.size for a in args)
        args = [a[:n] if i == 0 else a[::-1][:n] for i, a in enumerate(args)]
        expected = run_numpy(name, *args, signature=sig) if len(ins) == 2 and name == 'ldexp' \
            else run_numpy(name, *args)
        got = getattr(cp, name)(*[cp.asarray(a) for a in args])
        compare(name, expected, got)


@pytest.mark.parametrize('name', ALL_NEW)
@pytest.mark.parametrize('layout', LAYOUT_NAMES)
def test_layouts(name, layout):
    sig = numpy_types(name)[-1]
    ins = [CODE_TO_DTYPE[c] for c in sig.split('->')[0]]
    pairs = [make_pair(layout, d, seed=i) for i, d in enumerate(ins)]
    if name == 'ldexp':
        pairs[1] = tuple(p % 50 for p in pairs[1])
    expected = run_numpy(name, *[p[0] for p in pairs])
    got = getattr(cp, name)(*[p[1] for p in pairs])
    compare(name, expected, got)


@pytest.mark.parametrize('name', NEW_BINARY + ['divmod'])
def test_broadcast_and_scalars(name):
    sig = numpy_types(name)[-1]
    d1, d2 = (CODE_TO_DTYPE[c] for c in sig[:2])
    x = values(d1, name, 0)[:6].reshape(2, 3, 1)
    y = values(d2, name, 1)[:4].reshape(1, 4)
    compare(name, run_numpy(name, x, y), getattr(cp, name)(cp.asarray(x), cp.asarray(y)))
    s = 3 if d2.kind in 'iu' else 2.5
    compare(name, run_numpy(name, x, s), getattr(cp, name)(cp.asarray(x), s))


def test_ldexp_resolution_like_numpy():
    cases = [(np.float32, 3), (np.float16, 3), (np.int8, 2), (np.float32, np.int64(3)),
             (np.float64, np.int32(2)), (np.int32, 5)]
    for dt, e in cases:
        x = np.array([1.5, -2.0, 0.25], dt)
        compare('ldexp', np.ldexp(x, e), cp.ldexp(cp.asarray(x), e))
    e = np.array([1, 2, 3], np.int64)
    compare('ldexp', np.ldexp(np.float32(1.5), e), cp.ldexp(np.float32(1.5), cp.asarray(e)))
    compare('ldexp', np.ldexp(1.5, e), cp.ldexp(1.5, cp.asarray(e)))
    # Exponents beyond int's range saturate (the 'l' loops clamp).
    big = np.array([2**40, -2**40, 2000, -2000], np.int64)
    compare('ldexp', run_numpy('ldexp', np.ones(4), big), cp.ldexp(cp.asarray(np.ones(4)), cp.asarray(big)))
    with pytest.raises(TypeError):
        cp.ldexp(cp.asarray(np.ones(2)), cp.asarray(np.ones(2)))


# A Python int exponent goes to ldexp's int32 loops (bool mantissas: int64): beyond, OverflowError.
@pytest.mark.parametrize('e', [2**31 - 1, -2**31, 2**31, -2**63, 2**63 - 1, 2**63, -2**64])
@pytest.mark.parametrize('dt', ['float64', 'float32', 'float16', 'int32', 'int64', 'int8', 'bool'])
def test_ldexp_python_int_exponent_range(e, dt):
    x = np.array([1, 0], dt)
    same(lambda: cp.ldexp(cp.asarray(x), e), lambda: np.ldexp(x, e))


# NumPy resolves ldexp's mixed loops by safe input casts, and with dtype= by its legacy
# type-tuple resolver (safe casts whatever `casting`, Python ints by value and position).
_LDEXP_MANTISSAS = {'f16': np.ones(2, 'float16'), 'f32': np.ones(2, 'float32'), 'f64': np.ones(2),
                    'i8': np.ones(2, 'int8'), 'u16': np.ones(2, 'uint16'), 'i64': np.ones(2, 'int64'),
                    'u64': np.ones(2, 'uint64'), 'b': np.ones(2, bool), 'py1': 1, 'py1.5': 1.5}
_LDEXP_EXPONENTS = {'i8': np.full(2, 3, 'int8'), 'i32': np.full(2, 3, 'int32'), 'i64': np.full(2, 3, 'int64'),
                    'u32': np.full(2, 3, 'uint32'), 'u64': np.full(2, 3, 'uint64'), 'b': np.ones(2, bool),
                    'py3': 3, 'pybig': 2**63 - 1, 'pyhuge': 2**63, 'npu64': np.uint64(3),
                    'f32': np.ones(2, 'float32')}


@pytest.mark.parametrize('dtype', [None, 'float16', 'float32', 'float64'])
@pytest.mark.parametrize('e', list(_LDEXP_EXPONENTS))
@pytest.mark.parametrize('m', list(_LDEXP_MANTISSAS))
def test_ldexp_type_resolution_grid(m, e, dtype):
    mn, en = _LDEXP_MANTISSAS[m], _LDEXP_EXPONENTS[e]
    kw = {} if dtype is None else {'dtype': dtype}

    def on(xp):
        def conv(v):
            return xp.asarray(v) if isinstance(v, np.ndarray) else v
        with np.errstate(over='ignore'):
            return xp.ldexp(conv(mn), conv(en), **kw)
    same(lambda: on(cp), lambda: on(np))


def test_divmod_integer_edges():
    for dt in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint64]:
        info = np.iinfo(dt)
        a = np.array([7, 7, 0, info.max, info.min, 5, info.max] + ([-7, -7] if info.min else [1, 2]), dt)
        b = np.array([2, 0, 3, 1, 1, 0, info.max] + ([2, -2] if info.min else [1, 1]), dt)
        compare('divmod', run_numpy('divmod', a, b), cp.divmod(cp.asarray(a), cp.asarray(b)))
    # INT_MIN // -1 wraps (NumPy warns), the remainder is 0.
    a = np.array([np.iinfo(np.int32).min], np.int32)
    q, r = cp.divmod(cp.asarray(a), cp.asarray(np.array([-1], np.int32)))
    assert cp.asnumpy(q)[0] == np.iinfo(np.int32).min and cp.asnumpy(r)[0] == 0


def test_divmod_float_special_grid():
    v = np.array([5.0, -5.0, 0.0, -0.0, np.inf, -np.inf, np.nan, 1e300, 7.5, -0.5])
    a, b = np.meshgrid(v, v)
    for dt in [np.float16, np.float32, np.float64]:
        with np.errstate(over='ignore'):
            x, y = a.astype(dt), b.astype(dt)
        compare('divmod', run_numpy('divmod', x, y), cp.divmod(cp.asarray(x), cp.asarray(y)))


def test_multi_output_out_and_where():
    x = np.linspace(-3.3, 3.3, 12).reshape(3, 4)
    xc = cp.asarray(x)
    o1 = cp.asarray(np.zeros((3, 4)))
    o2 = cp.asarray(np.zeros((3, 4), np.float32))
    r = cp.modf(xc, out=(o1, o2))
    assert r[0] is o1 and r[1] is o2
    f, i = np.modf(x)
    compare('modf', f, o1)
    compare('modf', i.astype(np.float32), o2)
    o3 = cp.asarray(np.zeros((3, 4)))
    r = cp.modf(xc, out=(None, o3))
    assert r[1] is o3
    compare('modf', f, r[0])
    m, e = cp.frexp(xc, cp.asarray(np.zeros((3, 4))), cp.asarray(np.zeros((3, 4), np.int64)))
    mn, en = np.frexp(x)
    compare('frexp', mn, m)
    compare('frexp', en.astype(np.int64), e)
    with pytest.raises(ValueError):
        cp.modf(xc, out=(o1,))
    with pytest.raises(TypeError):  # float64 fractional part into int32 under same_kind
        cp.modf(xc, out=(cp.asarray(np.zeros((3, 4), np.int32)), None))
    mask = np.array([True, False, True, False])
    qa, ra = np.full((3, 4), -1.0), np.full((3, 4), -1.0)
    qc, rc = cp.asarray(qa), cp.asarray(ra)
    np.divmod(x, 0.7, out=(qa, ra), where=mask)
    cp.divmod(xc, 0.7, out=(qc, rc), where=cp.asarray(mask))
    compare('divmod', (qa, ra), (qc, rc))


def test_gcd_lcm_bitcount_extremes():
    for dt in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]:
        info = np.iinfo(dt)
        a = np.array([info.min, info.max, 0, 0, 12, info.min, 7, info.max], dt)
        b = np.array([0, info.max, 0, 5, 18, 3 if info.min else 2, info.max, 1], dt)
        for name in ['gcd', 'lcm']:
            compare(name, run_numpy(name, a, b), getattr(cp, name)(cp.asarray(a), cp.asarray(b)))
        compare('bitwise_count', np.bitwise_count(a), cp.bitwise_count(cp.asarray(a)))
    b = np.array([True, False])
    compare('bitwise_count', np.bitwise_count(b), cp.bitwise_count(cp.asarray(b)))
    with pytest.raises(TypeError):
        cp.gcd(cp.asarray(np.ones(2)), 2)


def test_nextafter_spacing_edges():
    for dt in [np.float16, np.float32, np.float64]:
        fi = np.finfo(dt)
        x = np.array([0.0, -0.0, 0.0, -0.0, 1.0, -1.0, fi.max, -fi.max, fi.tiny, fi.smallest_subnormal,
                      np.inf, -np.inf, np.nan, 1.0, 2.0], dt)
        y = np.array([-0.0, 0.0, 1.0, -1.0, 1.0, 0.0, np.inf, -np.inf, 0.0, 0.0,
                      0.0, 0.0, 1.0, np.nan, -np.inf], dt)
        expected = run_numpy('nextafter', x, y)
        if dt == np.float16 and np.lib.NumpyVersion(np.__version__) < '2.5.0':
            # NumPy 2.5 made float16 follow C (equal inputs give y, as float32/64 always
            # did); cunumpy follows 2.5, so older NumPys are corrected here.
            expected = np.where(x == y, y, expected)
        compare('nextafter', expected, cp.nextafter(cp.asarray(x), cp.asarray(y)))
        compare('spacing', run_numpy('spacing', x), cp.spacing(cp.asarray(x)))
        compare('spacing', run_numpy('spacing', -x), cp.spacing(cp.asarray(-x)))


# ---- complex inverse functions: branch cuts and signed zeros -----------------------------
CUT_POINTS = [2 + 0j, 2 - 0j, -2 + 0j, -2 - 0j, 0.5 + 0j, 0.5 - 0j, -0.5 + 0j, -0.5 - 0j,
              3j, -3j, complex(0.0, 3), complex(-0.0, 3), complex(0.0, -3), complex(-0.0, -3),
              0.5j, -0.5j, complex(1, 0), complex(-1, 0), complex(0, 0), complex(-0.0, -0.0),
              1e-8 + 1e-8j, 30 + 40j, -30 - 40j, 0.3 - 0.2j, 1 + 1e-10j, 1e5 + 1e5j]


@pytest.mark.parametrize('name', ['arcsin', 'arccos', 'arctan', 'arcsinh', 'arccosh', 'arctanh'])
@pytest.mark.parametrize('dtype', [np.complex64, np.complex128])
def test_complex_inverse_branch_cuts(name, dtype):
    z = np.array(CUT_POINTS, dtype)
    with np.errstate(all='ignore'):
        expected = getattr(np, name)(z)
    got = cp.asnumpy(getattr(cp, name)(cp.asarray(z)))
    assert got.dtype == expected.dtype
    fin = np.isfinite(expected)
    np.testing.assert_array_equal(np.isfinite(got), fin)
    rtol = 1e-5 if dtype == np.complex64 else 1e-12
    for part in ('real', 'imag'):
        e, g = getattr(expected[fin], part), getattr(got[fin], part)
        scale = np.abs(expected[fin])
        assert np.all(np.abs(g - e) <= rtol * scale + 1e-300), (name, part, g, e)
        # The side of each cut: signs agree wherever the part is not (nearly) zero.
        nz = np.abs(e) > rtol * scale
        np.testing.assert_array_equal(np.sign(g[nz]), np.sign(e[nz]), err_msg=f"{name} {part}")
    assert np.isinf(got[~fin].real).all() == np.isinf(expected[~fin].real).all()


# dtype= picks, as NumPy, the first loop computing in dtype whose inputs cast safely
# (isinf(float64, dtype=bool) reads float64, not float16 reached by same_kind), else the
# first computing in it under `casting` (absolute(complex128, dtype=float32) is 'f->f').
_DTYPE_SELECTION_VALUES = {'?': [True, False, True], 'b': [0, -3, 7], 'H': [0, 3, 700], 'q': [0, -3, 70000],
                           'e': [0.5, -3.0, 1000.0], 'f': [0.5, -3.0, 70000.0], 'd': [1e300, 70000.0, 1e-30],
                           'F': [3 + 4j, -1, 70000.5], 'D': [3 + 4j, 1e300, 70000.5 - 1j]}


@pytest.mark.parametrize('casting', ['same_kind', 'unsafe'])
@pytest.mark.parametrize('name', ['isinf', 'isnan', 'isfinite', 'signbit', 'equal', 'less', 'absolute', 'add',
                                  'multiply', 'sqrt', 'negative', 'maximum', 'logical_and', 'floor_divide',
                                  'arctan2', 'copysign', 'heaviside'])
def test_dtype_keyword_selects_numpys_loop(name, casting):
    uf_np, uf_cp = getattr(np, name), getattr(cp, name)
    for code, vals in _DTYPE_SELECTION_VALUES.items():
        x = np.array(vals, dtype=code)
        args_np = (x,) * uf_np.nin
        for dtype in ['bool', 'int8', 'int64', 'float16', 'float32', 'float64', 'complex128']:
            with np.errstate(all='ignore'), warnings.catch_warnings():
                warnings.simplefilter('ignore')
                same(lambda: uf_cp(*[cp.asarray(a) for a in args_np], dtype=dtype, casting=casting),
                     lambda: uf_np(*args_np, dtype=dtype, casting=casting))


# A Python int is a truth value for the logical ufuncs whatever their loop (256 is true in
# an int8 loop); beyond int64 it is NumPy's OverflowError (its conversion to C long).
@pytest.mark.parametrize('name', ['logical_and', 'logical_or', 'logical_xor'])
@pytest.mark.parametrize('dtype', ['int8', 'uint8', 'uint64', 'bool', 'float32'])
@pytest.mark.parametrize('value', [256, -2**63, 2**63 - 1, 2**63, 2**64 + 1, 1000, -1, 0, True, 0.5], ids=repr)
def test_logical_python_int_is_a_truth_value(name, dtype, value):
    a = np.array([6, 0, 1], dtype=dtype)
    same(lambda: getattr(cp, name)(cp.asarray(a), value), lambda: getattr(np, name)(a, value))
    same(lambda: getattr(cp, name)(value, cp.asarray(a)), lambda: getattr(np, name)(value, a))


# NumPy checks that out= accepts the loop's output dtype before it broadcasts any shape: a
# bad cast is the error even where the shapes do not fit either.
@pytest.mark.parametrize('expr', [
    'xp.fmax(xp.ones(5, "float16"), xp.ones(0, "complex128"), out=(xp.zeros(3),), where=xp.ones(3, bool))',
    'xp.cos(xp.ones(0, "float32"), dtype="float64", out=(xp.zeros((0, 2), "int8"),))',
    'xp.lcm(xp.ones((3, 0), "int8"), xp.ones((0, 2), "uint8"), out=(xp.zeros(3, "uint16"),), where=xp.ones(3, bool))',
    'xp.add(xp.ones(4), xp.ones(3), out=xp.zeros(2, "int32"))',
    'xp.add(xp.ones(4), xp.ones(3), out=xp.zeros(2, "int32"), where=xp.ones(4, bool))',
    'xp.add(xp.ones(4), xp.ones(3), out=xp.zeros(2))',  # shapes alone: ValueError
    'xp.divmod(xp.ones(4), xp.ones(3), out=(xp.zeros(4), xp.zeros(2, "int8")))',
])
def test_out_casting_checked_before_broadcasting(expr):
    same_expr(expr)


# ---- complex sqrt at the ends of the range -------------------------------------------------
@pytest.mark.parametrize('dtype', [np.complex64, np.complex128])
def test_complex_sqrt_near_overflow_and_subnormal(dtype):
    """|x| + |z| overflows near the largest finite value and the halved sum of subnormal
    parts loses bits: NumPy's csqrt scales both; each part within a few ulps of NumPy's."""
    info = np.finfo(np.dtype(dtype).char.lower())
    big, tiny, sub = info.max, info.smallest_normal, info.smallest_subnormal
    parts = [big, -big, big / 3, -big / 2, big / 4, 1.0, -1.0, 0.0, -0.0, tiny, -tiny, sub, -sub,
             3 * sub, tiny / 7, -tiny / 1000]
    z = np.array([complex(a, b) for a in parts for b in parts], dtype)
    with np.errstate(all='ignore'):
        expected = np.sqrt(z)
    with warnings.catch_warnings():
        warnings.simplefilter('error')  # no overflow of the intermediate sum reported
        got = cp.sqrt(cp.asarray(z)).get()
    assert got.dtype == expected.dtype
    assert np.isfinite(expected).all() and np.isfinite(got).all()
    ulp = 8 * info.eps
    for part in ('real', 'imag'):
        e, g = getattr(expected, part), getattr(got, part)
        # relative to the part, and to the result's smallest normal for parts that are subnormal
        bad = np.abs(g - e) > ulp * np.abs(e) + 2 * np.abs(np.spacing(e))
        assert not bad.any(), (part, z[bad], g[bad], e[bad])
        np.testing.assert_array_equal(np.signbit(g), np.signbit(e), err_msg=part)


# ---- operators --------------------------------------------------------------------------
@pytest.mark.parametrize('dtype', [np.int16, np.uint8, np.float32, np.float64])
def test_divmod_operator(dtype):
    x = np.array([7, 8, 9, 3], dtype)
    y = np.array([2, 3, 4, 5], dtype)
    xc, yc = cp.asarray(x), cp.asarray(y)
    compare('divmod', divmod(x, y), divmod(xc, yc))
    compare('divmod', divmod(x, 3), divmod(xc, 3))
    compare('divmod', divmod(11, y), divmod(11, yc))


INPLACE = ['iadd', 'isub', 'imul', 'itruediv', 'ifloordiv', 'imod', 'ipow', 'iand', 'ior',
           'ixor', 'ilshift', 'irshift']


@pytest.mark.parametrize('op', INPLACE)
@pytest.mark.parametrize('dtype', [np.int32, np.uint8, np.float32, np.bool_])
def test_inplace_operators_every_form(op, dtype):
    fn = getattr(operator, op)
    x = np.array([5, 6, 7, 1], dtype)
    y = np.array([1, 2, 3, 1], dtype)
    for rhs_np, rhs_cp in [(y, cp.asarray(y)), (2, 2), (np.array(3, dtype), cp.asarray(np.array(3, dtype)))]:
        xn, xc = x.copy(), cp.asarray(x)
        kind_np = kind_cp = 'ok'
        try:
            with np.errstate(all='ignore'):
                rn = fn(xn, rhs_np)
        except Exception as e:  # noqa: BLE001
            kind_np = type(e)
        try:
            rc = fn(xc, rhs_cp)
        except Exception as e:  # noqa: BLE001
            kind_cp = type(e)
        if kind_np != 'ok':
            base = next(t for t in kind_np.__mro__ if t.__module__ == 'builtins')
            assert kind_cp != 'ok' and issubclass(kind_cp, base), (op, kind_np, kind_cp)
            continue
        assert kind_cp == 'ok', (op, kind_cp)
        assert rc is xc
        compare(op, rn, rc)


BINARY_OPS = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv,
              operator.mod, operator.pow, operator.and_, operator.or_, operator.xor,
              operator.lshift, operator.rshift, operator.eq, operator.ne, operator.lt,
              operator.le, operator.gt, operator.ge, divmod]


@pytest.mark.parametrize('op', BINARY_OPS)
def test_reflected_with_zero_d_and_scalars(op):
    x = np.array([3, 4, 5], np.int64)
    z = np.array(2, np.int64)
    xc, zc = cp.asarray(x), cp.asarray(z)
    compare('op', op(z, x), op(zc, xc))
    compare('op', op(x, z), op(xc, zc))
    compare('op', op(7, x), op(7, xc))
    compare('op', op(x, 2), op(xc, 2))


@pytest.mark.parametrize('op', BINARY_OPS)
def test_mixing_with_numpy_arrays_raises(op):
    a, n = cp.asarray(np.arange(1, 4)), np.arange(1, 4)
    with pytest.raises(TypeError):
        op(a, n)
    with pytest.raises(TypeError):
        op(n, a)


@pytest.mark.parametrize('name', ['maximum', 'minimum'])
@pytest.mark.parametrize('dtype', [np.float16, np.float32, np.float64])
def test_extrema_signed_zero_ties(name, dtype):
    # NumPy's float32/64 loops return the second argument on ties, its float16 loop the first.
    a = np.array([-0.0, 0.0, -0.0, 0.0], dtype)
    b = np.array([0.0, -0.0, -0.0, 0.0], dtype)
    compare(name, getattr(np, name)(a, b), getattr(cp, name)(cp.asarray(a), cp.asarray(b)))
    compare(name, getattr(np, name)(a, 0.0), getattr(cp, name)(cp.asarray(a), 0.0))


def test_dtype_casting_where_on_new_ufuncs():
    x = np.array([1, 2, -3, 0], np.int16)
    xc = cp.asarray(x)
    compare('heaviside', np.heaviside(x, 0.5, dtype=np.float32),
            cp.heaviside(xc, 0.5, dtype=np.float32))
    compare('divmod', np.divmod(x, 2, dtype=np.float64), cp.divmod(xc, 2, dtype=np.float64))
    compare('gcd', np.gcd(x, 6, dtype=np.int64), cp.gcd(xc, 6, dtype=np.int64))
    with pytest.raises(TypeError):
        cp.gcd(xc, 6, dtype=np.float64)  # no float loop
    with pytest.raises(TypeError):  # int16 -> int8 is not a safe cast
        cp.gcd(xc, cp.asarray(np.ones(4, np.int8)), dtype=np.int8, casting='safe')
    f = np.array([0.5, 8.0, -3.0, np.inf])
    mask = np.array([True, False, True, True])
    m0, e0 = np.full(4, 7.0), np.full(4, 7, np.int32)
    m1, e1 = cp.asarray(m0), cp.asarray(e0)
    np.frexp(f, out=(m0, e0), where=mask)
    cp.frexp(cp.asarray(f), out=(m1, e1), where=cp.asarray(mask))
    compare('frexp', (m0, e0), (m1, e1))
    s = cp.spacing(cp.asarray(f), where=cp.asarray(mask))
    np.testing.assert_array_equal(cp.asnumpy(s)[mask], np.spacing(f)[mask])


# Python ints are checked against the loop the ufunc computes in (NumPy 2): float loops
# take out-of-range and huge ints, integer loops raise OverflowError.
@pytest.mark.parametrize('expr', [
    'xp.hypot(xp.asarray(np.array([4], "uint16")), 2**63 - 1)',
    'xp.heaviside(xp.asarray(np.array([3, 0], "uint8")), -2**63)',
    'xp.arctan2(xp.asarray(np.array([5], "uint32")), -129)',
    'xp.nextafter(xp.asarray(np.array([4, -5], "int32")), 2**31)',
    'xp.fmax(xp.asarray(np.array([1], "uint8")), 2**31, dtype="uint32")',
    'xp.logical_or(xp.asarray(np.array([5, 0], "uint16")), -1)',
    'xp.hypot(xp.asarray(np.array([1.0, 2.0])), 2**64)',
    'xp.subtract(xp.asarray(np.array([1 + 1j])), -2**70)',
    'xp.asarray(np.array([1.5])) * 2**80',
    'xp.greater(xp.asarray(np.array([1, -2])), 2**70)',
    'xp.less(xp.asarray(np.array([1, -2], "uint8")), -2**70)',
    'xp.add(xp.asarray(np.array([1, 2])), 2**64)',
    'xp.add(xp.asarray(np.array([1, 2], "uint8")), 300)',
    'xp.asarray(np.array([True])) + 2**70',
    'xp.logical_or(xp.asarray(np.array([True])), 2**70)',
    'xp.gcd(xp.asarray(np.array([-1], "int8")), 2**31, dtype="complex64")',
    'xp.add(xp.asarray(np.array([1.0])), 2**1100)',
])
def test_python_int_checked_against_the_loop(expr):
    same_expr(expr)


# where= takes anything array-like, as NumPy converts it to a boolean mask.
@pytest.mark.parametrize('where', [False, True, np.True_, np.False_, [True, False, True],
                                   [[False], [True]]])
def test_where_array_like(where):
    def run(xp):
        out = xp.zeros((2, 3)) - 1
        return xp.add(xp.asarray(np.arange(6.0).reshape(2, 3)), 1, out=out, where=where)
    same(lambda: run(cp), lambda: run(np))


# NumPy has no boolean loop for sign, positive, gcd and lcm (dtype= still selects one),
# and refuses boolean negative and subtract unless dtype= names a numeric loop.
@pytest.mark.parametrize('name', ['sign', 'positive', 'gcd', 'lcm', 'negative', 'subtract'])
@pytest.mark.parametrize('dtype', [None, 'bool', 'int8', 'float32', 'complex64'])
def test_boolean_inputs_refused(name, dtype):
    def run(xp):
        f = getattr(xp, name)
        a = xp.asarray(np.array([True, False]))
        return f(*([a] * f.nin), dtype=dtype)
    same(lambda: run(cp), lambda: run(np))


# NumPy's signed integer power loops refuse negative exponents (ValueError) wherever they
# compute: not where= masks them out, not for an empty result, not in float loops.
@pytest.mark.parametrize('expr', [
    'xp.power(xp.asarray(np.array([2, 3])), xp.asarray(np.array([-1, 2])))',
    'xp.power(xp.asarray(np.array([2, 3], "int8")), -1)',
    'xp.power(xp.asarray(np.array([True])), -2**63)',
    'xp.power(xp.asarray(np.array([2, 3], "uint8")), xp.asarray(np.array([-1, 2], "int64")))',
    'xp.power(np.int8(-3), xp.asarray(np.array([-1, 2], "int16")))',
    'xp.power(xp.asarray(np.array([[2, 3]])), xp.asarray(np.array([[-1], [2]])))',
    'xp.power(xp.asarray(np.array([2, 3])), np.int64(-2))',
    'xp.asarray(np.array([2, 3])) ** -1',
    'xp.power(xp.asarray(np.array([2, 3])), xp.asarray(np.array([200, 1])), dtype="int8", casting="unsafe")',
    'xp.power(xp.asarray(np.array([2, 3])), xp.asarray(np.array([-1, 2])), where=xp.asarray(np.array([False, True])), out=xp.zeros(2, "int64"))',
    'xp.power(xp.asarray(np.array([2, 3])), -1, where=xp.asarray(np.array([False, False])), out=xp.zeros(2, "int64"))',
    'xp.power(xp.asarray(np.array([2, 3])), -1, where=xp.asarray(np.array([False, True])), out=xp.zeros(2, "int64"))',
    'xp.power(xp.asarray(np.zeros((0, 1), "int64")), xp.asarray(np.array([-1, 2])))',
    'xp.power(xp.asarray(np.array([2, 3])), xp.asarray(np.array([-1, 2])), dtype="float64")',
    'xp.power(xp.asarray(np.array([2, 3], "uint64")), xp.asarray(np.array([1, 2], "uint64")))',
])
def test_integer_power_negative_exponent(expr):
    same_expr(expr)


@pytest.mark.parametrize('b', [-1, 2, [-1], [1, -2], np.int8(-1)], ids=repr)
def test_integer_power_at_negative_exponent(b):
    def run(xp):
        a = xp.asarray(np.array([2, 3, 4]))
        xp.power.at(a, [0, 2], xp.asarray(np.array(b)) if isinstance(b, list) else b)
        return a
    same(lambda: run(cp), lambda: run(np))


# casting='no'/'equiv' with Python scalars: under 'equiv' a Python int/float/complex must
# already be the loop's dtype (int64/float64/complex128), a Python bool is a bool array, the
# logical ufuncs cast their inputs to bool whatever the rule, a Python int compared with an
# integer array is exact, and with dtype= a scalar of a higher kind never reaches the loop.
@pytest.mark.parametrize('expr', [
    'xp.add(xp.asarray(np.array([1, 2], "int32")), 3, casting="equiv")',
    'xp.add(xp.asarray(np.array([1, 2], "int32")), 3, casting="no")',
    'xp.add(xp.asarray(np.array([1, 2], "int64")), 3, casting="equiv")',
    'xp.add(xp.asarray(np.array([1, 2], "float64")), 3, casting="equiv")',
    'xp.add(xp.asarray(np.array([1, 2], "float64")), 3.0, casting="equiv")',
    'xp.multiply(xp.asarray(np.array([1, 2], "float32")), 3.0, casting="equiv")',
    'xp.add(xp.asarray(np.array([1, 2], "complex64")), 1j, casting="equiv")',
    'xp.add(xp.asarray(np.array([1, 2], "int8")), 3, dtype="int8", casting="equiv")',
    'xp.add(xp.asarray(np.array([1, 2], "int8")), 300, casting="equiv")',
    'xp.add(xp.asarray(np.array([1, 2], "int8")), 2**64, casting="equiv")',
    'xp.add(xp.asarray(np.array([1, 2], "int64")), 2**64, casting="equiv")',
    'xp.add(xp.asarray(np.array([True])), 2**64, casting="no")',
    'xp.equal(xp.asarray(np.array([1, 2], "int8")), 3, casting="equiv")',
    'xp.equal(xp.asarray(np.array([1, 2], "int8")), 300, casting="no")',
    'xp.equal(xp.asarray(np.array([1, 2], "float16")), 3, casting="equiv")',
    'xp.ldexp(xp.asarray(np.array([1, 2], "float64")), 3, casting="equiv")',
    'xp.add(xp.asarray(np.array([1, 2], "int32")), True, casting="no")',
    'xp.add(xp.asarray(np.array([1, 2], "float32")), True, casting="equiv")',
    'xp.add(xp.asarray(np.array([1, 2], "int8")), True, dtype="int8", casting="no")',
    'xp.add(xp.asarray(np.array([True])), True, casting="no")',
    'xp.logical_xor(np.float16(1.5), xp.asarray(np.array([1, 0], "uint8")), casting="no")',
    'xp.logical_xor(xp.asarray(np.array([1, 0], "int8")), xp.asarray(np.array([1, 0], "uint8")), casting="no")',
    'xp.logical_and(xp.asarray(np.array([1, 0], "int8")), 3.0, casting="no")',
    'xp.logical_and(xp.asarray(np.array([1, 0], "int8")), 1j, casting="equiv")',
    'xp.logical_or(xp.asarray(np.array([1, 0], "int8")), xp.asarray(np.array([1., 0.], "float32")), casting="no", dtype="bool")',
    'xp.logical_xor(xp.asarray(np.array([1.0])), 2**64)',
    'xp.add(xp.asarray(np.array([1.0, 2.0])), 1j, dtype="float64", casting="no")',
    'xp.add(xp.asarray(np.array([True])), 3, dtype="bool")',
    'xp.maximum(xp.asarray(np.array([True])), 3.0, dtype="bool", casting="no")',
    'xp.ldexp(xp.asarray(np.array([1.0, 2.0])), True)',
])
def test_strict_casting_with_python_scalars(expr):
    same_expr(expr)


# With dtype=, a Python float or complex must cast to the loop under `casting`.
@pytest.mark.parametrize('expr', [
    'xp.maximum(xp.asarray(np.array([True, False])), 1e300, dtype="int8", casting="same_kind")',
    'xp.divmod(xp.asarray(np.array([True, False])), 3.0, dtype="int64")',
    'xp.add(xp.asarray(np.array([1, 2], "int16")), 1j, dtype="float64")',
    'xp.add(xp.asarray(np.array([1, 2], "int16")), 2.5, dtype="float32", casting="safe")',
    'xp.add(xp.asarray(np.array([1, 2], "int16")), 7, dtype="int8")',
    'xp.multiply(xp.asarray(np.array([1.5])), 2.0, dtype="float16", casting="unsafe")',
])
def test_weak_float_cast_to_dtype_loop(expr):
    same_expr(expr)
