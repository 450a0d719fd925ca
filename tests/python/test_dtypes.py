"""dtypes: spellings, unsupported/unknown dtypes, and NumPy 2's promotion and casting rules
(result_type, promote_types, can_cast, min_scalar_type, finfo, iinfo, isdtype)."""

import itertools

import numpy as np
import pytest

import cunumpy as cp
from _helpers import ALL_DTYPES, DTYPE_IDS, check_same_outcome, outcome

CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe"]


# ---------------------------------------------------------------- spellings
def _spellings(d):
    """Every way NumPy lets a user name dtype ``d``."""
    out = [d, d.type, d.name, d.char, d.str, np.dtype(d).newbyteorder("=").str[1:]]
    return out


SPELLINGS = [(d, s) for d in ALL_DTYPES for s in _spellings(d)]


@pytest.mark.parametrize("d,spelling", SPELLINGS,
                         ids=[f"{d.name}-{s!r}" for d, s in SPELLINGS])
def test_dtype_spellings(d, spelling):
    x = cp.zeros(3, dtype=spelling)
    assert isinstance(x.dtype, np.dtype)
    assert x.dtype == np.dtype(spelling) == d


GENERIC_SPELLINGS = [
    bool, int, float, complex, "bool", "?", "b1", "int", "uint", "float", "complex",
    "double", "single", "half", "longlong", "ulonglong", "intp", "uintp", "short", "ushort",
    "byte", "ubyte", "intc", "uintc", "cdouble", "csingle", "i1", "i2", "i4", "i8",
    "u1", "u2", "u4", "u8", "f2", "f4", "f8", "c8", "c16", "<f4", "<i8", "=f8", "|b1",
    "l", "L", "q", "Q", "e", "F", "D", "p", "P", None,
]


@pytest.mark.parametrize("spelling", GENERIC_SPELLINGS, ids=repr)
def test_generic_spellings_like_numpy(spelling):
    x = cp.empty(2, dtype=spelling)
    assert x.dtype == np.empty(2, dtype=spelling).dtype


@pytest.mark.parametrize("name", DTYPE_IDS)
def test_module_exposes_scalar_types(name):
    t = getattr(cp, name if name != "bool" else "bool_")
    assert np.dtype(t) == np.dtype(name)
    x = cp.ones(2, dtype=t)
    assert x.dtype == np.dtype(name)


@pytest.mark.parametrize("bad", ["float33", "foo", "int3", "uint128", "complex32x", "ff4",
                                 "i9", "q2"])
def test_unknown_dtype_string_raises_typeerror(bad):
    with pytest.raises(TypeError) as exc:
        np.dtype(bad)  # the oracle agrees that these are not dtypes
    with pytest.raises(TypeError) as exc:
        cp.zeros(2, dtype=bad)
    assert bad in str(exc.value), f"message should name {bad!r}: {exc.value}"


UNSUPPORTED = ["U5", "S3", "O", object, str, "M8[s]", "m8[s]", "V8", np.longdouble,
               np.clongdouble, "g", "G"]


@pytest.mark.parametrize("bad", UNSUPPORTED, ids=repr)
@pytest.mark.parametrize("func", ["zeros", "empty", "ones", "arange", "astype", "asarray"])
def test_unsupported_dtype_raises_typeerror(bad, func):
    d = np.dtype(bad)
    if d.kind in "SUMmV" or d == np.dtype(object):
        names = {d.name, d.str, d.char, str(d), repr(d), d.name.rstrip("0123456789")}
    else:  # longdouble / clongdouble
        names = {d.name, d.str, d.char, str(d), "longdouble", "clongdouble", "float128",
                 "complex256", "float96", "complex192"}
    with pytest.raises(TypeError) as exc:
        if func == "zeros":
            cp.zeros(2, dtype=bad)
        elif func == "empty":
            cp.empty(2, dtype=bad)
        elif func == "ones":
            cp.ones(2, dtype=bad)
        elif func == "arange":
            cp.arange(2, dtype=bad)
        elif func == "astype":
            cp.zeros(2).astype(bad)
        else:
            cp.asarray(np.zeros(2, dtype=bad))
    msg = str(exc.value)
    assert any(n in msg for n in names), f"message should name the dtype {d!r}: {msg}"


@pytest.mark.parametrize("value", [["a", "b"], ["abc"], [b"x"], "abc", [object()]],
                         ids=["str-list", "str1", "bytes", "str", "object"])
def test_asarray_of_nonnumeric_data_raises_typeerror(value):
    with pytest.raises(TypeError):
        cp.asarray(value)


def test_dtype_attribute_is_numpy_dtype(dtype):
    x = cp.zeros(2, dtype=dtype)
    assert type(x.dtype) is type(np.zeros(2, dtype=dtype).dtype)
    assert x.dtype == dtype
    assert x.dtype.char == dtype.char
    assert x.dtype.itemsize == dtype.itemsize


# ---------------------------------------------------------------- result_type / promote_types
PAIRS = list(itertools.product(ALL_DTYPES, ALL_DTYPES))
PAIR_IDS = [f"{a.name}-{b.name}" for a, b in PAIRS]


@pytest.mark.parametrize("a", ALL_DTYPES, ids=DTYPE_IDS)
def test_promote_types_all_pairs(a):
    for b in ALL_DTYPES:
        got = cp.promote_types(a, b)
        assert isinstance(got, np.dtype)
        assert got == np.promote_types(a, b), (a, b, got)
        assert cp.promote_types(a.char, b.type) == np.promote_types(a, b)


@pytest.mark.parametrize("a", ALL_DTYPES, ids=DTYPE_IDS)
def test_result_type_all_pairs_dtypes_and_arrays(a):
    for b in ALL_DTYPES:
        exp = np.result_type(a, b)
        assert cp.result_type(a, b) == exp
        assert cp.result_type(cp.zeros(2, a), b) == exp
        assert cp.result_type(cp.zeros(2, a), cp.zeros((3, 1), b)) == exp
        # NumPy 2: a 0-d array is as strong as any array (no value-based casting)
        assert cp.result_type(cp.zeros((), a), cp.zeros(3, b)) == \
            np.result_type(np.zeros((), a), np.zeros(3, b))


WEAK_SCALARS = [True, False, 0, 1, -1, 127, 255, 300, -129, 70000, 2**31, 2**40, 2**63 - 1,
                1.0, -0.0, 1e38, 1e300, float("inf"), float("nan"), 1j, 1.5 + 2j, 1e300j]


@pytest.mark.parametrize("scalar", WEAK_SCALARS, ids=repr)
def test_result_type_weak_python_scalars(scalar):
    for a in ALL_DTYPES:
        for arr_cp, arr_np in ((cp.zeros(2, a), np.zeros(2, a)),
                               (cp.zeros((), a), np.zeros((), a))):
            kn, rn = outcome(lambda: np.result_type(arr_np, scalar))
            kc, rc = outcome(lambda: cp.result_type(arr_cp, scalar))
            assert kn == kc, (a, scalar, rn, rc)
            if kn == "ok":
                assert rc == rn, (a, scalar, rc, rn)
            else:
                assert isinstance(rc, type(rn)), (a, scalar, rc, rn)


@pytest.mark.parametrize("args", [
    (1,), (1.0,), (1j,), (True,), (1, 2.0), (True, 1), (1, 1j),
    (np.float32(1), 1.0), (np.int8(1), 1000), (np.float16(1), 1e6), (np.uint64(1), -1),
    (np.int64, np.uint64), (np.float16, np.int16), (np.float32, np.int32, 1j),
    ("f4", "i8"), ("?", "b"), (np.bool_, 1.5),
], ids=repr)
def test_result_type_mixed(args):
    exp = np.result_type(*args)
    assert cp.result_type(*args) == exp
    cp_args = [cp.asarray(np.zeros(2, a)) if isinstance(a, type) and issubclass(a, np.generic)
               else a for a in args]
    np_args = [np.zeros(2, a) if isinstance(a, type) and issubclass(a, np.generic) else a
               for a in args]
    assert cp.result_type(*cp_args) == np.result_type(*np_args)


@pytest.mark.parametrize("bad", [("U3", "f4"), ("S2",), (object,), (np.longdouble, "f4"),
                                 (np.clongdouble,), ("M8[s]",)], ids=repr)
def test_result_type_unsupported_raises(bad):
    with pytest.raises(TypeError):
        cp.result_type(*bad)


@pytest.mark.parametrize("bad", [("U3", "f4"), ("f4", "S2"), (object, "i8"),
                                 (np.longdouble, "f4")], ids=repr)
def test_promote_types_unsupported_raises(bad):
    with pytest.raises(TypeError):
        cp.promote_types(*bad)


def test_result_type_needs_arguments():
    kn, rn = outcome(lambda: np.result_type())
    kc, rc = outcome(lambda: cp.result_type())
    assert kn == kc == "raise"
    assert isinstance(rc, type(rn))


# ---------------------------------------------------------------- can_cast
@pytest.mark.parametrize("casting", CASTINGS)
@pytest.mark.parametrize("a", ALL_DTYPES, ids=DTYPE_IDS)
def test_can_cast_all_pairs(a, casting):
    for b in ALL_DTYPES:
        exp = np.can_cast(a, b, casting=casting)
        assert cp.can_cast(a, b, casting=casting) is exp or cp.can_cast(a, b, casting) == exp
        assert bool(cp.can_cast(a, b, casting)) == exp, (a, b, casting)
        assert bool(cp.can_cast(cp.zeros(2, a), b, casting)) == \
            np.can_cast(np.zeros(2, a), b, casting), (a, b, casting)
        assert bool(cp.can_cast(cp.zeros((), a), b, casting)) == \
            np.can_cast(np.zeros((), a), b, casting), (a, b, casting)


def test_can_cast_default_is_safe():
    for a, b in PAIRS:
        assert bool(cp.can_cast(a, b)) == np.can_cast(a, b)


@pytest.mark.parametrize("value", [1, 0, -1, 1.0, 1.5, 1j, 300], ids=repr)
def test_can_cast_python_scalars_raise_typeerror_like_numpy(value):
    for to in ("i1", "f4", "u8"):
        kn, rn = outcome(lambda: np.can_cast(value, to))
        kc, rc = outcome(lambda: cp.can_cast(value, to))
        assert kn == kc, (value, to, rn, rc)
        if kn == "raise":
            assert isinstance(rc, TypeError), rc
        else:
            assert rc == rn


def test_can_cast_numpy_scalars_like_numpy():
    for s in (np.float32(1.5), np.int8(3), np.uint64(7), np.complex64(1j), np.bool_(True)):
        for to in ALL_DTYPES:
            for casting in CASTINGS:
                assert bool(cp.can_cast(s, to, casting)) == np.can_cast(s, to, casting)


def test_can_cast_bad_casting_name():
    kn, rn = outcome(lambda: np.can_cast("f4", "f8", "sometimes"))
    kc, rc = outcome(lambda: cp.can_cast("f4", "f8", "sometimes"))
    assert kn == kc == "raise"
    assert isinstance(rc, type(rn))


# ---------------------------------------------------------------- min_scalar_type
MIN_SCALAR_VALUES = [0, 1, -1, 127, 128, 255, 256, -128, -129, 32767, 65535, 65536,
                     -32769, 2**31 - 1, 2**31, 2**32, -2**31 - 1, 2**63 - 1, 2**63, 2**64 - 1,
                     -2**63, True, False, 0.0, -0.0, 1.5, 65504.0, 65520.0, 1e5, 3.5e38, 1e39,
                     1e300, 1e-300, float("inf"), float("nan"), 1j, 1e5 + 1j, 1e300j,
                     np.float64(0.1), np.int64(3), np.uint16(300), np.float32(1e30),
                     np.complex128(1 + 1j)]


@pytest.mark.parametrize("value", MIN_SCALAR_VALUES, ids=repr)
def test_min_scalar_type(value):
    assert cp.min_scalar_type(value) == np.min_scalar_type(value)


def test_min_scalar_type_of_arrays(dtype):
    # NumPy looks at the value of a 0-d array and at the dtype of any other array.
    a = np.array([3, 0], dtype=dtype)
    assert cp.min_scalar_type(cp.asarray(a)) == np.min_scalar_type(a)
    assert cp.min_scalar_type(cp.asarray(a[0])) == np.min_scalar_type(a[0])


def test_min_scalar_type_too_big_is_rejected():
    # NumPy says object for ints beyond uint64; cunumpy has no object dtype.
    assert np.min_scalar_type(2**64) == np.dtype(object)
    with pytest.raises(TypeError):
        cp.min_scalar_type(2**64)


# ---------------------------------------------------------------- finfo / iinfo
FINFO_ATTRS = ["bits", "eps", "epsneg", "max", "min", "tiny", "smallest_normal",
               "smallest_subnormal", "resolution", "precision", "nmant", "nexp", "minexp",
               "maxexp", "machep", "negep", "iexp", "dtype"]


@pytest.mark.parametrize("d", [d for d in ALL_DTYPES if d.kind in "fc"],
                         ids=[d.name for d in ALL_DTYPES if d.kind in "fc"])
def test_finfo(d):
    for spelling in (d, d.type, d.name, d.char):
        got, exp = cp.finfo(spelling), np.finfo(spelling)
        for attr in FINFO_ATTRS:
            g, e = getattr(got, attr), getattr(exp, attr)
            assert g == e and type(g) is type(e), (spelling, attr, g, e)


@pytest.mark.parametrize("d", [d for d in ALL_DTYPES if d.kind in "iu"],
                         ids=[d.name for d in ALL_DTYPES if d.kind in "iu"])
def test_iinfo(d):
    for spelling in (d, d.type, d.name, d.char):
        got, exp = cp.iinfo(spelling), np.iinfo(spelling)
        for attr in ("bits", "min", "max", "dtype", "kind"):
            g, e = getattr(got, attr), getattr(exp, attr)
            assert g == e, (spelling, attr, g, e)


@pytest.mark.parametrize("arg", [int, bool, "i4", np.uint8, "b1"], ids=repr)
def test_finfo_of_non_inexact_raises_like_numpy(arg):
    kn, rn = outcome(lambda: np.finfo(arg))
    kc, rc = outcome(lambda: cp.finfo(arg))
    assert kn == kc, (rn, rc)
    if kn == "raise":
        assert isinstance(rc, type(rn)), (rc, rn)
    else:
        assert rc == rn


@pytest.mark.parametrize("arg", [float, "f4", np.complex64, "?", bool], ids=repr)
def test_iinfo_of_non_integer_raises_like_numpy(arg):
    kn, rn = outcome(lambda: np.iinfo(arg))
    kc, rc = outcome(lambda: cp.iinfo(arg))
    assert kn == kc == "raise", (rn, rc)
    assert isinstance(rc, type(rn)), (rc, rn)


def test_finfo_iinfo_python_types():
    assert cp.finfo(float).eps == np.finfo(float).eps
    assert cp.iinfo(int).max == np.iinfo(int).max
    assert cp.finfo(complex).dtype == np.finfo(complex).dtype


# ---------------------------------------------------------------- isdtype
KINDS = ["bool", "signed integer", "unsigned integer", "integral", "real floating",
         "complex floating", "numeric", ("integral", "real floating"),
         ("bool", "complex floating"), np.float32, np.dtype("int64"),
         (np.int8, "real floating")]


@pytest.mark.parametrize("kind", KINDS, ids=repr)
def test_isdtype(kind):
    for d in ALL_DTYPES:
        assert cp.isdtype(d, kind) == np.isdtype(d, kind), (d, kind)
        assert cp.isdtype(d.type, kind) == np.isdtype(d.type, kind), (d, kind)


@pytest.mark.parametrize("kind", ["floating", "foo", 3], ids=repr)
def test_isdtype_bad_kind_raises_like_numpy(kind):
    kn, rn = outcome(lambda: np.isdtype(np.float32, kind))
    kc, rc = outcome(lambda: cp.isdtype(np.float32, kind))
    assert kn == kc == "raise"
    assert isinstance(rc, type(rn)), (rc, rn)


def test_isdtype_rejects_arrays():
    kn, rn = outcome(lambda: np.isdtype(np.zeros(2), "numeric"))
    assert kn == "raise"
    with pytest.raises(type(rn)):
        cp.isdtype(cp.zeros(2), "numeric")


# ---------------------------------------------------------------- common_type
@pytest.mark.parametrize("a", [d for d in ALL_DTYPES if d.kind != "b"],
                         ids=[d.name for d in ALL_DTYPES if d.kind != "b"])
def test_common_type(a):
    for b in ALL_DTYPES:
        if b.kind == "b":
            continue
        exp = np.common_type(np.zeros(1, a), np.zeros(1, b))
        assert cp.common_type(cp.zeros(1, a), cp.zeros(1, b)) is exp
    assert cp.common_type(cp.zeros(1, a)) is np.common_type(np.zeros(1, a))


def test_common_type_bool_raises_like_numpy():
    kn, rn = outcome(lambda: np.common_type(np.zeros(1, bool)))
    kc, rc = outcome(lambda: cp.common_type(cp.zeros(1, bool)))
    assert kn == kc == "raise"
    assert isinstance(rc, type(rn))


# ---- found by scripts/fuzz_dtypes.py --------------------------------------------------------
def _same_repr(got, exp):
    assert type(got) is type(exp) and repr(got) == repr(exp), (got, exp)


@pytest.mark.parametrize("args", [
    ("zeros2_int8", "complex128"), ("f4", "ones_f4"), (complex, None), ("i2", "bogus")],
    ids=repr)
def test_promote_types_rejects_arrays_and_none_like_numpy(args):
    def run(xp):
        made = {"zeros2_int8": xp.zeros(2, dtype="int8"), "ones_f4": xp.ones(3, dtype="f4")}
        return xp.promote_types(*[made.get(x, x) if isinstance(x, str) else x for x in args])
    kn, rn = outcome(lambda: run(np))
    kc, rc = outcome(lambda: run(cp))
    assert kn == kc == "raise" and isinstance(rc, type(rn)), (rn, rc)


@pytest.mark.parametrize("casting", ["safe", "unsafe", "no"])
def test_can_cast_to_an_array_raises_like_numpy(casting):
    kn, rn = outcome(lambda: np.can_cast("u2", np.ones(3, "f4"), casting=casting))
    kc, rc = outcome(lambda: cp.can_cast("u2", cp.ones(3, "f4"), casting=casting))
    assert kn == kc == "raise" and isinstance(rc, type(rn)), (rn, rc)
    assert cp.can_cast(cp.ones(3, "f4"), "f8") == np.can_cast(np.ones(3, "f4"), "f8")


@pytest.mark.parametrize("func", ["finfo", "iinfo"])
@pytest.mark.parametrize("arg", ["bogus", "array_f4", "array_i8", None], ids=repr)
def test_finfo_iinfo_of_arrays_and_bad_names_like_numpy(func, arg):
    def run(xp):
        a = {"array_f4": xp.ones(3, "f4"), "array_i8": xp.asarray(300)}.get(arg, arg)
        return getattr(xp, func)(a)
    check_same_outcome(lambda: run(cp), lambda: run(np), _same_repr)


@pytest.mark.parametrize("arg1", ["float16", "uint8", int, "h", 0, "array"], ids=repr)
@pytest.mark.parametrize("arg2", ["integer", "floating", "inexact", "bool_", "signedinteger"])
def test_issubdtype_like_numpy(arg1, arg2):
    def run(xp):
        return xp.issubdtype(xp.ones(2, "f4") if arg1 == "array" else arg1, getattr(xp, arg2))
    check_same_outcome(lambda: run(cp), lambda: run(np), _same_repr)
