"""Stacks of many small matrices in cunumpy.linalg against numpy.linalg: solve, inv, det,
slogdet, cholesky, eigh/eigvalsh, svd/svdvals.

On CUDA these stacks take the batched library entries (src/backend/cuda/linalg_cuda_batched.cpp:
cuBLAS getrf/getrs batched for n <= 64, cuSOLVER potrf batched for n <= 64, syevj and gesvdj
batched for n <= 32) instead of one cuSOLVER call per matrix; single matrices and larger
ones keep the per-matrix calls. So the sizes here straddle those cuts (32/33, 64/65), the
stacks hold singular or not-positive-definite members (whose flags the batched entries
write per matrix), and batches above 65535 cross the entries' chunking. On the CPU backend
the same tests check the ops layer around LAPACK's per-matrix loop.

Tolerances (relative to the result's largest magnitude, as test_linalg_factorizations.py):
1e-4 for float32/complex64 (cunumpy computes in single precision, NumPy in double), 1e-10
for float64/complex128 and integer inputs (computed in float64). Inputs are identity plus
a random matrix of norm about 1/2, so condition numbers stay below ~3 at every size and
determinants stay in range. Factors unique only up to phases (eigenvectors, singular
vectors) are checked through reconstruction and orthonormality.
"""
import numpy as np
import pytest

import cunumpy as cp

FLOATS = [np.float32, np.float64, np.complex64, np.complex128]
DTYPES = FLOATS + [np.int64]
DTYPE_IDS = [np.dtype(d).name for d in DTYPES]
LU_SIZES = [1, 2, 5, 8, 16, 33, 64, 65]
JACOBI_SIZES = [1, 3, 8, 32, 33]
BATCH = 37


def rtol(dtype):
    return 1e-4 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-10


def result_dtype(dtype):
    d = np.dtype(dtype)
    return d if d.kind in 'fc' else np.dtype(np.float64)


def close(got, exp, r):
    g, e = cp.asnumpy(got), np.asarray(exp)
    assert g.dtype == e.dtype, (g.dtype, e.dtype)
    assert g.shape == e.shape, (g.shape, e.shape)
    scale = float(np.max(np.abs(e))) if e.size else 1.0
    np.testing.assert_allclose(g, e, rtol=r, atol=r * max(scale, 1.0))


def random(shape, dtype, seed):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == 'c':
        a = a + 1j * rng.standard_normal(shape)
    return a


def near_identity(shape, dtype, seed):
    """I + R with ||R|| about 1/2 (integers: I * 4 plus small integers)."""
    n = shape[-1]
    if np.dtype(dtype).kind in 'iu':
        r = np.random.default_rng(seed).integers(-1, 2, shape)
        return (r + 4 * n * np.eye(n, dtype=np.int64)).astype(dtype)
    a = random(shape, dtype, seed) / (4 * np.sqrt(n)) + np.eye(n)
    return a.astype(dtype)


def rhs(shape, dtype, seed):
    b = random(shape, dtype, seed)
    return (np.round(b * 3) if np.dtype(dtype).kind in 'iu' else b).astype(dtype)


def spd(shape, dtype, seed):
    n = shape[-1]
    if np.dtype(dtype).kind in 'iu':
        r = np.random.default_rng(seed).integers(-1, 2, shape)
        return (r @ np.swapaxes(r, -1, -2) + n * np.eye(n, dtype=np.int64)).astype(dtype)
    r = random(shape, dtype, seed) / np.sqrt(n)
    return (r @ np.conj(np.swapaxes(r, -1, -2)) + np.eye(n)).astype(dtype)


def check_lu_family(a, b, dtype):
    """solve, inv, det and slogdet of the stack `a` (NumPy arrays, any layout) against NumPy."""
    ca, cb = cp.asarray(a), cp.asarray(b)
    r, ed = rtol(dtype), result_dtype(dtype)
    close(cp.linalg.solve(ca, cb), np.linalg.solve(a, b).astype(ed), r)
    close(cp.linalg.inv(ca), np.linalg.inv(a).astype(ed), r)
    close(cp.linalg.det(ca), np.linalg.det(a).astype(ed), r)
    sign, logdet = cp.linalg.slogdet(ca)
    es, el = np.linalg.slogdet(a)
    close(sign, es.astype(ed), r)
    close(logdet, el.astype(np.empty(0, ed).real.dtype), r)


@pytest.mark.parametrize('dtype', DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize('n', LU_SIZES)
def test_stack_solve_inv_det(dtype, n):
    a = near_identity((BATCH, n, n), dtype, n)
    b = rhs((BATCH, n, 3), dtype, n + 1)
    check_lu_family(a, b, dtype)


@pytest.mark.parametrize('dtype', FLOATS, ids=[np.dtype(d).name for d in FLOATS])
@pytest.mark.parametrize('n', [4, 32, 64])
def test_stack_non_contiguous_layouts(dtype, n):
    base = near_identity((2 * BATCH, n, n), dtype, 3)
    b = rhs((2 * BATCH, n, 2 * n), dtype, 4)
    layouts = {
        'every other matrix': (base[::2], b[::2, :, ::2]),
        'transposed matrices': (np.swapaxes(base, -1, -2), b[:, :, :n]),
        'reversed batch': (base[::-1], b[::-1, :, :n]),
        'reversed rows': (base[:, ::-1, :], b[:, ::-1, :n]),
    }
    for a, bb in layouts.values():
        check_lu_family(a, bb, dtype)
    # A 4-D batch, and one matrix broadcast against a stack of right-hand sides.
    a4 = base.reshape(2, BATCH, n, n)
    b4 = b.reshape(2, BATCH, n, 2 * n)
    close(cp.linalg.solve(cp.asarray(a4), cp.asarray(b4)), np.linalg.solve(a4, b4), rtol(dtype))
    close(cp.linalg.solve(cp.asarray(base[:1]), cp.asarray(b)), np.linalg.solve(base[:1], b), rtol(dtype))


@pytest.mark.parametrize('dtype', FLOATS, ids=[np.dtype(d).name for d in FLOATS])
@pytest.mark.parametrize('n', [2, 8, 64, 65])
def test_stack_with_singular_member(dtype, n):
    a = near_identity((BATCH, n, n), dtype, 6)
    a[11, 1] = 0  # a zero row: an exact zero pivot (l = 0 leaves it zero)
    ca = cp.asarray(a)
    for f in (cp.linalg.inv, lambda x: cp.linalg.solve(x, cp.ones((BATCH, n, 2), x.dtype))):
        with pytest.raises(np.linalg.LinAlgError, match='Singular matrix'):
            f(ca)
    r = rtol(dtype)
    det = cp.asnumpy(cp.linalg.det(ca))
    exp = np.linalg.det(a)
    assert abs(det[11]) <= r * max(1.0, float(np.max(np.abs(exp))))
    keep = np.arange(BATCH) != 11
    close(det[keep], exp[keep], r)
    sign, logdet = (cp.asnumpy(x) for x in cp.linalg.slogdet(ca))
    assert sign[11] == 0 and logdet[11] == -np.inf
    es, el = np.linalg.slogdet(a)
    close(sign[keep], es[keep], r)
    close(logdet[keep], el[keep], r)


@pytest.mark.parametrize('dtype', DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize('n', LU_SIZES)
@pytest.mark.parametrize('upper', [False, True])
def test_stack_cholesky(dtype, n, upper):
    a = spd((BATCH, n, n), dtype, 7)
    got = cp.linalg.cholesky(cp.asarray(a), upper=upper)
    close(got, np.linalg.cholesky(a, upper=upper).astype(result_dtype(dtype)), rtol(dtype))


@pytest.mark.parametrize('dtype', FLOATS, ids=[np.dtype(d).name for d in FLOATS])
@pytest.mark.parametrize('n', [2, 16, 64, 65])
def test_stack_cholesky_not_positive_definite_member(dtype, n):
    a = spd((BATCH, n, n), dtype, 8)
    a[20, n - 1, n - 1] = -1  # the last leading minor fails
    with pytest.raises(np.linalg.LinAlgError, match='not positive definite'):
        cp.linalg.cholesky(cp.asarray(a))
    # A transposed (non-contiguous) view of the healthy part.
    ok = np.swapaxes(a[:20], -1, -2)
    close(cp.linalg.cholesky(cp.asarray(ok)), np.linalg.cholesky(ok), rtol(dtype))


def hermitian_from(a, uplo):
    t = np.tril(a) if uplo == 'L' else np.triu(a)
    off = np.tril(a, -1) if uplo == 'L' else np.triu(a, 1)
    return t + np.conj(np.swapaxes(off, -1, -2))


@pytest.mark.parametrize('dtype', DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize('n', JACOBI_SIZES)
@pytest.mark.parametrize('uplo', ['L', 'U'])
def test_stack_eigh(dtype, n, uplo):
    a = spd((BATCH, n, n), dtype, 9)
    # The unused triangle holds garbage: only UPLO's may be read.
    junk = np.triu(np.full((n, n), 5), 1) if uplo == 'L' else np.tril(np.full((n, n), 5), -1)
    a = (a + junk).astype(dtype)
    r = rtol(dtype)
    w, v = cp.linalg.eigh(cp.asarray(a), UPLO=uplo)
    ew, ev = np.linalg.eigh(a, UPLO=uplo)
    close(w, ew, r)
    vn = cp.asnumpy(v)
    assert vn.dtype == ev.dtype and vn.shape == ev.shape
    h = hermitian_from(a, uplo).astype(ev.dtype)
    close(vn @ (cp.asnumpy(w)[..., None] * np.conj(np.swapaxes(vn, -1, -2))), h, r)
    close(np.conj(np.swapaxes(vn, -1, -2)) @ vn, np.broadcast_to(np.eye(n), vn.shape).astype(ev.dtype), r)
    close(cp.linalg.eigvalsh(cp.asarray(a), UPLO=uplo), ew, r)


SVD_SHAPES = [(1, 1), (5, 3), (3, 5), (8, 8), (32, 32), (32, 17), (17, 32), (33, 20), (20, 33)]


@pytest.mark.parametrize('dtype', DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize('mn', SVD_SHAPES, ids=str)
@pytest.mark.parametrize('full', [True, False])
def test_stack_svd(dtype, mn, full):
    m, n = mn
    k = min(m, n)
    a = random((BATCH, m, n), dtype, 10)
    a = (np.round(a * 3) if np.dtype(dtype).kind in 'iu' else a).astype(dtype)
    r = rtol(dtype)
    u, s, vh = (cp.asnumpy(x) for x in cp.linalg.svd(cp.asarray(a), full_matrices=full))
    eu, es, evh = np.linalg.svd(a, full_matrices=full)
    close(s, es, r)
    assert u.shape == eu.shape and vh.shape == evh.shape
    assert u.dtype == eu.dtype and vh.dtype == evh.dtype
    close(u[..., :, :k] @ (s[..., :, None] * vh[..., :k, :]), a.astype(eu.dtype), r)
    for q, rows in ((np.conj(np.swapaxes(u, -1, -2)) @ u, u.shape[-1]),
                    (vh @ np.conj(np.swapaxes(vh, -1, -2)), vh.shape[-2])):
        close(q, np.broadcast_to(np.eye(rows), q.shape).astype(eu.dtype), r)
    close(cp.linalg.svd(cp.asarray(a), compute_uv=False), es, r)
    close(cp.linalg.svdvals(cp.asarray(a)), es, r)


@pytest.mark.parametrize('dtype', [np.float64, np.complex64], ids=['float64', 'complex64'])
def test_stack_svd_eigh_non_contiguous(dtype):
    a = random((2 * BATCH, 12, 12), dtype, 11).astype(dtype)
    v = a[::-2].swapaxes(-1, -2)
    r = rtol(dtype)
    close(cp.linalg.svd(cp.asarray(v), compute_uv=False), np.linalg.svd(v, compute_uv=False), r)
    h = (v + np.conj(np.swapaxes(v, -1, -2))).astype(dtype)
    close(cp.linalg.eigvalsh(cp.asarray(h)), np.linalg.eigvalsh(h), r)


@pytest.mark.parametrize('n', [0, 3])
def test_empty_stacks(n):
    for batch in [(0,), (2, 0), (3,)] if n == 0 else [(0,), (2, 0)]:
        a = near_identity(batch + (n, n), np.float64, 12) if n else np.zeros(batch + (0, 0))
        spd_a = spd(batch + (n, n), np.float64, 13) if n else a
        ca = cp.asarray(a)
        close(cp.linalg.solve(ca, cp.asarray(np.ones(batch + (n, 2)))), np.linalg.solve(a, np.ones(batch + (n, 2))),
              1e-10)
        close(cp.linalg.inv(ca), np.linalg.inv(a), 1e-10)
        close(cp.linalg.det(ca), np.linalg.det(a), 1e-10)
        close(cp.linalg.cholesky(cp.asarray(spd_a)), np.linalg.cholesky(spd_a), 1e-10)
        close(cp.linalg.eigvalsh(cp.asarray(spd_a)), np.linalg.eigvalsh(spd_a), 1e-10)
        close(cp.linalg.svd(ca, compute_uv=False), np.linalg.svd(a, compute_uv=False), 1e-10)


def test_batch_above_chunk_size():
    # 70000 > 65535: the batched entries run in two chunks (pointer, pivot and flag offsets).
    count = 70000
    a = near_identity((count, 2, 2), np.float64, 14)
    b = rhs((count, 2, 1), np.float64, 15)
    check_lu_family(a, b, np.float64)
    s = spd((count, 2, 2), np.float64, 16)
    s[count - 3, 1, 1] = -5  # in the second chunk
    with pytest.raises(np.linalg.LinAlgError, match='not positive definite'):
        cp.linalg.cholesky(cp.asarray(s))
    close(cp.linalg.cholesky(cp.asarray(s[:count - 3])), np.linalg.cholesky(s[:count - 3]), 1e-10)
    close(cp.linalg.eigvalsh(cp.asarray(s[:count - 3])), np.linalg.eigvalsh(s[:count - 3]), 1e-10)
    close(cp.linalg.svd(cp.asarray(a), compute_uv=False), np.linalg.svd(a, compute_uv=False), 1e-10)
