"""The indexing functions against NumPy: nonzero, flatnonzero, argwhere, extract, take
(axis, out, modes), put, take_along_axis, put_along_axis, compress, choose, place,
putmask, diagonal (a view), diag, diagflat, tril, triu, tril/triu_indices, indices, ix_,
unravel_index, ravel_multi_index, fill_diagonal, select, r_, c_, cunumpyx.scatter_*."""

import numpy as np
import pytest

import cunumpy as cp
import cunumpyx
from _helpers import (ALL_DTYPES, DTYPE_IDS, assert_same, check_same_outcome, make_pair,
                      sample, to_np)


def _same_tuple(got, exp):
    assert isinstance(got, tuple) and len(got) == len(exp)
    for g, e in zip(got, exp):
        assert_same(g, e)


@pytest.mark.parametrize("shape", [(7,), (3, 4), (2, 3, 4), (0, 3), (1,), (5, 1, 2)])
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
def test_nonzero_family(shape, dtype):
    a_np = sample(shape, dtype)
    a_cp = cp.asarray(a_np)
    _same_tuple(cp.nonzero(a_cp), np.nonzero(a_np))
    _same_tuple(a_cp.nonzero(), a_np.nonzero())
    assert_same(cp.flatnonzero(a_cp), np.flatnonzero(a_np))
    assert_same(cp.argwhere(a_cp), np.argwhere(a_np))
    assert cp.count_nonzero(a_cp) == np.count_nonzero(a_np)


def test_nonzero_layouts_and_errors():
    for layout in ("noncontig", "negstride", "fortran", "broadcast"):
        a_np, a_cp = make_pair(layout, np.float32)
        _same_tuple(cp.nonzero(a_cp > 0), np.nonzero(a_np > 0))
    check_same_outcome(lambda: cp.nonzero(cp.asarray(3)), lambda: np.nonzero(np.array(3)))
    big = sample((513, 333), np.int8, seed=4) > 0  # several compaction chunks
    _same_tuple(cp.nonzero(cp.asarray(big)), np.nonzero(big))


def test_extract():
    a_np = sample((4, 5), np.float64)
    a_cp = cp.asarray(a_np)
    assert_same(cp.extract(a_cp > 0, a_cp), np.extract(a_np > 0, a_np))
    assert_same(cp.extract(cp.asarray(a_np[:2] > 0), a_cp), np.extract(a_np[:2] > 0, a_np))
    assert_same(cp.extract(a_cp.T > 0, a_cp.T), np.extract(a_np.T > 0, a_np.T))


TAKE_CASES = [([0, 2, -1], None), ([[1, 0], [3, 3]], 0), ([4, 0], 1), ([], 1), (2, None),
              ([0, -3], -1), ([7], None), ([-25], None), ([3], 0), (np.array([1, 2], np.uint8), 2)]


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
@pytest.mark.parametrize("indices,axis", TAKE_CASES)
def test_take(indices, axis, mode):
    a_np = sample((3, 5, 4), np.float32)
    a_cp = cp.asarray(a_np)
    check_same_outcome(lambda: cp.take(a_cp, indices, axis=axis, mode=mode),
                       lambda: np.asarray(np.take(a_np, indices, axis=axis, mode=mode)))
    check_same_outcome(lambda: a_cp.take(cp.asarray(indices), axis, mode=mode),
                       lambda: np.asarray(a_np.take(np.asarray(indices, dtype=np.intp), axis, mode=mode)))


@pytest.mark.parametrize("shape, indices, axis", [
    ((0, 2), [2], 1), ((0, 2), [5, -9], 1), ((0, 3, 4), [[7]], 2), ((2, 0), [2], 1), ((2, 0), [0], 1),
    ((0, 2), [2], 0), ((0,), [1], 0), ((0,), [], 0), ((2, 3), [5], 1), ((2, 3, 0), [5], 1), ((3, 0, 2), [2], 2)],
    ids=repr)
@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_take_with_empty_extents_like_numpy(shape, indices, axis, mode):
    """NumPy checks an index only as it copies a row: with no rows before the axis nothing is
    checked (an empty result); an empty axis with indices is its own IndexError."""
    a = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    check_same_outcome(lambda: cp.take(cp.asarray(a), cp.asarray(np.array(indices, np.intp)), axis=axis, mode=mode),
                       lambda: np.take(a, np.array(indices, np.intp), axis=axis, mode=mode))
    cond = np.zeros(shape[axis] + 1, bool)
    cond[-1] = True
    check_same_outcome(lambda: cp.compress(cond, cp.asarray(a), axis=axis), lambda: np.compress(cond, a, axis=axis))


def test_take_out_dtypes_and_errors():
    for dtype in ALL_DTYPES:
        a_np, a_cp = make_pair("noncontig", dtype)
        assert_same(cp.take(a_cp, [2, 0, 1], axis=1), np.take(a_np, [2, 0, 1], axis=1))
    a_np = sample((6,), np.int64)
    a_cp = cp.asarray(a_np)
    out = cp.empty(2, dtype=cp.int64)
    r = cp.take(a_cp, [1, 5], out=out)
    assert r is out
    assert_same(out, np.take(a_np, [1, 5]))
    for bad in (lambda x, m: m.take(x, [1.0]), lambda x, m: m.take(x, [0], axis=3),
                lambda x, m: m.take(x, [0], mode="bad"), lambda x, m: m.take(x[:0], [0], mode="wrap")):
        check_same_outcome(lambda: bad(a_cp, cp), lambda: bad(a_np, np))


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_put(mode):
    for layout in ("contig", "noncontig", "fortran"):
        for ind, v in (([0, 2, 5], [9, 8, 7]), ([1, -1, 30], 5), ([0, 1, 2, 3], [1, 2]), ([], [1]),
                       ([2], []), (np.array([[1], [2]]), np.array([3.7]))):
            a_np, a_cp = make_pair(layout, np.int32)

            def put_np():
                np.put(a_np, ind, v, mode=mode)
                return a_np

            def put_cp():
                cp.put(a_cp, ind, v, mode=mode)
                return a_cp

            check_same_outcome(put_cp, put_np)


@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_take_put_along_axis(axis):
    a_np = sample((3, 4), np.float64)
    a_cp = cp.asarray(a_np)
    if axis is None:
        i_np = np.array([11, 0, -1])
    else:
        i_np = np.argsort(a_np, axis=axis)
    i_cp = cp.asarray(i_np)
    assert_same(cp.take_along_axis(a_cp, i_cp, axis), np.take_along_axis(a_np, i_np, axis))
    if axis is not None:
        i1 = i_np[:1] if axis == 0 else i_np[:, :1]
        assert_same(cp.take_along_axis(a_cp, cp.asarray(i1), axis), np.take_along_axis(a_np, i1, axis))
    np.put_along_axis(a_np, i_np, 100.0, axis)
    cp.put_along_axis(a_cp, i_cp, 100.0, axis)
    assert_same(a_cp, a_np)
    check_same_outcome(lambda: cp.take_along_axis(a_cp, cp.asarray([1]), 0),
                       lambda: np.take_along_axis(a_np, np.array([1]), 0))


def test_compress():
    a_np = sample((3, 4), np.int16)
    a_cp = cp.asarray(a_np)
    for cond, axis in (([1, 0, 1], 0), ([0, 1, 1, 0], 1), ([True, False], None), ([0, 0, 0, 1], 0),
                       ([False] * 20, None), ([0, 0, 0, 0, 0], 0)):
        check_same_outcome(lambda: cp.compress(cond, a_cp, axis=axis),
                           lambda: np.compress(cond, a_np, axis=axis))
    assert_same(a_cp.compress(cp.asarray([True, False, True]), axis=0),
                a_np.compress([True, False, True], axis=0))


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_choose(mode):
    choices_np = [sample((3, 4), np.float32, seed=s) for s in range(3)] + [np.float32(7)]
    for idx in ([[0, 1, 2, 3]], [[0, 4, -1, 2]], np.zeros((3, 4), np.int64)):
        idx_np = np.asarray(idx)
        check_same_outcome(
            lambda: cp.choose(cp.asarray(idx_np), [cp.asarray(c) for c in choices_np], mode=mode),
            lambda: np.choose(idx_np, choices_np, mode=mode))


def test_place_putmask():
    for dtype in (np.float32, np.int64, np.complex128):
        a_np = sample((4, 5), dtype)
        a_cp = cp.asarray(a_np)
        m_np = sample((4, 5), np.int8, seed=1) > 0
        np.place(a_np, m_np, np.array([1, 2, 3], dtype))
        cp.place(a_cp, cp.asarray(m_np), cp.asarray(np.array([1, 2, 3], dtype)))
        assert_same(a_cp, a_np)
        v_np = sample((7,), dtype, seed=3)
        np.putmask(a_np, ~m_np, v_np)
        cp.putmask(a_cp, cp.asarray(~m_np), cp.asarray(v_np))
        assert_same(a_cp, a_np)
    b_np, b_cp = make_pair("noncontig", np.int32)
    np.putmask(b_np, b_np > 0, -b_np)
    cp.putmask(b_cp, b_cp > 0, -b_cp)
    assert_same(b_cp, b_np)
    check_same_outcome(lambda: cp.place(b_cp, cp.asarray([True]), [1]),
                       lambda: np.place(b_np, np.array([True]), [1]))


@pytest.mark.parametrize("func", ["place", "putmask"])
@pytest.mark.parametrize("dtype", ["int16", "uint8", "float32", "bool", "complex64"])
@pytest.mark.parametrize("values", [
    2.75, -3, 300, 1.5 + 2j, np.nan, np.float32(2.5), np.int8(-2), [1.5], [1, 2],
    np.array([1.5]), np.array([1.5], np.float16), np.array(2), np.array([True]),
    np.array([], dtype=float)], ids=repr)
def test_place_putmask_value_conversion(func, dtype, values):
    # arrays must cast safely (TypeError), scalars and lists convert as asarray(v, dtype)
    def run(xp):
        a = xp.zeros(3, dtype)
        v = xp.asarray(values) if isinstance(values, np.ndarray) else values
        getattr(xp, func)(a, xp.asarray([True, False, True]), v)
        return a
    check_same_outcome(lambda: run(cp), lambda: run(np))


@pytest.mark.parametrize("offset", [0, 1, -1, 3, -5, 10])
def test_diagonal_is_view(offset):
    for layout in ("contig", "noncontig", "fortran", "negstride"):
        a_np, a_cp = make_pair(layout, np.float64)
        check_same_outcome(lambda: cp.diagonal(a_cp, offset), lambda: np.diagonal(a_np, offset))
    a_np = sample((2, 3, 4), np.int32)
    a_cp = cp.asarray(a_np)
    for ax1, ax2 in ((0, 1), (1, 2), (2, 0), (-1, -2), (1, 1), (0, 3)):
        check_same_outcome(lambda: a_cp.diagonal(offset, ax1, ax2), lambda: a_np.diagonal(offset, ax1, ax2))
    d = a_cp[0].diagonal()
    if d.size:
        d[...] = 0  # a view: writes reach the array
        assert int(a_cp[0, 0, 0]) == 0


@pytest.mark.parametrize("k", [0, 1, -2, 4])
def test_diag_diagflat_tril_triu(k):
    v_np = sample((4,), np.float32)
    m_np = sample((4, 5), np.int64)
    b_np = sample((2, 3, 3), np.float64)
    v_cp, m_cp, b_cp = cp.asarray(v_np), cp.asarray(m_np), cp.asarray(b_np)
    assert_same(cp.diag(v_cp, k), np.diag(v_np, k))
    assert_same(cp.diag(m_cp, k), np.diag(m_np, k))
    assert_same(cp.diagflat(m_cp[:2, :2], k), np.diagflat(m_np[:2, :2], k))
    for f in ("tril", "triu"):
        assert_same(getattr(cp, f)(m_cp, k), getattr(np, f)(m_np, k))
        assert_same(getattr(cp, f)(b_cp, k), getattr(np, f)(b_np, k))
        assert_same(getattr(cp, f)(v_cp, k), getattr(np, f)(v_np, k))
        _same_tuple(getattr(cp, f + "_indices")(4, k), getattr(np, f + "_indices")(4, k))
        _same_tuple(getattr(cp, f + "_indices")(3, k, 5), getattr(np, f + "_indices")(3, k, 5))
    check_same_outcome(lambda: cp.diag(b_cp), lambda: np.diag(b_np))


def test_indices_ix():
    assert_same(cp.indices((2, 3)), np.indices((2, 3)))
    assert_same(cp.indices((2, 3, 1), dtype=np.int32), np.indices((2, 3, 1), dtype=np.int32))
    _same_tuple(cp.indices((2, 3), sparse=True), np.indices((2, 3), sparse=True))
    _same_tuple(cp.ix_([0, 1], [2, 0, 1]), np.ix_([0, 1], [2, 0, 1]))
    _same_tuple(cp.ix_(np.array([True, False, True]), []), np.ix_(np.array([True, False, True]), []))
    a_np = sample((3, 4), np.float32)
    assert_same(cp.asarray(a_np)[cp.ix_([2, 0], [1, 3, 3])], a_np[np.ix_([2, 0], [1, 3, 3])])


def test_unravel_ravel_multi_index():
    for order in ("C", "F"):
        _same_tuple(cp.unravel_index(cp.asarray([0, 5, 22, 7]), (3, 2, 4), order=order),
                    np.unravel_index([0, 5, 22, 7], (3, 2, 4), order=order))
        _same_tuple(cp.unravel_index(5, (3, 4), order=order),
                    tuple(np.asarray(x) for x in np.unravel_index(5, (3, 4), order=order)))
        coords = (np.array([0, 2, 1]), np.array([3, 0, 1]))
        assert_same(cp.ravel_multi_index(tuple(cp.asarray(c) for c in coords), (3, 4), order=order),
                    np.ravel_multi_index(coords, (3, 4), order=order))
    for mode in ("wrap", "clip", ("clip", "wrap")):
        coords = (np.array([0, 5, -1]), np.array([7, 0, -2]))
        assert_same(cp.ravel_multi_index(tuple(cp.asarray(c) for c in coords), (3, 4), mode=mode),
                    np.ravel_multi_index(coords, (3, 4), mode=mode))
    check_same_outcome(lambda: cp.unravel_index(cp.asarray([12]), (3, 4)),
                       lambda: np.unravel_index(np.array([12]), (3, 4)))
    check_same_outcome(lambda: cp.ravel_multi_index((cp.asarray([3]), cp.asarray([0])), (3, 4)),
                       lambda: np.ravel_multi_index((np.array([3]), np.array([0])), (3, 4)))


@pytest.mark.parametrize("shape,wrap", [((4, 4), False), ((5, 3), False), ((7, 3), True),
                                        ((3, 5), False), ((3, 3, 3), False)])
def test_fill_diagonal(shape, wrap):
    a_np = sample(shape, np.float64)
    a_cp = cp.asarray(a_np)
    np.fill_diagonal(a_np, 5.0, wrap=wrap)
    cp.fill_diagonal(a_cp, 5.0, wrap=wrap)
    assert_same(a_cp, a_np)
    np.fill_diagonal(a_np, [1, 2], wrap=wrap)
    cp.fill_diagonal(a_cp, cp.asarray([1.0, 2.0]), wrap=wrap)
    assert_same(a_cp, a_np)


def test_select():
    x_np = np.arange(10)
    x_cp = cp.asarray(x_np)
    assert_same(cp.select([x_cp < 3, x_cp > 5], [x_cp, x_cp ** 2], 42),
                np.select([x_np < 3, x_np > 5], [x_np, x_np ** 2], 42))
    assert_same(cp.select([x_cp < 3], [x_cp.astype(cp.float32)]), np.select([x_np < 3], [x_np.astype(np.float32)]))
    assert_same(cp.select([x_cp > 5], [x_cp], default=cp.asarray(9.5)),
                np.select([x_np > 5], [x_np], default=np.array(9.5)))
    check_same_outcome(lambda: cp.select([x_cp], [x_cp]), lambda: np.select([x_np], [x_np]))
    check_same_outcome(lambda: cp.select([x_cp < 1], []), lambda: np.select([x_np < 1], []))


def test_r_c():
    a_np, b_np = np.array([1, 2, 3]), np.array([4, 5, 6])
    a_cp, b_cp = cp.asarray(a_np), cp.asarray(b_np)
    assert_same(cp.r_[a_cp, b_cp], np.r_[a_np, b_np])
    assert_same(cp.r_[a_cp, 0, 0, b_cp], np.r_[a_np, 0, 0, b_np])
    assert_same(cp.r_[-1:1:6j, 0], np.r_[-1:1:6j, 0])
    assert_same(cp.r_[0:5, 7], np.r_[0:5, 7])
    assert_same(cp.c_[a_cp, b_cp], np.c_[a_np, b_np])
    assert_same(cp.c_[cp.asarray(np.ones((3, 2), np.int64)), a_cp], np.c_[np.ones((3, 2), np.int64), a_np])


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.int64])
def test_scatter_add_max_min(dtype):
    idx = np.array([0, 2, 2, 4, 0, 0])
    v = sample((6,), dtype, seed=7)
    for name, uf in (("scatter_add", np.add), ("scatter_max", np.maximum), ("scatter_min", np.minimum)):
        a_np = sample((5,), dtype)
        a_cp = cp.asarray(a_np)
        uf.at(a_np, idx, v)
        getattr(cunumpyx, name)(a_cp, cp.asarray(idx), cp.asarray(v))
        assert_same(a_cp, a_np, rtol=1e-6)


def test_cuda_index_checks_switch():
    assert cunumpyx.cuda_index_checks() is True
    cunumpyx.set_cuda_index_checks(False)
    try:
        a = cp.arange(5)
        if "cuda" in str(a.device).lower():
            assert_same(a[cp.asarray([7, -6])], np.array([2, 4]))  # wraps, as CuPy
        else:
            with pytest.raises(IndexError):  # the CPU backend always checks
                a[[7]]
    finally:
        cunumpyx.set_cuda_index_checks(True)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
def test_functions_all_dtypes(dtype):
    a_np, a_cp = make_pair("noncontig", dtype)
    assert_same(cp.take(a_cp, [2, -1], axis=1), np.take(a_np, [2, -1], axis=1))
    assert_same(cp.compress([1, 0, 1], a_cp, axis=0), np.compress([1, 0, 1], a_np, axis=0))
    assert_same(cp.diag(a_cp, 1), np.diag(a_np, 1))
    assert_same(cp.tril(a_cp, -1), np.tril(a_np, -1))
    assert_same(cp.triu(a_cp), np.triu(a_np))
    assert_same(cp.extract(a_cp != 0, a_cp), np.extract(a_np != 0, a_np))
    v_np = sample((2,), dtype, seed=5)
    np.put(a_np, [0, 4], v_np)
    cp.put(a_cp, [0, 4], cp.asarray(v_np))
    assert_same(a_cp, a_np)
    c_np = sample((3,), dtype, seed=6)
    i_np = np.array([2, 0, 1])
    assert_same(cp.choose(cp.asarray(i_np), [cp.asarray(c_np), cp.asarray(c_np[::-1])], mode="wrap"),
                np.choose(i_np, [c_np, c_np[::-1]], mode="wrap"))


@pytest.mark.parametrize("call", [
    lambda xp, a: xp.take(a, [0, -1, 0], axis=0),
    lambda xp, a: xp.take(a, [[0, 0]], axis=-1, mode='wrap'),
    lambda xp, a: xp.take(a, [], axis=0),
    lambda xp, a: xp.take(a, [0], axis=1),
    lambda xp, a: xp.compress([True], a, axis=0),
    lambda xp, a: xp.compress([], a, axis=-1),
    lambda xp, a: xp.tril(a),
    lambda xp, a: xp.triu(a, 1),
])
def test_0d_take_compress_tril_like_numpy(call):
    # take/compress treat a 0-d array as 1-d along axis 0/-1; tril/triu refuse it (TypeError)
    a_np = np.array(2.5, np.float32)
    check_same_outcome(lambda: call(cp, cp.asarray(a_np)), lambda: call(np, a_np))


@pytest.mark.parametrize("func", ["take_along_axis", "put_along_axis"])
def test_along_axis_float_axis_is_type_error(func):
    a = cp.zeros((2, 3))
    args = (a, cp.zeros((2, 1), dtype=cp.intp)) + ((1.0,) if func == "put_along_axis" else ())
    with pytest.raises(TypeError):
        getattr(cp, func)(*args, axis=1.5)


@pytest.mark.parametrize("dtype", ["uint8", "uint32", "int8"])
@pytest.mark.parametrize("default", [-1, 300])
def test_select_default_casts_unsafely(dtype, default):
    # NumPy fills with np.full (unsafe cast): default -1 of uint8 choices is 255
    x_np = np.arange(5, dtype=dtype)
    x_cp = cp.asarray(x_np)
    check_same_outcome(lambda: cp.select([x_cp > 2], [x_cp], default),
                       lambda: np.select([x_np > 2], [x_np], default))


@pytest.mark.parametrize("dtype", ["int16", "uint8", "float32", "bool"])
@pytest.mark.parametrize("values", [np.nan, 1.5 + 2j, -3, 300, [2.5, -1.5], 2.75], ids=repr)
def test_put_scalar_values_convert_like_numpy(dtype, values):
    # NumPy converts put's values to a's dtype (NaN into ints: ValueError, ...)
    def run(xp):
        a = xp.zeros(3, dtype)
        xp.put(a, [0, 2], values)
        return a
    check_same_outcome(lambda: run(cp), lambda: run(np))
