"""Shared helpers for the Python tests: dtypes, sample values, and array layouts built
identically in NumPy and cunumpy, so every result can be compared with NumPy's."""

import os
import warnings

import numpy as np

import cunumpy as cp

ALL_DTYPES = [
    np.dtype(n)
    for n in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
              "uint64", "float16", "float32", "float64", "complex64", "complex128")
]
DTYPE_IDS = [d.name for d in ALL_DTYPES]
INT_DTYPES = [d for d in ALL_DTYPES if d.kind in "iu"]
FLOAT_DTYPES = [d for d in ALL_DTYPES if d.kind == "f"]
COMPLEX_DTYPES = [d for d in ALL_DTYPES if d.kind == "c"]
INEXACT_DTYPES = FLOAT_DTYPES + COMPLEX_DTYPES


def device_kind():
    """'cpu' or 'cuda': what the environment asks for, else what cunumpy picked."""
    env = os.environ.get("CUNUMPY_DEVICE", "").strip().lower()
    if env:
        return "cuda" if env.startswith("cuda") else "cpu"
    try:
        dev = cp.zeros(1).device
    except Exception:
        return "unknown"
    return "cpu" if "cpu" in str(dev).lower() else "cuda"


def sample(shape, dtype, seed=0):
    """Deterministic NumPy values of ``dtype``: negatives for signed types, fractions and
    imaginary parts for inexact types, no nan/inf (those have their own tests)."""
    dtype = np.dtype(dtype)
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape, dtype=np.int64))
    if dtype.kind == "b":
        v = rng.integers(0, 2, n).astype(bool)
    elif dtype.kind == "u":
        v = rng.integers(0, min(np.iinfo(dtype).max, 200) + 1, n).astype(dtype)
    elif dtype.kind == "i":
        v = rng.integers(-100, 101, n).astype(dtype)
    elif dtype.kind == "f":
        v = (rng.integers(-400, 401, n) / 4.0).astype(dtype)
    else:
        v = ((rng.integers(-400, 401, n) / 4.0) + 1j * (rng.integers(-400, 401, n) / 8.0))
        v = v.astype(dtype)
    return np.array(v.reshape(shape), order="C")  # fresh C-order strides, also when empty


# Layouts: each name maps to (base shape, function applied to the base). The same function
# (slicing, transposing, broadcasting) is applied to a NumPy array and to a cunumpy array
# made from the same values, so both have the same shape and, for views, the same strides.
def _bcast(xp):
    return lambda a: xp.broadcast_to(a[0:1, :3], (4, 3))


LAYOUTS = {
    "0d": ((), lambda xp: (lambda a: a)),
    "empty": ((0, 3), lambda xp: (lambda a: a)),
    "empty2": ((2, 0, 4), lambda xp: (lambda a: a)),
    "contig1d": ((7,), lambda xp: (lambda a: a)),
    "contig": ((3, 4), lambda xp: (lambda a: a)),
    "contig3d": ((2, 3, 4), lambda xp: (lambda a: a)),
    "fortran": ((4, 3), lambda xp: (lambda a: a.T)),
    "noncontig": ((6, 8), lambda xp: (lambda a: a[::2, 1::3])),
    "negstride": ((5, 6), lambda xp: (lambda a: a[::-1, ::-2])),
    "negstride1d": ((9,), lambda xp: (lambda a: a[::-3])),
    "broadcast": ((2, 5), lambda xp: _bcast(xp)),
}
LAYOUT_NAMES = list(LAYOUTS)


def make_pair(layout, dtype, seed=0):
    """(numpy_array, cunumpy_array) with identical values and layout ``layout``."""
    shape, fn = LAYOUTS[layout]
    base = sample(shape, dtype, seed)
    a_np = fn(np)(base)
    a_cp = fn(cp)(cp.asarray(base))
    return a_np, a_cp


def to_np(x):
    return cp.asnumpy(x)


def is_cp(x):
    return isinstance(x, cp.ndarray)


def bits(a):
    """Bit patterns of a NumPy array as unsigned integers (complex: per component)."""
    a = np.ascontiguousarray(a).reshape(-1)
    if a.dtype.kind == "c":
        a = a.view(a.real.dtype)
    if a.dtype.kind == "b":
        return a.view(np.uint8)
    return a.view(np.dtype(f"u{a.dtype.itemsize}"))


def assert_same(actual_cp, expected_np, *, check_strides=False, exact_zero_sign=True,
                rtol=None):
    """``actual_cp`` is a cunumpy array with NumPy's dtype, shape and values.

    Floats are compared bit for bit (so -0.0 differs from 0.0) except that any NaN matches
    any NaN; with ``rtol`` inexact values are compared with that relative tolerance."""
    assert is_cp(actual_cp), f"expected a cunumpy ndarray, got {type(actual_cp)!r}"
    expected_np = np.asarray(expected_np)
    assert actual_cp.dtype == expected_np.dtype, (actual_cp.dtype, expected_np.dtype)
    assert actual_cp.shape == expected_np.shape, (actual_cp.shape, expected_np.shape)
    if check_strides:
        assert_strides(actual_cp, expected_np)
    got = to_np(actual_cp)
    assert isinstance(got, np.ndarray)
    assert got.dtype == expected_np.dtype and got.shape == expected_np.shape
    assert_values_equal(got, expected_np, exact_zero_sign=exact_zero_sign, rtol=rtol)


def assert_strides(actual_cp, expected_np):
    """Equal strides on every axis that addresses more than one element.

    Skipped: empty arrays (no element is ever addressed, and NumPy itself changed them:
    NumPy 2.4 gives an empty array zero strides) and axes of length 1 (their stride is never
    used; test_ndarray_attrs.py checks those against NumPy separately, in one place)."""
    assert actual_cp.shape == expected_np.shape, (actual_cp.shape, expected_np.shape)
    if expected_np.size == 0:
        return
    got = tuple(s for s, n in zip(actual_cp.strides, actual_cp.shape) if n != 1)
    exp = tuple(s for s, n in zip(expected_np.strides, expected_np.shape) if n != 1)
    assert got == exp, (actual_cp.strides, expected_np.strides)


def assert_values_equal(got, exp, *, exact_zero_sign=True, rtol=None):
    got = np.asarray(got)
    exp = np.asarray(exp)
    assert got.shape == exp.shape, (got.shape, exp.shape)
    if rtol is not None and exp.dtype.kind in "fc":
        np.testing.assert_allclose(got, exp, rtol=rtol, atol=0, equal_nan=True)
        return
    if exp.dtype.kind in "fc" and exact_zero_sign:
        real = exp.real.dtype if exp.dtype.kind == "c" else exp.dtype
        g = np.ascontiguousarray(got).reshape(-1).view(real)
        e = np.ascontiguousarray(exp).reshape(-1).view(real)
        gn, en = np.isnan(g), np.isnan(e)
        np.testing.assert_array_equal(gn, en, err_msg="NaN positions differ")
        gb, eb = bits(g[~gn]), bits(e[~en])
        if not np.array_equal(gb, eb):
            np.testing.assert_array_equal(got, exp)  # readable message for value mismatch
            raise AssertionError(
                f"values equal but bit patterns differ (sign of zero?):\n got {got!r}\n "
                f"expected {exp!r}")
        return
    np.testing.assert_array_equal(got, exp)


def inexact_tol(*dtypes):
    """A relative tolerance for results computed in the widest inexact type among dtypes
    by a few roundings (polynomial evaluations, divisions): half 5e-3, single 1e-5,
    double 1e-12."""
    chars = {np.dtype(d).char for d in dtypes}
    if "e" in chars:
        return 5e-3
    if chars & {"f", "F"}:
        return 1e-5
    return 1e-12


def outcome(fn):
    """('ok', result) or ('raise', exception type) for calling fn, warnings silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return "ok", fn()
        except Exception as e:  # noqa: BLE001 - we compare exception types with NumPy
            return "raise", e


def check_same_outcome(fn_cp, fn_np, compare=None):
    """Call both; NumPy raising means cunumpy must raise the same exception type (or a
    subclass); otherwise ``compare(cp_result, np_result)`` (default assert_same)."""
    kind_np, res_np = outcome(fn_np)
    kind_cp, res_cp = outcome(fn_cp)
    if kind_np == "raise":
        assert kind_cp == "raise", (
            f"NumPy raised {type(res_np).__name__}: {res_np}; cunumpy returned {res_cp!r}")
        assert isinstance(res_cp, type(res_np)), (
            f"NumPy raised {type(res_np).__name__}: {res_np}; cunumpy raised "
            f"{type(res_cp).__name__}: {res_cp}")
        return None, None
    if kind_cp == "raise":
        raise AssertionError(
            f"cunumpy raised {type(res_cp).__name__}: {res_cp}; NumPy returned "
            f"{res_np!r}") from res_cp
    (compare or assert_same)(res_cp, res_np)
    return res_cp, res_np


def _raw_bytes(a):
    return np.ascontiguousarray(np.asarray(a)).reshape(-1).view(np.uint8).copy()


def shares_writes(view_cp, parent_cp):
    """True when a write into ``view_cp`` is visible in ``parent_cp`` (memory is shared).
    Modifies both arrays; the view must be non-empty."""
    before = _raw_bytes(to_np(parent_cp))
    flat_first = (0,) * view_cp.ndim
    old = view_cp[flat_first].item() if view_cp.ndim else view_cp.item()
    new = _different_value(old, view_cp.dtype)
    view_cp[flat_first] = new
    after = _raw_bytes(to_np(parent_cp))
    return not np.array_equal(before, after)


def _different_value(old, dtype):
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return not old
    if dtype.kind in "iu":
        return 1 if old != 1 else 2
    if dtype.kind == "f":
        return 3.0 if old != 3.0 else 5.0
    return 3 + 4j if old != 3 + 4j else 5 + 1j
