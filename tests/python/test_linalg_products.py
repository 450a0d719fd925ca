"""Matrix products against NumPy: matmul (and @, @=), dot, vdot, inner, outer, tensordot,
einsum, kron, trace, cross, vecdot, matvec, vecmat.

Tolerances: integer and bool products are exact (NumPy's wrapping arithmetic). Float
inputs here are multiples of 1/4 (complex: 1/4 + 1/8 j) of magnitude <= 100, so every
product and partial sum of float32/float64/complex is exact in any summation order; the
comparisons still allow rtol 1e-6 (float32, complex64) / 1e-12 (float64, complex128) for
a BLAS that fuses differently. float16 rounds the (float32-accumulated) sums once: rtol
1e-3 relative to the largest |value| of the result (one half-precision ulp is 2^-11).
Random (non-exact) inputs use rtol 1e-4 (single) and 1e-11 (double) of the result's scale.
"""
import warnings

import numpy as np
import pytest

import cunumpy as cp
from _helpers import ALL_DTYPES, DTYPE_IDS, sample


def tol(dtype):
    d = np.dtype(dtype)
    if d == np.float16:
        return 1e-3
    if d in (np.float32, np.complex64):
        return 1e-6
    if d.kind in 'fc':
        return 1e-12
    return 0


def check(got, exp, rtol=None):
    got_np = cp.asnumpy(got) if isinstance(got, cp.ndarray) else np.asarray(got)
    exp = np.asarray(exp)
    assert got_np.dtype == exp.dtype, (got_np.dtype, exp.dtype)
    assert got_np.shape == exp.shape, (got_np.shape, exp.shape)
    r = tol(exp.dtype) if rtol is None else rtol
    if r == 0:
        np.testing.assert_array_equal(got_np, exp)
    else:
        scale = float(np.max(np.abs(exp.astype(np.complex128)))) if exp.size else 1.0
        np.testing.assert_allclose(got_np.astype(np.complex128), exp.astype(np.complex128),
                                   rtol=r, atol=r * max(scale, 1.0))


def pair(shape, dtype, seed=0):
    a = sample(shape, dtype, seed)
    return a, cp.asarray(a)


MATMUL_SHAPES = [
    ((3, 4), (4, 5)),
    ((4,), (4,)),
    ((4,), (4, 3)),
    ((3, 4), (4,)),
    ((2, 3, 4), (4, 5)),
    ((2, 1, 3, 4), (5, 4, 2)),
    ((5, 4), (2, 4, 3)),
    ((1, 1), (1, 1)),
    ((0, 3), (3, 4)),
    ((3, 0), (0, 4)),
    ((0, 2, 3), (3, 2)),
    ((2, 3, 0), (0,)),
]


@pytest.mark.parametrize('dtype', ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize('sa,sb', MATMUL_SHAPES, ids=[f'{a}@{b}' for a, b in MATMUL_SHAPES])
def test_matmul_dtypes_shapes(dtype, sa, sb):
    a, ca = pair(sa, dtype, 1)
    b, cb = pair(sb, dtype, 2)
    check(cp.matmul(ca, cb), np.matmul(a, b))
    check(ca @ cb, a @ b)


@pytest.mark.parametrize('d1,d2', [(np.int8, np.float32), (np.bool_, np.int16), (np.uint8, np.int8),
                                   (np.float32, np.complex128), (np.float16, np.float32)])
def test_matmul_mixed_dtypes(d1, d2):
    a, ca = pair((3, 4), d1, 1)
    b, cb = pair((4, 2), d2, 2)
    check(ca @ cb, a @ b)


def test_matmul_integer_overflow_wraps():
    a = np.full((2, 3), 100, np.int8)
    b = np.full((3, 2), 3, np.int8)
    check(cp.asarray(a) @ cp.asarray(b), a @ b)
    a = np.full((2, 3), 2**62, np.int64)
    check(cp.asarray(a) @ cp.asarray(a.T.copy()), a @ a.T)


def test_matmul_bool_is_or_of_and():
    a = np.array([[True, False, True], [False, False, False]])
    b = np.array([[False, True], [False, True], [True, False]])
    check(cp.asarray(a) @ cp.asarray(b), a @ b)


LAYOUTS = {
    'transposed': lambda x: x.T,
    'sliced': lambda x: x[::2, 1:],
    'negative': lambda x: x[::-1, ::-1],
    'column_step': lambda x: x[:, ::3],
}


@pytest.mark.parametrize('dtype', [np.float32, np.float64, np.complex64, np.complex128, np.int32, np.float16],
                         ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize('la', list(LAYOUTS))
@pytest.mark.parametrize('lb', list(LAYOUTS))
def test_matmul_views(dtype, la, lb):
    a, ca = pair((9, 9), dtype, 3)
    b, cb = pair((9, 9), dtype, 4)
    va, vb = LAYOUTS[la](a), LAYOUTS[la](ca)
    wa, wb = LAYOUTS[lb](b), LAYOUTS[lb](cb)
    k = min(va.shape[1], wa.shape[0])
    check(vb[:, :k] @ wb[:k], va[:, :k] @ wa[:k])


def test_matmul_broadcast_batch_views():
    a, ca = pair((4, 3, 5), np.float64, 1)
    b, cb = pair((5, 2), np.float64, 2)
    check(cp.matmul(cp.broadcast_to(cb, (4, 5, 2)).transpose(0, 2, 1), ca.transpose(0, 2, 1)),
          np.matmul(np.broadcast_to(b, (4, 5, 2)).transpose(0, 2, 1), a.transpose(0, 2, 1)))
    check(cp.matmul(ca[:, None], cp.broadcast_to(cb, (3, 5, 2))), np.matmul(a[:, None], np.broadcast_to(b, (3, 5, 2))))


# On CUDA, float32/float64 products with k <= 64 and at most 16384 results run on one
# generated kernel (gemm_kernel_cuda.cpp), larger ones on cuBLAS (cublas<t>gemm for one
# matrix, strided-batched for stacks): shapes on both sides of each cut, in several layouts.
CUT_SHAPES = [
    ((64, 64), (64, 64)),        # kernel: k = 64, 4096 results (the `a @ b` host-time case)
    ((64, 65), (65, 64)),        # cuBLAS: k = 65
    ((128, 64), (64, 128)),      # kernel: 16384 results
    ((129, 64), (64, 128)),      # cuBLAS: 16512 results
    ((4, 64, 64), (64, 64)),     # kernel: a stack of 16384 results, b broadcast
    ((5, 64, 64), (5, 64, 64)),  # cuBLAS: strided-batched
    ((3, 200), (200, 2)),        # cuBLAS: long k, one matrix
]


@pytest.mark.parametrize('dtype', [np.float32, np.float64], ids=['float32', 'float64'])
@pytest.mark.parametrize('sa,sb', CUT_SHAPES, ids=[f'{a}@{b}' for a, b in CUT_SHAPES])
def test_matmul_around_small_kernel_cut(dtype, sa, sb):
    a, ca = pair(sa, dtype, 6)
    b, cb = pair(sb, dtype, 7)
    check(ca @ cb, a @ b)
    # Transposed operands (read through strides) and a reversed batch.
    at, bt = np.swapaxes(a, -1, -2).copy(), np.swapaxes(b, -1, -2).copy()
    cat, cbt = cp.asarray(at), cp.asarray(bt)
    check(cp.swapaxes(cat, -1, -2) @ cp.swapaxes(cbt, -1, -2), np.swapaxes(at, -1, -2) @ np.swapaxes(bt, -1, -2))
    if a.ndim == 3:
        check(ca[::-1] @ cb, a[::-1] @ b)


def test_matmul_random_floats():
    rng = np.random.default_rng(5)
    for dt, r in [(np.float32, 1e-4), (np.float64, 1e-11), (np.complex64, 1e-4), (np.complex128, 1e-11)]:
        a = (rng.standard_normal((3, 40, 50)) + (1j if np.dtype(dt).kind == 'c' else 0) *
             rng.standard_normal((3, 40, 50))).astype(dt)
        b = rng.standard_normal((50, 30)).astype(dt)
        check(cp.asarray(a) @ cp.asarray(b), a @ b, rtol=r)


def test_matmul_errors():
    a = cp.ones((3, 4))
    with pytest.raises(ValueError, match='mismatch in its core dimension'):
        cp.matmul(a, cp.ones((3, 4)))
    with pytest.raises(ValueError):
        cp.matmul(a, cp.ones(()))
    with pytest.raises(ValueError):
        a @ 2.0
    with pytest.raises(ValueError):
        cp.ones((2, 3, 4)) @ cp.ones((3, 4, 2))


def test_matmul_out_dtype_casting():
    a, ca = pair((3, 4), np.float32, 1)
    b, cb = pair((4, 2), np.float32, 2)
    out = cp.zeros((3, 2), np.float64)
    r = cp.matmul(ca, cb, out=out)
    assert r is out
    check(out, np.matmul(a, b, out=np.zeros((3, 2), np.float64)))
    check(cp.matmul(ca, cb, dtype=np.float64), np.matmul(a, b, dtype=np.float64))
    with pytest.raises(TypeError):
        cp.matmul(ca, cb, out=cp.zeros((3, 2), np.int32))
    with pytest.raises(TypeError):
        cp.matmul(ca, cb, dtype=np.int32)
    with pytest.raises(ValueError):
        cp.matmul(ca, cb, out=cp.zeros((3, 3), np.float32))
    check(cp.matmul(ca, cb, out=cp.zeros((3, 2), np.int32), casting='unsafe'),
          np.matmul(a, b, out=np.zeros((3, 2), np.int32), casting='unsafe'))
    assert cp.matmul.__name__ == 'matmul' and cp.matmul.signature == '(n?,k),(k,m?)->(n?,m?)'


def test_imatmul_and_rmatmul():
    a, ca = pair((3, 3), np.float64, 1)
    b, cb = pair((3, 3), np.float64, 2)
    c = ca.copy()
    c @= cb
    check(c, a @ b)
    n = np.ones((2, 3), np.int64)
    cn = cp.asarray(n)
    with pytest.raises(TypeError):
        cn @= cp.ones((3, 3), np.float64)
    with pytest.raises(ValueError):
        cc = cp.ones((3, 3))
        cc @= cp.ones((3,))
    check(cb.__rmatmul__(ca), a @ b)


DOT_SHAPES = [((), (3,)), ((4,), ()), ((4,), (4,)), ((3, 4), (4,)), ((4,), (4, 2)), ((3, 4), (4, 2)),
              ((2, 3, 4), (4,)), ((2, 3, 4), (4, 5)), ((3, 4), (2, 4, 5)), ((2, 3, 4), (5, 4, 2)),
              ((4,), (3, 4, 2)), ((0, 4), (4, 2))]


@pytest.mark.parametrize('dtype', [np.float64, np.int32, np.complex64, np.bool_], ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize('sa,sb', DOT_SHAPES, ids=[f'{a}.{b}' for a, b in DOT_SHAPES])
def test_dot(dtype, sa, sb):
    a, ca = pair(sa, dtype, 1)
    b, cb = pair(sb, dtype, 2)
    check(cp.dot(ca, cb), np.dot(a, b))


def test_dot_out_and_errors():
    a, ca = pair((3, 4), np.float64, 1)
    b, cb = pair((4, 2), np.float64, 2)
    out = cp.empty((3, 2))
    assert cp.dot(ca, cb, out=out) is out
    check(out, a @ b)
    with pytest.raises(ValueError, match='not aligned'):
        cp.dot(ca, ca)
    with pytest.raises(ValueError):
        cp.dot(ca, cb, out=cp.empty((3, 2), np.float32))


@pytest.mark.parametrize('dtype', [np.float32, np.complex128, np.int16], ids=lambda d: np.dtype(d).name)
def test_vdot_inner_outer(dtype):
    a, ca = pair((2, 3), dtype, 1)
    b, cb = pair((3, 2), dtype, 2)
    check(cp.vdot(ca, cb), np.vdot(a, b))
    check(cp.inner(ca, cb.T), np.inner(a, b.T))
    check(cp.inner(ca[0], cb[:, 0]), np.inner(a[0], b[:, 0]))
    check(cp.inner(ca, cp.asarray(np.array(3, dtype))), np.inner(a, np.array(3, dtype)))
    check(cp.outer(ca, cb), np.outer(a, b))
    with pytest.raises(ValueError):
        cp.vdot(ca, cb[:1])


TENSORDOT_CASES = [((3, 4), (2, 5), 0), ((3, 5), (5, 2), 1), ((3, 4, 5), (4, 5, 2), 2),
                   ((3, 4, 5), (4, 3, 2), ([1, 0], [0, 1])), ((3, 4, 5), (4, 5, 2), ([2], [1])),
                   ((3, 4), (4, 2), (1, 0)), ((2, 3), (4,), ([], [])), ((3, 4, 5), (5, 4, 3), 3)]


@pytest.mark.parametrize('sa,sb,axes', TENSORDOT_CASES, ids=[str(c[2]) for c in TENSORDOT_CASES])
def test_tensordot(sa, sb, axes):
    a, ca = pair(sa, np.float64, 1)
    b, cb = pair(sb, np.float64, 2)
    if axes == 3:
        b, cb = pair(sa, np.float64, 2)
    check(cp.tensordot(ca, cb, axes), np.tensordot(a, b, axes))


def test_tensordot_mismatch():
    with pytest.raises(ValueError, match='shape-mismatch'):
        cp.tensordot(cp.ones((2, 3)), cp.ones((2, 3)), ([1], [1, 0]))
    with pytest.raises(ValueError, match='shape-mismatch'):
        cp.tensordot(cp.ones((2, 3)), cp.ones((2, 3)), ([0], [1]))


EINSUM_CASES = [
    ('ii', [(4, 4)]), ('ii->i', [(4, 4)]), ('ij->ji', [(3, 4)]), ('ij', [(3, 4)]), ('ji', [(3, 4)]),
    ('ij->', [(3, 4)]), ('ij->j', [(3, 4)]), ('...j->...', [(2, 3, 4)]), ('ij,j', [(3, 4), (4,)]),
    ('ij,j->i', [(3, 4), (4,)]), ('i,i', [(5,), (5,)]), ('i,j', [(3,), (4,)]), ('i,i->i', [(5,), (5,)]),
    ('ij,jk', [(3, 4), (4, 2)]), ('ij,jk->ik', [(3, 4), (4, 2)]), ('bij,bjk->bik', [(2, 3, 4), (2, 4, 5)]),
    ('...ij,...jk->...ik', [(2, 3, 4), (4, 5)]), ('ijk,jil->kl', [(3, 4, 5), (4, 3, 2)]),
    ('ij,jk,kl->il', [(2, 3), (3, 4), (4, 5)]), ('ii,ij->j', [(3, 3), (3, 4)]), ('i...->...', [(3, 2, 4)]),
    ('..., ...', [(), (3, 4)]), ('ij,ij->ij', [(3, 4), (3, 4)]), ('ijk->kji', [(2, 3, 4)]),
    ('iij->ij', [(3, 3, 2)]), ('ab,cd->abcd', [(2, 3), (4, 1)]), ('ba,ab', [(3, 2), (2, 3)]),
    ('i...i', [(3, 2, 3)]), ('ij,kj->ik', [(3, 4), (5, 4)]),
]


@pytest.mark.parametrize('subs,shapes', EINSUM_CASES, ids=[c[0] for c in EINSUM_CASES])
@pytest.mark.parametrize('dtype', [np.float64, np.int32, np.complex64], ids=lambda d: np.dtype(d).name)
def test_einsum(subs, shapes, dtype):
    ops = [sample(s, dtype, i + 1) for i, s in enumerate(shapes)]
    cops = [cp.asarray(o) for o in ops]
    check(cp.einsum(subs, *cops), np.einsum(subs, *ops))
    check(cp.einsum(subs, *cops, optimize=True), np.einsum(subs, *ops))


@pytest.mark.parametrize('subs,shapes', EINSUM_CASES, ids=[c[0] for c in EINSUM_CASES])
@pytest.mark.parametrize('optimize', ['greedy', 'optimal', False])
def test_einsum_path(subs, shapes, optimize):
    # NumPy's planner on the shapes: the same path and report, and the path feeds einsum
    ops = [sample(s, np.float32, i + 1) for i, s in enumerate(shapes)]
    cops = [cp.asarray(o) for o in ops]
    path, report = cp.einsum_path(subs, *cops, optimize=optimize)
    epath, ereport = np.einsum_path(subs, *ops, optimize=optimize)
    assert path == epath and report == ereport
    check(cp.einsum(subs, *cops, optimize=path), np.einsum(subs, *ops, optimize=epath))


def test_einsum_path_interleaved_and_errors():
    a, ca = pair((3, 4), np.float64, 1)
    b, cb = pair((4, 5), np.float64, 2)
    c, cc = pair((5, 2), np.float64, 3)
    for args, cargs in [((a, [0, 1], b, [1, 2], [0, 2]), (ca, [0, 1], cb, [1, 2], [0, 2])),
                        ((a, [0, 1], b, [1, 2], c, [2, 3]), (ca, [0, 1], cb, [1, 2], cc, [2, 3]))]:
        assert cp.einsum_path(*cargs, optimize='optimal') == np.einsum_path(*args, optimize='optimal')
    assert cp.einsum_path('ij,jk', [[1, 2]], [[3], [4]]) == np.einsum_path('ij,jk', [[1, 2]], [[3], [4]])
    for bad in [('ij,jk', ca, ca), ('ij,jk->ix', ca, cb), ('ij,jk', ca)]:
        with pytest.raises(ValueError):
            cp.einsum_path(*bad)
    with pytest.raises(ValueError):
        cp.einsum_path()


def test_einsum_interleaved_and_errors():
    a, ca = pair((3, 4), np.float64, 1)
    b, cb = pair((4, 5), np.float64, 2)
    check(cp.einsum(ca, [0, 1], cb, [1, 2], [0, 2]), np.einsum(a, [0, 1], b, [1, 2], [0, 2]))
    check(cp.einsum(ca, [Ellipsis, 1], [Ellipsis]), np.einsum(a, [Ellipsis, 1], [Ellipsis]))
    check(cp.einsum('ij,jk', ca, cb, dtype=np.float32, casting='same_kind'),
          np.einsum('ij,jk', a, b, dtype=np.float32, casting='same_kind'))
    for bad in ['ij,jk->ix', 'ijk', 'ij,jk,kl']:
        with pytest.raises(ValueError):
            cp.einsum(bad, ca, cb)
    with pytest.raises(ValueError):
        cp.einsum('ii', ca)


@pytest.mark.parametrize('sa,sb', [((2,), (3,)), ((2, 2), (3, 1)), ((2, 3), (2,)), ((1, 2, 2), (2, 2)), ((), (2,))])
def test_kron(sa, sb):
    a, ca = pair(sa, np.int64, 1)
    b, cb = pair(sb, np.float32, 2)
    check(cp.kron(ca, cb), np.kron(a, b))


@pytest.mark.parametrize('offset', [0, 1, -2, 5])
def test_trace(offset):
    a, ca = pair((4, 5, 3), np.int8, 1)
    check(cp.trace(ca, offset), np.trace(a, offset))
    check(cp.trace(ca, offset, 1, 2), np.trace(a, offset, 1, 2))
    check(cp.trace(ca, offset, dtype=np.float32), np.trace(a, offset, dtype=np.float32))


@pytest.mark.parametrize('sa,sb', [((3,), (3,)), ((4, 3), (3,)), ((2,), (3,)), ((2,), (2,)), ((5, 2), (5, 3))])
def test_cross(sa, sb):
    a, ca = pair(sa, np.float64, 1)
    b, cb = pair(sb, np.float64, 2)
    try:
        with warnings.catch_warnings():  # NumPy < 2.5 deprecates 2-element vectors in cross
            warnings.simplefilter('ignore', DeprecationWarning)
            exp = np.cross(a, b)
    except ValueError:  # NumPy 2.5 refuses them: so must cunumpy
        with pytest.raises(ValueError, match="3-dimensional vectors"):
            cp.cross(ca, cb)
    else:
        check(cp.cross(ca, cb), exp)
    with pytest.raises(ValueError):
        cp.cross(cp.ones(4), cp.ones(3))


def test_cross_axes():
    a, ca = pair((3, 4), np.float64, 1)
    b, cb = pair((4, 3), np.float64, 2)
    check(cp.cross(ca, cb, axisa=0, axisb=1, axisc=0), np.cross(a, b, axisa=0, axisb=1, axisc=0))


@pytest.mark.parametrize('dtype', [np.float64, np.complex128, np.int32], ids=lambda d: np.dtype(d).name)
def test_vecdot_matvec_vecmat(dtype):
    a, ca = pair((2, 3, 4), dtype, 1)
    b, cb = pair((3, 4), dtype, 2)
    v, cv = pair((4,), dtype, 3)
    w, cw = pair((3,), dtype, 4)
    check(cp.vecdot(ca, cb), np.vecdot(a, b))
    check(cp.vecdot(ca, cb[None], axis=1), np.vecdot(a, b[None], axis=1))
    check(cp.matvec(ca, cv), np.matvec(a, v))
    check(cp.vecmat(cw, ca), np.vecmat(w, a))
    check(cp.linalg.vecdot(ca, cb), np.linalg.vecdot(a, b))
