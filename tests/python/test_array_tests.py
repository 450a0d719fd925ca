"""isfortran, shares_memory, may_share_memory, iterable and broadcast against NumPy."""
import itertools

import numpy as np
import pytest

import cunumpy as cp
from _helpers import make_pair


@pytest.mark.parametrize("layout", ["0d", "empty", "contig1d", "contig", "fortran", "noncontig",
                                    "negstride", "broadcast"])
def test_isfortran(layout):
    a_np, a_cp = make_pair(layout, np.float32)
    assert cp.isfortran(a_cp) == np.isfortran(a_np)


# Views of one base that NumPy and cunumpy make alike; every pair is checked exactly.
def _views(xp, base):
    b2 = base.reshape(6, 8)
    return {
        "whole": base, "even": base[::2], "odd": base[1::2], "third": base[::3],
        "rev": base[::-1], "rev_odd": base[-2::-2], "head": base[:10], "tail": base[10:],
        "mid": base[5:20:5], "empty": base[3:3], "elem": base[7:8],
        "rows_even": b2[::2], "rows_odd": b2[1::2], "col0": b2[:, 0], "col1": b2[:, 1],
        "T": b2.T, "block": b2[1:3, 2:5], "block2": b2[3:5, 2:5], "diag": b2.diagonal(),
        "cols_odd": b2[:, 1::2], "cols_even": b2[:, ::2], "negcols": b2[::-1, ::-3],
        "bytes": base.view(xp.uint8)[1::8], "bytes0": base.view(xp.uint8)[::8],
        "bcast": xp.broadcast_to(base[4:5], (3, 5)),
    }


VIEW_NAMES = list(_views(np, np.zeros(48)))


@pytest.mark.parametrize("x,y", list(itertools.combinations_with_replacement(VIEW_NAMES, 2)))
def test_shares_memory_exact(x, y):
    v_np = _views(np, np.zeros(48))
    v_cp = _views(cp, cp.zeros(48))
    a_np, b_np, a_cp, b_cp = v_np[x], v_np[y], v_cp[x], v_cp[y]
    assert cp.shares_memory(a_cp, b_cp) == np.shares_memory(a_np, b_np)
    assert cp.shares_memory(a_cp, b_cp, max_work=None) == np.shares_memory(a_np, b_np, max_work=None)
    assert cp.may_share_memory(a_cp, b_cp) == np.may_share_memory(a_np, b_np)
    assert cp.may_share_memory(a_cp, b_cp, max_work=-1) == np.may_share_memory(a_np, b_np, max_work=-1)
    assert cp.shares_memory(b_cp, a_cp) == cp.shares_memory(a_cp, b_cp)


def test_shares_memory_separate_arrays_and_host_objects():
    a, b = cp.zeros(10), cp.zeros(10)
    assert not cp.shares_memory(a, b) and not cp.may_share_memory(a, b)
    assert not cp.shares_memory(a, a.get())
    assert not cp.shares_memory(a, a.copy())
    h = np.zeros(4)
    assert cp.shares_memory(h, h[1:]) == np.shares_memory(h, h[1:])


def test_shares_memory_too_hard():
    base = cp.zeros(20000, dtype=cp.int8)
    a = cp.lib.stride_tricks.as_strided(base, (50, 50), (199, 101))
    b = cp.lib.stride_tricks.as_strided(base[1:], (50, 50), (199, 101))
    with pytest.raises(cp.exceptions.TooHardError):
        cp.shares_memory(a, b, max_work=1)
    hb = np.zeros(20000, dtype=np.int8)
    ha = np.lib.stride_tricks.as_strided(hb, (50, 50), (199, 101))
    hc = np.lib.stride_tricks.as_strided(hb[1:], (50, 50), (199, 101))
    assert cp.shares_memory(a, b) == np.shares_memory(ha, hc)


@pytest.mark.parametrize("seed", range(40))
def test_shares_memory_random_strided(seed):
    rng = np.random.default_rng(seed)
    n = 64
    hb = np.zeros(n, dtype=np.int16)
    db = cp.zeros(n, dtype=cp.int16)

    def view(base, xp):
        nd = int(rng.integers(1, 3))
        shape = tuple(int(rng.integers(1, 5)) for _ in range(nd))
        strides = tuple(int(rng.integers(1, 7)) * 2 for _ in range(nd))
        span = sum((s - 1) * st for s, st in zip(shape, strides)) + 2
        off = int(rng.integers(0, max(1, n * 2 - span) // 2))
        return shape, strides, off
    specs = [view(hb, np), view(hb, np)]
    hv = [np.lib.stride_tricks.as_strided(hb[o:], s, st) for s, st, o in specs]
    dv = [cp.lib.stride_tricks.as_strided(db[o:], s, st) for s, st, o in specs]
    assert cp.shares_memory(*dv) == np.shares_memory(*hv), specs


@pytest.mark.parametrize("obj", [[1, 2], (), "ab", 3, 3.5, None, np.arange(2), np.float64(1),
                                 iter([1]), {1: 2}])
def test_iterable(obj):
    assert cp.iterable(obj) == np.iterable(obj)


def test_iterable_device_arrays():
    assert cp.iterable(cp.arange(3))
    assert not cp.iterable(cp.asarray(3.0))  # 0-d: iter() is NumPy's TypeError


@pytest.mark.parametrize("shapes", [[(3,), (2, 1)], [(), (4,)], [(2, 0), (1,)], [(5,)],
                                    [(2, 3, 1), (1, 4), ()]])
def test_broadcast_attributes_and_iteration(shapes):
    hs = [np.arange(int(np.prod(s)), dtype=np.int32).reshape(s) for s in shapes]
    ds = [cp.asarray(h) for h in hs]
    b_cp, b_np = cp.broadcast(*ds), np.broadcast(*hs)
    assert b_cp.shape == b_np.shape and b_cp.nd == b_np.nd and b_cp.ndim == b_np.ndim
    assert b_cp.size == b_np.size and b_cp.numiter == b_np.numiter and b_cp.index == 0
    got, exp = list(b_cp), list(b_np)
    assert got == exp and b_cp.index == b_np.index
    b_cp.reset()
    b_np.reset()
    assert b_cp.index == 0
    if b_np.size:
        assert next(b_cp) == next(b_np)
        assert [next(i) for i in b_cp.iters] == [next(i) for i in b_np.iters]
    for v, h in zip(b_cp.values, hs):
        assert isinstance(v, cp.ndarray)
        np.testing.assert_array_equal(v.get(), np.broadcast_to(h, b_np.shape))


def test_broadcast_nested_and_errors():
    a, b = cp.arange(3), cp.ones((2, 1))
    assert cp.broadcast(cp.broadcast(a, b), a).shape == (2, 3)
    assert cp.broadcast([1, 2], 3).shape == (2,)
    with pytest.raises(ValueError):
        cp.broadcast(cp.ones(3), cp.ones(4))
    with pytest.raises(ValueError):
        cp.broadcast(*([cp.ones(1)] * 65))


@pytest.mark.parametrize("layout", ["contig", "fortran", "noncontig", "negstride", "contig3d", "contig1d"])
@pytest.mark.parametrize("key", [0, -1, 5, slice(1, 7, 2), slice(None, None, -3), Ellipsis, [0, 3, 2],
                                 (2,)], ids=str)
def test_flat_getitem(layout, key):
    from _helpers import assert_same
    a_np, a_cp = make_pair(layout, np.float32)
    got, exp = a_cp.flat[key], a_np.flat[key]
    if isinstance(exp, np.generic):
        assert float(got) == float(exp)
    else:
        assert_same(got, exp)


@pytest.mark.parametrize("layout", ["contig", "fortran", "noncontig", "negstride"])
@pytest.mark.parametrize("key,value", [(3, -1.0), (slice(0, 6, 2), 9.0), ([1, 4], [7.0, 8.0]), (Ellipsis, 2.5),
                                       (slice(0, 5), [1.0, 2.0]), (Ellipsis, [[3.0], [4.0], [5.0]]),
                                       ([0, 1], [[6.0], [7.0]])],
                         ids=str)
def test_flat_setitem_writes_the_array(layout, key, value):
    from _helpers import assert_same
    a_np, a_cp = make_pair(layout, np.float64)
    a_np = a_np.copy() if not a_np.flags.writeable else a_np
    a_np.flat[key] = value
    a_cp.flat[key] = value
    assert_same(a_cp, a_np)


def test_flat_len_iter_copy_base_and_assignment():
    from _helpers import assert_same
    a_np, a_cp = make_pair("noncontig", np.int32)
    assert len(a_cp.flat) == len(a_np.flat)
    assert list(a_cp.flat) == list(a_np.flat)
    assert_same(a_cp.flat.copy(), a_np.flat.copy())
    assert a_cp.flat.base is a_cp
    assert isinstance(a_cp.flat, cp.flatiter)
    a_cp.flat = 4
    a_np.flat = 4
    assert_same(a_cp, a_np)
    with pytest.raises(IndexError):
        a_cp.flat[0, 1]
