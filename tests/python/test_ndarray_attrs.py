"""ndarray attributes and host conversions against NumPy: shape, strides, ndim, size,
itemsize, nbytes, dtype, device, flags, base, T, mT, data.ptr, len, iteration,
bool/int/float/complex/operator.index, item(), tolist()."""

import operator

import numpy as np
import pytest

import cunumpy as cp
from _helpers import (ALL_DTYPES, assert_same, assert_strides, device_kind, make_pair,
                      outcome, sample)


def test_basic_attributes(dtype, layout):
    a_np, a_cp = make_pair(layout, dtype)
    assert isinstance(a_cp, cp.ndarray)
    assert a_cp.shape == a_np.shape and type(a_cp.shape) is tuple
    assert all(type(s) is int for s in a_cp.shape)
    assert_strides(a_cp, a_np)
    assert type(a_cp.strides) is tuple
    assert all(type(s) is int for s in a_cp.strides)
    assert a_cp.ndim == a_np.ndim and type(a_cp.ndim) is int
    assert a_cp.size == a_np.size and type(a_cp.size) is int
    assert a_cp.itemsize == a_np.itemsize
    assert a_cp.nbytes == a_np.nbytes
    assert isinstance(a_cp.dtype, np.dtype) and a_cp.dtype == a_np.dtype
    assert_same(a_cp, a_np)


def test_flags(dtype, layout):
    a_np, a_cp = make_pair(layout, dtype)
    assert a_cp.flags.c_contiguous == a_np.flags.c_contiguous, layout
    assert a_cp.flags.f_contiguous == a_np.flags.f_contiguous, layout
    assert a_cp.flags["C_CONTIGUOUS"] == a_np.flags["C_CONTIGUOUS"]
    assert a_cp.flags["F_CONTIGUOUS"] == a_np.flags["F_CONTIGUOUS"]
    assert a_cp.flags.owndata == a_np.flags.owndata or layout in ("0d", "empty", "empty2",
                                                                  "contig1d", "contig",
                                                                  "contig3d")
    fresh = cp.empty((2, 3), dtype=dtype)
    assert fresh.flags.owndata
    assert not fresh[::2].flags.owndata


@pytest.mark.parametrize("shape,index", [((4, 5), (slice(None), 0)), ((4, 5), (0,)),
                                         ((1, 5), (slice(None), slice(None, None, 2))),
                                         ((4, 1), (slice(None, None, 3),)),
                                         ((3, 4, 5), (slice(None), 1, slice(None))),
                                         ((6,), (slice(1, 2),)), ((6,), (slice(2, 2),)),
                                         ((2, 3), (None, Ellipsis, None))], ids=repr)
def test_contiguity_flags_of_views_match_numpy(shape, index):
    a_np = np.zeros(shape, dtype=np.float32)
    a_cp = cp.zeros(shape, dtype=np.float32)
    v_np, v_cp = a_np[index], a_cp[index]
    assert_strides(v_cp, v_np)
    assert v_cp.flags.c_contiguous == v_np.flags.c_contiguous
    assert v_cp.flags.f_contiguous == v_np.flags.f_contiguous


LENGTH1_VIEWS = {
    "a[None]": lambda xp, a: a[None],
    "a[:, None]": lambda xp, a: a[:, None],
    "a[..., None]": lambda xp, a: a[..., None],
    "a[0:1]": lambda xp, a: a[0:1],
    "a[1:2, ::2]": lambda xp, a: a[1:2, ::2],
    "a.reshape(1, 3, 4)": lambda xp, a: a.reshape(1, 3, 4),
    "a.reshape(3, 1, 4)": lambda xp, a: a.reshape(3, 1, 4),
    "a.reshape(3, 4, 1)": lambda xp, a: a.reshape(3, 4, 1),
    "a[:1].T": lambda xp, a: a[:1].T,
    "expand_dims(a, 0)": lambda xp, a: xp.expand_dims(a, 0),
    "expand_dims(a, -1)": lambda xp, a: xp.expand_dims(a, -1),
    "atleast_3d(a)": lambda xp, a: xp.atleast_3d(a),
    "atleast_2d(a[0])": lambda xp, a: xp.atleast_2d(a[0]),
    "squeeze": lambda xp, a: a.reshape(1, 3, 1, 4).squeeze(0),
    "broadcast_to(a[:1], (1, 4))": lambda xp, a: xp.broadcast_to(a[:1], (1, 4)),
}


@pytest.mark.parametrize("make", list(LENGTH1_VIEWS))
def test_strides_of_length1_axes_match_numpy(make):
    """The stride of a length-1 axis is never used to address memory, but NumPy reports a
    definite value; CuPy code that inspects strides sees NumPy's. (Elsewhere the tests
    compare strides on axes longer than 1 only, so this is the one place that checks.)"""
    a_np = sample((3, 4), np.float32)
    r_cp = LENGTH1_VIEWS[make](cp, cp.asarray(a_np))
    r_np = LENGTH1_VIEWS[make](np, a_np)
    assert r_cp.shape == r_np.shape
    assert r_cp.strides == r_np.strides, (r_cp.strides, r_np.strides)


def test_base():
    a = cp.arange(12).reshape(3, 4) if False else cp.zeros((3, 4))
    assert a.base is None
    v = a[1:]
    assert v.base is not None
    assert v.base is a or v.base.base is a or v.base is a.base
    assert a.T.base is not None
    assert a[...].base is not None
    assert a.copy().base is None
    assert cp.asarray(np.zeros(3)).base is None
    assert cp.ones(3).base is None


def test_device_matches_backend():
    x = cp.zeros(3)
    kind = device_kind()
    text = (str(x.device) + " " + repr(x.device)).lower()
    if kind == "cpu":
        assert "cpu" in text, text
    elif kind == "cuda":
        assert "cuda" in text or getattr(x.device, "id", None) == 0, text
    assert x[1:].device == x.device or str(x[1:].device) == str(x.device)


def test_transpose_attributes(dtype, layout):
    a_np, a_cp = make_pair(layout, dtype)
    assert_same(a_cp.T, a_np.T, check_strides=True)
    if a_np.ndim >= 2:
        assert_same(a_cp.mT, a_np.mT, check_strides=True)
    else:
        kn, rn = outcome(lambda: a_np.mT)
        assert kn == "raise"
        with pytest.raises(type(rn)):
            a_cp.mT


def test_data_ptr(dtype):
    a = cp.zeros((4, 5), dtype=dtype)
    assert isinstance(a.data.ptr, int)
    assert a.data.ptr != 0
    assert a[1:].data.ptr == a.data.ptr + 5 * dtype.itemsize
    assert a[:, 2:].data.ptr == a.data.ptr + 2 * dtype.itemsize
    assert a[::-1].data.ptr == a.data.ptr + 15 * dtype.itemsize
    assert a.T.data.ptr == a.data.ptr
    assert a.reshape(20).data.ptr == a.data.ptr
    b = cp.zeros((4, 5), dtype=dtype)
    assert b.data.ptr != a.data.ptr


def test_len_and_iteration(dtype, layout):
    a_np, a_cp = make_pair(layout, dtype)
    if a_np.ndim == 0:
        with pytest.raises(TypeError):
            len(a_cp)
        with pytest.raises(TypeError):
            list(a_cp)
        return
    assert len(a_cp) == len(a_np)
    items = list(a_cp)
    assert len(items) == len(a_np)
    for got, exp in zip(items, a_np):
        assert isinstance(got, cp.ndarray)  # CuPy yields arrays (0-d for a 1-d array)
        assert_same(got, np.asarray(exp))


SCALAR_CONVERSIONS = {
    "bool": bool, "int": int, "float": float, "complex": complex, "index": operator.index,
}


@pytest.mark.parametrize("conv", list(SCALAR_CONVERSIONS))
@pytest.mark.parametrize("shape", [(), (1,), (1, 1), (2,), (0,), (2, 2)], ids=repr)
def test_python_scalar_conversions(conv, shape, dtype):
    f = SCALAR_CONVERSIONS[conv]
    v_np = sample(shape, dtype, seed=3)
    if dtype.kind in "fc" and v_np.size:
        v_np = np.asarray(v_np + np.asarray(0.5, dtype=dtype))  # a fraction: truncation
    v_cp = cp.asarray(v_np)
    kn, rn = outcome(lambda: f(v_np))
    kc, rc = outcome(lambda: f(v_cp))
    if kn == "raise":
        assert kc == "raise", f"NumPy raised {type(rn).__name__}: {rn}; cunumpy gave {rc!r}"
        assert isinstance(rc, type(rn)), (rc, rn)
    else:
        assert kc == "ok", f"cunumpy raised {type(rc).__name__}: {rc}; NumPy gave {rn!r}"
        assert type(rc) is type(rn) and (rc == rn or (rc != rc and rn != rn)), (rc, rn)


def test_scalar_conversion_special_values():
    for v in (float("nan"), float("inf"), -0.0, 65504.0):
        for d in ("float16", "float32", "float64"):
            x_np = np.asarray(v, dtype=d)
            x_cp = cp.asarray(x_np)
            assert repr(float(x_cp)) == repr(float(x_np))
            for f in (bool, int, complex):
                kn, rn = outcome(lambda: f(x_np))
                kc, rc = outcome(lambda: f(x_cp))
                assert kn == kc, (v, d, f, rn, rc)
                if kn == "ok":
                    assert repr(rc) == repr(rn)
                else:
                    assert isinstance(rc, type(rn))
    big = np.asarray(2**64 - 1, dtype=np.uint64)
    assert int(cp.asarray(big)) == int(big) == 2**64 - 1
    small = np.asarray(-2**63, dtype=np.int64)
    assert int(cp.asarray(small)) == -2**63


def test_item(dtype, layout):
    a_np, a_cp = make_pair(layout, dtype)
    kn, rn = outcome(lambda: a_np.item())
    kc, rc = outcome(lambda: a_cp.item())
    assert kn == kc, (rn, rc)
    if kn == "raise":
        assert isinstance(rc, type(rn)), (rc, rn)
    else:
        assert type(rc) is type(rn) and rc == rn
    if a_np.size:
        for i in (0, a_np.size - 1, -1):
            assert a_cp.item(i) == a_np.item(i)
            assert type(a_cp.item(i)) is type(a_np.item(i))
        idx = tuple(s - 1 for s in a_np.shape)
        assert a_cp.item(idx) == a_np.item(idx)
        if a_np.ndim:
            assert a_cp.item(*idx) == a_np.item(*idx)
    for bad in (a_np.size, -a_np.size - 1):
        kn, rn = outcome(lambda: a_np.item(bad))
        kc, rc = outcome(lambda: a_cp.item(bad))
        assert kn == kc == "raise"
        assert isinstance(rc, type(rn)), (rc, rn)


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -0.0, 1e-8, 65504.0, 1 / 3],
                         ids=repr)
def test_item_special_float_values(value):
    for d in ("float16", "float32", "float64", "complex64", "complex128"):
        x_np = np.array([value], dtype=d)
        got, exp = cp.asarray(x_np).item(), x_np.item()
        assert type(got) is type(exp)
        assert repr(got) == repr(exp), (d, got, exp)


def test_item_extreme_integers():
    for d in ALL_DTYPES:
        if d.kind not in "iu":
            continue
        info = np.iinfo(d)
        x_np = np.array([info.min, info.max], dtype=d)
        x_cp = cp.asarray(x_np)
        assert x_cp.item(0) == int(info.min) and x_cp.item(1) == int(info.max)
        assert x_cp.tolist() == x_np.tolist()


def test_tolist(dtype, layout):
    a_np, a_cp = make_pair(layout, dtype)
    got, exp = a_cp.tolist(), a_np.tolist()
    assert got == exp

    def types(x):
        return [types(v) for v in x] if isinstance(x, list) else type(x)

    assert types(got) == types(exp)


def test_tolist_special_values():
    x_np = np.array([[float("nan"), -0.0], [float("inf"), 1.5]])
    got = cp.asarray(x_np).tolist()
    assert repr(got) == repr(x_np.tolist())


def test_ndarray_constructor(dtype):
    x = cp.ndarray((2, 3), dtype=dtype)
    e = np.ndarray((2, 3), dtype=dtype)
    assert isinstance(x, cp.ndarray)
    assert x.shape == e.shape and x.dtype == e.dtype and x.strides == e.strides
    f = cp.ndarray((2, 3), dtype=dtype, order="F")
    assert f.strides == np.ndarray((2, 3), dtype=dtype, order="F").strides
    assert cp.ndarray(4).dtype == np.ndarray(4).dtype


def test_copy_module_protocols():
    import copy

    a_np, a_cp = make_pair("negstride", np.int32)
    for c in (copy.copy(a_cp), copy.deepcopy(a_cp)):
        assert isinstance(c, cp.ndarray)
        assert_same(c, a_np)
        c.fill(0)
        assert_same(a_cp, a_np)


def test_iteration_yields_views():
    a_np, a_cp = make_pair("contig", np.float64)
    first = next(iter(a_cp))
    first[1] = 123.0
    a_np[0, 1] = 123.0
    assert_same(a_cp, a_np)


# ---- found by scripts/fuzz_dtypes.py --------------------------------------------------------
@pytest.mark.parametrize("args", [
    (None,), (1.0,), (np.int64(1),), ((1,),), ((0,),), ((np.int64(1), np.int64(2)),), ((),),
    ((True,),), ([1, 2],), ((0, 0),), ((7,),)], ids=repr)
@pytest.mark.parametrize("shape", [(), (1,), (2, 3), (0, 3)])
def test_item_arguments_like_numpy(args, shape):
    a_np = sample(shape, np.int32)
    a_cp = cp.asarray(a_np)
    kn, rn = outcome(lambda: a_np.item(*args))
    kc, rc = outcome(lambda: a_cp.item(*args))
    assert kn == kc, (rn, rc)
    if kn == "raise":
        assert isinstance(rc, type(rn)), (rc, rn)
    else:
        assert type(rc) is type(rn) and rc == rn


@pytest.mark.parametrize("shape", [-2, (2, -5), (-3, 2), (-2, -1), (-7,)], ids=repr)
def test_reshape_any_negative_size_is_the_unknown_one(shape):
    a_np = sample((2, 3), np.float32)
    kn, rn = outcome(lambda: a_np.reshape(shape))
    kc, rc = outcome(lambda: cp.asarray(a_np).reshape(shape))
    assert kn == kc, (rn, rc)
    if kn == "raise":
        assert isinstance(rc, type(rn)), (rc, rn)
    else:
        assert_same(rc, rn)


def test_bool_view_of_other_bytes_reads_true():
    # Any nonzero byte is True, as NumPy reads it (found by UBSan: an invalid bool load).
    raw = np.array([70, 0, 1, 255], dtype=np.uint8)
    got = cp.asarray(raw).view(bool)
    want = raw.view(bool)
    assert [got[i].item() for i in range(4)] == [want[i].item() for i in range(4)]
    assert [bool(got[i]) for i in range(4)] == [True, False, True, True]
