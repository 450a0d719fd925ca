"""copy, astype (every dtype pair, bit-exact against NumPy, special values), casting=
checks, fill and view(dtype)."""

import warnings

import numpy as np
import pytest

import cunumpy as cp
from _helpers import (ALL_DTYPES, DTYPE_IDS, assert_same, assert_strides,
                      check_same_outcome, make_pair, outcome, sample, shares_writes, to_np)

CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe"]


def _u8(a):
    """The bytes of a NumPy array in C order (to compare views bit for bit)."""
    return np.ascontiguousarray(a).reshape(-1).view(np.uint8)


# ---------------------------------------------------------------- copy
@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
def test_copy_method_and_function(layout, order, dtype):
    a_np, a_cp = make_pair(layout, dtype)
    c_np = a_np.copy(order=order)
    c_cp = a_cp.copy(order=order)
    assert_same(c_cp, c_np, check_strides=c_np.size > 1)
    assert c_cp.flags.owndata and c_cp.base is None
    assert c_cp.flags.c_contiguous == c_np.flags.c_contiguous
    assert c_cp.flags.f_contiguous == c_np.flags.f_contiguous
    f_np = np.copy(a_np, order=order)
    f_cp = cp.copy(a_cp, order=order)
    assert_same(f_cp, f_np, check_strides=f_np.size > 1)


def test_copy_default_orders():
    a_np, a_cp = make_pair("fortran", np.float32)
    assert a_cp.copy().flags.c_contiguous == a_np.copy().flags.c_contiguous
    assert cp.copy(a_cp).flags.f_contiguous == np.copy(a_np).flags.f_contiguous


def test_copy_is_independent(dtype):
    a_np, a_cp = make_pair("contig", dtype)
    c = a_cp.copy()
    c.fill(1)
    assert_same(a_cp, a_np)
    c2 = cp.copy(a_cp)
    c2[0] = 0
    assert_same(a_cp, a_np)
    assert c.data.ptr != a_cp.data.ptr


# ---------------------------------------------------------------- astype: values
def _special_values(dtype):
    """Edge values of ``dtype`` (as a NumPy array of that dtype)."""
    d = np.dtype(dtype)
    if d.kind == "b":
        return np.array([False, True], dtype=d)
    if d.kind in "iu":
        info = np.iinfo(d)
        v = [0, 1, 2, 7, 100, 127, info.max, info.max - 1, info.min, info.min + 1,
             info.max // 2 + 1]
        if d.kind == "i":
            v += [-1, -2, -100, -128]
        if d.itemsize >= 2:
            v += [255, 256, 2047, 2048, 2049, 32767, 65504, 65519, 65520, 65535]
        if d.itemsize >= 4:
            v += [2**24 + 1, 2**31 - 1, 16777217, 2**30 + 65]
        if d.itemsize >= 8:
            v += [2**53 + 1, 2**62 + 2**10 + 1, 2**63 - 513, 2**63 - 512]
        v = [x for x in v if info.min <= x <= info.max]
        return np.array(v, dtype=d)
    real = d if d.kind == "f" else np.dtype(f"f{d.itemsize // 2}")
    fi = np.finfo(real)
    vals = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.1, 100.7, -100.7, 127.9, 128.0,
            255.5, 256.0, -128.9, 65504.0, 65519.0, 65520.0, 1e5, 2.0**31, 2.0**32 - 1,
            2.0**63, float(fi.max), -float(fi.max), float(fi.tiny), float(fi.smallest_subnormal),
            -float(fi.smallest_subnormal), 1 / 3, float("nan"), float("inf"), float("-inf"),
            5.960464477539063e-08, 2.9802322387695312e-08, 6.103515625e-05, 1e-40, 3.4e38, 1e300]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = np.array(vals, dtype=np.float64).astype(real)
    if d.kind == "f":
        return r
    im = np.roll(r, 3)
    c = np.empty(r.shape, dtype=d)
    c.real, c.imag = r, im
    return np.concatenate([c, np.array([complex(1, 0), complex(0, 1), complex(-0.0, -0.0)],
                                       dtype=d)])


def _defined_mask(src, to):
    """Which source values NumPy casts to ``to`` with a defined result.

    Float -> integer conversion of NaN, infinities and finite values whose truncation does
    not fit the integer type is undefined behaviour in C; NumPy's result depends on the
    platform (and differs between x86 and GPUs), so those values are not compared."""
    to = np.dtype(to)
    if src.dtype.kind not in "fc" or to.kind not in "iu":
        return np.ones(src.shape, dtype=bool)
    real = src.real if src.dtype.kind == "c" else src
    real = real.astype(np.float64)
    info = np.iinfo(to)
    with np.errstate(invalid="ignore"):
        t = np.trunc(real)
        ok = np.isfinite(real) & (t >= float(info.min)) & (t <= float(info.max))
        if to.itemsize == 8:  # float(max) rounds up to 2**63 / 2**64: exclusive bound
            ok &= t < 2.0 ** (64 if to.kind == "u" else 63)
    return ok


@pytest.mark.parametrize("to", ALL_DTYPES, ids=DTYPE_IDS)
def test_astype_every_pair_bit_exact(dtype, to):
    src = _special_values(dtype)
    mask = _defined_mask(src, to)
    src = src[mask]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exp = src.astype(to)
        x = cp.asarray(src)
        got = x.astype(to)
    assert got is not x
    assert_same(got, exp)  # bit-exact (sign of zero included); any NaN matches any NaN
    # strided / negative-stride source
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exp2 = src[::-2].astype(to)
        got2 = x[::-2].astype(to)
    assert_same(got2, exp2)


@pytest.mark.parametrize("to", [d for d in ALL_DTYPES if d.kind in "iu"],
                         ids=[d.name for d in ALL_DTYPES if d.kind in "iu"])
@pytest.mark.parametrize("src", [d for d in ALL_DTYPES if d.kind in "fc"],
                         ids=[d.name for d in ALL_DTYPES if d.kind in "fc"])
def test_astype_out_of_range_float_to_int(src, to):
    pytest.skip("out-of-range, NaN and infinite float -> integer casts are undefined "
                "behaviour in NumPy (C casts): results differ between platforms, so there "
                "is no oracle to compare with")


@pytest.mark.parametrize("to", ALL_DTYPES, ids=DTYPE_IDS)
def test_astype_layouts(layout, to):
    for dtype in (np.dtype("int16"), np.dtype("float32"), np.dtype("complex128")):
        a_np, a_cp = make_pair(layout, dtype)
        if a_np.dtype.kind in "fc" and to.kind == "u":
            a_np, a_cp = abs(a_np), cp.asarray(abs(a_np))  # negative float -> unsigned: UB
            if layout != "contig":
                a_np, a_cp = make_pair("contig", dtype)
                a_np, a_cp = abs(a_np), cp.asarray(abs(a_np))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for order in ("K", "C", "F", "A"):
                r_np = a_np.astype(to, order=order)
                r_cp = a_cp.astype(to, order=order)
                assert_same(r_cp, r_np)
                assert r_cp.flags.c_contiguous == r_np.flags.c_contiguous, order
                assert r_cp.flags.f_contiguous == r_np.flags.f_contiguous, order
                if r_np.size > 1 and layout != "broadcast":
                    assert_strides(r_cp, r_np)


@pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning")  # complex -> real, as NumPy warns
def test_astype_copy_false(dtype, dtype2):
    a_np, a_cp = make_pair("contig", dtype)
    r = a_cp.astype(dtype2, copy=False)
    if dtype == dtype2:
        assert r is a_cp or shares_writes(r, a_cp)
    else:
        assert r is not a_cp
        assert r.dtype == dtype2
    a_cp2 = cp.asarray(sample((3, 4), dtype))
    assert a_cp2.astype(dtype, copy=True) is not a_cp2


def test_astype_dtype_spellings():
    a_np, a_cp = make_pair("contig", np.int32)
    for spelling in ("f4", "float32", np.float32, np.dtype("f4"), "d", float, complex, bool,
                     int, "u1", "?"):
        assert_same(a_cp.astype(spelling), a_np.astype(spelling))


# ---------------------------------------------------------------- astype: casting=
@pytest.mark.parametrize("casting", CASTINGS)
def test_astype_casting_checks(dtype, casting):
    a_np, a_cp = make_pair("contig", dtype)
    for to in ALL_DTYPES:
        allowed = np.can_cast(dtype, to, casting)
        kn, rn = outcome(lambda: a_np.astype(to, casting=casting))
        kc, rc = outcome(lambda: a_cp.astype(to, casting=casting))
        assert (kn == "ok") == allowed
        if allowed:
            assert kc == "ok", f"{dtype}->{to} casting={casting}: cunumpy raised {rc!r}"
            if a_np.dtype.kind not in "fc" or to.kind not in "iu":
                assert_same(rc, rn)
        else:
            assert kc == "raise", f"{dtype}->{to} casting={casting} must raise TypeError"
            assert isinstance(rc, TypeError), rc
            msg = str(rc)
            assert dtype.name in msg or str(dtype) in msg or dtype.char in msg, msg
            assert casting in msg, f"message should name the casting rule: {msg}"


def test_astype_bad_casting_name():
    kn, rn = outcome(lambda: np.zeros(2).astype("f4", casting="bogus"))
    kc, rc = outcome(lambda: cp.zeros(2).astype("f4", casting="bogus"))
    assert kn == kc == "raise"
    assert isinstance(rc, type(rn))


# ---------------------------------------------------------------- fill
FILL_VALUES = [0, 1, -1, 127, 255, 256, -129, 2**31, 2**63, -2**63, True, False, 0.5, -0.0,
               2.5, -2.5, 1e300, float("inf"), float("nan"), 1j, 2 - 3j, np.float32(1.5),
               np.int8(-1), np.uint64(2**64 - 1), np.bool_(True), np.complex64(1 + 1j)]


def _fill_undefined(value, dtype):
    dtype = np.dtype(dtype)
    if dtype.kind not in "iu":
        return False
    if isinstance(value, (complex, np.complexfloating)):
        value = complex(value).real
    if isinstance(value, (float, np.floating)):
        v = float(value)
        if not np.isfinite(v):
            return not isinstance(value, float)  # Python floats raise: defined
        info = np.iinfo(dtype)
        return not (info.min <= np.trunc(v) <= info.max) or (dtype.kind == "u" and v < 0)
    return False


@pytest.mark.parametrize("value", FILL_VALUES, ids=repr)
def test_fill(value, dtype):
    if _fill_undefined(value, dtype):
        pytest.skip("out-of-range float to integer cast is undefined in NumPy")
    for layout in ("contig", "negstride", "0d", "empty"):
        a_np, a_cp = make_pair(layout, dtype)

        def f_np():
            a_np.fill(value)
            return a_np

        def f_cp():
            r = a_cp.fill(value)
            assert r is None
            return a_cp

        check_same_outcome(f_cp, f_np)


def test_fill_view_updates_parent(dtype):
    base_np = sample((6, 8), dtype)
    base_cp = cp.asarray(base_np)
    base_np[::2, 1::3].fill(1)
    base_cp[::2, 1::3].fill(1)
    assert_same(base_cp, base_np)
    base_np[::-1, ::-3].fill(0)
    base_cp[::-1, ::-3].fill(0)
    assert_same(base_cp, base_np)


def test_fill_with_0d_arrays(dtype):
    a_np, a_cp = make_pair("contig", dtype)
    z_np, z_cp = make_pair("0d", dtype, seed=3)
    a_np.fill(z_np)
    a_cp.fill(z_cp)
    assert_same(a_cp, a_np)


# ---------------------------------------------------------------- view(dtype)
def test_view_same_itemsize(dtype, dtype2):
    if dtype.itemsize != dtype2.itemsize:
        return
    a_np = sample((3, 4), dtype)
    a_cp = cp.asarray(a_np)
    r_np, r_cp = a_np.view(dtype2), a_cp.view(dtype2)
    assert r_cp.dtype == r_np.dtype and r_cp.shape == r_np.shape
    assert_strides(r_cp, r_np)
    got = to_np(r_cp)
    np.testing.assert_array_equal(_u8(got), _u8(r_np))
    assert shares_writes(r_cp, a_cp)


VIEW_CASES = [((4,), "f8", "u1"), ((4,), "f8", "f4"), ((2, 4), "i4", "i8"),
              ((3, 2), "c16", "f8"), ((3, 2), "f8", "c16"), ((2, 6), "u1", "u2"),
              ((2, 6), "u1", "i4"), ((2, 6), "u1", "c8"), ((5,), "u1", "u2"), ((), "f8", "u1"),
              ((), "f4", "i4"), ((0,), "f8", "u2"), ((2, 0), "i2", "i8"), ((4,), "f2", "c8"),
              ((3,), "c8", "f2"), ((2, 2), "?", "i2")]


@pytest.mark.parametrize("shape,src,to", VIEW_CASES, ids=repr)
def test_view_different_itemsize(shape, src, to):
    a_np = sample(shape, src)
    a_cp = cp.asarray(a_np)
    kn, rn = outcome(lambda: a_np.view(to))
    kc, rc = outcome(lambda: a_cp.view(to))
    assert kn == kc, (rn, rc)
    if kn == "raise":
        assert isinstance(rc, type(rn)), (rc, rn)
        return
    assert rc.dtype == rn.dtype and rc.shape == rn.shape
    assert_strides(rc, rn)
    np.testing.assert_array_equal(_u8(to_np(rc)), _u8(rn))


@pytest.mark.parametrize("layout", ["noncontig", "negstride", "fortran", "broadcast"])
def test_view_noncontiguous_last_axis(layout):
    a_np, a_cp = make_pair(layout, np.float64)
    for to in ("u1", "f4", "c16", "i8"):
        kn, rn = outcome(lambda: a_np.view(to))
        kc, rc = outcome(lambda: a_cp.view(to))
        assert kn == kc, (to, rn, rc)
        if kn == "raise":
            assert isinstance(rc, type(rn)), (rc, rn)
        else:
            assert rc.shape == rn.shape
            assert_strides(rc, rn)
            np.testing.assert_array_equal(_u8(to_np(rc)), _u8(rn))


def test_view_without_dtype_and_bad_dtype():
    a_np, a_cp = make_pair("contig", np.int32)
    v = a_cp.view()
    assert v is not a_cp and v.dtype == a_cp.dtype and v.base is not None
    assert shares_writes(v, a_cp)
    with pytest.raises(TypeError):
        a_cp.view("U4")
    with pytest.raises(TypeError):
        a_cp.view("not-a-dtype")


# ---- found by scripts/fuzz_dtypes.py --------------------------------------------------------
@pytest.mark.parametrize("layout", ["contig", "fortran", "noncontig", "empty2", "0d"])
def test_astype_copy_false_same_dtype_returns_the_array(layout):
    a_np, a_cp = make_pair(layout, np.float32)
    assert a_np.astype(np.float32, copy=False) is a_np
    assert a_cp.astype(np.float32, copy=False) is a_cp
    assert a_cp.astype(np.float32) is not a_cp
    assert a_cp.astype(np.float64, copy=False) is not a_cp


@pytest.mark.parametrize("to", ["int8", "float32", "float64", "bool", "complex64"])
@pytest.mark.parametrize("shape", [(3,), (0,)])
def test_astype_complex_to_real_warns_like_numpy(to, shape):
    a_np = np.full(shape, 1 + 2j)
    a_cp = cp.asarray(a_np)
    with warnings.catch_warnings(record=True) as wn:
        warnings.simplefilter("always")
        r_np = a_np.astype(to)
    with warnings.catch_warnings(record=True) as wc:
        warnings.simplefilter("always")
        r_cp = a_cp.astype(to)
    assert [w.category for w in wc] == [w.category for w in wn]
    assert_same(r_cp, r_np)


@pytest.mark.parametrize("dtype,value", [
    ("uint8", -2.5), ("uint8", 300.5), ("int8", 200.0), ("int8", np.float64(300.0)),
    ("uint8", 255.9), ("int8", -128.7), ("uint8", np.float32(-1.5)), ("int8", np.uint64(7)),
    ("int16", np.uint64(40000)), ("int64", np.uint64(2**63)), ("uint64", 1.8e19),
    ("complex128", 2**64), ("float32", 2**64), ("float64", -2**70), ("float64", 2**1100)],
    ids=repr)
@pytest.mark.parametrize("how", ["fill", "setitem", "setitem_all"])
def test_fill_and_setitem_python_scalars_like_numpy(dtype, value, how):
    def run(xp):
        a = xp.zeros(3, dtype)
        if how == "fill":
            a.fill(value)
        elif how == "setitem":
            a[1] = value
        else:
            a[...] = value
        return a
    check_same_outcome(lambda: run(cp), lambda: run(np))
