"""Array functions around the ufuncs against NumPy: fix, around/round, clip, real, imag,
angle, nan_to_num, sinc, i0, real_if_close, isclose, allclose, array_equal, array_equiv,
isreal, iscomplex, isrealobj, iscomplexobj, isscalar, and the ndarray methods and
properties that map to them (clip, round, conj, conjugate, real, imag)."""
import numpy as np
import pytest

import cunumpy as cp
from _helpers import (ALL_DTYPES, DTYPE_IDS, LAYOUT_NAMES, assert_same, check_same_outcome,
                      make_pair, sample, shares_writes)
from test_ufuncs_basic import assert_matches

SPECIAL = [0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1.25, 1.35, -1.35, 123.456, -987.65, 1e300,
           -1e300, np.inf, -np.inf, np.nan]
FLOATS = [np.float16, np.float32, np.float64]


def special(dtype):
    dtype = np.dtype(dtype)
    if dtype.kind in 'fc':
        with np.errstate(over='ignore', invalid='ignore'):
            v = np.array(SPECIAL, dtype)
            if dtype.kind == 'c':
                re = np.array(SPECIAL, v.real.dtype)
                v = np.empty(re.size, dtype)
                v.real, v.imag = re, re[::-1]
        return v
    if dtype.kind == 'b':
        return np.array([True, False, True])
    info = np.iinfo(dtype)
    vals = [info.min, info.max, 0, 1, 5, 15, 25, 149, 150, 151, 1234, 1250]
    return np.array([v for v in vals if info.min <= v <= info.max], dtype)


@pytest.mark.parametrize('dtype', ALL_DTYPES, ids=DTYPE_IDS)
def test_fix(dtype):
    x = special(dtype)
    check_same_outcome(lambda: cp.fix(cp.asarray(x)), lambda: np.fix(x))


@pytest.mark.parametrize('layout', LAYOUT_NAMES)
def test_fix_layouts(layout):
    a_np, a_cp = make_pair(layout, np.float32)
    assert_same(cp.fix(a_cp), np.fix(a_np))


@pytest.mark.parametrize('dtype', [d for d in ALL_DTYPES if d.kind != 'b'],
                         ids=[n for n in DTYPE_IDS if n != 'bool'])
@pytest.mark.parametrize('decimals', [0, 1, 2, 3, -1, -2, 10])
def test_around(dtype, decimals):
    x = special(dtype)
    if np.dtype(dtype).kind in 'iu' and decimals < 0:
        # Rounding the largest values up leaves the dtype's range: casting that float back is
        # undefined in C and NumPy's result is platform-dependent.
        x = x[np.abs(np.around(x.astype(np.float64), decimals)) < float(np.iinfo(dtype).max)]
    with np.errstate(all='ignore'):
        expected = np.around(x, decimals)
    assert_same(cp.around(cp.asarray(x), decimals), expected)
    assert_same(cp.round(cp.asarray(x), decimals), expected)
    assert_same(cp.asarray(x).round(decimals), expected)


def test_around_half_even_and_out():
    x = np.array([0.5, 1.5, 2.5, -0.5, -1.5, 0.125, 0.375, 25.0, 35.0, -45.0])
    assert_same(cp.around(cp.asarray(x), 2), np.around(x, 2))
    assert_same(cp.around(cp.asarray(x), -1), np.around(x, -1))
    out = cp.asarray(np.zeros(10, np.float32))
    r = cp.around(cp.asarray(x), 1, out=out)
    assert r is out
    assert_same(out, np.around(x, 1, out=np.zeros(10, np.float32)))
    i = np.array([149, 150, 151, 250, -250], np.int32)
    assert_same(cp.around(cp.asarray(i), -2), np.around(i, -2))
    assert round(cp.asarray(np.array(2.5))) == 2


@pytest.mark.parametrize('dtype', ALL_DTYPES, ids=DTYPE_IDS)
def test_clip_every_dtype(dtype):
    x = special(dtype)
    if np.dtype(dtype).kind == 'b':
        lo, hi = False, True
    elif np.dtype(dtype).kind in 'iu':
        lo, hi = 1, 100
    else:
        lo, hi = -2.0, 3.0
    check_same_outcome(lambda: cp.clip(cp.asarray(x), lo, hi), lambda: np.clip(x, lo, hi))
    xa = np.array(lo, dtype)
    check_same_outcome(lambda: cp.clip(cp.asarray(x), cp.asarray(xa), None),
                       lambda: np.clip(x, xa, None))


def test_clip_nan_bounds_keywords_and_errors():
    x = np.array([-3.0, -0.0, 0.0, 1.0, np.nan, 5.0, np.inf])
    xc = cp.asarray(x)
    for lo, hi in [(0.0, 2.0), (np.nan, 2.0), (0.0, np.nan), (-0.0, 0.0), (2.0, 1.0), (None, 1.0),
                   (-1.0, None), (None, None)]:
        assert_same(cp.clip(xc, lo, hi), np.clip(x, lo, hi))
        assert_same(xc.clip(lo, hi), x.clip(lo, hi))
    assert_same(cp.clip(xc, min=0.0), np.clip(x, min=0.0))
    assert_same(cp.clip(xc, max=0.5), np.clip(x, max=0.5))
    # Array bounds: NumPy returns x or the bound on signed-zero ties depending on the inner
    # loop's strides, so -0.0 is left out here.
    lo = np.array([[0.0], [1.0]])
    x2 = np.abs(x)
    assert_same(cp.clip(cp.asarray(x2), cp.asarray(lo), 4.0), np.clip(x2, lo, 4.0))
    hi = np.array([3.0, 2.0, np.nan, 0.5, 1.0, 9.0, 9.0])
    assert_same(cp.clip(cp.asarray(x2), cp.asarray(-hi), cp.asarray(hi)), np.clip(x2, -hi, hi))
    out = cp.asarray(np.zeros(7))
    assert cp.clip(xc, 0, 1, out=out) is out
    assert_same(out, np.clip(x, 0, 1))
    i = np.array([0, 100, 200], np.uint8)
    assert_same(cp.clip(cp.asarray(i), -5, 1000), np.clip(i, -5, 1000))
    assert_same(cp.clip(cp.asarray(i), 10, 1000), np.clip(i, 10, 1000))
    with pytest.raises(TypeError):
        cp.clip(xc, 0.0)
    with pytest.raises(ValueError):
        cp.clip(xc, 0.0, 1.0, min=0.0)
    z = np.array([1 + 1j, -2 + 0j, 3 - 1j])
    assert_same(cp.clip(cp.asarray(z), 0j, 2 + 0j), np.clip(z, 0j, 2 + 0j))


@pytest.mark.parametrize('dtype', ALL_DTYPES, ids=DTYPE_IDS)
def test_real_imag(dtype):
    x = special(dtype)
    xc = cp.asarray(x)
    assert_same(cp.real(xc), np.real(x))
    assert_same(cp.imag(xc), np.imag(x))
    assert_same(xc.real, x.real)
    assert_same(xc.imag, x.imag)
    assert_same(xc.conj(), x.conj())
    assert_same(xc.conjugate(), x.conjugate())


@pytest.mark.parametrize('layout', LAYOUT_NAMES)
def test_real_imag_are_views(layout):
    a_np, a_cp = make_pair(layout, np.complex64)
    assert_same(a_cp.real, a_np.real, check_strides=True)
    assert_same(a_cp.imag, a_np.imag, check_strides=True)
    if a_np.size and layout != 'broadcast':
        base = a_cp.copy()
        assert shares_writes(base.real, base) and shares_writes(base.imag, base)


def test_real_imag_setters():
    z = np.array([1 + 2j, 3 + 4j, 5 - 6j])
    zc = cp.asarray(z)
    z.real = 7
    zc.real = 7
    z.imag[1:] = cp.asnumpy(cp.asarray(np.array([8.0, 9.0])))
    zc.imag[1:] = cp.asarray(np.array([8.0, 9.0]))
    assert_same(zc, z)
    r = cp.asarray(np.array([1.0, 2.0]))
    r.real = 5.0
    assert_same(r, np.array([5.0, 5.0]))
    with pytest.raises(TypeError):
        r.imag = 1.0


@pytest.mark.parametrize('dtype', [np.int32, np.float32, np.float64, np.complex64, np.complex128])
@pytest.mark.parametrize('deg', [False, True])
def test_angle(dtype, deg):
    x = special(dtype)
    assert_matches('arctan2', np.angle(x, deg=deg), cp.angle(cp.asarray(x), deg=deg))


@pytest.mark.parametrize('dtype', ALL_DTYPES, ids=DTYPE_IDS)
def test_nan_to_num(dtype):
    x = special(dtype)
    assert_same(cp.nan_to_num(cp.asarray(x)), np.nan_to_num(x))
    if np.dtype(dtype).kind in 'fc':
        kw = dict(nan=-1.0, posinf=1e4, neginf=-1e4)
        assert_same(cp.nan_to_num(cp.asarray(x), **kw), np.nan_to_num(x, **kw))


def test_nan_to_num_copy_false_writes_in_place():
    x = np.array([np.nan, 1.0, np.inf])
    xc = cp.asarray(x)
    r = cp.nan_to_num(xc, copy=False)
    np.nan_to_num(x, copy=False)
    assert r is xc
    assert_same(xc, x)


@pytest.mark.parametrize('dtype', [np.int32, np.float16, np.float32, np.float64, np.complex128])
def test_sinc(dtype):
    x = np.array([0, 1, -1, 2, 3], dtype) if np.dtype(dtype).kind in 'iu' else \
        np.array([0.0, -0.0, 0.5, -0.5, 1.0, 2.5, 1e-9, 100.25, np.inf, np.nan], dtype)
    with np.errstate(all='ignore'):
        expected = np.sinc(x)
    got = cp.sinc(cp.asarray(x))
    if expected.dtype.kind == 'c':
        assert_same(got, expected, rtol=1e-12)
    else:
        assert_matches('sin', expected, got)


@pytest.mark.parametrize('dtype', [np.int64, np.float32, np.float64])
def test_i0(dtype):
    x = np.array([0, 1, -1, 5, 8, -8, 9, 20, 100, 700], dtype)
    if np.dtype(dtype).kind == 'f':
        x = np.concatenate([x, np.array([0.5, -7.9, 8.1, np.inf, np.nan], dtype)])
    with np.errstate(all='ignore'):
        expected = np.i0(x)
    assert_matches('exp', expected, cp.i0(cp.asarray(x)))
    with pytest.raises(TypeError):
        cp.i0(cp.asarray(np.array([1j])))


def test_real_if_close():
    for z in [np.array([1 + 1e-15j, 2 - 1e-16j]), np.array([1 + 1e-3j]),
              np.array([1 + 1e-6j], np.complex64), np.array([1.0, 2.0])]:
        assert_same(cp.real_if_close(cp.asarray(z)), np.real_if_close(z))
    z = np.array([1 + 1e-10j])
    assert_same(cp.real_if_close(cp.asarray(z), tol=1e-9), np.real_if_close(z, tol=1e-9))


ISCLOSE_CASES = [
    ([1.0, 1e10, 1e-8, np.nan, np.inf, -np.inf, 0.0], [1.0 + 1e-9, 1.00001e10, 1e-9, np.nan, np.inf, np.inf, -0.0]),
    ([1, 2, 3], [1, 2, 4]),
    ([np.iinfo(np.int64).min, 0], [np.iinfo(np.int64).min, 1]),
    ([1 + 1j, np.nan], [1 + 1.000001j, np.nan]),
    (1.0, [1.0, 1.1]),
]


@pytest.mark.parametrize('a,b', ISCLOSE_CASES)
@pytest.mark.parametrize('equal_nan', [False, True])
def test_isclose_allclose(a, b, equal_nan):
    an, bn = np.asarray(a), np.asarray(b)
    ac, bc = cp.asarray(an), cp.asarray(bn)
    with np.errstate(all='ignore'):
        assert_same(cp.isclose(ac, bc, equal_nan=equal_nan), np.isclose(an, bn, equal_nan=equal_nan))
        assert cp.allclose(ac, bc, equal_nan=equal_nan) == np.allclose(an, bn, equal_nan=equal_nan)
        assert_same(cp.isclose(ac, bc, rtol=0.1, atol=0.5), np.isclose(an, bn, rtol=0.1, atol=0.5))
    assert_same(cp.isclose(bc, 1.0), np.isclose(bn, 1.0))
    assert isinstance(cp.allclose(ac, bc), bool)


def test_array_equal_equiv():
    a = np.array([[1.0, np.nan], [3.0, 4.0]])
    ac = cp.asarray(a)
    cases = [(a, a.copy()), (a, a[:1]), (a, np.array([1.0, np.nan])), (a, a + 1),
             (np.array([1, 2]), np.array([1.0, 2.0])), (np.zeros((0, 2)), np.zeros((0, 2)))]
    for x, y in cases:
        xc, yc = cp.asarray(x), cp.asarray(y)
        for en in (False, True):
            assert cp.array_equal(xc, yc, equal_nan=en) is np.array_equal(x, y, equal_nan=en)
        assert cp.array_equiv(xc, yc) is np.array_equiv(x, y)
    assert cp.array_equiv(cp.asarray(np.array([1, 1])), cp.asarray(np.array([[1, 1], [1, 1]])))
    assert not cp.array_equiv(ac, cp.asarray(np.zeros(3)))


@pytest.mark.parametrize('dtype', ALL_DTYPES, ids=DTYPE_IDS)
def test_isreal_iscomplex_obj(dtype):
    x = special(dtype)
    if np.dtype(dtype).kind == 'c':
        x[::3] = x[::3].real
    xc = cp.asarray(x)
    assert_same(cp.isreal(xc), np.isreal(x))
    assert_same(cp.iscomplex(xc), np.iscomplex(x))
    assert cp.isrealobj(xc) is np.isrealobj(x)
    assert cp.iscomplexobj(xc) is np.iscomplexobj(x)


def test_isscalar():
    for v in [1, 1.5, 1j, True, np.float32(1), 'a', cp.asarray(np.array(1.0)), [1], None]:
        assert cp.isscalar(v) is np.isscalar(v if not isinstance(v, cp.ndarray) else np.array(1.0))


# ---- found by scripts/fuzz_dtypes.py --------------------------------------------------------
@pytest.mark.parametrize("dtype,out_dtype", [
    ("int32", "uint8"), ("int64", "bool"), ("int8", "int16"), ("uint8", "float32"),
    ("complex128", "float32"), ("complex64", "int8"), ("float32", "float32")])
@pytest.mark.parametrize("decimals", [0, 2])
@pytest.mark.parametrize("shape", [(4,), (0,)])
def test_around_out_casting_like_numpy(dtype, out_dtype, decimals, shape):
    def run(xp):
        a = xp.asarray(sample(shape, dtype))
        out = xp.zeros(shape, dtype=out_dtype)
        r = xp.around(a, decimals, out=out)
        assert r is out
        return out
    check_same_outcome(lambda: run(cp), lambda: run(np))
