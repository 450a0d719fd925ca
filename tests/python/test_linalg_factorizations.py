"""cunumpy.linalg against numpy.linalg: solve, inv, det, slogdet, cholesky, qr, eigh,
eigvalsh, svd, svdvals, eig, eigvals, matrix_power, norms, cond, pinv, lstsq,
matrix_rank, multi_dot, tensorinv, tensorsolve, LinAlgError.

Inputs are well conditioned (a random matrix plus n on the diagonal; condition number
below ~10), so results agree with LAPACK's to rtol 1e-4 (float32, complex64) and 1e-10
(float64, complex128, and integer inputs, which compute in float64), relative to the
result's largest magnitude. NumPy computes float32 in double and rounds; cunumpy computes
in float32 (as CuPy), hence the single-precision tolerance. Factors that are unique only
up to signs or phases (eigenvectors, QR, SVD) are checked through what is unique: the
reconstruction, orthonormality, and |columns|.
"""
import numpy as np
import pytest

import cunumpy as cp

FLOATS = [np.float32, np.float64, np.complex64, np.complex128]
FLOAT_IDS = [np.dtype(d).name for d in FLOATS]
SHAPES = [(3, 3), (1, 1), (2, 4, 4), (2, 1, 5, 5), (0, 3, 3), (0, 0)]


def rtol(dtype):
    return 1e-4 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-10


def to_np(x):
    return cp.asnumpy(x) if isinstance(x, cp.ndarray) else np.asarray(x)


def close(got, exp, r, check_dtype=True):
    g, e = to_np(got), np.asarray(exp)
    if check_dtype:
        assert g.dtype == e.dtype, (g.dtype, e.dtype)
    assert g.shape == e.shape, (g.shape, e.shape)
    scale = float(np.max(np.abs(e))) if e.size else 1.0
    np.testing.assert_allclose(g, e, rtol=r, atol=r * max(scale, 1.0))


def well_conditioned(shape, dtype, seed=0, spd=False):
    rng = np.random.default_rng(seed)
    d = np.dtype(dtype)
    a = rng.standard_normal(shape)
    if d.kind == 'c':
        a = a + 1j * rng.standard_normal(shape)
    n = shape[-1] if shape else 1
    if len(shape) >= 2 and shape[-1] == shape[-2]:
        if spd:
            a = a @ np.conj(np.swapaxes(a, -1, -2)) + n * np.eye(n)
        else:
            a = a + 2 * n * np.eye(n)
    if d.kind in 'iub':
        a = np.round(a * 3)
    return a.astype(dtype)


def expected_dtype(dtype):
    d = np.dtype(dtype)
    return d if d.kind in 'fc' else np.dtype(np.float64)


@pytest.mark.parametrize('dtype', FLOATS + [np.int32], ids=FLOAT_IDS + ['int32'])
@pytest.mark.parametrize('shape', SHAPES, ids=str)
def test_solve_inv_det(dtype, shape):
    a = well_conditioned(shape, dtype, 1)
    ca = cp.asarray(a)
    r = rtol(dtype)
    ed = expected_dtype(dtype)
    b = well_conditioned(shape[:-1] + (2,), dtype, 2)
    close(cp.linalg.solve(ca, cp.asarray(b)), np.linalg.solve(a, b).astype(ed), r)
    if len(shape) == 2:
        v = well_conditioned(shape[:1], dtype, 3)
        close(cp.linalg.solve(ca, cp.asarray(v)), np.linalg.solve(a, v).astype(ed), r)
    close(cp.linalg.inv(ca), np.linalg.inv(a).astype(ed), r)
    close(cp.linalg.det(ca), np.linalg.det(a).astype(ed), r)
    sign, logdet = cp.linalg.slogdet(ca)
    es, el = np.linalg.slogdet(a)
    close(sign, es.astype(ed), r)
    close(logdet, el.astype(np.empty(0, ed).real.dtype), r)


def test_solve_broadcast_batches():
    a = well_conditioned((2, 1, 3, 3), np.float64, 1)
    b = well_conditioned((4, 3, 2), np.float64, 2)
    close(cp.linalg.solve(cp.asarray(a), cp.asarray(b)), np.linalg.solve(a, b), 1e-10)
    # Transposed and non-contiguous inputs.
    close(cp.linalg.solve(cp.asarray(a).swapaxes(-1, -2), cp.asarray(b)[:, :, ::-1]),
          np.linalg.solve(a.swapaxes(-1, -2), b[:, :, ::-1]), 1e-10)


@pytest.mark.parametrize('dtype', FLOATS, ids=FLOAT_IDS)
def test_solve_large_with_pivoting(dtype):
    # Big enough for CUDA's blocked path (n >= 1024, >= 64 right-hand sides: laswp, then
    # recursive trsm/GEMM halves; 1030 is no multiple of its block), rows shuffled so that
    # LU must pivot, two matrices in the stack.
    n, k = 1030, 70
    rng = np.random.default_rng(5)
    a = well_conditioned((2, n, n), dtype, 7)
    a = a[:, rng.permutation(n)]
    b = well_conditioned((2, n, k), dtype, 8)
    close(cp.linalg.solve(cp.asarray(a), cp.asarray(b)), np.linalg.solve(a, b), rtol(dtype))
    # Fortran-ordered and negative-stride operands take the same path after their copies.
    af = np.asfortranarray(a[0])
    close(cp.linalg.solve(cp.asarray(af), cp.asarray(b[0])[::-1]), np.linalg.solve(af, b[0][::-1]), rtol(dtype))
    if dtype == np.float64:
        close(cp.linalg.inv(cp.asarray(a[1])), np.linalg.inv(a[1]), rtol(dtype))


def test_singular_raises_linalgerror():
    s = np.array([[1.0, 2.0], [2.0, 4.0]])
    for f in (cp.linalg.inv, lambda x: cp.linalg.solve(x, cp.ones(2))):
        with pytest.raises(np.linalg.LinAlgError, match='Singular matrix'):
            f(cp.asarray(s))
        with pytest.raises(cp.linalg.LinAlgError):
            f(cp.asarray(s))
    assert issubclass(cp.linalg.LinAlgError, np.linalg.LinAlgError)
    assert issubclass(cp.linalg.LinAlgError, ValueError)
    close(cp.linalg.det(cp.asarray(s)), np.linalg.det(s), 1e-12)
    sign, logdet = cp.linalg.slogdet(cp.asarray(s))
    assert float(sign) == 0.0 and float(logdet) == -np.inf


def test_shape_errors():
    with pytest.raises(np.linalg.LinAlgError, match='must be square'):
        cp.linalg.inv(cp.ones((2, 3)))
    with pytest.raises(np.linalg.LinAlgError, match='at least two-dimensional'):
        cp.linalg.det(cp.ones(3))
    with pytest.raises(TypeError, match='float16'):
        cp.linalg.inv(cp.ones((2, 2), np.float16))
    with pytest.raises(ValueError):
        cp.linalg.solve(cp.ones((3, 3)), cp.ones((4, 2)))


@pytest.mark.parametrize('dtype', FLOATS + [np.int64], ids=FLOAT_IDS + ['int64'])
@pytest.mark.parametrize('shape', [(4, 4), (2, 3, 3), (1, 1), (0, 2, 2)], ids=str)
@pytest.mark.parametrize('upper', [False, True])
def test_cholesky(dtype, shape, upper):
    a = well_conditioned(shape, dtype, 4, spd=True)
    ed = expected_dtype(dtype)
    close(cp.linalg.cholesky(cp.asarray(a), upper=upper), np.linalg.cholesky(a, upper=upper).astype(ed), rtol(dtype))


def test_cholesky_not_positive_definite():
    with pytest.raises(np.linalg.LinAlgError, match='not positive definite'):
        cp.linalg.cholesky(cp.asarray(np.array([[1.0, 2.0], [2.0, 1.0]])))


@pytest.mark.parametrize('dtype', FLOATS, ids=FLOAT_IDS)
@pytest.mark.parametrize('shape', [(5, 3), (3, 5), (4, 4), (2, 6, 3), (0, 3), (3, 0)], ids=str)
@pytest.mark.parametrize('mode', ['reduced', 'complete', 'r', 'raw'])
def test_qr(dtype, shape, mode):
    a = well_conditioned(shape, dtype, 5)
    ca = cp.asarray(a)
    r = rtol(dtype)
    got = cp.linalg.qr(ca, mode=mode)
    exp = np.linalg.qr(a, mode=mode)
    if mode == 'r':
        # R is unique up to the signs (phases) of its rows.
        close(np.abs(to_np(got)), np.abs(exp).astype(np.abs(exp).dtype), r, check_dtype=False)
        assert to_np(got).dtype == exp.dtype
        return
    if mode == 'raw':
        h, tau = got
        assert to_np(h).shape == exp[0].shape and to_np(tau).shape == exp[1].shape
        close(h, exp[0], r)   # same LAPACK algorithm (geqrf): same reflectors
        close(tau, exp[1], r)
        return
    q, rr = got
    assert to_np(q).shape == exp[0].shape and to_np(rr).shape == exp[1].shape
    assert to_np(q).dtype == exp[0].dtype
    close(to_np(q) @ to_np(rr), a, r, check_dtype=False)
    qn = to_np(q)
    eye = np.broadcast_to(np.eye(qn.shape[-1]), qn.shape[:-2] + (qn.shape[-1],) * 2)
    close(np.conj(np.swapaxes(qn, -1, -2)) @ qn, eye, r, check_dtype=False)
    close(np.triu(to_np(rr)), to_np(rr), r, check_dtype=False)


@pytest.mark.parametrize('dtype', FLOATS + [np.int32], ids=FLOAT_IDS + ['int32'])
@pytest.mark.parametrize('shape', [(4, 4), (2, 3, 3), (1, 1), (0, 3, 3)], ids=str)
@pytest.mark.parametrize('uplo', ['L', 'U'])
def test_eigh(dtype, shape, uplo):
    a = well_conditioned(shape, dtype, 6, spd=True)
    # Make the unused triangle garbage: only UPLO's triangle may be read.
    junk = np.triu(np.full(shape, 7), 1) if uplo == 'L' else np.tril(np.full(shape, 7), -1)
    a2 = (a + junk).astype(dtype)
    ca = cp.asarray(a2)
    r = rtol(dtype)
    w, v = cp.linalg.eigh(ca, UPLO=uplo)
    ew, ev = np.linalg.eigh(a2, UPLO=uplo)
    close(w, ew.astype(ew.dtype), r)
    assert to_np(v).dtype == ev.dtype
    vn = to_np(v)
    an = np.tril(a2) + np.conj(np.swapaxes(np.tril(a2, -1), -1, -2)) if uplo == 'L' else \
        np.triu(a2) + np.conj(np.swapaxes(np.triu(a2, 1), -1, -2))
    close(vn @ (to_np(w)[..., None] * np.conj(np.swapaxes(vn, -1, -2))), an.astype(ev.dtype), r)
    close(cp.linalg.eigvalsh(ca, UPLO=uplo), ew, r)


@pytest.mark.parametrize('dtype', FLOATS + [np.int16], ids=FLOAT_IDS + ['int16'])
@pytest.mark.parametrize('shape', [(5, 3), (3, 5), (4, 4), (2, 4, 3), (2, 3, 4), (0, 3), (3, 0), (2, 0, 0)], ids=str)
@pytest.mark.parametrize('full', [True, False])
def test_svd(dtype, shape, full):
    a = well_conditioned(shape, dtype, 7)
    ca = cp.asarray(a)
    r = rtol(dtype)
    u, s, vh = cp.linalg.svd(ca, full_matrices=full)
    eu, es, evh = np.linalg.svd(a, full_matrices=full)
    close(s, es, r)
    assert to_np(u).shape == eu.shape and to_np(vh).shape == evh.shape
    assert to_np(u).dtype == eu.dtype and to_np(vh).dtype == evh.dtype
    k = min(shape[-2:])
    un, vn = to_np(u), to_np(vh)
    rec = un[..., :, :k] @ (to_np(s)[..., :, None] * vn[..., :k, :])
    close(rec, a.astype(eu.dtype), r)
    close(cp.linalg.svd(ca, compute_uv=False), es, r)
    close(cp.linalg.svdvals(ca), es, r)


def test_svd_hermitian():
    a = well_conditioned((4, 4), np.float64, 8, spd=True) - 6 * np.eye(4)
    u, s, vh = cp.linalg.svd(cp.asarray(a), hermitian=True)
    close(s, np.linalg.svd(a, hermitian=True)[1], 1e-10)
    close(to_np(u) @ (to_np(s)[:, None] * to_np(vh)), a, 1e-10)


@pytest.mark.parametrize('dtype', FLOATS, ids=FLOAT_IDS)
@pytest.mark.parametrize('shape', [(4, 4), (2, 3, 3), (1, 1), (0, 2, 2)], ids=str)
def test_eig(dtype, shape):
    a = well_conditioned(shape, dtype, 9)
    ca = cp.asarray(a)
    r = rtol(dtype)
    w, v = cp.linalg.eig(ca)
    ew, ev = np.linalg.eig(a)
    assert to_np(w).dtype == ew.dtype and to_np(v).dtype == ev.dtype
    order = lambda x: np.sort_complex(x.reshape(-1, x.shape[-1]))  # noqa: E731
    close(order(to_np(w).astype(np.complex128)), order(ew.astype(np.complex128)), r, check_dtype=False)
    wn, vn = to_np(w), to_np(v)
    close(a @ vn, vn * wn[..., None, :], r, check_dtype=False)
    close(np.sort_complex(to_np(cp.linalg.eigvals(ca)).reshape(-1)), np.sort_complex(np.linalg.eigvals(a).reshape(-1)),
          r, check_dtype=False)


def test_eig_complex_pairs_of_real_input():
    a = np.array([[0.0, -1.0], [1.0, 0.0]])
    w, v = cp.linalg.eig(cp.asarray(a))
    assert to_np(w).dtype == np.complex128
    close(np.sort_complex(to_np(w)), np.sort_complex(np.linalg.eig(a)[0]), 1e-12)
    close(a @ to_np(v), to_np(v) * to_np(w)[None, :], 1e-12)


@pytest.mark.parametrize('n', [0, 1, 2, 3, 5, -1, -3])
@pytest.mark.parametrize('dtype', [np.float64, np.int64], ids=['float64', 'int64'])
def test_matrix_power(n, dtype):
    a = well_conditioned((2, 3, 3), dtype, 10) if dtype == np.float64 else np.array([[[1, 1], [1, 0]]] * 2, dtype)
    if n < 0 and dtype == np.int64:
        a = a.astype(np.float64)
    close(cp.linalg.matrix_power(cp.asarray(a), n), np.linalg.matrix_power(a, n), 1e-10)
    with pytest.raises(TypeError):
        cp.linalg.matrix_power(cp.asarray(a), 1.5)


VECTOR_ORDS = [None, 0, 1, 2, 3, 0.5, -1, -2, np.inf, -np.inf]
MATRIX_ORDS = [None, 'fro', 'nuc', 1, -1, 2, -2, np.inf, -np.inf]


@pytest.mark.parametrize('dtype', [np.float32, np.float64, np.complex128, np.int32], ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize('ord', VECTOR_ORDS, ids=str)
def test_norm_vector(dtype, ord):
    x = well_conditioned((2, 5), dtype, 11)
    cx = cp.asarray(x)
    r = rtol(dtype)
    close(cp.linalg.norm(cx[0], ord), np.linalg.norm(x[0], ord), r)
    close(cp.linalg.norm(cx, ord, axis=1), np.linalg.norm(x, ord, axis=1), r)
    close(cp.linalg.norm(cx, ord, axis=0, keepdims=True), np.linalg.norm(x, ord, axis=0, keepdims=True), r)
    close(cp.linalg.vector_norm(cx, ord=2 if ord is None else ord), np.linalg.vector_norm(x, ord=2 if ord is None else ord), r)


@pytest.mark.parametrize('dtype', [np.float32, np.float64, np.complex64, np.int64], ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize('ord', MATRIX_ORDS, ids=str)
def test_norm_matrix(dtype, ord):
    x = well_conditioned((2, 3, 4), dtype, 12)
    cx = cp.asarray(x)
    r = rtol(dtype)
    close(cp.linalg.norm(cx[0], ord), np.linalg.norm(x[0], ord), r)
    close(cp.linalg.norm(cx, ord, axis=(1, 2)), np.linalg.norm(x, ord, axis=(1, 2)), r)
    close(cp.linalg.norm(cx, ord, axis=(2, 0), keepdims=True), np.linalg.norm(x, ord, axis=(2, 0), keepdims=True), r)
    close(cp.linalg.matrix_norm(cx, ord='fro' if ord is None else ord),
          np.linalg.matrix_norm(x, ord='fro' if ord is None else ord), r)


def test_norm_default_and_errors():
    x = well_conditioned((2, 3, 4), np.float64, 13)
    close(cp.linalg.norm(cp.asarray(x)), np.linalg.norm(x), 1e-12)
    close(cp.linalg.norm(cp.asarray(x), keepdims=True), np.linalg.norm(x, keepdims=True), 1e-12)
    close(cp.linalg.vector_norm(cp.asarray(x), axis=(0, 2), ord=3), np.linalg.vector_norm(x, axis=(0, 2), ord=3), 1e-12)
    with pytest.raises(ValueError):
        cp.linalg.norm(cp.asarray(x), 'fro', axis=0)
    with pytest.raises(ValueError):
        cp.linalg.norm(cp.asarray(x), 3, axis=(0, 1))
    with pytest.raises(ValueError):
        cp.linalg.norm(cp.asarray(x), 1)
    with pytest.raises(ValueError):
        cp.linalg.norm(cp.asarray(x), 2, axis=(1, 1))


@pytest.mark.parametrize('p', [None, 1, -1, 2, -2, np.inf, 'fro'])
def test_cond(p):
    a = well_conditioned((2, 4, 4), np.float64, 14)
    close(cp.linalg.cond(cp.asarray(a), p), np.linalg.cond(a, p), 1e-9)
    s = np.array([[1.0, 2.0], [2.0, 4.0]])
    assert np.isinf(float(cp.linalg.cond(cp.asarray(s), p))) == np.isinf(np.linalg.cond(s, p)) or p in (None, 2, -2)


@pytest.mark.parametrize('shape', [(4, 3), (3, 4), (2, 3, 3), (0, 3)], ids=str)
def test_pinv_matrix_rank(shape):
    a = well_conditioned(shape, np.float64, 15)
    close(cp.linalg.pinv(cp.asarray(a)), np.linalg.pinv(a), 1e-9)
    if a.size == 0:
        return  # NumPy's matrix_rank reduces an empty max (ValueError); not compared
    assert np.array_equal(to_np(cp.linalg.matrix_rank(cp.asarray(a))), np.linalg.matrix_rank(a))
    low = np.ones((4, 3))
    assert int(cp.linalg.matrix_rank(cp.asarray(low))) == 1
    assert cp.linalg.matrix_rank(cp.asarray(np.zeros(3))) == 0
    assert cp.linalg.matrix_rank(cp.asarray(np.ones(3))) == 1


@pytest.mark.parametrize('sa,sb', [((6, 3), (6,)), ((6, 3), (6, 2)), ((3, 5), (3,)), ((4, 4), (4, 1))])
def test_lstsq(sa, sb):
    a = well_conditioned(sa, np.float64, 16)
    b = well_conditioned(sb, np.float64, 17)
    x, res, rank, s = cp.linalg.lstsq(cp.asarray(a), cp.asarray(b))
    ex, eres, erank, es = np.linalg.lstsq(a, b)
    close(x, ex, 1e-9)
    close(res, eres, 1e-9)
    assert rank == erank
    close(s, es, 1e-9)


def test_multi_dot_tensorinv_tensorsolve():
    arrs = [well_conditioned(s, np.float64, i) for i, s in enumerate([(4,), (4, 6), (6, 2), (2, 3), (3,)])]
    close(cp.linalg.multi_dot([cp.asarray(x) for x in arrs]), np.linalg.multi_dot(arrs), 1e-10)
    close(cp.linalg.multi_dot([cp.asarray(x) for x in arrs[1:4]]), np.linalg.multi_dot(arrs[1:4]), 1e-10)
    a = well_conditioned((24, 24), np.float64, 20).reshape(4, 6, 8, 3)
    close(cp.linalg.tensorinv(cp.asarray(a), ind=2), np.linalg.tensorinv(a, ind=2), 1e-9)
    b = well_conditioned((4, 6), np.float64, 21)
    close(cp.linalg.tensorsolve(cp.asarray(a), cp.asarray(b)), np.linalg.tensorsolve(a, b), 1e-9)


def test_linalg_namespace_extras():
    a = well_conditioned((2, 3, 4), np.float64, 22)
    close(cp.linalg.matrix_transpose(cp.asarray(a)), np.linalg.matrix_transpose(a), 0)
    close(cp.linalg.diagonal(cp.asarray(a), offset=1), np.linalg.diagonal(a, offset=1), 0)
    close(cp.linalg.trace(cp.asarray(a)), np.linalg.trace(a), 1e-12)
    close(cp.linalg.outer(cp.asarray(a[0, 0]), cp.asarray(a[1, 1])), np.linalg.outer(a[0, 0], a[1, 1]), 0)
    close(cp.linalg.tensordot(cp.asarray(a), cp.asarray(a), axes=([1, 2], [1, 2])),
          np.linalg.tensordot(a, a, axes=([1, 2], [1, 2])), 1e-12)
    close(cp.linalg.cross(cp.asarray(a[0, :, :3]), cp.asarray(a[1, :, :3])), np.linalg.cross(a[0, :, :3], a[1, :, :3]), 1e-12)
    q = cp.linalg.qr(cp.asarray(a[0]))
    assert q.Q is q[0] and q.R is q[1]
    e = cp.linalg.eigh(cp.asarray(a[0] @ a[0].T))
    assert e.eigenvalues is e[0]


def test_error_checks_off_skips_linalgerror():
    s = cp.asarray(np.array([[1.0, 2.0], [2.0, 1.0]]))
    import cunumpyx
    cunumpyx.set_linalg_error_checks(False)
    try:
        cp.linalg.cholesky(s)  # no exception: the flags are not read
    finally:
        cunumpyx.set_linalg_error_checks(True)
    assert cunumpyx.linalg_error_checks()
    with pytest.raises(np.linalg.LinAlgError):
        cp.linalg.cholesky(s)
