"""cunumpy.polynomial (numpy.polynomial's power series, the part CuPy has): polyvander,
polycompanion, polyval, polyvalfromroots and polyutils' as_series, trimseq, trimcoef
against NumPy: dtypes, layouts, scalar and array points, tensor=, and NumPy's errors."""
import numpy as np
import numpy.polynomial.polynomial as NP
import numpy.polynomial.polyutils as NU
import pytest

import cunumpy as cp
from _helpers import ALL_DTYPES, DTYPE_IDS, assert_same, check_same_outcome, inexact_tol, make_pair

P = cp.polynomial.polynomial
U = cp.polynomial.polyutils

LAYOUTS = ["0d", "contig1d", "negstride1d", "contig", "noncontig", "empty"]
NUMERIC = [d for d in ALL_DTYPES if d != np.dtype(bool)]


_tol = inexact_tol


def _same(tol):
    return lambda a, b: assert_same(a, b, rtol=tol)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("deg", [0, 1, 3])
def test_polyvander(layout, dtype, deg):
    x_np, x_cp = make_pair(layout, dtype)
    with np.errstate(all="ignore"):
        check_same_outcome(lambda: P.polyvander(x_cp, deg), lambda: NP.polyvander(x_np, deg), _same(_tol(dtype)))


def test_polyvander_errors_and_lists():
    assert_same(P.polyvander([1, 2, 3], 2), NP.polyvander([1, 2, 3], 2))
    with pytest.raises(ValueError, match="non-negative"):
        P.polyvander(cp.arange(3.0), -1)
    with pytest.raises(TypeError, match="deg must be an integer"):
        P.polyvander(cp.arange(3.0), 1.5)


@pytest.mark.parametrize("dtype", NUMERIC, ids=[d.name for d in NUMERIC])
@pytest.mark.parametrize("c", [[1, 2], [3, -1, 2], [1, 2, 3, 4, 0, 5], [2, 0, 1, 0, 0]])
def test_polycompanion(dtype, c):
    c_np = np.asarray(c).astype(dtype)
    with np.errstate(all="ignore"):
        check_same_outcome(lambda: P.polycompanion(cp.asarray(c_np)), lambda: NP.polycompanion(c_np),
                           _same(_tol(dtype)))


def test_polycompanion_errors():
    for c in [[1.0], [], [[1.0, 2.0], [3.0, 4.0]], [5.0, 0.0, 0.0]]:  # the last trims to one term
        with pytest.raises(ValueError):
            NP.polycompanion(c)
        with pytest.raises(ValueError):
            P.polycompanion(cp.asarray(c))


X_CASES = [2, -1.5, 1 + 2j, np.float32(0.5), np.int8(3), "0d", "contig1d", "contig", [0.5, 2.0]]


def _points(x, dtype):
    if isinstance(x, str):
        return make_pair(x, dtype)
    if isinstance(x, list):
        return x, x
    return x, x


@pytest.mark.parametrize("x", X_CASES, ids=[str(x) for x in X_CASES])
@pytest.mark.parametrize("cdt", ["int64", "float32", "float64", "complex64", "bool"])
@pytest.mark.parametrize("cshape", [(4,), (3, 2)])
@pytest.mark.parametrize("tensor", [True, False])
def test_polyval(x, cdt, cshape, tensor):
    x_np, x_cp = _points(x, np.float64)
    c_np = (np.arange(np.prod(cshape)).reshape(cshape) % 3 - 1).astype(cdt)
    tol = _tol(cdt, np.float32 if isinstance(x, np.float32) else np.float64)
    check_same_outcome(lambda: P.polyval(x_cp, cp.asarray(c_np), tensor=tensor),
                       lambda: NP.polyval(x_np, c_np, tensor=tensor), _same(tol))


@pytest.mark.parametrize("x", X_CASES, ids=[str(x) for x in X_CASES])
@pytest.mark.parametrize("rdt", ["int32", "float32", "float64", "complex128"])
@pytest.mark.parametrize("rshape", [(3,), (2, 3)])
@pytest.mark.parametrize("tensor", [True, False])
def test_polyvalfromroots(x, rdt, rshape, tensor):
    x_np, x_cp = _points(x, np.float64)
    r_np = (np.arange(np.prod(rshape)).reshape(rshape) * 0.5 - 1).astype(rdt)
    tol = _tol(rdt, np.float32 if isinstance(x, np.float32) else np.float64)
    check_same_outcome(lambda: P.polyvalfromroots(x_cp, cp.asarray(r_np), tensor=tensor),
                       lambda: NP.polyvalfromroots(x_np, r_np, tensor=tensor), _same(tol))


def test_numpy_array_points_are_arrays():
    # NumPy's isinstance(x, np.ndarray): a NumPy x, 0-d too, is an array point (tensor=)
    c = np.arange(6.0).reshape(3, 2)
    for x in [np.array(2.0), np.array([1.0, -2.0])]:
        assert_same(P.polyval(x, cp.asarray(c)), NP.polyval(x, c))
        assert_same(P.polyvalfromroots(x, cp.asarray(c)), NP.polyvalfromroots(x, c))


def test_polyval_special_points():
    c = np.array([1.0, -2.0, 0.5], dtype=np.float32)
    for x in [np.inf, -0.0, np.nan]:  # x*0 is NaN for inf and NaN, as in NumPy
        assert_same(P.polyval(x, cp.asarray(c)), np.asarray(NP.polyval(x, c)))


@pytest.mark.parametrize("alist,trim", [
    ([2, [1.1, 0.0]], True), ([2, [1.1, 0.0]], False), ([[1, 2, 0, 0], [3]], True),
    ([[0, 0], [1j, 0]], True), ([np.float32([1, 2]), np.float16([3])], True), ([[5]], True),
])
def test_as_series(alist, trim):
    got = U.as_series([cp.asarray(a) for a in alist], trim=trim)
    exp = NU.as_series(alist, trim=trim)
    assert len(got) == len(exp)
    for g, e in zip(got, exp):
        assert_same(g, e)


def test_as_series_rows_lists_and_errors():
    for g, e in zip(U.as_series(cp.arange(6).reshape(2, 3)), NU.as_series(np.arange(6).reshape(2, 3))):
        assert_same(g, e)
    for g, e in zip(U.as_series([1, [2.0, 0.0]]), NU.as_series([1, [2.0, 0.0]])):
        assert_same(g, e)
    for bad in [[[]], [[[1.0, 2.0]]], [[True, False]]]:
        with pytest.raises(ValueError):
            NU.as_series(bad)
        with pytest.raises(ValueError):
            U.as_series([cp.asarray(b) for b in bad])


@pytest.mark.parametrize("seq", [[1.0, 0.0, 0.0], [0.0, 0.0], [0.0], [1.0, 2.0], [0.0, 3.0, 0.0, -0.0], [1j, 0j]])
def test_trimseq(seq):
    assert_same(U.trimseq(cp.asarray(seq)), NU.trimseq(np.asarray(seq)))


@pytest.mark.parametrize("c,tol", [
    ([0, 0, 1e-3, 0, 1e-5, 0, 0], 1e-3), ([0, 0, 1e-3, 0, 1e-5, 0, 0], 0), ([3e-4, 1e-3 * (1 - 1j), 5e-4, 2e-5 * (1 + 1j)], 1e-3),
    ([1, 2, 3], 0), ([0, 0], 0), ([5, 0, 0], 10), ([2, 7, 0, 1], 1),
])
def test_trimcoef(c, tol):
    assert_same(U.trimcoef(cp.asarray(c), tol), NU.trimcoef(c, tol))


def test_trimcoef_errors():
    with pytest.raises(ValueError, match="tol must be non-negative"):
        U.trimcoef(cp.asarray([1.0]), -1)
    with pytest.raises(ValueError):
        U.trimcoef(cp.asarray([]))
