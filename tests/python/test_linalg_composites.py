"""cunumpy.linalg's composites (norms, cond, pinv, lstsq, matrix_rank, multi_dot,
tensorinv, tensorsolve, the Hermitian SVD) and cross against NumPy, for the cases
test_linalg_factorizations.py / test_linalg_products.py leave out: stacks, complex input,
non-contiguous views, the tolerance keywords, out=, error types and messages.

Inputs are well conditioned (random plus n on the diagonal), so float64 results agree to
1e-9 relative to the result's largest magnitude.
"""
import numpy as np
import pytest

import cunumpy as cp
from test_linalg_factorizations import to_np, close as _close


def close(got, exp, r=1e-9, check_dtype=True):
    _close(got, exp, r, check_dtype)


def matrices(shape, dtype=np.float64, seed=0, hermitian=False):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == 'c':
        a = a + 1j * rng.standard_normal(shape)
    if hermitian:
        a = a + np.conj(np.swapaxes(a, -1, -2))
    n = shape[-1]
    if len(shape) >= 2 and shape[-1] == shape[-2]:
        a = a + n * np.eye(n)
    return a.astype(dtype)


@pytest.mark.parametrize('dtype', [np.float64, np.complex128], ids=['float64', 'complex128'])
def test_svd_hermitian_stack_and_values_only(dtype):
    a = matrices((3, 4, 4), dtype, 1, hermitian=True) - 5 * np.eye(4)
    ca = cp.asarray(a)
    u, s, vh = cp.linalg.svd(ca, hermitian=True)
    es = np.linalg.svd(a, hermitian=True, compute_uv=False)
    close(s, es)
    close(to_np(u) @ (to_np(s)[..., :, None] * to_np(vh)), a)
    close(cp.linalg.svd(ca, compute_uv=False, hermitian=True), es)


@pytest.mark.parametrize('dtype', [np.float64, np.complex128], ids=['float64', 'complex128'])
def test_pinv_keywords(dtype):
    a = matrices((2, 5, 3), dtype, 2)
    ca = cp.asarray(a)
    close(cp.linalg.pinv(ca), np.linalg.pinv(a))
    close(cp.linalg.pinv(ca, rtol=None), np.linalg.pinv(a, rtol=None))
    close(cp.linalg.pinv(ca, rcond=np.array([0.5, 1e-15])), np.linalg.pinv(a, rcond=np.array([0.5, 1e-15])))
    h = matrices((4, 4), dtype, 3, hermitian=True)
    close(cp.linalg.pinv(cp.asarray(h), hermitian=True), np.linalg.pinv(h, hermitian=True))
    with pytest.raises(ValueError):
        cp.linalg.pinv(ca, rcond=0.1, rtol=0.1)


def test_pinv_rank_deficient_and_view():
    base = np.ones((4, 6))
    base[1, ::2] = 2.0  # rank 2 in the view below
    view = base[:, ::-2]  # a strided view with a negative stride
    close(cp.linalg.pinv(cp.asarray(base)[:, ::-2]), np.linalg.pinv(view))
    close(cp.linalg.pinv(cp.asarray(np.ones((0, 3, 2)))), np.linalg.pinv(np.ones((0, 3, 2))))


@pytest.mark.parametrize('dtype', [np.float64, np.complex128], ids=['float64', 'complex128'])
def test_lstsq_complex_rcond_and_empty(dtype):
    a = matrices((7, 3), dtype, 4)
    b = matrices((7, 2), dtype, 5)
    for rcond in (None, 0.5):
        x, res, rank, s = cp.linalg.lstsq(cp.asarray(a), cp.asarray(b), rcond=rcond)
        ex, eres, erank, es = np.linalg.lstsq(a, b, rcond=rcond)
        close(x, ex)
        close(res, eres)
        assert rank == erank
        close(s, es)
    x, res, rank, s = cp.linalg.lstsq(cp.asarray(np.zeros((3, 0), dtype)), cp.asarray(b[:3]))
    ex, eres, erank, es = np.linalg.lstsq(np.zeros((3, 0), dtype), b[:3])
    close(x, ex)
    close(res, eres)
    assert rank == erank
    with pytest.raises(cp.linalg.LinAlgError, match='Incompatible dimensions'):
        cp.linalg.lstsq(cp.asarray(a), cp.asarray(b[:3]))
    with pytest.raises(cp.linalg.LinAlgError, match='3-dimensional'):
        cp.linalg.lstsq(cp.asarray(np.zeros((2, 2, 2))), cp.asarray(np.zeros(2)))
    with pytest.raises(cp.linalg.LinAlgError, match='3-dimensional'):
        cp.linalg.lstsq(cp.asarray(np.zeros((2, 2))), cp.asarray(np.zeros((2, 2, 2))))


def test_matrix_rank_tolerances():
    a = np.stack([np.diag([3.0, 1.0, 1e-3]), np.diag([1.0, 0.0, 0.0])])
    ca = cp.asarray(a)
    for kw in ({}, {'tol': 0.01}, {'tol': np.array([0.01, 2.0])}, {'rtol': 0.1}, {'rtol': np.array([0.1, 0.0])}):
        got = cp.linalg.matrix_rank(ca, **kw)
        assert np.array_equal(to_np(got), np.linalg.matrix_rank(a, **kw)), kw
    h = matrices((3, 3), np.float64, 6, hermitian=True)
    assert int(cp.linalg.matrix_rank(cp.asarray(h), hermitian=True)) == np.linalg.matrix_rank(h, hermitian=True)
    assert cp.linalg.matrix_rank(cp.asarray(5.0)) == 1 and cp.linalg.matrix_rank(cp.asarray(0.0)) == 0


@pytest.mark.parametrize('p', [None, 2, -2, 1, -1, np.inf, -np.inf, 'fro', 'nuc'], ids=str)
def test_cond_complex_and_singular(p):
    a = matrices((2, 3, 3), np.complex128, 7)
    close(cp.linalg.cond(cp.asarray(a), p), np.linalg.cond(a, p), 1e-8)
    if p not in (None, 2, -2, 'nuc'):  # NumPy's nuc of a singular matrix: SVD did not converge
        s = np.array([[1.0, 2.0], [2.0, 4.0]])
        assert np.isinf(float(cp.linalg.cond(cp.asarray(s), p)))
        assert np.isinf(np.linalg.cond(s, p))
    with pytest.raises(cp.linalg.LinAlgError, match='1-dimensional'):
        cp.linalg.cond(cp.asarray(np.ones(3)), p)


def test_norm_views_and_errors():
    x = matrices((4, 6, 5), np.float64, 8)[:, ::-2, 1:]
    cx = cp.asarray(matrices((4, 6, 5), np.float64, 8))[:, ::-2, 1:]
    close(cp.linalg.norm(cx, axis=(0, 2)), np.linalg.norm(x, axis=(0, 2)))
    close(cp.linalg.norm(cx, 'nuc', axis=(2, 1), keepdims=True), np.linalg.norm(x, 'nuc', axis=(2, 1), keepdims=True))
    close(cp.linalg.norm(cx, -np.inf, axis=-1), np.linalg.norm(x, -np.inf, axis=-1))
    close(cp.linalg.vector_norm(cx, axis=(2, 0), keepdims=True, ord=1),
          np.linalg.vector_norm(x, axis=(2, 0), keepdims=True, ord=1))
    close(cp.linalg.vector_norm(cx, keepdims=True), np.linalg.vector_norm(x, keepdims=True))
    close(cp.linalg.matrix_norm(cx, keepdims=True, ord=2), np.linalg.matrix_norm(x, keepdims=True, ord=2))
    close(cp.linalg.norm(cp.asarray(np.arange(6, dtype=np.int16)), 0), np.linalg.norm(np.arange(6, dtype=np.int16), 0))
    close(cp.linalg.norm(cp.asarray(np.float32(3.0))), np.linalg.norm(np.float32(3.0)))
    with pytest.raises(ValueError, match="Invalid norm order 'nuc' for vectors"):
        cp.linalg.norm(cx, 'nuc', axis=1)
    with pytest.raises(ValueError, match='Invalid norm order for matrices'):
        cp.linalg.norm(cx, 'bad', axis=(0, 1))
    with pytest.raises(ValueError, match='Improper number of dimensions'):
        cp.linalg.norm(cx, axis=(0, 1, 2))
    with pytest.raises(np.exceptions.AxisError):
        cp.linalg.norm(cx, 2, axis=(0, 3))
    with pytest.raises(TypeError):
        cp.linalg.norm(cx, axis='a')


def test_multi_dot_order_and_out():
    # Shapes whose cheapest order is not left to right.
    arrs = [matrices(s, np.float64, i) for i, s in enumerate([(10, 2), (2, 30), (30, 3), (3, 40)])]
    close(cp.linalg.multi_dot([cp.asarray(x) for x in arrs]), np.linalg.multi_dot(arrs))
    out = cp.empty((10, 40))
    r = cp.linalg.multi_dot([cp.asarray(x) for x in arrs], out=out)
    assert r is out
    close(out, np.linalg.multi_dot(arrs))
    out2 = cp.empty((10, 30))
    assert cp.linalg.multi_dot([cp.asarray(arrs[0]), cp.asarray(arrs[1])], out=out2) is out2
    close(out2, arrs[0] @ arrs[1])
    with pytest.raises(ValueError, match='at least two'):
        cp.linalg.multi_dot([cp.asarray(arrs[0])])
    with pytest.raises(cp.linalg.LinAlgError, match='3-dimensional'):
        cp.linalg.multi_dot([cp.asarray(arrs[0]), cp.asarray(np.ones((2, 2, 2))), cp.asarray(arrs[1])])


def test_tensorinv_tensorsolve_axes_and_errors():
    a = matrices((12, 12), np.float64, 9).reshape(3, 4, 2, 6)
    close(cp.linalg.tensorinv(cp.asarray(a), ind=2), np.linalg.tensorinv(a, ind=2))
    a3 = matrices((6, 6), np.float64, 10).reshape(6, 2, 3)
    close(cp.linalg.tensorinv(cp.asarray(a3), ind=1), np.linalg.tensorinv(a3, ind=1))
    with pytest.raises(ValueError, match='Invalid ind'):
        cp.linalg.tensorinv(cp.asarray(a), ind=0)
    b = matrices((2, 6), np.float64, 11)
    t = np.moveaxis(a, 0, -1)  # (4, 2, 6, 3): solve over axes moved back
    close(cp.linalg.tensorsolve(cp.asarray(t), cp.asarray(b.reshape(4, 3)), axes=(0,)),
          np.linalg.tensorsolve(t, b.reshape(4, 3), axes=(0,)))
    with pytest.raises(cp.linalg.LinAlgError):
        cp.linalg.tensorsolve(cp.asarray(np.ones((2, 3, 4))), cp.asarray(np.ones(2)))


@pytest.mark.parametrize('dtype', [np.int64, np.float32, np.complex128], ids=lambda d: np.dtype(d).name)
def test_cross_dtypes_and_broadcast(dtype):
    rng = np.random.default_rng(12)
    a = (rng.standard_normal((4, 1, 3)) * 10).astype(dtype)
    b = (rng.standard_normal((5, 3)) * 10).astype(dtype)
    close(cp.cross(cp.asarray(a), cp.asarray(b)), np.cross(a, b), 1e-6)
    close(cp.cross(cp.asarray(a[..., ::-1]), cp.asarray(b), axisc=0), np.cross(a[..., ::-1], b, axisc=0), 1e-6)
    close(cp.linalg.cross(cp.asarray(a), cp.asarray(b)), np.linalg.cross(a, b), 1e-6)
    with pytest.raises(ValueError):
        cp.cross(cp.asarray(a[..., :1]), cp.asarray(b))
    with pytest.raises(np.exceptions.AxisError):
        cp.cross(cp.asarray(a), cp.asarray(b), axisa=5)


# ---- NumPy's edges, found by a differential probe of cunumpy.linalg against NumPy ----------
def _same(expr):
    from _reduction_helpers import same
    with np.errstate(all="ignore"):
        same(lambda: eval(expr, {"xp": cp, "np": np}), lambda: eval(expr, {"xp": np, "np": np}))


@pytest.mark.parametrize("expr", [
    # _commonType: integers and bools make float64, whatever the other operand
    'xp.linalg.solve(xp.asarray(np.eye(3, dtype="float32")), xp.asarray(np.ones(3, "uint8")))',
    'xp.linalg.solve(xp.asarray(np.eye(2, dtype="float32")), xp.asarray(np.ones((2, 2), bool)))',
    'xp.linalg.solve(xp.asarray(np.eye(1, dtype="int8")), xp.asarray(np.ones(1, "complex64")))',
    'xp.linalg.solve(xp.asarray(np.eye(1, dtype="float16")), xp.asarray(np.ones(1)))',  # TypeError
    'xp.linalg.solve(xp.asarray(np.zeros((0, 0))), xp.asarray(np.ones(0, "float16")))',  # TypeError
    # vecdot: core sizes must match, no 0-d operands
    'xp.vecdot(xp.asarray(np.ones((1, 3))), xp.asarray(np.ones((3, 1))))',
    'xp.vecdot(xp.asarray(np.ones(())), xp.asarray(np.ones(3)))',
    'xp.vecdot(xp.asarray(np.ones((2, 3))), xp.asarray(np.ones(())))',
    'xp.vecdot(xp.asarray(np.ones((2, 1, 3))), xp.asarray(np.ones((4, 3))))',
    'xp.linalg.vecdot(xp.asarray(np.ones((3, 2))), xp.asarray(np.ones((3, 2))), axis=0)',
    # cond of empty matrices: LinAlgError first
    'xp.linalg.cond(xp.asarray(np.zeros((0, 0))))', 'xp.linalg.cond(xp.asarray(np.zeros((2, 0, 0), bool)), "nuc")',
    'xp.linalg.cond(xp.asarray(np.zeros((0, 0), "float16")), 1)',
    # norms and matrix_rank: maxima from 0 over empty axes
    'xp.linalg.matrix_norm(xp.asarray(np.zeros((0, 2), "float16")), ord=np.inf)',
    'xp.linalg.matrix_norm(xp.asarray(np.zeros((2, 3, 0, 0), "complex64")), ord=1)',
    'xp.linalg.matrix_norm(xp.asarray(np.zeros((0, 2))), ord=2)',
    'xp.linalg.vector_norm(xp.asarray(np.zeros(0, "float16")), ord=np.inf, keepdims=True)',
    'xp.linalg.norm(xp.asarray(np.zeros((0, 2))), ord=np.inf)',
    'xp.linalg.vector_norm(xp.asarray(np.zeros(0)), ord=-np.inf)',  # ValueError as NumPy
    'xp.linalg.matrix_rank(xp.asarray(np.zeros((2, 0, 5), "int8")))',
    'xp.linalg.matrix_rank(xp.asarray(np.zeros((0, 3), "uint8")))',
    # pinv of empty matrices keeps the input dtype
    'xp.linalg.pinv(xp.asarray(np.zeros((0, 0), "uint8")))', 'xp.linalg.pinv(xp.asarray(np.zeros((2, 0), "float16")))',
    'xp.linalg.pinv(xp.asarray(np.zeros((0, 3, 3), "int16")))',
    # tensordot: integer axes beyond an operand are IndexError, negative ones none
    'xp.tensordot(xp.asarray(np.ones((3, 0))), xp.asarray(np.ones(3)), axes=2)',
    'xp.tensordot(xp.asarray(np.ones((3, 3))), xp.asarray(np.ones(())), axes=2)',
    'xp.tensordot(xp.asarray(np.ones(3)), xp.asarray(np.ones(3)), axes=-1)',
    'xp.tensordot(xp.asarray(np.ones((3, 0))), xp.asarray(np.ones(0)), axes=2)',  # mismatch met first
    'xp.tensordot(xp.asarray(np.ones((2, 3))), xp.asarray(np.ones(2)), axes=2)',
], ids=lambda e: e[:70])
def test_linalg_edges_like_numpy(expr):
    _same(expr)


# lstsq: an rcond <= 0 or >= 1 is LAPACK's machine precision (exact zeros are cut, not
# inverted into inf); the rank is LAPACK's int32.
@pytest.mark.parametrize("rcond", [-1, 0, 1, 2, None, 1e-3])
@pytest.mark.parametrize("b_dtype", ["uint8", "float64"])
def test_lstsq_rcond_edges_like_numpy(rcond, b_dtype):
    a = np.array([[2, 0], [1, 0], [-5, 0]])
    b = np.arange(6).reshape(3, 2).astype(b_dtype)
    want = np.linalg.lstsq(a, b, rcond=rcond)
    got = cp.linalg.lstsq(cp.asarray(a), cp.asarray(b), rcond=rcond)
    for g, w in zip(got, want):
        g = cp.asnumpy(g) if isinstance(g, cp.ndarray) else g
        assert np.asarray(g).dtype == np.asarray(w).dtype and np.shape(g) == np.shape(w)
        np.testing.assert_allclose(g, w, rtol=1e-10, atol=1e-12)
    assert type(got[2]) is type(want[2])


# eig/eigvals refuse inf/NaN before LAPACK (NumPy's _assert_finite; geev's argument errors
# printed to stdout before); lstsq's SVD failure has NumPy's text.
@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_nonfinite_linalg_errors_like_numpy(bad, capfd):
    m = np.array([[1.0, bad], [2.0, 3.0]])
    for name in ("eig", "eigvals"):
        with pytest.raises(np.linalg.LinAlgError, match="Array must not contain infs or NaNs"):
            getattr(cp.linalg, name)(cp.asarray(m))
    with pytest.raises(np.linalg.LinAlgError, match="SVD did not converge in Linear Least Squares"):
        cp.linalg.lstsq(cp.asarray(m), cp.asarray(np.ones(2)))
    assert "illegal value" not in capfd.readouterr().out
