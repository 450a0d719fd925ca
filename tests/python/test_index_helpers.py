"""diag_indices(_from), mask_indices, mgrid, ogrid, s_, index_exp, ndindex, ndenumerate
against NumPy."""
import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same, check_same_outcome, make_pair


@pytest.mark.parametrize("n,ndim", [(0, 2), (1, 2), (4, 2), (3, 3), (2, 1)])
def test_diag_indices(n, ndim):
    got, exp = cp.diag_indices(n, ndim), np.diag_indices(n, ndim)
    assert len(got) == len(exp)
    for g, e in zip(got, exp):
        assert_same(g, e)


@pytest.mark.parametrize("shape", [(3, 3), (2, 2, 2), (0, 0), (3, 4), (3,), ()])
def test_diag_indices_from(shape):
    a = np.zeros(shape)
    check_same_outcome(lambda: cp.diag_indices_from(cp.asarray(a)),
                       lambda: np.diag_indices_from(a),
                       lambda g, e: [assert_same(x, y) for x, y in zip(g, e)])


def test_diag_indices_index_a_strided_view():
    a_np = np.arange(64.).reshape(8, 8)[::2, ::2]
    a_cp = cp.asarray(np.arange(64.).reshape(8, 8))[::2, ::2]
    assert_same(a_cp[cp.diag_indices_from(a_cp)], a_np[np.diag_indices_from(a_np)])


@pytest.mark.parametrize("name", ["triu", "tril"])
@pytest.mark.parametrize("n,k", [(3, 0), (4, 1), (4, -1), (0, 0), (1, 0)])
def test_mask_indices(name, n, k):
    got = cp.mask_indices(n, getattr(cp, name), k)
    exp = np.mask_indices(n, getattr(np, name), k)
    for g, e in zip(got, exp):
        assert_same(g, e)


GRID_KEYS = [
    (slice(0, 5),),
    (slice(0, 5, 2),),
    (slice(-1, 1, 0.5),),
    (slice(0, 1, 5j),),
    (slice(0, 1, 1j),),
    (slice(3, 0, -1),),
    (slice(None, 4),),
    (slice(0, 3), slice(0, 2)),
    (slice(0, 1, 3j), slice(-2, 2, 5j)),
    (slice(0, 1, 0.25), slice(0, 3)),
    (slice(0, 3), slice(0, 0)),
    (slice(1, 3), slice(0, 2), slice(0, 2, 2j)),
]


@pytest.mark.parametrize("key", GRID_KEYS, ids=str)
def test_mgrid(key):
    k = key[0] if len(key) == 1 else key
    assert_same(cp.mgrid[k], np.mgrid[k])


@pytest.mark.parametrize("key", GRID_KEYS, ids=str)
def test_ogrid(key):
    k = key[0] if len(key) == 1 else key
    got, exp = cp.ogrid[k], np.ogrid[k]
    if isinstance(exp, np.ndarray):
        assert_same(got, exp)
        return
    assert type(got) is type(exp) and len(got) == len(exp)
    for g, e in zip(got, exp):
        assert_same(g, e)


def test_grid_on_device():
    assert isinstance(cp.mgrid[0:3, 0:2], cp.ndarray)
    assert all(isinstance(g, cp.ndarray) for g in cp.ogrid[0:3, 0:2])


def test_s_index_exp_ndindex_are_numpys():
    assert cp.s_[1:2, ::-1] == np.s_[1:2, ::-1]
    assert cp.index_exp[1:2] == np.index_exp[1:2]
    assert list(cp.ndindex(2, 3)) == list(np.ndindex(2, 3))
    assert list(cp.ndindex((0, 2))) == []
    a_np, a_cp = make_pair("noncontig", np.float32)
    assert_same(a_cp[cp.s_[::2, 1:]], a_np[np.s_[::2, 1:]])


@pytest.mark.parametrize("layout", ["0d", "empty", "contig", "negstride", "broadcast", "fortran"])
def test_ndenumerate(layout):
    a_np, a_cp = make_pair(layout, np.int16)
    got, exp = list(cp.ndenumerate(a_cp)), list(np.ndenumerate(a_np))
    assert got == exp
    assert all(type(g[1]) is type(e[1]) for g, e in zip(got, exp))


@pytest.mark.parametrize("dims", [(-1,), (2, -3), (True, 2), (2.0,), (0, 2), (np.int64(2), 3)], ids=str)
def test_indices_checks_its_shape(dims):
    check_same_outcome(lambda: cp.indices(dims), lambda: np.indices(dims))
