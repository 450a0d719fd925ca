"""vander, polyval, polyadd, polysub, polymul, polyder, polyint, polydiv, roots, poly,
polyfit and poly1d against NumPy: dtypes, layouts, keywords (w=, cov=, full=, rcond=),
poly1d's behaviour and repr, and NumPy's errors and warnings."""
import warnings

import numpy as np
import pytest

import cunumpy as cp
from _helpers import (ALL_DTYPES, DTYPE_IDS, assert_same, check_same_outcome, inexact_tol,
                      make_pair, sample)

VEC_LAYOUTS = ["0d", "contig1d", "negstride1d"]


_tol = inexact_tol


# ---- vander ---------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", VEC_LAYOUTS + ["contig", "empty"])
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
def test_vander(layout, dtype):
    x_np, x_cp = make_pair(layout, dtype)
    for kw in [{}, {"N": 0}, {"N": 1}, {"N": 4}, {"increasing": True},
               {"N": 3, "increasing": True}, {"N": -1}]:
        check_same_outcome(lambda: cp.vander(x_cp, **kw), lambda: np.vander(x_np, **kw),
                           lambda g, e: assert_same(g, e, rtol=_tol(dtype)))


def test_vander_array_like_and_errors():
    assert_same(cp.vander([1, 2, 3]), np.vander([1, 2, 3]))
    check_same_outcome(lambda: cp.vander(cp.asarray([1, 2]), N=2.5),
                       lambda: np.vander(np.array([1, 2]), N=2.5))


# ---- polyval --------------------------------------------------------------------------------

@pytest.mark.parametrize("p_dtype", ["int64", "float32", "float64", "complex128", "bool"])
@pytest.mark.parametrize("x_dtype", ["int32", "float32", "float64", "complex64", "uint8"])
def test_polyval_dtypes(p_dtype, x_dtype):
    p = sample((4,), p_dtype, seed=1)
    for layout in ["0d", "contig", "noncontig", "negstride", "broadcast", "empty"]:
        x_np, x_cp = make_pair(layout, x_dtype)
        check_same_outcome(lambda: cp.polyval(cp.asarray(p), x_cp), lambda: np.polyval(p, x_np),
                           lambda g, e: assert_same(g, e, rtol=_tol(p_dtype, x_dtype)))


def test_polyval_shapes_and_lists():
    assert_same(cp.polyval([3, 0, 1], 5), np.asarray(np.polyval([3, 0, 1], 5)))
    assert_same(cp.polyval([], cp.asarray([1.0, 2.0], dtype=cp.float32)),
                np.polyval([], np.array([1.0, 2.0], dtype=np.float32)))
    p2 = sample((3, 2), "float64")
    assert_same(cp.polyval(cp.asarray(p2), 2.0), np.polyval(p2, 2.0))  # rows as coefficients
    check_same_outcome(lambda: cp.polyval(cp.asarray(2.0), 1.0), lambda: np.polyval(np.array(2.0), 1.0))
    x = np.array([0.0, np.inf, -np.inf, np.nan])
    with np.errstate(invalid="ignore"):
        exp = np.polyval([1.0, -1.0, 2.0], x)
    assert_same(cp.polyval([1.0, -1.0, 2.0], cp.asarray(x)), exp)


# ---- polyadd / polysub / polymul ------------------------------------------------------------

@pytest.mark.parametrize("fn", ["polyadd", "polysub", "polymul"])
@pytest.mark.parametrize("d1", ["int8", "int64", "float32", "float64", "complex64"])
@pytest.mark.parametrize("d2", ["int64", "float64", "uint16"])
def test_poly_arith(fn, d1, d2):
    for n1, n2 in [(3, 3), (2, 5), (5, 1), (1, 1)]:
        a1, a2 = sample((n1,), d1, seed=n1), sample((n2,), d2, seed=n2 + 7)
        check_same_outcome(lambda: getattr(cp, fn)(cp.asarray(a1), cp.asarray(a2)),
                           lambda: getattr(np, fn)(a1, a2),
                           lambda g, e: assert_same(g, e, rtol=_tol(d1, d2)))
    # 0-d, lists, views
    check_same_outcome(lambda: getattr(cp, fn)(cp.asarray(3), [1, 2]), lambda: getattr(np, fn)(3, [1, 2]))
    a = sample((7,), d1)
    check_same_outcome(lambda: getattr(cp, fn)(cp.asarray(a)[::-2], cp.asarray(a)[1:3]),
                       lambda: getattr(np, fn)(a[::-2], a[1:3]),
                       lambda g, e: assert_same(g, e, rtol=_tol(d1)))


def test_polymul_trims_leading_zeros():
    for a1, a2 in [([0, 0, 1], [0, 1, 1]), ([0, 0], [1, 2]), (np.array([0, 0], np.int8), [1.0, 2]),
                   ([0.0, 3.0], [0j, 0j])]:
        assert_same(cp.polymul(cp.asarray(a1), cp.asarray(a2)), np.polymul(a1, a2))
    check_same_outcome(lambda: cp.polymul(cp.ones((2, 2)), cp.asarray([1])),
                       lambda: np.polymul(np.ones((2, 2)), np.array([1])))


def test_poly_arith_errors():
    check_same_outcome(lambda: cp.polymul(cp.asarray([]), cp.asarray([1.0])),
                       lambda: np.polymul(np.array([]), np.array([1.0])))
    check_same_outcome(lambda: cp.polyadd(cp.ones((2, 2)), cp.ones(2)),
                       lambda: np.polyadd(np.ones((2, 2)), np.ones(2)))


# ---- roots / poly ---------------------------------------------------------------------------

def _sorted_complex(a):
    a = np.asarray(a)
    return a[np.lexsort((a.imag, a.real))] if a.size else a


def _same_roots(got, exp):
    assert isinstance(got, cp.ndarray)
    exp = np.asarray(exp)
    g = cp.asnumpy(got)
    assert g.dtype == exp.dtype and g.shape == exp.shape, (g.dtype, exp.dtype, g.shape, exp.shape)
    np.testing.assert_allclose(_sorted_complex(g), _sorted_complex(exp), rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("p", [
    [1, -3, 2], [1.0, 0.0, 1.0], [2, -4], [0, 0, 1, -5, 6, 0, 0], [0, 0], [5], [0, 3],
    [1, 0, 0, 0], [1.5, -2.25, 0.5, 3.0], np.array([1, -6, 11, -6], dtype=np.int8),
    np.array([1, 2, 3], dtype=np.float32), np.array([1, 1j, 2], dtype=np.complex128),
    [True, False, True],
])
def test_roots(p):
    _same_roots(cp.roots(cp.asarray(p)), np.roots(p))
    _same_roots(cp.roots(p), np.roots(p))


def test_roots_errors_and_0d():
    check_same_outcome(lambda: cp.roots(cp.ones((2, 2))), lambda: np.roots(np.ones((2, 2))))
    check_same_outcome(lambda: cp.roots(cp.asarray(3.0)), lambda: np.roots(np.array(3.0)))


@pytest.mark.parametrize("z", [
    [1, 2], [1.0, -1.0, 3.5], [1j, -1j], [1 + 2j, 1 - 2j, 3], [1j, 2],
    np.array([1, 2], dtype=np.int8), np.array([0.5, 2], dtype=np.float32),
    np.array([1j, -1j], dtype=np.complex64), np.array([[1.0, 2.0], [3.0, 4.0]]),
    np.array([[2.0, 0.0], [0.0, 3.0]], dtype=np.float32), [True, False],
])
def test_poly(z):
    r = cp.poly(cp.asarray(z))
    assert_same(r, np.poly(z), rtol=1e-5)


def test_poly_empty_and_errors():
    assert cp.poly(cp.asarray([])) == np.poly([]) == 1.0
    assert isinstance(cp.poly([]), float)
    for bad in [np.ones((2, 3)), np.ones((0, 0)), np.ones((2, 2, 2))]:
        check_same_outcome(lambda: cp.poly(cp.asarray(bad)), lambda: np.poly(bad))


# ---- polyfit --------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", ["float32", "float64", "int64"])
@pytest.mark.parametrize("deg", [0, 1, 3])
def test_polyfit(dtype, deg):
    x = np.linspace(-2, 3, 17).astype(dtype) if dtype != "int64" else np.arange(-8, 9)
    xf = x.astype(np.float64)
    y = np.sin(xf) * 4 + xf * 0.5 + 1.25 + 0.3 * xf ** 2 + np.cos(3 * xf)  # no zero coefficient
    xc, yc = cp.asarray(x), cp.asarray(y)
    w = np.linspace(0.5, 2.0, x.size)
    tol = 1e-4 if dtype == "float32" else 1e-8
    assert_same(cp.polyfit(xc, yc, deg), np.polyfit(x, y, deg), rtol=tol)
    assert_same(cp.polyfit(xc, yc, deg, w=cp.asarray(w)), np.polyfit(x, y, deg, w=w), rtol=tol)
    y2 = np.stack([y, y * 2 - 1], axis=1)
    assert_same(cp.polyfit(xc, cp.asarray(y2), deg), np.polyfit(x, y2, deg), rtol=tol)
    assert_same(cp.polyfit(xc, cp.asarray(y2), deg, w=cp.asarray(w)), np.polyfit(x, y2, deg, w=w),
                rtol=tol)
    for cov in (True, "unscaled"):
        for yy, yyc in ((y, yc), (y2, cp.asarray(y2))):
            c1, v1 = cp.polyfit(xc, yyc, deg, cov=cov)
            c2, v2 = np.polyfit(x, yy, deg, cov=cov)
            assert_same(c1, c2, rtol=tol)
            # entries that are zero up to rounding: compared against the largest
            np.testing.assert_allclose(cp.asnumpy(v1), v2, rtol=tol * 100,
                                       atol=1e-10 * np.abs(v2).max())
    got = cp.polyfit(xc, yc, deg, full=True)
    exp = np.polyfit(x, y, deg, full=True)
    assert len(got) == 5
    assert_same(got[0], exp[0], rtol=tol)
    assert_same(got[1], exp[1], rtol=tol * 100)
    assert got[2] == exp[2]
    assert_same(got[3], exp[3], rtol=tol)
    assert got[4] == pytest.approx(exp[4])
    assert_same(cp.polyfit(xc, yc, deg, rcond=1e-3), np.polyfit(x, y, deg, rcond=1e-3), rtol=tol)


@pytest.mark.parametrize("xdt,ydt,wdt", [("float16", "float32", None), ("float32", "float32", "float32"),
                                          ("float32", "float64", "float16"), ("int32", "float32", "int64"),
                                          ("complex128", "complex128", None), ("float64", "complex64", "float64"),
                                          ("complex64", "complex64", "float32")])
def test_polyfit_dtypes_and_weights(xdt, ydt, wdt):
    # x's dtype sets the Vandermonde matrix's (promoted with int64) and rcond's eps; the
    # weights multiply in place, so their dtype never widens lhs or y (NumPy's casting).
    x = np.linspace(-1.5, 2, 11)
    x = (x + 0.5j * x[::-1] if xdt.startswith("complex") else x).astype(xdt) if xdt != "int32" \
        else np.arange(-5, 6).astype(xdt)
    y = (np.cos(np.arange(11) * 0.7) * 3 + 1).astype(ydt)
    if ydt.startswith("complex"):
        y = y + 1j * np.sin(np.arange(11)).astype(ydt)
    w = None if wdt is None else np.linspace(0.5, 1.5, 11).astype(wdt)
    kw_np = {} if w is None else {"w": w}
    kw_cp = {} if w is None else {"w": cp.asarray(w)}
    dts = (xdt, ydt, wdt)
    tol = 1e-2 if "float16" in dts else 1e-4 if {"float32", "complex64"} & set(dts) else 1e-8
    got = cp.polyfit(cp.asarray(x), cp.asarray(y), 2, full=True, **kw_cp)
    exp = np.polyfit(x, y, 2, full=True, **kw_np)
    assert got[0].dtype == exp[0].dtype
    np.testing.assert_allclose(cp.asnumpy(got[0]), exp[0], rtol=tol, atol=tol)
    assert got[2] == exp[2]
    assert got[4] == exp[4]  # the same rcond: len(x) * eps of x's dtype
    c1, v1 = cp.polyfit(cp.asarray(x), cp.asarray(y), 2, cov="unscaled", **kw_cp)
    c2, v2 = np.polyfit(x, y, 2, cov="unscaled", **kw_np)
    assert v1.dtype == v2.dtype and v1.shape == v2.shape
    np.testing.assert_allclose(cp.asnumpy(v1), v2, rtol=tol * 10, atol=tol * np.abs(v2).max())


def test_polyfit_array_likes_and_weight_casting_error():
    x, y = [0.0, 1.0, 2.0, 3.0], [1.0, 3.0, 2.0, 5.0]
    assert_same(cp.polyfit(x, y, 1), np.polyfit(x, y, 1), rtol=1e-10)
    assert_same(cp.polyfit(x, y, np.int64(2), w=[1, 2, 1, 2]), np.polyfit(x, y, np.int64(2), w=[1, 2, 1, 2]),
                rtol=1e-10)
    # complex weights cannot multiply a real Vandermonde matrix in place: NumPy's casting error
    # (NumPy's UFuncTypeError is a TypeError; cunumpy raises TypeError with the same text)
    with pytest.raises(TypeError) as e_np:
        np.polyfit(np.asarray(x), np.asarray(y), 1, w=np.ones(4) * 1j)
    with pytest.raises(TypeError) as e_cp:
        cp.polyfit(cp.asarray(x), cp.asarray(y), 1, w=cp.asarray(np.ones(4) * 1j))
    assert str(e_cp.value) == str(e_np.value)
    with pytest.raises(TypeError):
        cp.polyfit(x, y, 1.5)  # deg must be an integer (operator.index)
    # float16 y reaches lstsq as float16, which linalg refuses in both
    y16 = np.asarray(y, dtype=np.float16)
    check_same_outcome(lambda: cp.polyfit(cp.asarray(x), cp.asarray(y16), 1), lambda: np.polyfit(x, y16, 1),
                       lambda g, e: None)


def test_polyfit_rank_warning_and_errors():
    x = np.array([1.0, 1.0, 1.0, 2.0])
    y = np.array([1.0, 2.0, 3.0, 4.0])
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        cp.polyfit(cp.asarray(x), cp.asarray(y), 3)
    assert any(issubclass(r.category, np.exceptions.RankWarning) for r in rec)
    for args, kw in [
        ((x, y, -1), {}),
        ((np.ones((2, 2)), y, 1), {}),
        ((np.array([]), np.array([]), 1), {}),
        ((x, np.ones((4, 2, 2)), 1), {}),
        ((x, y[:3], 1), {}),
        ((x, y, 1), {"w": np.ones((4, 1))}),
        ((x, y, 1), {"w": np.ones(3)}),
        ((x[:2], y[:2], 1), {"cov": True}),
    ]:
        args_cp = [cp.asarray(a) if isinstance(a, np.ndarray) else a for a in args]
        kw_cp = {k: cp.asarray(v) for k, v in kw.items() if isinstance(v, np.ndarray)}
        kw_cp.update({k: v for k, v in kw.items() if not isinstance(v, np.ndarray)})
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            check_same_outcome(lambda: cp.polyfit(*args_cp, **kw_cp), lambda: np.polyfit(*args, **kw),
                               lambda g, e: None)


# ---- polyder, polyint, polydiv ------------------------------------------------------------------

# 2-D coefficients broadcast against arange(len) in NumPy's steps, or fail as they do
CALC_LAYOUTS = VEC_LAYOUTS + ["contig", "noncontig", "empty"]


@pytest.mark.parametrize("layout", CALC_LAYOUTS)
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("m", [0, 1, 2, 9])
def test_polyder(layout, dtype, m):
    p_np, p_cp = make_pair(layout, dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # float16 overflow, both sides
        check_same_outcome(lambda: cp.polyder(p_cp, m), lambda: np.polyder(p_np, m),
                           lambda a, b: assert_same(a, b, rtol=_tol(dtype)))


@pytest.mark.parametrize("layout", CALC_LAYOUTS)
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("m,k", [(0, None), (1, None), (3, None), (2, [1.5, -2]), (3, 4), (2, 2j),
                                 (1, [7])])
def test_polyint(layout, dtype, m, k):
    p_np, p_cp = make_pair(layout, dtype)
    check_same_outcome(lambda: cp.polyint(p_cp, m, k), lambda: np.polyint(p_np, m, k),
                       lambda a, b: assert_same(a, b, rtol=_tol(dtype)))


def test_polyder_polyint_lists_poly1d_and_errors():
    assert_same(cp.polyder([1, 2, 3]), np.polyder([1, 2, 3]))
    assert_same(cp.polyint([1, 2, 3], k=cp.asarray([2.0])), np.polyint([1, 2, 3], k=[2.0]))
    assert_same(cp.polyder([3, 1], 2.7), np.polyder([3, 1], 2.7))  # m goes through int()
    p, q = cp.poly1d([1, 2, 3]), np.poly1d([1, 2, 3])
    assert isinstance(cp.polyder(p), cp.poly1d) and repr(cp.polyder(p)) == repr(np.polyder(q))
    assert isinstance(cp.polyint(p, 2), cp.poly1d) and repr(cp.polyint(p, 2)) == repr(np.polyint(q, 2))
    with pytest.raises(ValueError, match="Order of derivative"):
        cp.polyder([1, 2], -1)
    with pytest.raises(ValueError, match="Order of integral"):
        cp.polyint([1, 2], -1)
    with pytest.raises(ValueError, match="k must be a scalar"):
        cp.polyint([1, 2], 3, [1, 2])
    with pytest.raises(TypeError):
        cp.polyder(cp.asarray(2.0))


POLYDIV_CASES = [([1, 2, 3], [1, 1]), ([3.0, 5, 2], [1.0, 1.0]), ([1], [1, 2, 3]), ([4, 0, -2, 1], [2]),
                 ([1, 1e-9, 5], [1]), ([1, 2, 3, 4, 5], [1, 0, -1]), ([0, 0, 1], [1, 2]),
                 ([1 + 2j, 2, -1j], [1, 1j])]


@pytest.mark.parametrize("u,v", POLYDIV_CASES)
@pytest.mark.parametrize("du", ["int64", "float32", "float64", "complex64", "bool", "float16", "uint8"])
@pytest.mark.parametrize("dv", ["int32", "float32", "float64"])
def test_polydiv(u, v, du, dv):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
        u_np, v_np = np.asarray(u).astype(du), np.asarray(v).astype(dv)
    q, r = cp.polydiv(cp.asarray(u_np), cp.asarray(v_np))
    eq, er = np.polydiv(u_np, v_np)
    tol = _tol(du, dv, eq.dtype)
    assert_same(q, eq, rtol=tol)
    assert r.shape == er.shape and r.dtype == er.dtype
    np.testing.assert_allclose(cp.asnumpy(r), er, rtol=tol, atol=tol * np.abs(u_np).max())


def test_polydiv_trims_remainder_zero_divisor_and_errors():
    # the remainder's leading terms of magnitude <= 1e-8 go (NumPy's allclose(r[0], 0))
    q, r = cp.polydiv(cp.asarray([1.0, 3.0, 2.0 + 5e-9, 1e-9 - 1]), cp.asarray([1.0, 1.0]))
    eq, er = np.polydiv([1.0, 3.0, 2.0 + 5e-9, 1e-9 - 1], [1.0, 1.0])
    assert_same(q, eq, rtol=1e-12)
    assert_same(r, er, rtol=1e-6)
    for u, v in [([1.0, 2.0], [0.0, 1.0]), ([np.nan, 1.0], [1.0])]:
        with warnings.catch_warnings(record=True) as got:
            warnings.simplefilter("always")
            q, r = cp.polydiv(cp.asarray(u), cp.asarray(v))
        with warnings.catch_warnings(record=True) as exp:
            warnings.simplefilter("always")
            eq, er = np.polydiv(u, v)
        assert [str(w.message) for w in got] == [str(w.message) for w in exp]
        assert_same(q, eq)
        assert_same(r, er)
    with np.errstate(divide="raise"):
        with pytest.raises(FloatingPointError):
            cp.polydiv(cp.asarray([1.0, 2.0]), cp.asarray([0.0, 1.0]))
    for u, v in [([], [1.0]), ([1.0], []), ([[1.0, 2.0], [3.0, 4.0]], [1.0, 1.0])]:  # all raise
        with pytest.raises((IndexError, ValueError)):
            np.polydiv(u, v)
        check_same_outcome(lambda: cp.polydiv(cp.asarray(u), cp.asarray(v)), lambda: np.polydiv(u, v))


def test_poly1d_division():
    p, q = cp.poly1d([1, 2, 3]), np.poly1d([1, 2, 3])
    for got, exp in [(p / cp.poly1d([1, 1]), q / np.poly1d([1, 1])), (p / [1, 1], q / [1, 1]),
                     ([2, 4, 6, 1] / p, [2, 4, 6, 1] / q), (cp.polydiv(p, [1, 1]), np.polydiv(q, [1, 1]))]:
        assert isinstance(got, tuple) and all(isinstance(g, cp.poly1d) for g in got)
        assert [repr(g) for g in got] == [repr(e) for e in exp]
    assert repr(4 / cp.poly1d([2.0])) == repr(4 / np.poly1d([2.0]))


# ---- poly1d ---------------------------------------------------------------------------------

def _both(coeffs, **kw):
    return cp.poly1d(cp.asarray(coeffs), **kw), np.poly1d(coeffs, **kw)


@pytest.mark.parametrize("coeffs", [[1, 2, 3], [0, 0, 1.5, -2], [0], [0, 0], [1j, 2],
                                    np.array([3, 1], dtype=np.float32), [2.0]])
def test_poly1d_repr_str_and_attributes(coeffs):
    p, q = _both(coeffs)
    assert repr(p) == repr(q)
    assert str(p) == str(q)
    assert len(p) == len(q) and p.order == q.order == p.o
    assert_same(p.coeffs, q.coeffs)
    assert p.c is p.coef is p.coefficients is p.coeffs
    assert p.variable == q.variable == "x"
    np.testing.assert_array_equal(np.asarray(p), np.asarray(q))
    for k in range(-1, len(q.coeffs) + 2):
        assert cp.asnumpy(cp.asarray(p[k])) == q[k]
    assert [cp.asnumpy(v).item() for v in p] == [v.item() for v in q]
    assert isinstance(p.get(), np.poly1d) and p.get() == q


def test_poly1d_variable_roots_and_copy():
    p, q = _both([1, -3, 2], variable="z")
    assert str(p) == str(q) and p.variable == "z"
    _same_roots(p.roots, q.roots)
    _same_roots(p.r, q.r)
    pr, qr = cp.poly1d(cp.asarray([1, 2]), r=True), np.poly1d([1, 2], r=True)
    assert repr(pr) == repr(qr)
    assert cp.poly1d(p).variable == "z" and cp.poly1d(p, variable="t").variable == "t"
    with pytest.raises(ValueError):
        cp.poly1d(cp.ones((2, 2)))
    with pytest.raises(AttributeError):
        p.coeffs = cp.asarray([1, 2])


def test_poly1d_arithmetic():
    p, q = _both([1, 2, 3])
    r, s = _both([2.0, -1.0])
    cases = [
        (lambda a, b: a + b), (lambda a, b: a - b), (lambda a, b: a * b),
        (lambda a, b: b - a), (lambda a, b: a + 2), (lambda a, b: 2 + a), (lambda a, b: a - 1),
        (lambda a, b: 1 - a), (lambda a, b: a * 3), (lambda a, b: 3 * a), (lambda a, b: a / 2),
        (lambda a, b: -a), (lambda a, b: +a), (lambda a, b: a ** 0), (lambda a, b: a ** 3),
        (lambda a, b: a + [1, 1]), (lambda a, b: a(b)), (lambda a, b: a.deriv()),
        (lambda a, b: a.deriv(2)), (lambda a, b: a.integ()), (lambda a, b: a.integ(2, k=[1, 2])),
        (lambda a, b: a.integ(k=3)),
    ]
    for f in cases:
        got, exp = f(p, r), f(q, s)
        assert isinstance(got, cp.poly1d)
        assert repr(got) == repr(exp)
    assert p == cp.poly1d([1, 2, 3]) and not (p != cp.poly1d([1, 2, 3]))
    assert p != r and not (p == r)
    with pytest.raises(ValueError):
        p ** -1
    with pytest.raises(ValueError):
        p ** 1.5


def test_poly1d_call_and_setitem():
    p, q = _both([1, 2, 3])
    x = np.array([0.0, 1.5, -2.0])
    assert_same(p(cp.asarray(x)), q(x))
    assert_same(cp.asarray(p(2)), np.asarray(q(2)))
    p[4] = 7
    q[4] = 7
    assert repr(p) == repr(q)
    p[0] = -1
    q[0] = -1
    assert repr(p) == repr(q)
    with pytest.raises(ValueError):
        p[-1] = 2
    assert_same(cp.polyval(p, cp.asarray(x)), np.polyval(q, x))
    assert repr(cp.polyadd(p, [1])) == repr(np.polyadd(q, [1]))
    assert repr(cp.polymul([1, 1], p)) == repr(np.polymul([1, 1], q))
    assert repr(cp.polysub(p, p)) == repr(np.polysub(q, q))
