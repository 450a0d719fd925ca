"""Shape manipulation against NumPy: reshape (views when possible, -1, order C/F), ravel,
flatten, transpose, swapaxes, moveaxis, squeeze, expand_dims, broadcast_to,
broadcast_arrays, atleast_1d/2d/3d, and NumPy's errors (AxisError, ValueError)."""

import numpy as np
import pytest
from numpy.exceptions import AxisError

import cunumpy as cp
from _helpers import (LAYOUT_NAMES, assert_same, assert_strides, check_same_outcome, make_pair,
                      outcome, sample, to_np)


def _view_semantics(r_cp, a_cp, r_np, a_np):
    """cunumpy returns a view exactly when NumPy does (writes show through), else a copy."""
    if r_np.size == 0:
        return
    np_view = np.shares_memory(r_np, a_np)
    before = to_np(a_cp).copy()
    idx = (0,) * r_cp.ndim
    old = r_cp[idx].item()
    r_cp[idx] = (not old) if r_cp.dtype.kind == "b" else (old + 1 if old != 100 else 3)
    after = to_np(a_cp)
    changed = not np.array_equal(before, after)
    assert changed == np_view, ("NumPy returns a view" if np_view else
                                "NumPy returns a copy") + f", cunumpy {changed=}"


# ---------------------------------------------------------------- reshape
RESHAPES = [
    ((2, 3), (6,)), ((2, 3), (3, 2)), ((2, 3), (-1,)), ((2, 3), (3, -1)), ((2, 3), (-1, 1)),
    ((2, 3), (1, 2, 1, 3, 1)), ((6,), (2, 3)), ((24,), (2, 3, 4)), ((2, 3, 4), (4, -1)),
    ((2, 3, 4), (2, 12)), ((0, 3), (3, 0)), ((0, 3), (-1, 3)), ((0, 3), (-1,)),
    ((), (1,)), ((), ()), ((1,), ()), ((1, 1), ()), ((4,), (2, 2)), ((2, 3), 6),
    ((2, 3), [3, 2]), ((2, 3), (np.int64(3), np.int32(2))),
]


@pytest.mark.parametrize("shape,newshape", RESHAPES, ids=repr)
def test_reshape_contiguous(shape, newshape, dtype):
    for make, order in [("C", "C"), ("C", "F"), ("C", "A"), ("F", "C"), ("F", "F"),
                        ("F", "A")]:
        a_np = np.asarray(sample(shape, dtype), order=make)
        a_cp = cp.asarray(a_np, order=make)
        assert a_cp.flags.f_contiguous == a_np.flags.f_contiguous
        r_np = a_np.reshape(newshape, order=order)
        r_cp = a_cp.reshape(newshape, order=order)
        assert_same(r_cp, r_np)
        if r_np.size > 1:
            assert_strides(r_cp, r_np)
        f_cp = cp.reshape(a_cp, newshape, order=order)
        assert_same(f_cp, np.reshape(a_np, newshape, order=order))
        _view_semantics(r_cp, a_cp, r_np, a_np)


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("layout", LAYOUT_NAMES)
def test_reshape_noncontiguous_gives_right_values(layout, order, dtype):
    a_np, a_cp = make_pair(layout, dtype)
    for newshape in [(-1,), (a_np.size, 1), (1, -1)] + ([a_np.shape[::-1]] if a_np.ndim else []):
        r_np = a_np.reshape(newshape, order=order)
        r_cp = a_cp.reshape(newshape, order=order)
        assert_same(r_cp, r_np)
        if layout != "broadcast":
            _view_semantics(r_cp, a_cp, r_np, a_np)
            a_np, a_cp = make_pair(layout, dtype)  # fresh values after the write test


def test_reshape_varargs_and_keywords():
    a_np = sample((2, 3, 4), np.int16)
    a_cp = cp.asarray(a_np)
    assert_same(a_cp.reshape(4, 6), a_np.reshape(4, 6))
    assert_same(a_cp.reshape(4, -1, order="F"), a_np.reshape(4, -1, order="F"))
    assert_same(cp.reshape(a_cp, shape=(6, 4)), np.reshape(a_np, shape=(6, 4)))


@pytest.mark.parametrize("shape,newshape", [((2, 3), (4,)), ((2, 3), (4, -1)),
                                            ((2, 3), (-1, -1)), ((0, 3), (0, -1)),
                                            ((2, 3), (7, 1)), ((), (2,)),
                                            ((4,), (0, -1)), ((2, 3), (5, 0)),
                                            ((3, 4), (2, 5))], ids=repr)
def test_reshape_errors(shape, newshape):
    a_np, a_cp = np.zeros(shape), cp.zeros(shape)
    kn, rn = outcome(lambda: a_np.reshape(newshape))
    if kn == "ok":  # NumPy accepts it (e.g. other negative sizes as "unknown")
        assert_same(a_cp.reshape(newshape), rn)
        return
    with pytest.raises(type(rn)) as exc:
        a_cp.reshape(newshape)
    msg = str(exc.value)
    if "cannot reshape" in str(rn):
        for d in newshape:
            if d >= 0:
                assert str(d) in msg, f"message should name the new shape {newshape}: {msg}"
        assert str(a_np.size) in msg or str(shape).replace(" ", "") in msg.replace(" ", ""), \
            f"message should name the size or shape {shape}: {msg}"


# ---------------------------------------------------------------- ravel / flatten
@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
def test_ravel(layout, order, dtype):
    a_np, a_cp = make_pair(layout, dtype)
    r_np = a_np.ravel(order=order)
    r_cp = a_cp.ravel(order=order)
    assert_same(r_cp, r_np)
    assert_same(cp.ravel(a_cp, order=order), np.ravel(a_np, order=order))
    if layout != "broadcast":
        _view_semantics(r_cp, a_cp, r_np, a_np)


@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
def test_flatten_is_a_copy(layout, order, dtype):
    a_np, a_cp = make_pair(layout, dtype)
    r_np = a_np.flatten(order=order)
    r_cp = a_cp.flatten(order=order)
    assert_same(r_cp, r_np)
    assert r_cp.flags.c_contiguous and r_cp.flags.owndata
    if r_cp.size:
        r_cp[0] = r_cp[-1] if r_cp.size > 1 else r_cp[0]
        r_cp.fill(0)
        assert_same(a_cp, a_np)


def test_ravel_flatten_bad_order():
    for f in ("ravel", "flatten"):
        kn, rn = outcome(lambda: getattr(np.zeros(3), f)(order="X"))
        kc, rc = outcome(lambda: getattr(cp.zeros(3), f)(order="X"))
        assert kn == kc == "raise"
        assert isinstance(rc, type(rn))


# ---------------------------------------------------------------- transpose & co.
TRANSPOSE_AXES = [None, (0, 1, 2), (2, 1, 0), (1, 0, 2), (0, 2, 1), (-1, 0, 1), (2, 0, -2)]


@pytest.mark.parametrize("axes", TRANSPOSE_AXES, ids=repr)
def test_transpose(axes, dtype):
    for layout in ("contig3d", "negstride", "broadcast"):
        a_np, a_cp = make_pair(layout, dtype)
        if a_np.ndim == 2:
            a_np, a_cp = a_np[:, None, :], a_cp[:, None, :]
        r_np = a_np.transpose(axes)
        r_cp = a_cp.transpose(axes)
        assert_same(r_cp, r_np, check_strides=True)
        assert_same(cp.transpose(a_cp, axes), np.transpose(a_np, axes), check_strides=True)
        if axes is not None:
            assert_same(a_cp.transpose(*axes), a_np.transpose(*axes), check_strides=True)
    a_np, a_cp = make_pair("contig3d", dtype)
    _view_semantics(a_cp.transpose(axes), a_cp, a_np.transpose(axes), a_np)


@pytest.mark.parametrize("axes", [(0, 1), (0, 1, 1), (0, 1, 3), (0, 1, -4), (0, 0, 1),
                                  (1, 2, 3, 0)], ids=repr)
def test_transpose_errors(axes):
    a_np, a_cp = np.zeros((2, 3, 4)), cp.zeros((2, 3, 4))
    kn, rn = outcome(lambda: a_np.transpose(axes))
    assert kn == "raise"
    with pytest.raises(type(rn)):
        a_cp.transpose(axes)
    with pytest.raises(type(rn)):
        cp.transpose(a_cp, axes)


@pytest.mark.parametrize("a1,a2", [(0, 1), (1, 0), (0, 2), (-1, 0), (1, 1), (2, -3)],
                         ids=repr)
def test_swapaxes(a1, a2, dtype):
    a_np, a_cp = make_pair("contig3d", dtype)
    assert_same(a_cp.swapaxes(a1, a2), a_np.swapaxes(a1, a2), check_strides=True)
    assert_same(cp.swapaxes(a_cp, a1, a2), np.swapaxes(a_np, a1, a2), check_strides=True)
    _view_semantics(a_cp.swapaxes(a1, a2), a_cp, a_np.swapaxes(a1, a2), a_np)


@pytest.mark.parametrize("a1,a2", [(0, 3), (-4, 0), (5, 5)], ids=repr)
def test_swapaxes_axis_error(a1, a2):
    with pytest.raises(AxisError):
        np.zeros((2, 3, 4)).swapaxes(a1, a2)
    with pytest.raises(AxisError):
        cp.zeros((2, 3, 4)).swapaxes(a1, a2)
    with pytest.raises(AxisError):
        cp.swapaxes(cp.zeros((2, 3, 4)), a1, a2)


MOVEAXIS = [(0, 2), (2, 0), (-1, 0), (1, -1), ([0, 1], [2, 0]), ((0, 1, 2), (2, 1, 0)),
            ([], []), (0, 0)]


@pytest.mark.parametrize("src,dst", MOVEAXIS, ids=repr)
def test_moveaxis(src, dst, dtype):
    a_np, a_cp = make_pair("contig3d", dtype)
    r_np = np.moveaxis(a_np, src, dst)
    r_cp = cp.moveaxis(a_cp, src, dst)
    assert_same(r_cp, r_np, check_strides=True)
    _view_semantics(r_cp, a_cp, r_np, a_np)


@pytest.mark.parametrize("src,dst", [(3, 0), (0, -4), ([0, 0], [1, 2]), ([0, 1], [2]),
                                     ([0], [1, 1]), ([0, 1], [5]), ([], [3]), ([7], []),
                                     ([0, 0], [1])], ids=repr)
def test_moveaxis_errors(src, dst):
    kn, rn = outcome(lambda: np.moveaxis(np.zeros((2, 3, 4)), src, dst))
    assert kn == "raise"
    with pytest.raises(type(rn)):
        cp.moveaxis(cp.zeros((2, 3, 4)), src, dst)


# NumPy normalizes both axis lists (AxisError) before comparing their lengths.
@pytest.mark.parametrize("src,dst", [([], [0]), ([0], []), ([], [])], ids=repr)
def test_moveaxis_0d(src, dst):
    check_same_outcome(lambda: cp.moveaxis(cp.asarray(1.5), src, dst),
                       lambda: np.moveaxis(np.asarray(1.5), src, dst))


# ---------------------------------------------------------------- squeeze / expand_dims
SQUEEZE = [((1, 3, 1, 2), None), ((1, 3, 1, 2), 0), ((1, 3, 1, 2), 2), ((1, 3, 1, 2), -2),
           ((1, 3, 1, 2), (0, 2)), ((1, 3, 1, 2), (-4, -2)), ((1, 1), None), ((1,), 0),
           ((), None), ((), ()), ((), 0), ((), -1), ((3,), None), ((0, 1), 1), ((1, 0), None), ((1, 3), ())]


@pytest.mark.parametrize("shape,axis", SQUEEZE, ids=repr)
def test_squeeze(shape, axis, dtype):
    a_np = sample(shape, dtype)
    a_cp = cp.asarray(a_np)
    assert_same(a_cp.squeeze(axis), a_np.squeeze(axis), check_strides=True)
    assert_same(cp.squeeze(a_cp, axis=axis), np.squeeze(a_np, axis=axis), check_strides=True)
    if a_np.size:
        _view_semantics(a_cp.squeeze(axis), a_cp, a_np.squeeze(axis), a_np)


@pytest.mark.parametrize("shape,axis", [((1, 3, 1), 1), ((1, 3, 1), 3), ((1, 3, 1), -4),
                                        ((1, 3, 1), (0, 0)), ((), 1), ((), (0,)), ((), (-1, 0)), ((2,), 0),
                                        ((2,), (0, 1))], ids=repr)
def test_squeeze_errors(shape, axis):
    kn, rn = outcome(lambda: np.zeros(shape).squeeze(axis))
    if kn == "ok":
        assert_same(cp.zeros(shape).squeeze(axis), rn)
        return
    with pytest.raises(type(rn)) as e:
        cp.zeros(shape).squeeze(axis)
    with pytest.raises(type(rn)):
        cp.squeeze(cp.zeros(shape), axis)
    if isinstance(rn, AxisError):
        assert "axis" in str(e.value) and str(rn.axis) in str(e.value), \
            f"message should name axis {rn.axis}: {e.value}"


def test_squeeze_axis_errors_are_axis_errors():
    with pytest.raises(AxisError):
        cp.zeros((1, 3, 1)).squeeze(3)
    with pytest.raises(AxisError):
        cp.squeeze(cp.zeros((1, 3, 1)), -4)
    with pytest.raises(ValueError):
        cp.zeros((1, 3, 1)).squeeze(1)


EXPAND = [((3, 4), 0), ((3, 4), 1), ((3, 4), 2), ((3, 4), -1), ((3, 4), -3), ((3, 4), (0, 1)),
          ((3, 4), (0, 3)), ((3, 4), (-1, 0)), ((), 0), ((), (0, 1)), ((0,), 1), ((3,), (2, 0))]


@pytest.mark.parametrize("shape,axis", EXPAND, ids=repr)
def test_expand_dims(shape, axis, dtype):
    a_np = sample(shape, dtype)
    a_cp = cp.asarray(a_np)
    r_np = np.expand_dims(a_np, axis)
    r_cp = cp.expand_dims(a_cp, axis)
    assert_same(r_cp, r_np)
    if r_np.size > 1:
        assert_strides(r_cp, r_np)
    if a_np.size:
        _view_semantics(r_cp, a_cp, r_np, a_np)


@pytest.mark.parametrize("shape,axis", [((3, 4), 3), ((3, 4), -4), ((3, 4), (0, 0)),
                                        ((3, 4), (0, 4)), ((), 1), ((), (0, -1))], ids=repr)
def test_expand_dims_errors(shape, axis):
    kn, rn = outcome(lambda: np.expand_dims(np.zeros(shape), axis))
    if kn == "ok":
        assert_same(cp.expand_dims(cp.zeros(shape), axis), rn)
        return
    with pytest.raises(type(rn)):
        cp.expand_dims(cp.zeros(shape), axis)


# ---------------------------------------------------------------- broadcasting
BROADCAST_TO = [((3,), (2, 3)), ((3,), (3,)), ((1,), (4, 5)), ((2, 1), (2, 3)),
                ((1, 3), (4, 2, 3)), ((), (2, 2)), ((), ()), ((0,), (3, 0)), ((1,), (0,)),
                ((2, 1, 3), (2, 4, 3)), ((3,), 3)]


@pytest.mark.parametrize("shape,target", BROADCAST_TO, ids=repr)
def test_broadcast_to(shape, target, dtype):
    a_np = sample(shape, dtype)
    a_cp = cp.asarray(a_np)
    r_np = np.broadcast_to(a_np, target)
    r_cp = cp.broadcast_to(a_cp, target)
    assert_same(r_cp, r_np, check_strides=r_np.size > 1)
    assert r_cp.flags.c_contiguous == r_np.flags.c_contiguous


@pytest.mark.parametrize("shape,target", [((3,), (4,)), ((2, 3), (3,)), ((2,), (2, 3)),
                                          ((3,), (-1, 3)), ((2, 1), (3, 1))], ids=repr)
def test_broadcast_to_errors(shape, target):
    kn, rn = outcome(lambda: np.broadcast_to(np.zeros(shape), target))
    assert kn == "raise"
    with pytest.raises(type(rn)) as e:
        cp.broadcast_to(cp.zeros(shape), target)
    if isinstance(rn, ValueError) and "could not be broadcast" in str(rn):
        msg = str(e.value).replace(" ", "")
        assert str(shape).replace(" ", "") in msg or str(target).replace(" ", "") in msg, \
            f"message should name the shapes: {e.value}"


def test_broadcast_to_of_view_values(layout):
    a_np, a_cp = make_pair(layout, np.float32)
    target = (2,) + a_np.shape
    assert_same(cp.broadcast_to(a_cp, target), np.broadcast_to(a_np, target),
                check_strides=True)


BROADCAST_ARRAYS = [[(3,), (2, 3)], [(2, 1), (1, 4)], [(), (2, 2), (1, 2)], [(0, 1), (1, 5)],
                    [(4, 1, 3), (2, 1), (3,)], [(5,)], [(2, 3), (2, 3)]]


@pytest.mark.parametrize("shapes", BROADCAST_ARRAYS, ids=repr)
def test_broadcast_arrays(shapes, dtype):
    others = [dtype, np.dtype("int8"), np.dtype("complex128")]
    nps = [sample(s, d, i) for i, (s, d) in enumerate(zip(shapes, others))]
    cps = [cp.asarray(a) for a in nps]
    r_np = np.broadcast_arrays(*nps)
    r_cp = cp.broadcast_arrays(*cps)
    assert isinstance(r_cp, (list, tuple)) and len(r_cp) == len(r_np)
    for g, e in zip(r_cp, r_np):
        assert_same(g, e, check_strides=e.size > 1)


def test_broadcast_arrays_error():
    kn, rn = outcome(lambda: np.broadcast_arrays(np.zeros(3), np.zeros(4)))
    assert kn == "raise"
    with pytest.raises(type(rn)):
        cp.broadcast_arrays(cp.zeros(3), cp.zeros(4))


# ---------------------------------------------------------------- atleast_nd
@pytest.mark.parametrize("fn", ["atleast_1d", "atleast_2d", "atleast_3d"])
@pytest.mark.parametrize("shape", [(), (0,), (3,), (2, 3), (2, 3, 4), (1, 2, 3, 4)], ids=repr)
def test_atleast_nd(fn, shape, dtype):
    a_np = sample(shape, dtype)
    a_cp = cp.asarray(a_np)
    r_np = getattr(np, fn)(a_np)
    r_cp = getattr(cp, fn)(a_cp)
    assert_same(r_cp, r_np)
    if r_np.size > 1:
        assert_strides(r_cp, r_np)
    b_np = sample((2,), dtype, 1)
    many_np = getattr(np, fn)(a_np, b_np)
    many_cp = getattr(cp, fn)(a_cp, cp.asarray(b_np))
    assert isinstance(many_cp, (list, tuple)) and len(many_cp) == 2
    for g, e in zip(many_cp, many_np):
        assert_same(g, e)


def test_atleast_nd_of_views(layout):
    a_np, a_cp = make_pair(layout, np.complex64)
    for fn in ("atleast_1d", "atleast_2d", "atleast_3d"):
        assert_same(getattr(cp, fn)(a_cp), getattr(np, fn)(a_np))


@pytest.mark.parametrize("ndim", [9, 16, 32, 64, 65])
def test_many_dimensions(ndim):
    """NumPy 2 allows up to 64 dimensions; more raise ValueError (never a crash)."""
    shape = (1,) * (ndim - 2) + (2, 3)
    kn, rn = outcome(lambda: np.arange(6, dtype=np.int32).reshape(shape))
    kc, rc = outcome(lambda: cp.asarray(np.arange(6, dtype=np.int32)).reshape(shape))
    assert kn == kc, (rn, rc)
    if kn == "raise":
        assert isinstance(rc, type(rn)), (rc, rn)
        kz, rz = outcome(lambda: cp.zeros(shape))
        assert kz == "raise" and isinstance(rz, type(rn)), rz
        return
    assert_same(rc, rn)
    assert_same(rc.T, rn.T)
    assert_same(rc[..., ::-1], rn[..., ::-1])
    assert_same(rc.squeeze(), rn.squeeze())
    assert_same(cp.zeros(shape, dtype=np.int8), np.zeros(shape, dtype=np.int8))
    assert repr(rc) == repr(rn)


@pytest.mark.parametrize("copy", [None, True, False])
def test_reshape_copy_keyword(layout, copy):
    """NumPy 2: reshape(..., copy=True) always copies, copy=False never does (ValueError
    when a copy would be needed), copy=None copies only when needed."""
    a_np, a_cp = make_pair(layout, np.int32)
    kn, rn = outcome(lambda: np.reshape(a_np, (-1,), copy=copy))
    kc, rc = outcome(lambda: cp.reshape(a_cp, (-1,), copy=copy))
    assert kn == kc, (rn, rc)
    if kn == "raise":
        assert isinstance(rc, type(rn)), (rc, rn)
        return
    assert_same(rc, rn)
    if layout != "broadcast":
        _view_semantics(rc, a_cp, rn, a_np)
