"""Basic indexing against NumPy: ints, slices (every step, negative, empty), Ellipsis,
None, tuples of these; views share memory; __setitem__ with scalars, lists and cunumpy
arrays (broadcast and cast); IndexError for out-of-range and too many indices."""

import numpy as np
import pytest

import cunumpy as cp
from _helpers import (ALL_DTYPES, assert_same, assert_strides, check_same_outcome,
                      make_pair, outcome, sample, shares_writes, to_np)

E = Ellipsis
S = slice

INDICES_3D = [
    0, 1, -1, -4, 3, (0, 0), (1, -1), (0, 0, 0), (-1, -1, -1), (3, 4, 5),
    S(None), S(1, 3), S(None, None, 2), S(None, None, -1), S(None, None, -2), S(3, 0, -1),
    S(3, 0, -2), S(2, 2), S(3, 1), S(10, 20), S(-10, 10), S(-2, None), S(None, -2),
    S(1, None, 3), S(0, 4, 5), S(None, None, -5), S(-1, -5, -1), S(3, -5, -3),
    (S(None), 1), (S(None), S(None), -1), (1, S(None, None, -1), 2),
    (S(None, None, 2), S(None, None, -2), S(None, None, 3)), (S(1, 3), S(0, 0)),
    E, (E,), (E, 0), (0, E), (E, S(None, None, -1)), (1, E, 2), (E, 1, 2, 3)[:3],
    None, (None,), (None, 0), (0, None), (None, None, E, None), (S(None), None, S(None)),
    (E, None), (1, None, E, None, -1), (None, S(None, None, -1), None),
    (S(1, 2), None, 2, E), (), (0, 1, E, 2), (np.int64(1), np.int8(-1)), np.intp(2),
    (S(np.int32(1), np.int64(4), np.int16(2)),), S(-2**70, 2**70), S(None, None, 2**70),
    S(None, None, -2**70), S(2**63, None), (S(None), S(-2**63, 2**63 - 1, 2**62)),
]


def _ids(idx):
    return repr(idx).replace("slice", "s").replace("Ellipsis", "E")


@pytest.mark.parametrize("index", INDICES_3D, ids=[_ids(i) for i in INDICES_3D])
def test_getitem_3d(index):
    for dtype in (np.dtype("float64"), np.dtype("uint8"), np.dtype("complex64")):
        a_np = sample((4, 5, 6), dtype)
        a_cp = cp.asarray(a_np)
        r_np = a_np[index]
        r_cp = a_cp[index]
        assert isinstance(r_cp, cp.ndarray), "basic indexing returns arrays (0-d for ints)"
        assert_same(r_cp, np.asarray(r_np))
        if isinstance(r_np, np.ndarray):
            assert_strides(r_cp, r_np)
            assert r_cp.flags.c_contiguous == r_np.flags.c_contiguous
            assert r_cp.flags.f_contiguous == r_np.flags.f_contiguous


@pytest.mark.parametrize("index", INDICES_3D, ids=[_ids(i) for i in INDICES_3D])
def test_getitem_of_noncontiguous_and_negstride(index):
    for layout in ("negstride", "noncontig", "broadcast", "fortran"):
        a_np, a_cp = make_pair(layout, np.int32)
        # make them 3-d the same way
        a_np, a_cp = a_np[:, None, :], a_cp[:, None, :]
        check_same_outcome(lambda: a_cp[index], lambda: np.asarray(a_np[index]))


@pytest.mark.parametrize("index", [0, -1, S(None), S(None, None, -1), E, None, (), (E, None),
                                   (None, E), S(1, None), S(None, None, -3), (0,), (-7,)],
                         ids=_ids)
def test_getitem_1d_and_0d(index, dtype):
    a_np, a_cp = make_pair("contig1d", dtype)
    check_same_outcome(lambda: a_cp[index], lambda: np.asarray(a_np[index]))
    z_np, z_cp = make_pair("0d", dtype)
    check_same_outcome(lambda: z_cp[index], lambda: np.asarray(z_np[index]))


def test_every_step_every_bound_1d():
    a_np = np.arange(9, dtype=np.int16)
    a_cp = cp.asarray(a_np)
    bounds = [None, -12, -9, -5, -1, 0, 1, 4, 8, 9, 12]
    for step in (None, 1, 2, 3, 8, 9, 20, -1, -2, -3, -8, -9, -20):
        for start in bounds:
            for stop in bounds:
                s = S(start, stop, step)
                r = a_cp[s]
                e = a_np[s]
                assert r.shape == e.shape, s
                assert_strides(r, e)
                np.testing.assert_array_equal(to_np(r), e, err_msg=repr(s))


def test_zero_step_raises_like_numpy():
    a_np, a_cp = make_pair("contig", np.float32)
    check_same_outcome(lambda: a_cp[::0], lambda: a_np[::0])


def test_views_share_memory(dtype):
    a_np, a_cp = make_pair("contig3d", dtype)
    for index in [1, S(None, None, -1), (E, 1), (S(None), S(1, 3), S(None, None, -2)),
                  (None, 0), E, (0, 0)]:
        v = a_cp[index]
        assert shares_writes(v, a_cp), f"a write through a[{index!r}] must reach a"
        assert v.base is not None


def test_view_of_view_write_through():
    a_np = np.arange(60, dtype=np.float64).reshape(3, 4, 5)
    a_cp = cp.asarray(a_np)
    v_np = a_np[::-1][:, 1::2][..., ::-2]
    v_cp = a_cp[::-1][:, 1::2][..., ::-2]
    v_np[...] = -v_np
    v_cp[...] = cp.asarray(to_np(v_cp) * -1)  # elementwise math is another issue's work
    assert_same(a_cp, a_np)


def test_integer_index_returns_0d_array_view():
    a = cp.zeros((3, 4), dtype=np.int32)
    s = a[1, 2]
    assert isinstance(s, cp.ndarray) and s.shape == ()
    s[...] = 7
    assert to_np(a)[1, 2] == 7


# ---------------------------------------------------------------- errors
@pytest.mark.parametrize("shape,index,axis,size", [
    ((4,), 4, 0, 4), ((4,), -5, 0, 4), ((4, 5), (1, 5), 1, 5), ((4, 5), (10,), 0, 4),
    ((4, 5, 6), (0, 0, -7), 2, 6), ((4, 5, 6), (E, 6), 2, 6), ((0,), 0, 0, 0),
    ((4, 5), (None, 1, 7), 1, 5),
], ids=repr)
def test_index_out_of_range(shape, index, axis, size):
    a_np = np.zeros(shape)
    a_cp = cp.zeros(shape)
    with pytest.raises(IndexError) as exc_np:
        a_np[index]
    with pytest.raises(IndexError) as exc:
        a_cp[index]
    msg = str(exc.value)
    bad = index[-1] if isinstance(index, tuple) else index
    assert str(bad) in msg, f"message should name index {bad}: {msg}"
    assert f"axis {axis}" in msg, f"message should name axis {axis}: {msg}"
    assert str(size) in msg, f"message should name size {size}: {msg}"
    with pytest.raises(IndexError):
        a_cp[index] = 1


@pytest.mark.parametrize("shape,index", [((4,), (1, 2)), ((), 0), ((2, 3), (0, 0, 0)),
                                         ((2, 3), (E, 0, 0, 0)), ((), (None, 0)),
                                         ((2,), (S(None), S(None)))], ids=repr)
def test_too_many_indices(shape, index):
    a_np, a_cp = np.zeros(shape), cp.zeros(shape)
    with pytest.raises(IndexError):
        a_np[index]
    with pytest.raises(IndexError) as exc:
        a_cp[index]
    assert "too many indices" in str(exc.value) or "dimension" in str(exc.value)
    with pytest.raises(IndexError):
        a_cp[index] = 0


@pytest.mark.parametrize("index", [1.5, "a", (0, 1.0), S(0.5, 2), (E, E), 2**63, -2**63 - 1,
                                   2**70, (0, 2**64), S(0, 2, 0), object()],
                         ids=lambda v: "object()" if type(v) is object else repr(v))  # stable ids (xdist)
def test_bad_index_types_raise_like_numpy(index):
    a_np, a_cp = np.zeros((3, 3)), cp.zeros((3, 3))
    kn, rn = outcome(lambda: a_np[index])
    kc, rc = outcome(lambda: a_cp[index])
    assert kn == kc == "raise", (rn, rc)
    assert isinstance(rc, type(rn)), (rc, rn)


# ---------------------------------------------------------------- setitem
SET_VALUES = [0, 1, -1, 7, 300, -129, 2**40, 2**63, True, False, 2.5, -2.5, -0.0, 1e300,
              float("inf"), float("nan"), 1j, 1.5 + 2.5j, np.float32(3.5), np.int8(-3),
              np.uint16(65535), np.complex64(2 - 1j), np.bool_(True)]


def _setitem_undefined(value, dtype):
    """Float -> integer casts of values out of range (or negative into unsigned) are
    undefined behaviour in NumPy's C casts; such combinations are skipped."""
    if dtype.kind not in "iu":
        return False
    if isinstance(value, (complex, np.complexfloating)):
        value = complex(value).real
    if isinstance(value, (float, np.floating)):
        v = float(value)
        if not np.isfinite(v):
            return False  # a Python float nan/inf raises ValueError/OverflowError: defined
        info = np.iinfo(dtype)
        return not (info.min <= int(v) <= info.max) or (dtype.kind == "u" and v < 0)
    return False


@pytest.mark.parametrize("value", SET_VALUES, ids=repr)
def test_setitem_scalar(value, dtype):
    if _setitem_undefined(value, dtype):
        pytest.skip("out-of-range float to integer cast is undefined in NumPy")
    for index in [(0, 1), S(None), (S(None, None, -1), 1), (E, S(None, None, 2)), ()]:
        a_np = sample((3, 4), dtype)
        a_cp = cp.asarray(a_np)

        def set_np():
            a_np[index] = value
            return a_np

        def set_cp():
            a_cp[index] = value
            return a_cp

        check_same_outcome(set_cp, set_np)


@pytest.mark.parametrize("layout", ["noncontig", "negstride", "fortran", "contig3d", "0d"])
def test_setitem_into_views(layout, dtype):
    a_np, a_cp = make_pair(layout, dtype)
    v = sample(a_np.shape, dtype, seed=9)
    a_np[...] = v
    a_cp[...] = cp.asarray(v)
    assert_same(a_cp, a_np)


def test_setitem_through_view_updates_parent(dtype):
    base_np = sample((6, 8), dtype)
    base_cp = cp.asarray(base_np)
    new = sample((3, 3), dtype, seed=5)
    base_np[::2, 1::3] = new
    base_cp[::2, 1::3] = cp.asarray(new)
    assert_same(base_cp, base_np)
    base_np[::-2, ::-3] = new[:, :1]
    base_cp[::-2, ::-3] = cp.asarray(new[:, :1])  # broadcast (3,1) -> (3,3)
    assert_same(base_cp, base_np)


SET_ARRAYS = [
    ((3, 4), S(None), [1, 2, 3, 4]), ((3, 4), S(None), [[1], [2], [3]]),
    ((3, 4), (S(None), 0), [5, 6, 7]), ((3, 4), 1, [1.5, 2.5, 3.5, 4.5]),
    ((3, 4), (S(None, None, -1), S(None, None, 2)), [[True, False]]),
    ((3, 4), E, [[1 + 1j, 2, 3, 4]]), ((3, 4), (None, S(None)), [[[9]]]),
    ((3, 4), S(1, 1), []), ((3, 4), S(None), [1, 2, 3]), ((3, 4), S(None), [[1, 2], [3, 4]]),
    ((3, 4), 0, [[1, 2, 3, 4]]), ((2,), S(None), [300, -1]), ((2,), S(None), [1e300, 1.0]),
]


@pytest.mark.parametrize("shape,index,value", SET_ARRAYS, ids=repr)
def test_setitem_lists_and_cunumpy_arrays(shape, index, value):
    for dtype in ALL_DTYPES:
        vals = np.asarray(value)
        if vals.dtype.kind in "fc" and dtype.kind in "iu":
            real = vals.real if vals.dtype.kind == "c" else vals
            if real.size and (np.abs(real).max() > 2**31 or (dtype.kind == "u" and
                                                              real.min() < 0)):
                continue  # undefined float -> integer cast in NumPy; not compared
        # a Python list
        a_np, a_cp = sample(shape, dtype), cp.asarray(sample(shape, dtype))

        def set_np(a=a_np):
            a[index] = value
            return a

        def set_cp(a=a_cp):
            a[index] = value
            return a

        check_same_outcome(set_cp, set_np)
        # a cunumpy array of the list's own dtype (cast on assignment, as NumPy does)
        if vals.dtype.kind in "biufc":
            a_np, a_cp = sample(shape, dtype), cp.asarray(sample(shape, dtype))
            v_cp = cp.asarray(vals)

            def set_np2(a=a_np):
                a[index] = vals
                return a

            def set_cp2(a=a_cp):
                a[index] = v_cp
                return a

            check_same_outcome(set_cp2, set_np2)


def test_setitem_overlapping_self_assignment(dtype):
    a_np = sample((10,), dtype)
    a_cp = cp.asarray(a_np)
    a_np[1:] = a_np[:-1]
    a_cp[1:] = a_cp[:-1]
    assert_same(a_cp, a_np)
    a_np[:-2] = a_np[2:]
    a_cp[:-2] = a_cp[2:]
    assert_same(a_cp, a_np)
    a_np[...] = a_np[::-1]
    a_cp[...] = a_cp[::-1]
    assert_same(a_cp, a_np)
    m_np = sample((4, 4), dtype)
    m_cp = cp.asarray(m_np)
    m_np[...] = m_np.T
    m_cp[...] = m_cp.T
    assert_same(m_cp, m_np)


def test_setitem_from_0d_and_broadcast_arrays(dtype):
    a_np = sample((3, 4), dtype)
    a_cp = cp.asarray(a_np)
    z_np, z_cp = make_pair("0d", dtype, seed=4)
    a_np[1] = z_np
    a_cp[1] = z_cp
    assert_same(a_cp, a_np)
    b_np, b_cp = make_pair("broadcast", dtype, seed=6)
    a_np[:, 1:] = b_np[:3]
    a_cp[:, 1:] = b_cp[:3]
    assert_same(a_cp, a_np)


@pytest.mark.parametrize("value_shape", [(5,), (2, 4), (4, 1, 1), (3, 4, 1)], ids=repr)
def test_setitem_shape_mismatch_raises_valueerror(value_shape):
    a_np, a_cp = np.zeros((3, 4)), cp.zeros((3, 4))
    v = np.ones(value_shape)
    check_same_outcome(lambda: a_cp.__setitem__(S(None), cp.asarray(v)),
                       lambda: a_np.__setitem__(S(None), v))
    with pytest.raises(ValueError):
        a_cp[...] = cp.asarray(v)
