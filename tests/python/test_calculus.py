"""gradient, trapezoid/trapz, interp and unwrap against NumPy: dtypes, layouts (0-d,
empty, non-contiguous, negative strides, broadcast), every keyword and NumPy's errors."""
import numpy as np
import pytest

import cunumpy as cp
from _helpers import (ALL_DTYPES, DTYPE_IDS, LAYOUT_NAMES, assert_same, check_same_outcome,
                      make_pair, sample)

NUMERIC = [d for d in ALL_DTYPES if d.kind != "b"]
NUMERIC_IDS = [d.name for d in NUMERIC]


def _tol(dtype):
    return {"e": 2e-3, "f": 1e-5, "F": 1e-5}.get(np.dtype(dtype).char, 1e-12)


def _same_seq(got, exp, rtol):
    if isinstance(exp, tuple):
        assert isinstance(got, tuple) and len(got) == len(exp)
        for g, e in zip(got, exp):
            assert_same(g, e, rtol=rtol)
    else:
        assert_same(got, exp, rtol=rtol)


# ---- gradient -------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUT_NAMES)
@pytest.mark.parametrize("dtype", NUMERIC, ids=NUMERIC_IDS)
def test_gradient_layouts_dtypes(layout, dtype):
    a_np, a_cp = make_pair(layout, dtype)
    check_same_outcome(lambda: cp.gradient(a_cp), lambda: np.gradient(a_np),
                       lambda g, e: _same_seq(g, e, _tol(dtype)))


@pytest.mark.parametrize("edge_order", [1, 2])
@pytest.mark.parametrize("dtype", ["float32", "float64", "int64", "complex128"])
def test_gradient_spacings(edge_order, dtype):
    a = sample((5, 6), dtype)
    c = cp.asarray(a)
    xs = np.array([0.0, 0.5, 1.5, 1.75, 3.0])
    ys = np.arange(6) * 2  # integer coordinates with a uniform step
    cases = [
        ((2.0,), {}),
        ((2.0, 3), {}),
        ((xs, 0.5), {}),
        ((xs, ys), {}),
        ((xs,), {"axis": 0}),
        ((ys,), {"axis": -1}),
        ((), {"axis": (1, 0)}),
        ((np.float32(0.25),), {"axis": 1}),
    ]
    for args, kw in cases:
        args_cp = [cp.asarray(v) if isinstance(v, np.ndarray) else v for v in args]
        check_same_outcome(lambda: cp.gradient(c, *args_cp, edge_order=edge_order, **kw),
                           lambda: np.gradient(a, *args, edge_order=edge_order, **kw),
                           lambda g, e: _same_seq(g, e, _tol(dtype) * 10))


def test_gradient_views_of_coordinates():
    a = sample((4, 7), "float64")
    x = np.cumsum(np.arange(1, 15, dtype=np.float64))[::-2]  # a negative-stride coordinate view
    x = np.ascontiguousarray(x)
    xc = cp.asarray(np.cumsum(np.arange(1, 15, dtype=np.float64)))[::-2]
    _same_seq(cp.gradient(cp.asarray(a)[:, ::-1], xc, axis=1, edge_order=2),
              np.gradient(a[:, ::-1], x, axis=1, edge_order=2), 1e-12)


@pytest.mark.parametrize("case", [
    lambda xp, a: xp.gradient(a, 1.0, 2.0, 3.0),            # wrong count: TypeError
    lambda xp, a: xp.gradient(a, xp.arange(5.0)),           # one array for two axes
    lambda xp, a: xp.gradient(a, xp.ones((5, 6))),          # 2-D spacing for two axes: TypeError
    lambda xp, a: xp.gradient(a, xp.arange(4.0), axis=0),   # wrong length: ValueError
    lambda xp, a: xp.gradient(a, xp.ones((5, 1)), axis=0),  # not 1-D: ValueError
    lambda xp, a: xp.gradient(a, edge_order=3),
    lambda xp, a: xp.gradient(a[:2], edge_order=2),         # too short
    lambda xp, a: xp.gradient(a[:1]),
    lambda xp, a: xp.gradient(a, axis=2),                   # AxisError
    lambda xp, a: xp.gradient(a, axis=(0, 0)),              # repeated axis
    lambda xp, a: xp.gradient(a, axis=0.5),                 # TypeError
    lambda xp, a: xp.gradient(a > 0),                       # bool: subtract's TypeError
    lambda xp, a: xp.gradient(a[:2, :2], edge_order=0),     # NumPy's IndexError
    lambda xp, a: xp.gradient(a, edge_order=0),             # edge_order 0 reads as 2
])
def test_gradient_errors(case):
    a = sample((5, 6), "float64")
    check_same_outcome(lambda: case(cp, cp.asarray(a)), lambda: case(np, a),
                       lambda g, e: _same_seq(g, e, 1e-12))


def test_gradient_zero_d_and_return_types():
    assert cp.gradient(cp.asarray(5.0)) == np.gradient(np.array(5.0)) == ()
    r = cp.gradient(cp.asarray([1, 2, 4]))
    assert isinstance(r, cp.ndarray)
    assert_same(r, np.gradient(np.array([1, 2, 4])))
    assert_same(cp.gradient([1.0, 4.0, 9.0], 2), np.gradient([1.0, 4.0, 9.0], 2))


def test_gradient_special_values():
    a = np.array([1.0, np.inf, 2.0, np.nan, 5.0, -np.inf, 0.0])
    with np.errstate(invalid="ignore"):
        exp = np.gradient(a)
    assert_same(cp.gradient(cp.asarray(a)), exp)


# ---- trapezoid ------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUT_NAMES)
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
def test_trapezoid_layouts_dtypes(layout, dtype):
    a_np, a_cp = make_pair(layout, dtype)
    check_same_outcome(lambda: cp.trapezoid(a_cp), lambda: np.trapezoid(a_np),
                       lambda g, e: assert_same(cp.asarray(g), np.asarray(e), rtol=_tol(dtype)))


@pytest.mark.parametrize("dtype", ["float32", "float64", "int8", "complex64"])
def test_trapezoid_keywords(dtype):
    y = sample((3, 4), dtype)
    yc = cp.asarray(y)
    x1 = np.array([0.0, 1.0, 3.0, 3.5])
    x2 = sample((3, 4), "float64")
    cases = [
        ({}, {}),
        ({"dx": 2.0}, {}),
        ({"dx": 2}, {}),
        ({"axis": 0}, {}),
        ({"axis": -2, "dx": 0.5}, {}),
        ({"x": x1}, {"x": cp.asarray(x1)}),
        ({"x": x2, "axis": 0}, {"x": cp.asarray(x2)}),
        ({"x": x2[:, ::-1]}, {"x": cp.asarray(x2)[:, ::-1]}),
        ({"dx": np.array([1.0, 2.0, 3.0])}, {"dx": cp.asarray([1.0, 2.0, 3.0])}),
        ({"x": x1[:3], "axis": 0}, {"x": cp.asarray(x1[:3])}),
    ]
    for kw_np, kw_cp_override in cases:
        kw_cp = dict(kw_np, **kw_cp_override)
        check_same_outcome(lambda: cp.trapezoid(yc, **kw_cp), lambda: np.trapezoid(y, **kw_np),
                           lambda g, e: assert_same(cp.asarray(g), np.asarray(e),
                                                    rtol=_tol(dtype)))
    assert_same(cp.trapz(yc, dx=2.0), np.trapezoid(y, dx=2.0), rtol=_tol(dtype))


@pytest.mark.parametrize("case", [
    lambda xp: xp.trapezoid(xp.asarray([1.0, 2.0]), axis=3),   # IndexError, as NumPy
    lambda xp: xp.trapezoid(xp.asarray(5.0)),
    lambda xp: xp.trapezoid(xp.ones((2, 3)), x=xp.ones(4)),    # broadcast ValueError
    lambda xp: xp.trapezoid(xp.ones((2, 3)), axis=0.0),
    lambda xp: xp.trapezoid([1, 2, 3], dx=0.5),                 # array_like y
])
def test_trapezoid_errors(case):
    check_same_outcome(lambda: case(cp), lambda: case(np),
                       lambda g, e: assert_same(cp.asarray(g), np.asarray(e)))


# ---- interp ---------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUT_NAMES)
@pytest.mark.parametrize("dtype", [d for d in ALL_DTYPES if d.kind != "c"],
                         ids=[d.name for d in ALL_DTYPES if d.kind != "c"])
def test_interp_layouts_dtypes(layout, dtype):
    x_np, x_cp = make_pair(layout, dtype)
    xp_ = np.array([-30.0, -10.0, -2.5, 0.0, 4.0, 10.0, 25.0])
    fp = np.array([1.0, -2.0, 3.5, 0.25, 8.0, -1.0, 2.0])
    assert_same(cp.interp(x_cp, cp.asarray(xp_), cp.asarray(fp)), np.interp(x_np, xp_, fp),
                rtol=1e-13)


@pytest.mark.parametrize("fp_dtype", ["float32", "float64", "int16", "bool", "complex64",
                                      "complex128"])
def test_interp_keywords(fp_dtype):
    x = np.linspace(-3, 12, 61)
    xp_ = np.array([0.0, 1.0, 2.5, 2.5, 4.0, 9.0])   # a repeated point
    fp = sample((6,), fp_dtype, seed=3)
    xc, xpc, fpc = cp.asarray(x), cp.asarray(xp_), cp.asarray(fp)
    left = 1 - 2j if fp.dtype.kind == "c" else -7.0
    right = 3j if fp.dtype.kind == "c" else 9
    for kw in [{}, {"left": left}, {"right": right}, {"left": left, "right": right}]:
        assert_same(cp.interp(xc, xpc, fpc, **kw), np.interp(x, xp_, fp, **kw), rtol=1e-13)
    # periodic: points distinct modulo the period (NumPy's unstable argsort orders ties
    # arbitrarily, cunumpy's sort is stable)
    xpp = np.array([0.25, 1.0, 2.5, 3.75, 5.5])
    fpp = fp[:5]
    for kw in [{"period": 5.0}, {"period": -4}, {"period": 5.0, "left": left}]:
        assert_same(cp.interp(xc, cp.asarray(xpp), fpc[:5], **kw), np.interp(x, xpp, fpp, **kw),
                    rtol=1e-13)
    # views as xp and fp: reversed then re-reversed, strided
    assert_same(cp.interp(xc, cp.asarray(xp_[::-1].copy())[::-1], fpc[::1]),
                np.interp(x, xp_, fp), rtol=1e-13)


def test_interp_special_values():
    xp_ = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0])
    fp = np.array([0.0, np.inf, 1.0, 1.0, -np.inf, 2.0])
    x = np.array([0.0, 0.5, 1.0, 1.5, 2.5, 3.0, 3.5, 4.5, 5.0, 6.0, -1.0, np.inf, -np.inf, np.nan])
    with np.errstate(invalid="ignore"):
        exp = np.interp(x, xp_, fp)
    assert_same(cp.interp(cp.asarray(x), cp.asarray(xp_), cp.asarray(fp)), exp)
    # one sample point, and an infinite slope between distinct points
    for x1 in ([-1.0, 0.0, 1.0], [np.nan]):
        assert_same(cp.interp(cp.asarray(x1), cp.asarray([0.0]), cp.asarray([5.0])),
                    np.interp(x1, [0.0], [5.0]))
    big = np.array([0.0, 1e-300, 1.0])
    assert_same(cp.interp(cp.asarray([5e-301]), cp.asarray(big), cp.asarray([0.0, 1e300, 2.0])),
                np.interp([5e-301], big, [0.0, 1e300, 2.0]), rtol=1e-12)


def test_interp_scalar_and_list_inputs():
    r = cp.interp(2.5, [1, 2, 3], [3, 2, 0])
    assert isinstance(r, cp.ndarray) and r.shape == ()
    assert float(r) == np.interp(2.5, [1, 2, 3], [3, 2, 0])
    assert_same(cp.interp([[0.5, 1.5], [2.5, 9.0]], [1, 2, 3], [3, 2, 0]),
                np.interp([[0.5, 1.5], [2.5, 9.0]], [1, 2, 3], [3, 2, 0]))


@pytest.mark.parametrize("case", [
    lambda xp: xp.interp(xp.asarray([1.0]), xp.asarray([[0.0, 1.0]]), xp.asarray([0.0, 1.0])),
    lambda xp: xp.interp(xp.asarray([1.0]), xp.asarray([0.0, 1.0]), xp.asarray([[0.0, 1.0]])),
    lambda xp: xp.interp(xp.asarray([1.0]), xp.asarray([0.0, 1.0, 2.0]), xp.asarray([0.0, 1.0])),
    lambda xp: xp.interp(xp.asarray([1.0]), xp.asarray([]), xp.asarray([])),
    lambda xp: xp.interp(xp.asarray([1.0]), xp.asarray([0.0, 1.0]), xp.asarray([0.0, 1.0]), period=0),
    lambda xp: xp.interp(xp.asarray([1.0]), xp.asarray([[0.0, 1.0]]), xp.asarray([0.0, 1.0]), period=1),
    lambda xp: xp.interp(xp.asarray([1.0]), xp.asarray([0.0, 1.0, 2.0]), xp.asarray([0.0, 1.0]), period=1),
    lambda xp: xp.interp(xp.asarray([1.0 + 1j]), xp.asarray([0.0, 1.0]), xp.asarray([0.0, 1.0])),
    lambda xp: xp.interp(xp.asarray([1.0]), xp.asarray([0.0, 1.0]), xp.asarray([0.0, 1.0]), left=1j),
])
def test_interp_errors(case):
    check_same_outcome(lambda: case(cp), lambda: case(np))


# ---- unwrap ---------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUT_NAMES)
@pytest.mark.parametrize("dtype", [d for d in ALL_DTYPES if d.kind != "c"],
                         ids=[d.name for d in ALL_DTYPES if d.kind != "c"])
def test_unwrap_layouts_dtypes(layout, dtype):
    a_np, a_cp = make_pair(layout, dtype)
    check_same_outcome(lambda: cp.unwrap(a_cp), lambda: np.unwrap(a_np),
                       lambda g, e: assert_same(g, e, rtol=_tol(dtype) * 10))


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int64", "uint8"])
def test_unwrap_keywords(dtype):
    rng = np.random.default_rng(5)
    a = np.cumsum(rng.integers(-9, 10, (4, 12)), axis=1).astype(dtype)
    ac = cp.asarray(a)
    for kw in [{}, {"axis": 0}, {"axis": -2}, {"discont": 1.0}, {"discont": 5},
               {"period": 6}, {"period": 7}, {"period": 8, "discont": 2}, {"period": 4.5},
               {"period": 360.0, "axis": 0}, {"period": -6}]:
        check_same_outcome(lambda: cp.unwrap(ac, **kw), lambda: np.unwrap(a, **kw),
                           lambda g, e: assert_same(g, e, rtol=_tol(dtype) * 10))


def test_unwrap_phase_and_boundaries():
    phase = np.linspace(0, 20, 50) % (2 * np.pi) - np.pi
    assert_same(cp.unwrap(cp.asarray(phase)), np.unwrap(phase), rtol=1e-13)
    exact = np.array([0.0, np.pi, 0.0, -np.pi, 0.0, 3 * np.pi])   # jumps of exactly period/2
    assert_same(cp.unwrap(cp.asarray(exact)), np.unwrap(exact), rtol=1e-13)
    ints = np.array([0, 3, 6, 3, 0, -3])                           # even integer period
    assert_same(cp.unwrap(cp.asarray(ints), period=6), np.unwrap(ints, period=6))


@pytest.mark.parametrize("case", [
    lambda xp: xp.unwrap(xp.asarray(5.0)),
    lambda xp: xp.unwrap(xp.asarray([1.0, 2.0]), axis=1),
    lambda xp: xp.unwrap(xp.asarray([1.0, 2.0]), axis=0.0),
    lambda xp: xp.unwrap([0.0, 7.0, 14.0]),
])
def test_unwrap_errors(case):
    check_same_outcome(lambda: case(cp), lambda: case(np),
                       lambda g, e: assert_same(g, e, rtol=1e-13))
