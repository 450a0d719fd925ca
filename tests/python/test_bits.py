"""packbits, unpackbits, isposinf and isneginf against NumPy: dtypes, layouts, axis,
count, bitorder, out= and NumPy's errors."""
import numpy as np
import pytest

import cunumpy as cp
from _helpers import (ALL_DTYPES, DTYPE_IDS, LAYOUT_NAMES, assert_same, check_same_outcome,
                      make_pair, sample)

INT_BOOL = [d for d in ALL_DTYPES if d.kind in "biu"]


@pytest.mark.parametrize("layout", LAYOUT_NAMES)
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
def test_packbits_layouts_dtypes(layout, dtype):
    a_np, a_cp = make_pair(layout, dtype)
    for kw in [{}, {"bitorder": "little"}]:
        check_same_outcome(lambda: cp.packbits(a_cp, **kw), lambda: np.packbits(a_np, **kw))
    if a_np.ndim:
        for axis in range(-a_np.ndim, a_np.ndim):
            check_same_outcome(lambda: cp.packbits(a_cp, axis=axis),
                               lambda: np.packbits(a_np, axis=axis))


@pytest.mark.parametrize("n", [1, 7, 8, 9, 16, 17, 64, 1000])
@pytest.mark.parametrize("bitorder", ["big", "little"])
def test_packbits_lengths(n, bitorder):
    a = sample((3, n), "bool", seed=n)
    for axis in (None, 0, 1):
        assert_same(cp.packbits(cp.asarray(a), axis=axis, bitorder=bitorder),
                    np.packbits(a, axis=axis, bitorder=bitorder))
    # nonzero values other than 1 are 1 bits; an offset (unaligned) view
    v = (sample((n + 3,), "int16", seed=n) * 3)[3:]
    vc = cp.asarray(sample((n + 3,), "int16", seed=n) * 3)[3:]
    assert_same(cp.packbits(vc, bitorder=bitorder), np.packbits(v, bitorder=bitorder))
    u = sample((n + 1,), "uint8", seed=n)
    assert_same(cp.packbits(cp.asarray(u)[1:], bitorder=bitorder),
                np.packbits(u[1:], bitorder=bitorder))


@pytest.mark.parametrize("case", [
    lambda xp: xp.packbits(xp.asarray([1.5, 0.0])),
    lambda xp: xp.packbits(xp.asarray([1 + 1j])),
    lambda xp: xp.packbits(xp.asarray([[1, 0, 1]]), axis=2),
    lambda xp: xp.packbits(xp.asarray(5), axis=0),     # 0-d reads as 1-D
    lambda xp: xp.packbits(xp.asarray(5), axis=-1),
    lambda xp: xp.packbits(xp.asarray(5), axis=1),
    lambda xp: xp.unpackbits(xp.asarray(5, dtype=xp.uint8), axis=0),
    lambda xp: xp.unpackbits(xp.asarray(5, dtype=xp.uint8), axis=1),
    lambda xp: xp.packbits(xp.asarray([1, 0, 1]), bitorder="x"),
    lambda xp: xp.packbits(xp.asarray([1, 0, 1]), bitorder="l"),
    lambda xp: xp.packbits(xp.asarray([1, 0, 1]), axis=0.0),
    lambda xp: xp.packbits([True, False, True, True]),
    lambda xp: xp.packbits(xp.asarray(7)),
])
def test_packbits_errors(case):
    check_same_outcome(lambda: case(cp), lambda: case(np))


@pytest.mark.parametrize("layout", LAYOUT_NAMES)
def test_unpackbits_layouts(layout):
    a_np, a_cp = make_pair(layout, "uint8")
    # NumPy leaves the padding past the end uninitialized for an empty input (count larger
    # than the bits): those values are not compared.
    big = [{"count": 5}, {"count": 1000}] if a_np.size else []
    for kw in [{}, {"bitorder": "little"}, {"count": -3}, {"count": 0}] + big:
        check_same_outcome(lambda: cp.unpackbits(a_cp, **kw), lambda: np.unpackbits(a_np, **kw))
    if a_np.ndim:
        for axis in range(-a_np.ndim, a_np.ndim):
            for kw in [{}, {"count": -2, "bitorder": "little"}] + (
                    [{"count": 3}, {"count": 11}] if a_np.size else []):
                check_same_outcome(lambda: cp.unpackbits(a_cp, axis=axis, **kw),
                                   lambda: np.unpackbits(a_np, axis=axis, **kw))


def test_unpackbits_roundtrip():
    a = sample((5, 21), "bool", seed=2)
    for bitorder in ("big", "little"):
        p = cp.packbits(cp.asarray(a), axis=1, bitorder=bitorder)
        r = cp.unpackbits(p, axis=1, count=21, bitorder=bitorder)
        assert_same(r, a.astype(np.uint8))


@pytest.mark.parametrize("case", [
    lambda xp: xp.unpackbits(xp.asarray([1, 2], dtype=xp.int8)),
    lambda xp: xp.unpackbits(xp.asarray([1.0])),
    lambda xp: xp.unpackbits(xp.asarray([3], dtype=xp.uint8), count=-10),
    lambda xp: xp.unpackbits(xp.asarray([[3, 4]], dtype=xp.uint8), axis=3),
    lambda xp: xp.unpackbits(xp.asarray([3], dtype=xp.uint8), bitorder="B"),
    lambda xp: xp.unpackbits(xp.asarray([3], dtype=xp.uint8), count=1.5),
    lambda xp: xp.unpackbits(xp.asarray(3, dtype=xp.uint8)),
])
def test_unpackbits_errors(case):
    check_same_outcome(lambda: case(cp), lambda: case(np))


SPECIAL = np.array([np.inf, -np.inf, np.nan, -np.nan, 0.0, -0.0, 1.0, -1e308, 1e308])


@pytest.mark.parametrize("fn", ["isposinf", "isneginf"])
@pytest.mark.parametrize("layout", LAYOUT_NAMES)
@pytest.mark.parametrize("dtype", [d for d in ALL_DTYPES if d.kind != "c"],
                         ids=[d.name for d in ALL_DTYPES if d.kind != "c"])
def test_isposneginf_layouts(fn, layout, dtype):
    a_np, a_cp = make_pair(layout, dtype)
    check_same_outcome(lambda: getattr(cp, fn)(a_cp), lambda: getattr(np, fn)(a_np))


@pytest.mark.parametrize("fn", ["isposinf", "isneginf"])
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_isposneginf_special_and_out(fn, dtype):
    with np.errstate(over="ignore"):
        a = SPECIAL.astype(dtype)
    c = cp.asarray(a)
    assert_same(getattr(cp, fn)(c), getattr(np, fn)(a))
    for out_dtype in ("bool", "int32", "float32"):
        out_c = cp.zeros(a.shape, dtype=out_dtype)
        out_n = np.zeros(a.shape, dtype=out_dtype)
        r = getattr(cp, fn)(c, out=out_c)
        assert r is out_c
        assert_same(out_c, getattr(np, fn)(a, out=out_n))
    # out with a broadcast input
    out_c = cp.zeros((2, a.size), dtype=bool)
    out_n = np.zeros((2, a.size), dtype=bool)
    getattr(cp, fn)(c, out=out_c)
    assert_same(out_c, getattr(np, fn)(a, out=out_n))


@pytest.mark.parametrize("case", [
    lambda xp: xp.isposinf(xp.asarray([1 + 1j])),
    lambda xp: xp.isneginf(xp.asarray([1j]), out=xp.zeros(1, dtype=bool)),
    lambda xp: xp.isneginf(xp.asarray([1.0, 2.0, 3.0]), out=xp.zeros(2, dtype=bool)),
    lambda xp: xp.isposinf([1.0, float("inf")]),
    lambda xp: xp.isposinf(xp.asarray(float("inf"))),
])
def test_isposneginf_errors(case):
    check_same_outcome(lambda: case(cp), lambda: case(np))
