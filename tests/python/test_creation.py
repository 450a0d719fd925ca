"""Array creation against NumPy: empty/zeros/ones/full and *_like, arange, linspace,
logspace, eye/identity/tri, array/asarray/asanyarray/ascontiguousarray/asfortranarray."""

import math
import warnings

import numpy as np
import pytest

import cunumpy as cp
from _helpers import (LAYOUT_NAMES, assert_same, assert_strides, check_same_outcome,
                      make_pair, outcome, sample, shares_writes)

SHAPES = [(), 0, 3, (2, 3), (0, 3), (2, 0, 4), [2, 3], (1, 1, 1), np.int64(4), (3, np.int32(2))]
SHAPE_IDS = ["()", "0", "3", "2x3", "0x3", "2x0x4", "list", "1x1x1", "np.int64", "np-int-tuple"]


def _check_layout(x_cp, x_np):
    assert x_cp.shape == x_np.shape
    assert_strides(x_cp, x_np)
    assert x_cp.flags.c_contiguous == x_np.flags.c_contiguous
    assert x_cp.flags.f_contiguous == x_np.flags.f_contiguous


# ---------------------------------------------------------------- empty / zeros / ones / full
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("shape", SHAPES, ids=SHAPE_IDS)
def test_empty_zeros_ones(shape, order, dtype):
    for name in ("empty", "zeros", "ones"):
        x_cp = getattr(cp, name)(shape, dtype=dtype, order=order)
        x_np = getattr(np, name)(shape, dtype=dtype, order=order)
        assert isinstance(x_cp, cp.ndarray)
        assert x_cp.dtype == x_np.dtype
        _check_layout(x_cp, x_np)
        assert x_cp.flags.owndata
        if name != "empty":
            assert_same(x_cp, x_np)


@pytest.mark.parametrize("name", ["empty", "zeros", "ones"])
def test_default_dtype_is_float64(name):
    assert getattr(cp, name)((2, 2)).dtype == getattr(np, name)((2, 2)).dtype
    assert getattr(cp, name)(3).dtype == np.float64


@pytest.mark.parametrize("shape", [-1, (2, -3), (2.0,), "3", (2, None)], ids=repr)
def test_bad_shapes_raise_like_numpy(shape):
    for name in ("empty", "zeros", "ones"):
        check_same_outcome(lambda: getattr(cp, name)(shape), lambda: getattr(np, name)(shape))


FILL_VALUES = [0, 7, -1, 300, 2**40, 2.5, -2.5, True, False, 1 + 2j, -0.0, float("inf"),
               float("nan"), np.float32(1.25), np.int8(-3), np.uint64(2**63), 1e300]


@pytest.mark.parametrize("fill", FILL_VALUES, ids=repr)
def test_full(fill, dtype):
    if dtype.kind in "iu" and isinstance(fill, float) and not np.isfinite(fill):
        pytest.skip("nan/inf to integer is undefined in NumPy")
    if dtype.kind in "iu" and isinstance(fill, float) and abs(fill) > 2**31:
        pytest.skip("out-of-range float to integer is undefined in NumPy")
    if dtype.kind == "u" and isinstance(fill, float) and fill < 0:
        pytest.skip("negative float to unsigned integer is undefined in NumPy (C UB)")
    r_cp, r_np = check_same_outcome(lambda: cp.full((2, 3), fill, dtype=dtype),
                                    lambda: np.full((2, 3), fill, dtype=dtype))
    if r_cp is not None:
        assert r_cp.flags.c_contiguous


@pytest.mark.parametrize("fill", [0, 7, -1, 2**63, 2.5, True, 1j, np.float32(1.5),
                                  np.int16(3), np.uint8(3), -0.0], ids=repr)
def test_full_infers_dtype(fill):
    check_same_outcome(lambda: cp.full(3, fill), lambda: np.full(3, fill))
    check_same_outcome(lambda: cp.full((), fill), lambda: np.full((), fill))


def test_full_order_and_array_fill():
    assert_same(cp.full((2, 3), 5, dtype=np.int16, order="F"),
                np.full((2, 3), 5, dtype=np.int16, order="F"), check_strides=True)
    assert_same(cp.full((2, 3), cp.asarray([1, 2, 3])), np.full((2, 3), [1, 2, 3]))
    assert_same(cp.full((2, 3), cp.asarray(2.5), dtype=np.float32),
                np.full((2, 3), 2.5, dtype=np.float32))


LIKE_ORDERS = ["K", "C", "F", "A"]


@pytest.mark.parametrize("order", LIKE_ORDERS)
@pytest.mark.parametrize("layout", LAYOUT_NAMES)
def test_like_functions(layout, order):
    for dtype in (np.dtype("int16"), np.dtype("complex128")):
        p_np, p_cp = make_pair(layout, dtype)
        for name in ("empty_like", "zeros_like", "ones_like"):
            r_cp = getattr(cp, name)(p_cp, order=order)
            r_np = getattr(np, name)(p_np, order=order)
            assert r_cp.dtype == r_np.dtype
            _check_layout(r_cp, r_np)
            if name != "empty_like":
                assert_same(r_cp, r_np)
        r_cp = cp.full_like(p_cp, 3, order=order)
        r_np = np.full_like(p_np, 3, order=order)
        _check_layout(r_cp, r_np)
        assert_same(r_cp, r_np)


def test_like_functions_dtype_and_shape(dtype, dtype2):
    p_np, p_cp = make_pair("fortran", dtype)
    for name in ("empty_like", "zeros_like", "ones_like"):
        r_cp = getattr(cp, name)(p_cp, dtype=dtype2)
        r_np = getattr(np, name)(p_np, dtype=dtype2)
        assert r_cp.dtype == r_np.dtype
        _check_layout(r_cp, r_np)
        if name != "empty_like":
            assert_same(r_cp, r_np)
        for shape in [(5,), (2, 2, 2), (), 0]:
            r_cp = getattr(cp, name)(p_cp, dtype=dtype2, shape=shape)
            r_np = getattr(np, name)(p_np, dtype=dtype2, shape=shape)
            _check_layout(r_cp, r_np)
            if name != "empty_like":
                assert_same(r_cp, r_np)


@pytest.mark.parametrize("fill", [1, -1, 2.5, 1j, True], ids=repr)
def test_full_like(fill, dtype):
    p_np, p_cp = make_pair("negstride", dtype)
    check_same_outcome(lambda: cp.full_like(p_cp, fill), lambda: np.full_like(p_np, fill))
    check_same_outcome(lambda: cp.full_like(p_cp, fill, dtype=np.complex64, shape=(2, 2)),
                       lambda: np.full_like(p_np, fill, dtype=np.complex64, shape=(2, 2)))


def test_like_result_is_independent():
    p_np, p_cp = make_pair("contig", np.float64)
    z = cp.zeros_like(p_cp)
    z[...] = 9
    assert_same(p_cp, p_np)
    assert z.base is None and z.flags.owndata


# ---------------------------------------------------------------- arange
def _tol(d):
    d = np.dtype(d)
    if d.kind not in "fc":
        return None
    return {2: 1e-3, 4: 4e-7, 8: 1e-15}[np.finfo(d).bits // 8] * 4


ARANGE_ARGS = [
    (5,), (0,), (-3,), (1,), (2, 10), (10, 2), (0, 10, 3), (10, 0, -3), (10, 0, 3),
    (-5, 5, 2), (5, -5, -2), (0.0,), (1.5,), (0, 1, 0.1), (-1, 1, 0.25), (1, 0, -0.1),
    (0.5, 7.5, 1.5), (3.0, 4.0, 0.3), (0, 1e-3, 1e-4), (2**40, 2**40 + 5), (-2**62, -2**62 + 3),
    (np.int8(3),), (np.float32(0.5), 3), (0, 5, 1.0), (0, 5, np.int16(2)), (True,),
    (1j,), (0, 3 + 1j), (0, 0), (5, 5), (0, 10, 20),
]


@pytest.mark.parametrize("args", ARANGE_ARGS, ids=repr)
def test_arange(args):
    r_cp, r_np = check_same_outcome(
        lambda: cp.arange(*args), lambda: np.arange(*args),
        compare=lambda a, b: assert_same(a, b, rtol=_tol(b.dtype)))


@pytest.mark.parametrize("args", [(10,), (0,), (2,), (1, 8, 2), (7, -3, -2), (0, 5, 0.5),
                                  (-2.5, 2.5, 0.5), (100, 130, 7), (250, 260)], ids=repr)
def test_arange_dtype(args, dtype):
    check_same_outcome(lambda: cp.arange(*args, dtype=dtype),
                       lambda: np.arange(*args, dtype=dtype),
                       compare=lambda a, b: assert_same(a, b, rtol=_tol(b.dtype)))


# arange is filled where the array lives (src/scalar/cn_scalar.h's arange_at): the bits
# must be NumPy's on every backend, long enough to use the parallel/grid-stride loop.
@pytest.mark.parametrize("args,dtype", [
    ((0, 1, 1e-6), None), ((1, 3000, 0.03), "float32"), ((-3.5, 1e4, 0.37), "float32"),
    ((0, 200, 0.01), "float16"), ((0, 50000, 3), "int8"), ((250, -9e5, -7), "uint8"),
    ((0, 1e6, 3), "int16"), ((2**63 - 2**20, 2**63 + 2**19), "int64"),
    ((1 + 1j, 1e4 + 1e4j, 0.7 + 0.5j), None), ((0, 1e5, 0.1), "complex64"),
    ((-1e5, 1e5, 0.5), "float64")], ids=repr)
def test_arange_bits_match_numpy(args, dtype):
    kw = {} if dtype is None else {"dtype": dtype}
    e = np.arange(*args, **kw)
    r = cp.asnumpy(cp.arange(*args, **kw))
    assert r.dtype == e.dtype and r.shape == e.shape and e.size > 2000
    np.testing.assert_array_equal(r.view(np.uint8), e.view(np.uint8))


def test_arange_keywords():
    assert_same(cp.arange(start=2, stop=9, step=3), np.arange(start=2, stop=9, step=3))
    assert_same(cp.arange(stop=4), np.arange(stop=4))
    assert_same(cp.arange(1, 10, step=4, dtype=np.float32),
                np.arange(1, 10, step=4, dtype=np.float32))


# NumPy stores start and start + step (a float truncated) first: out of range raises.
@pytest.mark.parametrize("args,dtype", [
    ((-1.5, 1), "uint16"), ((-1.5, 1, 0.5), "uint8"), ((1.0, -3, -2.5), "uint8"),
    ((1, -1, -1.5), "uint8"), ((200.5, 300), "int8"), ((126.5, 300), "int8"),
    ((255, 260), "uint8"), ((0, -3, -1), "uint8"), ((0.5, -3, -1), "uint8"),
    ((-1.5, -2), "uint8"), ((np.float64(-1.5), 1), "uint8"), ((-1.5, 1, np.float32(1)), "uint8"),
    ((65535.5, 65537), "uint16"), ((-0.9, 1), "uint8"), ((1.5, 1.9), "uint8")], ids=repr)
def test_arange_int_dtype_stores_checked(args, dtype):
    check_same_outcome(lambda: cp.arange(*args, dtype=dtype),
                       lambda: np.arange(*args, dtype=dtype))


@pytest.mark.parametrize("args", [(0, 10, 0), (0, 1, 0.0), (float("nan"),), (0, float("inf")),
                                  (1, float("nan"), 1)], ids=repr)
def test_arange_errors_like_numpy(args):
    check_same_outcome(lambda: cp.arange(*args), lambda: np.arange(*args))


_BIG_BOUNDS = [0, 5, -3, 2**53 + 1, 2**62, 2**63 - 1, 2**63, 2**63 + 3, 2**64 - 1, 2**64, -2**63, -2**63 - 1,
               10**18 + 7, 1.0, 2.5e18]
_BIG_STEPS = [1, -2, 7, 2**62, 2**62 + 1, -2**62, -(2**61) - 5, 2**63, 1.0, 2**64 + 1]


@pytest.mark.parametrize("dtype", [None, "uint64", "int64", "int8", "float32", "float64"])
def test_arange_big_int_bounds_like_numpy(dtype):
    """Python ints near and beyond the 64-bit limits: an int in [2^63, 2^64) makes NumPy's
    result float64 (uint64 promoted with intp); the length is the ceiling of the correctly
    rounded (stop - start) / step (arange(5, -2**63, -2**62) has 2 values, not 3); start and
    start + step are exact Python sums stored in the result after it is allocated (a
    MemoryError comes before a value that does not fit). Left out: NumPy's object arrays
    (a bound beyond the 64-bit range without dtype=; cunumpy raises OverflowError) and its
    lengths of 2^63 or more (converted to intp with undefined result, an empty array on
    x86; cunumpy raises ValueError)."""
    kw = {} if dtype is None else {"dtype": dtype}
    compared = 0
    for start in _BIG_BOUNDS:
        for stop in _BIG_BOUNDS:
            for step in _BIG_STEPS:
                with np.errstate(all="ignore"):
                    try:
                        expected = np.arange(start, stop, step, **kw)
                    except MemoryError:  # NumPy's private subclass: any MemoryError will do
                        with pytest.raises(MemoryError):
                            cp.arange(start, stop, step, **kw)
                        compared += 1
                        continue
                    except Exception:  # noqa: BLE001 - the type is compared below
                        expected = None
                if expected is not None and (expected.dtype == object or (
                        expected.size == 0 and math.ceil((stop - start) / step) >= 2**63)):
                    continue
                check_same_outcome(lambda: cp.arange(start, stop, step, **kw),
                                   lambda: np.arange(start, stop, step, **kw))
                compared += 1
    assert compared > 1000


def test_arange_big_int_bounds_values():
    # the cases that once gave int64 with wrapped values or a wrong length
    assert_same(cp.arange(2**63, 2**63 + 2**12, 1024), np.arange(2**63, 2**63 + 2**12, 1024))
    assert_same(cp.arange(0, 2**63 + 2, 2**62), np.arange(0, 2**63 + 2, 2**62))
    assert_same(cp.arange(2**63, 2**63 + 3, 1.0), np.arange(2**63, 2**63 + 3, 1.0))
    assert_same(cp.arange(5, -2**63, -2**62), np.arange(5, -2**63, -2**62))
    assert_same(cp.arange(2**63, 2**64 - 1, 2**63, dtype=np.uint64), np.arange(2**63, 2**64 - 1, 2**63, dtype=np.uint64))
    with pytest.raises(OverflowError):
        cp.arange(0, 2**64, 2**62)  # NumPy: an object array
    with pytest.raises(ValueError, match="array is too big"):
        cp.arange(0, -2**63 - 1, -2)
    check_same_outcome(lambda: cp.arange(0, -2**100, np.float64(2.0)),  # length beyond intp
                       lambda: np.arange(0, -2**100, np.float64(2.0)))


@pytest.mark.parametrize("bounds", [(1j, 4), (1 + 0j, 4), (0, 4j), (0, 4, 1 + 0j), (np.complex64(1), 4),
                                    (np.complex128(0.5 + 2j), 6, 1.5), (0, np.complex64(5 - 1j)),
                                    (np.complex64(1), 4, np.complex64(-1)), (1j, np.float64(4)),
                                    (1j, np.int8(4)), (np.complex128(1), 4), (np.int8(4), 0, 1j),
                                    (np.int8(4), 0, -1j), (1e-300, 1.0, 1e308j)], ids=repr)
@pytest.mark.parametrize("dtype", ["float32", "int64", "bool", "complex64", None])
def test_arange_complex_bounds_like_numpy(bounds, dtype):
    """The length from q = (stop - start) / step: for a complex result and a Python complex
    q (np.complex128 too) the shorter of both parts', else q's real part (a Python complex
    q is NumPy's TypeError there, a complex64 one its ComplexWarning); a real dtype takes
    the bounds' real parts."""
    def complex_warned(xp):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            try:
                xp.arange(*bounds, dtype=dtype)
            except TypeError:
                pass
        return any(issubclass(x.category, np.exceptions.ComplexWarning) for x in w)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
        check_same_outcome(lambda: cp.arange(*bounds, dtype=dtype), lambda: np.arange(*bounds, dtype=dtype))
    assert complex_warned(cp) == complex_warned(np)


_SCALAR_BOUNDS = [0, 3, -2, 2.5, True, np.uint8(3), np.int8(-3), np.uint64(5), np.int64(4), np.float32(0.5),
                  np.float16(1.5), np.float64(2.5), np.bool_(True), np.int16(7)]
_SCALAR_STEPS = [None, 1, 0.3, -1.5, np.uint8(2), np.float32(0.3), np.int8(-1)]


@pytest.mark.parametrize("stop", _SCALAR_BOUNDS, ids=repr)
@pytest.mark.parametrize("start", _SCALAR_BOUNDS, ids=repr)
def test_arange_numpy_scalar_bounds_like_numpy(start, stop):
    """NumPy scalar bounds go through NumPy's own arithmetic (NEP 50): the dtype is intp
    promoted with each bound's (uint64 and float16 give float64), the length and the second
    value are the bounds' own results (np.uint8(3) to 0 wraps to 253 values; a float32
    start steps by float32(start + step) - start)."""
    for step in _SCALAR_STEPS:
        args = (start, stop) if step is None else (start, stop, step)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # NumPy's scalar overflow warnings
            try:
                q = float((stop - start) / (1 if step is None else step))
            except (OverflowError, TypeError):
                q = 0.0  # NumPy's own error: compared below
            if math.isfinite(q) and math.ceil(q) == 2**63:
                continue  # NumPy converts 2**63 to intp (undefined: empty on x86); cunumpy raises
            check_same_outcome(lambda: cp.arange(*args), lambda: np.arange(*args))


# ---------------------------------------------------------------- linspace / logspace
LINSPACE = [
    dict(start=0, stop=1, num=5), dict(start=0, stop=1, num=0), dict(start=0, stop=1, num=1),
    dict(start=0, stop=1, num=1, endpoint=False), dict(start=2, stop=3, num=2),
    dict(start=0, stop=1, num=5, endpoint=False), dict(start=1, stop=-1, num=7),
    dict(start=-5, stop=5, num=11), dict(start=0, stop=10, num=4, dtype=np.int32),
    dict(start=-3, stop=3, num=8, dtype=np.int64), dict(start=0, stop=1, num=9, dtype=np.float32),
    dict(start=0, stop=1, num=9, dtype=np.float16), dict(start=0, stop=1 + 2j, num=4),
    dict(start=1j, stop=2, num=3, dtype=np.complex64), dict(start=1e10, stop=1e10 + 1, num=3),
    dict(start=5, stop=5, num=4), dict(start=0, stop=100, num=50),
    dict(start=np.float32(0), stop=np.float32(1), num=3),
    dict(start=0, stop=1, num=4, dtype=bool), dict(start=0, stop=255, num=6, dtype=np.uint8),
    dict(start=0, stop=1, num=-1), dict(start=0, stop=1, num=2.5),
]


@pytest.mark.parametrize("kw", LINSPACE, ids=repr)
@pytest.mark.parametrize("retstep", [False, True])
def test_linspace(kw, retstep):
    def cmp(a, b):
        if retstep:
            (a, sa), (b, sb) = a, b
            np.testing.assert_allclose(sa, sb, rtol=1e-12, equal_nan=True)
        assert_same(a, b, rtol=_tol(b.dtype))

    check_same_outcome(lambda: cp.linspace(retstep=retstep, **kw),
                       lambda: np.linspace(retstep=retstep, **kw), compare=cmp)


LOGSPACE = [
    dict(start=0, stop=2, num=5), dict(start=0, stop=2, num=0), dict(start=0, stop=2, num=1),
    dict(start=0, stop=3, num=4, endpoint=False), dict(start=0, stop=10, num=11, base=2),
    dict(start=-2, stop=2, num=9, base=10.0), dict(start=0, stop=1, num=5, dtype=np.float32),
    dict(start=1, stop=0, num=3, base=np.e), dict(start=0, stop=4, num=5, dtype=np.int64),
    dict(start=0, stop=2, num=3, dtype=np.complex128),
]


@pytest.mark.parametrize("kw", LOGSPACE, ids=repr)
def test_logspace(kw):
    check_same_outcome(lambda: cp.logspace(**kw), lambda: np.logspace(**kw),
                       compare=lambda a, b: assert_same(a, b, rtol=_tol(b.dtype)))


GEOMSPACE = [
    dict(start=1, stop=1000, num=4), dict(start=1, stop=1000, num=0), dict(start=2, stop=32, num=1),
    dict(start=1, stop=256, num=8, endpoint=False), dict(start=-1, stop=-1000, num=4),
    dict(start=1000, stop=1, num=4, dtype=np.float32), dict(start=1, stop=1000, num=4, dtype=np.int64),
    dict(start=1j, stop=1000j, num=4), dict(start=-1 + 0j, stop=1 + 0j, num=5),
    dict(start=np.array([1.0, 10.0]), stop=np.array([100.0, 1000.0]), num=3, axis=1),
    dict(start=0, stop=10, num=3), dict(start=1, stop=10, num=-1), dict(start=1, stop=10, num=2.0),
]


@pytest.mark.parametrize("kw", GEOMSPACE, ids=repr)
def test_geomspace(kw):
    """NumPy's results and errors (a zero bound: ValueError; num < 0: ValueError; a float num: TypeError)."""
    kw_cp = {k: cp.asarray(v) if isinstance(v, np.ndarray) else v for k, v in kw.items()}
    check_same_outcome(lambda: cp.geomspace(**kw_cp), lambda: np.geomspace(**kw),
                       compare=lambda a, b: assert_same(a, b, rtol=_tol(b.dtype)))


# ---------------------------------------------------------------- eye / identity / tri
EYE = [(3,), (0,), (1,), (3, 5), (5, 3), (4, 4, 1), (4, 4, -1), (4, 4, 3), (4, 4, -4),
       (4, 4, 10), (2, 6, 2), (6, 2, -3), (3, None, 1), (0, 4)]


@pytest.mark.parametrize("args", EYE, ids=repr)
def test_eye(args, dtype):
    assert_same(cp.eye(*args, dtype=dtype), np.eye(*args, dtype=dtype), check_strides=True)


@pytest.mark.parametrize("order", ["C", "F"])
def test_eye_order_and_keywords(order):
    r_cp = cp.eye(3, M=4, k=1, order=order)
    r_np = np.eye(3, M=4, k=1, order=order)
    assert_same(r_cp, r_np, check_strides=True)
    assert cp.eye(3).dtype == np.eye(3).dtype


@pytest.mark.parametrize("n", [0, 1, 4])
def test_identity(n, dtype):
    assert_same(cp.identity(n, dtype=dtype), np.identity(n, dtype=dtype))
    assert_same(cp.identity(n), np.identity(n))


TRI = [(3,), (0,), (1,), (3, 5), (5, 3), (4, 4, 1), (4, 4, -1), (4, 6, 2), (6, 4, -3),
       (3, None, 0), (3, 3, 10), (3, 3, -10)]


@pytest.mark.parametrize("args", TRI, ids=repr)
def test_tri(args, dtype):
    assert_same(cp.tri(*args, dtype=dtype), np.tri(*args, dtype=dtype))


def test_tri_default_dtype_and_keywords():
    assert_same(cp.tri(3, M=4, k=1), np.tri(3, M=4, k=1))
    assert cp.tri(3).dtype == np.tri(3).dtype


# ---------------------------------------------------------------- array / asarray from NumPy
CONVERTERS = ["array", "asarray", "asanyarray", "ascontiguousarray", "asfortranarray"]


@pytest.mark.parametrize("func", CONVERTERS)
def test_from_numpy_every_dtype_and_layout(func, dtype, layout):
    a_np, _ = make_pair(layout, dtype)
    r_cp = getattr(cp, func)(a_np)
    r_np = getattr(np, func)(a_np)
    assert isinstance(r_cp, cp.ndarray)
    assert_same(r_cp, r_np)
    if func in ("ascontiguousarray", "asfortranarray"):
        assert r_cp.flags.c_contiguous == r_np.flags.c_contiguous
        assert r_cp.flags.f_contiguous == r_np.flags.f_contiguous
        assert_strides(r_cp, r_np)
    assert r_cp.flags.c_contiguous or r_cp.flags.f_contiguous, "a copy is contiguous"


@pytest.mark.parametrize("order", ["C", "F", "K", "A"])
@pytest.mark.parametrize("layout", LAYOUT_NAMES)
def test_array_order_from_numpy(layout, order):
    a_np, _ = make_pair(layout, np.float32)
    r_cp = cp.array(a_np, order=order)
    r_np = np.array(a_np, order=order)
    assert_same(r_cp, r_np)
    if layout != "broadcast" and order in ("C", "F"):
        _check_layout(r_cp, r_np)
    else:
        assert r_cp.flags.c_contiguous == r_np.flags.c_contiguous or \
            r_cp.flags.f_contiguous == r_np.flags.f_contiguous


def test_array_dtype_conversion_from_numpy(dtype, dtype2):
    src = np.array([[0, 1, 3], [5, 7, 100]], dtype=dtype) if dtype.kind != "b" else \
        np.array([[True, False, True], [False, False, True]])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exp = np.array(src, dtype=dtype2)
        got = cp.array(src, dtype=dtype2)
        got2 = cp.asarray(src[:, ::-1], dtype=dtype2)
        exp2 = np.asarray(src[:, ::-1], dtype=dtype2)
    assert_same(got, exp)
    assert_same(got2, exp2)


@pytest.mark.parametrize("value", [0, 1, -1, 2**31, 2**62, 2**63, 2**64 - 1, -2**63, True,
                                   False, 1.5, -0.0, float("inf"), float("nan"), 1j, -2 + 0.5j,
                                   np.float32(1.5), np.float16(2), np.int8(-4), np.uint32(7),
                                   np.complex64(1 - 1j), np.bool_(True), np.int64(5)],
                         ids=repr)
def test_array_from_python_and_numpy_scalars(value):
    for func in ("array", "asarray", "asanyarray"):
        check_same_outcome(lambda: getattr(cp, func)(value), lambda: getattr(np, func)(value))
    check_same_outcome(lambda: cp.array(value, dtype=np.complex64),
                       lambda: np.array(value, dtype=np.complex64))


def test_python_int_too_big_raises():
    for v in (2**64, -2**63 - 1, [1, 2**64]):
        kn, rn = outcome(lambda: np.asarray(v))
        assert kn == "ok" and rn.dtype == object  # NumPy falls back to object...
        with pytest.raises((OverflowError, TypeError)):  # ...which cunumpy cannot hold
            cp.asarray(v)
    check_same_outcome(lambda: cp.asarray(300, dtype=np.uint8),
                       lambda: np.asarray(300, dtype=np.uint8))
    check_same_outcome(lambda: cp.asarray([1, -1], dtype=np.uint8),
                       lambda: np.asarray([1, -1], dtype=np.uint8))


NESTED = [
    [1, 2, 3], [[1, 2], [3, 4]], [1, 2.5], [1, 1j], [True, 2], [True, False], [True, 2.5],
    [[1.0, 2], [3, 4j]], [], [[]], [[], []], [[[1], [2]], [[3], [4]]], [2**63, 1], [-1, 2**63],
    [1.5, float("nan"), float("-inf")], [np.float32(1), np.float32(2)],
    [np.float32(1), 2.0], [np.int8(1), 300], [np.uint8(1), np.int8(-1)], [np.float16(1), 1j],
    [np.array(1.5), np.array(2.5)], [np.array([1, 2]), np.array([3, 4])], [[1, 2], [3]],
    [[1, 2], 3], (1, 2, 3), ((1, 2), (3, 4)), [(1, 2), [3, 4]], [np.float32(1), np.int64(2)],
    [[True]], [-0.0, 0.0],
]


@pytest.mark.parametrize("data", NESTED, ids=repr)
def test_array_from_nested_sequences(data):
    check_same_outcome(lambda: cp.array(data), lambda: np.array(data))
    check_same_outcome(lambda: cp.asarray(data), lambda: np.asarray(data))


@pytest.mark.parametrize("data", [[1, 2, 3], [[1.5, -2.5]], [1, 1j], [True, False]], ids=repr)
def test_array_from_nested_sequences_with_dtype(data, dtype):
    check_same_outcome(lambda: cp.array(data, dtype=dtype), lambda: np.array(data, dtype=dtype))


def test_array_ndmin():
    for nd in range(4):
        assert_same(cp.array([1, 2], ndmin=nd), np.array([1, 2], ndmin=nd))
        assert_same(cp.array(5, ndmin=nd), np.array(5, ndmin=nd))


def test_array_from_list_of_cunumpy_arrays(dtype):
    a_np, b_np = sample((2, 3), dtype, 1), sample((2, 3), dtype, 2)
    a_cp, b_cp = cp.asarray(a_np), cp.asarray(b_np)
    assert_same(cp.array([a_cp, b_cp]), np.array([a_np, b_np]))
    assert_same(cp.asarray([a_cp[0], b_cp[1]]), np.asarray([a_np[0], b_np[1]]))
    assert_same(cp.array([a_cp[0, 0], b_cp[1, 1]]), np.array([a_np[0, 0], b_np[1, 1]]))


# ---------------------------------------------------------------- from cunumpy arrays, copy=
def test_asarray_of_cunumpy_array_is_identity(dtype):
    x = cp.asarray(sample((3, 2), dtype))
    assert cp.asarray(x) is x
    assert cp.asanyarray(x) is x
    assert cp.asarray(x, dtype=dtype) is x
    assert cp.array(x, copy=False) is x or shares_writes(cp.array(x, copy=False), x)


@pytest.mark.parametrize("func", CONVERTERS)
def test_from_cunumpy_array_every_layout(func, dtype, layout):
    a_np, a_cp = make_pair(layout, dtype)
    r_cp = getattr(cp, func)(a_cp)
    r_np = getattr(np, func)(a_np)
    assert_same(r_cp, r_np)
    if func in ("ascontiguousarray", "asfortranarray"):
        assert r_cp.flags.c_contiguous == r_np.flags.c_contiguous
        assert r_cp.flags.f_contiguous == r_np.flags.f_contiguous


def test_array_copies_by_default(dtype):
    a_np, a_cp = make_pair("contig", dtype)
    c = cp.array(a_cp)
    assert c is not a_cp
    assert c.data.ptr != a_cp.data.ptr
    c.fill(1)
    assert_same(a_cp, a_np)  # the original is unchanged
    c2 = cp.array(a_cp, copy=True)
    c2[...] = 0
    assert_same(a_cp, a_np)


def test_asarray_copy_keyword_numpy2_semantics():
    a_np, a_cp = make_pair("contig", np.float32)
    # copy=True always copies
    c = cp.asarray(a_cp, copy=True)
    c[...] = 5
    assert_same(a_cp, a_np)
    # copy=False never copies: a dtype change or order change that needs a copy raises
    check_same_outcome(lambda: cp.asarray(a_cp, dtype=np.float64, copy=False),
                       lambda: np.asarray(a_np, dtype=np.float64, copy=False))
    check_same_outcome(lambda: cp.array(a_cp, dtype=np.float64, copy=False),
                       lambda: np.array(a_np, dtype=np.float64, copy=False))
    nc_np, nc_cp = make_pair("noncontig", np.float32)
    check_same_outcome(lambda: cp.ascontiguousarray(nc_cp, dtype=np.float32),
                       lambda: np.ascontiguousarray(nc_np, dtype=np.float32))
    # a dtype change makes a new array with converted values
    d = cp.asarray(a_cp, dtype=np.float64)
    assert_same(d, np.asarray(a_np, dtype=np.float64))
    # a contiguous array is already contiguous: no copy
    assert cp.ascontiguousarray(a_cp) is a_cp or shares_writes(cp.ascontiguousarray(a_cp),
                                                                a_cp)


def test_array_from_numpy_is_a_copy():
    a_np = sample((4,), np.int32)
    keep = a_np.copy()
    x = cp.array(a_np)
    y = cp.asarray(a_np)
    a_np[...] = 0  # changing the host array afterwards must not change the device copies
    assert_same(x, keep)
    assert_same(y, keep)
    x[...] = 9
    assert (a_np == 0).all()


@pytest.mark.parametrize("dt", [">i4", ">f8", ">c8", ">u2", "<i4"])
def test_asarray_from_non_native_byte_order(dt):
    """cunumpy holds native-byte-order data only: values are converted (CuPy does too)."""
    src = np.arange(6).astype(dt).reshape(2, 3)
    for r in (cp.asarray(src), cp.array(src), cp.asarray(src[:, ::-1])):
        assert r.dtype == src.dtype.newbyteorder("=")
        assert r.dtype.isnative
    assert_same(cp.asarray(src), src.astype(src.dtype.newbyteorder("=")))
    assert_same(cp.asarray(src[:, ::-1]), src[:, ::-1].astype(src.dtype.newbyteorder("=")))


def test_asarray_from_readonly_and_unaligned_numpy():
    ro = np.arange(5.0)
    ro.flags.writeable = False
    assert_same(cp.asarray(ro), ro)
    raw = np.zeros(8 * 4 + 1, dtype=np.uint8)
    unaligned = raw[1:].view(np.float64)
    unaligned[...] = np.arange(4.0)
    assert not unaligned.flags.aligned
    assert_same(cp.asarray(unaligned), np.arange(4.0))


OVERFLOW_SHAPES = ["(2**40, 2**40)", "(2**62, 4)", "(2**31, 2**31, 2**31)", "2**63 - 1"]


@pytest.mark.parametrize("shape", OVERFLOW_SHAPES)
def test_impossible_sizes_raise_never_crash(shape):
    """Shapes whose byte size overflows 64 bits raise (NumPy: ValueError) instead of
    wrapping around or crashing. Run in a subprocess so a crash is reported, not fatal."""
    import subprocess
    import sys

    kn, rn = outcome(lambda: np.empty(eval(shape), dtype=np.float64))
    assert kn == "raise"
    code = (
        "import cunumpy as cp, numpy as np\n"
        "for f in (lambda: cp.empty({s}), lambda: cp.zeros({s}), lambda: cp.ones({s}, 'i1'),\n"
        "          lambda: cp.full({s}, 1)):\n"
        "    try:\n"
        "        f()\n"
        "    except Exception as e:\n"
        "        kind = 'MemoryError' if isinstance(e, MemoryError) else type(e).__name__\n"
        "        print(kind if isinstance(e, (ValueError, MemoryError)) else kind + '!')\n"
        "    else:\n"
        "        print('NO-ERROR')\n"
    ).format(s=shape)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, f"crashed with exit {proc.returncode}: {proc.stderr[-2000:]}"
    results = proc.stdout.split()
    assert results and "NO-ERROR" not in results, proc.stdout
    assert all(r in ("ValueError", "MemoryError") for r in results), (
        f"NumPy raises {type(rn).__name__}; cunumpy raised {results} (a MemoryError subclass "
        "such as OutOfMemoryError is accepted too)")


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("layout", ["contig", "fortran", "negstride", "broadcast", "0d"])
def test_asarray_order_argument(layout, order):
    a_np, a_cp = make_pair(layout, np.float32)
    for src in (a_np, a_cp):
        r = cp.asarray(src, order=order)
        e = np.asarray(a_np, order=order)
        assert_same(r, e)
        assert r.flags.c_contiguous == e.flags.c_contiguous
        assert r.flags.f_contiguous == e.flags.f_contiguous


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_linspace_logspace_array_bounds(axis):
    start_np = np.array([0.0, 1.0, -2.0])
    stop_np = np.array([[5.0], [7.0]])  # broadcasts with start to (2, 3)
    start_cp, stop_cp = cp.asarray(start_np), cp.asarray(stop_np)
    for fn in ("linspace", "logspace"):
        r_np = getattr(np, fn)(start_np, stop_np, 4, axis=axis)
        for s, e in ((start_cp, stop_cp), (start_cp, 5.0), (0.0, stop_cp)):
            e_np = getattr(np, fn)(start_np if s is start_cp else s,
                                   stop_np if e is stop_cp else e, 4, axis=axis)
            assert_same(getattr(cp, fn)(s, e, 4, axis=axis), e_np, rtol=1e-14)
        assert r_np.ndim == 3


# Corner cases found by scripts/fuzz_ufuncs.py: sequence and huge-int fill values, negative
# tri sizes, complex/NumPy-scalar bounds and axis= of linspace/logspace.
@pytest.mark.parametrize('expr', [
    'xp.full((2, 3), [1, 2, 3], dtype="complex64")',
    'xp.full((2, 3), (1, 2, 3))',
    'xp.full(3, np.array([1, 2, 3], dtype="int8"))',
    'xp.full([2, 1], [1, 2, 3], dtype="int8")',
    'xp.full([2, 1], 2**70, dtype="complex64")',
    'xp.full(3, -2**70, dtype="float32")',
    'xp.full_like(xp.asarray(np.arange(4.0).reshape(4, 1)), [1.5, 2], dtype=complex)',
    'xp.full_like(xp.asarray(np.arange(6, dtype="int8").reshape(3, 2)), [1.5, 2])',
    'xp.full_like(xp.asarray(np.arange(3.0)), 2**70)',
    'xp.tri(-1, None, k=5, dtype="complex64")',
    'xp.tri(4, -1, dtype=bool)',
    'xp.tri(-2, 3)',
    'xp.linspace(10, 1j, 1, endpoint=False, axis=1, dtype=int)',
    'xp.linspace(1, 1 + 1j, 0, endpoint=False, dtype="int8")',
    'xp.linspace(1j, 8, 5, dtype=int)',
    'xp.linspace(np.float32(3), -2, endpoint=False, dtype=complex)',
    'xp.linspace(np.float32(3), -2, 5)',
    'xp.linspace(-1e3, np.float32(3), 2, retstep=True, dtype=complex)[1]',
    'xp.logspace(1j, 8, 5)',
    'xp.logspace((1 + 1j), 2.5, 2, dtype=int)',
    'xp.logspace(1j, 0, 1, base=2.0, dtype=complex)',
    'xp.logspace(True, 1 + 1j, 1, endpoint=False)',
    'xp.logspace(1j, True, 2.0)',
    'xp.logspace(2.5, 1j, 0, axis=1, dtype="int8")',
    'xp.logspace(8, np.float32(3), 7, endpoint=False)',
    'xp.logspace(np.float32(3), 1j, 0)',
])
def test_creation_corner_cases(expr):
    def run(xp):
        with np.errstate(all='ignore'):
            r = eval(expr, {'xp': xp, 'np': np})
        return r if isinstance(r, (np.ndarray, cp.ndarray)) else cp.asarray(r) if xp is cp \
            else np.asarray(r)
    check_same_outcome(lambda: run(cp), lambda: run(np),
                       lambda c, n: assert_same(c, n, rtol=1e-6 if n.dtype.kind in 'fc' else None))
