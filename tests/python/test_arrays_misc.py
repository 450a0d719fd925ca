"""copyto, rollaxis, require, asarray_chkfinite, row_stack, meshgrid and
cunumpy.lib.stride_tricks against NumPy on the current device."""
import warnings

import numpy as np
import pytest

import cunumpy as cp
from _helpers import assert_same, check_same_outcome, sample


@pytest.mark.parametrize('src_dtype,dst_dtype,casting', [
    (np.float32, np.float64, 'same_kind'), (np.float64, np.float32, 'same_kind'),
    (np.float64, np.int32, 'same_kind'), (np.float64, np.int32, 'unsafe'),
    (np.int8, np.uint8, 'safe'), (np.int8, np.int16, 'safe'), (np.int64, np.int64, 'no')])
def test_copyto_casting(src_dtype, dst_dtype, casting):
    src = sample((3, 4), src_dtype)
    dn = np.zeros((2, 3, 4), dst_dtype)
    dc = cp.asarray(dn)

    def run_cp():
        cp.copyto(dc, cp.asarray(src), casting=casting)
        return dc

    def run_np():
        with np.errstate(all='ignore'):
            np.copyto(dn, src, casting=casting)
        return dn
    check_same_outcome(run_cp, run_np)


def test_copyto_where_and_scalars():
    src = sample((3, 4), np.float64)
    mask = sample((4,), np.bool_, 1)
    dn, dc = np.full((3, 4), -1.0), cp.full((3, 4), -1.0)
    np.copyto(dn, src, where=mask)
    cp.copyto(dc, cp.asarray(src), where=cp.asarray(mask))
    assert_same(dc, dn)
    dn, dc = np.zeros(3, np.int8), cp.zeros(3, np.int8)
    np.copyto(dn, 7)
    cp.copyto(dc, 7)
    assert_same(dc, dn)
    check_same_outcome(lambda: cp.copyto(cp.zeros(3, np.int8), 1.5),
                       lambda: np.copyto(np.zeros(3, np.int8), 1.5))
    check_same_outcome(lambda: cp.copyto(cp.zeros(3), cp.zeros(4)), lambda: np.copyto(np.zeros(3), np.zeros(4)))
    with pytest.raises(TypeError):
        cp.copyto(np.zeros(3), cp.zeros(3))


@pytest.mark.parametrize('axis,start', [(0, 0), (2, 0), (-1, 1), (1, 3), (0, 4), (3, -2), (5, 0), (0, 6)])
def test_rollaxis(axis, start):
    a = sample((2, 3, 4, 5), np.float32)
    check_same_outcome(lambda: cp.rollaxis(cp.asarray(a), axis, start), lambda: np.rollaxis(a, axis, start))


@pytest.mark.parametrize('req', [None, 'C', 'F', ['C', 'O'], ['F', 'A', 'W'], ['E'], 'CONTIGUOUS', ['C', 'F']])
@pytest.mark.parametrize('dtype', [None, np.float32])
def test_require(req, dtype):
    base = sample((3, 4), np.float64)
    a, x = base[:, ::2], cp.asarray(base)[:, ::2]

    def run(xp, arr):
        r = xp.require(arr, dtype=dtype, requirements=req)
        return r, r.flags.c_contiguous, r.flags.f_contiguous
    kind = check_same_outcome(lambda: run(cp, x), lambda: run(np, a),
                              compare=lambda g, e: (assert_same(g[0], e[0]), g[1:] == e[1:] or
                                                    pytest.fail(f"flags {g[1:]} != {e[1:]}")))
    assert kind is not False


def test_asarray_chkfinite():
    assert_same(cp.asarray_chkfinite([1.0, 2.0]), np.asarray_chkfinite([1.0, 2.0]))
    for bad in ([1.0, np.nan], [np.inf], [1 + 0j, complex(0, np.inf)]):
        check_same_outcome(lambda: cp.asarray_chkfinite(bad), lambda: np.asarray_chkfinite(bad))
    assert_same(cp.asarray_chkfinite(cp.arange(3)), np.arange(3))


def test_row_stack_is_a_deprecated_vstack():
    with pytest.warns(DeprecationWarning):
        got = cp.row_stack([cp.ones(3), cp.zeros(3)])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert_same(got, np.vstack([np.ones(3), np.zeros(3)]))


@pytest.mark.parametrize('indexing', ['xy', 'ij'])
@pytest.mark.parametrize('sparse', [False, True])
@pytest.mark.parametrize('n', [0, 1, 2, 3])
def test_meshgrid(indexing, sparse, n):
    xs = [np.arange(k + 2, dtype=np.float32) * (k + 1) for k in range(n)]
    got = cp.meshgrid(*[cp.asarray(x) for x in xs], indexing=indexing, sparse=sparse)
    exp = np.meshgrid(*xs, indexing=indexing, sparse=sparse)
    assert isinstance(got, tuple) and len(got) == len(exp)
    for g, e in zip(got, exp):
        assert_same(g, e)
    with pytest.raises(ValueError):
        cp.meshgrid(cp.ones(2), indexing='zz')


def test_as_strided_and_sliding_window_view():
    from cunumpy.lib.stride_tricks import as_strided, sliding_window_view
    from numpy.lib.stride_tricks import as_strided as np_as_strided, sliding_window_view as np_swv
    a = np.arange(12, dtype=np.int32)
    x = cp.asarray(a)
    assert_same(as_strided(x, (4, 3), (12, 4)), np_as_strided(a, (4, 3), (12, 4)))
    assert_same(as_strided(x, (5, 3), (8, 4)), np_as_strided(a, (5, 3), (8, 4)))
    v = as_strided(x, (3,), (16,))
    v[...] = -1  # shares memory
    assert x.get()[::4].tolist() == [-1, -1, -1]
    with pytest.raises(ValueError):
        as_strided(x, (13,), (4,))  # past the end: refused rather than read out of bounds
    b = sample((4, 6), np.float64)
    for ws, ax in [((2, 3), None), (3, 1), ((2, 2), (0, 0)), (1, -1)]:
        assert_same(sliding_window_view(cp.asarray(b), ws, axis=ax), np_swv(b, ws, axis=ax))
    check_same_outcome(lambda: sliding_window_view(cp.asarray(b), 7, axis=0), lambda: np_swv(b, 7, axis=0))
    check_same_outcome(lambda: sliding_window_view(cp.asarray(b), (2,)), lambda: np_swv(b, (2,)))
