"""Linear algebra (numpy.linalg / cupy.linalg).

The factorizations run in C++ on the device's LAPACK (cuSOLVER on CUDA; OpenBLAS's
LAPACK on the CPU backend): solve, inv, det, slogdet, cholesky, qr, eigh, eigvalsh, svd,
svdvals, eig, eigvals, matrix_power. The rest are NumPy's definitions composed in C++ from those
and the products (include/cunumpy/ops/linalg_composites.hpp): norm, vector_norm,
matrix_norm, cond, pinv, lstsq, matrix_rank, multi_dot, tensorinv, tensorsolve. Inputs may be stacks (..., M, N) wherever NumPy takes
them; integers and bool compute in float64, float16 is NumPy's TypeError.

LinAlgError (a subclass of numpy.linalg.LinAlgError) reports singular or not positive
definite input and failed convergence. Finding that out reads the per-matrix info flags
back from the device after the factorization (one synchronization on CUDA);
``cunumpyx.set_linalg_error_checks(False)`` skips that read (results of failed
factorizations are then whatever LAPACK left, as with CuPy's default).
"""
import operator as _operator

import numpy as _numpy

from cunumpy import _core
from cunumpy._array_like import as_ndarray as _arr
from cunumpy._linalg_products import (  # noqa: F401  (numpy.linalg re-exports these)
    matmul, tensordot, vecdot as _vecdot, outer as _outer, trace as _trace, cross as _cross)

LinAlgError = _core.LinAlgError

__all__ = ['LinAlgError', 'solve', 'inv', 'det', 'slogdet', 'cholesky', 'qr', 'eigh',
           'eigvalsh', 'svd', 'svdvals', 'eig', 'eigvals', 'matrix_power', 'norm',
           'vector_norm', 'matrix_norm', 'cond', 'pinv', 'lstsq', 'matrix_rank',
           'multi_dot', 'tensorinv', 'tensorsolve', 'matmul', 'tensordot', 'vecdot',
           'outer', 'trace', 'diagonal', 'matrix_transpose', 'cross']


# NumPy before 2.5 returns real eigenvalues (and vectors) of a real input when every
# eigenvalue is real; 2.5 returns complex arrays always. Follow the installed NumPy.
_EIG_REAL_IF_ALL_REAL = _numpy.lib.NumpyVersion(_numpy.__version__) < '2.5.0.dev0'



def _cp():
    import cunumpy
    return cunumpy


class _Result(tuple):
    """A tuple with named fields, as NumPy's result namedtuples (EighResult, ...)."""
    _fields = ()

    def __new__(cls, *values):
        return tuple.__new__(cls, values)

    def __getattr__(self, name):
        try:
            return self[self._fields.index(name)]
        except ValueError:
            raise AttributeError(name) from None

    def __repr__(self):
        inner = ', '.join(f'{f}={v!r}' for f, v in zip(self._fields, self))
        return f'{type(self).__name__}({inner})'


def _result(name, fields):
    return type(name, (_Result,), {'_fields': tuple(fields), '__slots__': ()})


EigResult = _result('EigResult', ['eigenvalues', 'eigenvectors'])
EighResult = _result('EighResult', ['eigenvalues', 'eigenvectors'])
QRResult = _result('QRResult', ['Q', 'R'])
SlogdetResult = _result('SlogdetResult', ['sign', 'logabsdet'])
SVDResult = _result('SVDResult', ['U', 'S', 'Vh'])


def solve(a, b):
    """Solves a @ x = b (numpy.linalg.solve); b is one vector only when 1-D."""
    return _core.linalg_solve(_arr(a), _arr(b))


def inv(a):
    """Inverse of each square matrix (numpy.linalg.inv)."""
    return _core.linalg_inv(_arr(a))


def det(a):
    """Determinant of each square matrix (numpy.linalg.det), from an LU factorization."""
    return _core.linalg_det(_arr(a))


def slogdet(a):
    """Sign and log of the absolute determinant (numpy.linalg.slogdet)."""
    return SlogdetResult(*_core.linalg_slogdet(_arr(a)))


def cholesky(a, /, *, upper=False):
    """Cholesky factor, lower (L @ L^H = a) or upper (numpy.linalg.cholesky)."""
    return _core.linalg_cholesky(_arr(a), bool(upper))


def qr(a, mode='reduced'):
    """QR factorization (numpy.linalg.qr), modes 'reduced', 'complete', 'r', 'raw'."""
    if mode in ('full', 'f', 'economic', 'e'):
        raise ValueError(f"The '{mode}' mode of qr was removed; use 'reduced', "
                         "'complete', 'r' or 'raw'")
    q, r = _core.linalg_qr(_arr(a), mode)
    if mode == 'r':
        return q
    if mode == 'raw':
        return q, r
    return QRResult(q, r)


def eigh(a, UPLO='L'):
    """Eigenvalues (ascending) and eigenvectors of Hermitian matrices (numpy.linalg.eigh)."""
    return EighResult(*_core.linalg_eigh(_arr(a), UPLO))


def eigvalsh(a, UPLO='L'):
    """Eigenvalues (ascending) of Hermitian matrices (numpy.linalg.eigvalsh)."""
    return _core.linalg_eigvalsh(_arr(a), UPLO)


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """Singular value decomposition (numpy.linalg.svd): (U, S, Vh), or S alone."""
    a = _arr(a)
    if hermitian:
        r = _core.linalg_svd_hermitian(a, bool(compute_uv))
        return SVDResult(*r) if compute_uv else r
    u, s, vh = _core.linalg_svd(a, bool(full_matrices), bool(compute_uv))
    if not compute_uv:
        return s
    return SVDResult(u, s, vh)


def svdvals(x, /):
    """Singular values, descending (numpy.linalg.svdvals)."""
    return _core.linalg_svdvals(_arr(x))


def eig(a):
    """Eigenvalues and right eigenvectors of square matrices (numpy.linalg.eig); real
    arrays when a real input's eigenvalues are all real. On CUDA it runs on the host's
    LAPACK (geev), copying the matrices there and back, and warns with
    cunumpy.exceptions.PerformanceWarning."""
    a = _arr(a)
    _warn_if_host_eig(a, "eig")
    return EigResult(*_core.linalg_eig(a, _EIG_REAL_IF_ALL_REAL))


def eigvals(a):
    """Eigenvalues of square matrices (numpy.linalg.eigvals); on CUDA through the host's
    LAPACK, as eig (PerformanceWarning)."""
    a = _arr(a)
    _warn_if_host_eig(a, "eigvals")
    return _core.linalg_eigvals(a, _EIG_REAL_IF_ALL_REAL)


def _warn_if_host_eig(a, name):
    # The CUDA backend has no device geev yet (src/backend/cuda/linalg_cuda.cpp).
    if a._device_kind == "cuda":
        from cunumpy._performance import warn_slow_path
        warn_slow_path(f"linalg.{name} on CUDA copies the matrices to the host, runs LAPACK's geev "
                       "there and copies the results back", 4)


def matrix_power(a, n):
    """a raised to the integer power n by repeated squaring (numpy.linalg.matrix_power)."""
    try:
        n = _operator.index(n)
    except TypeError as e:
        raise TypeError('exponent must be an integer') from e
    return _core.linalg_matrix_power(_arr(a), n)


def matrix_transpose(x, /):
    """Swaps the last two axes (numpy.linalg.matrix_transpose)."""
    return _core.linalg_matrix_transpose(_arr(x))


def diagonal(x, /, *, offset=0):
    """Diagonals of the last two axes (numpy.linalg.diagonal)."""
    a = _arr(x)
    return a.diagonal(offset, -2, -1)


def trace(x, /, *, offset=0, dtype=None):
    """Trace over the last two axes (numpy.linalg.trace)."""
    return _trace(_arr(x), offset=offset, axis1=-2, axis2=-1, dtype=dtype)


def outer(x1, x2, /):
    """Outer product of two 1-D arrays (numpy.linalg.outer)."""
    x1, x2 = _arr(x1), _arr(x2)
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError('Input arrays must be one-dimensional, but they are '
                         f'x1.ndim={x1.ndim} and x2.ndim={x2.ndim}.')
    return _outer(x1, x2)


def vecdot(x1, x2, /, *, axis=-1):
    """Vector dot product (numpy.linalg.vecdot)."""
    return _vecdot(x1, x2, axis=axis)


def cross(x1, x2, /, *, axis=-1):
    """Cross product of 3-element vectors (numpy.linalg.cross)."""
    x1, x2 = _arr(x1), _arr(x2)
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError('Both input arrays must be (arrays of) 3-dimensional vectors, '
                         f'but they are {x1.shape[axis]} and {x2.shape[axis]} '
                         'dimensional instead.')
    return _cross(x1, x2, axis=axis)


# ---- norms and what is built on the SVD (C++: cunumpy/ops/linalg_composites.hpp) -------

def _axes(axis):
    """None, or the axis / tuple of axes as a tuple of ints."""
    if axis is None:
        return None
    if isinstance(axis, tuple):
        return tuple(_operator.index(a) for a in axis)
    try:
        return (int(axis),)
    except Exception as e:
        raise TypeError("'axis' must be None, an integer or a tuple of integers") from e


def norm(x, ord=None, axis=None, keepdims=False):
    """Matrix or vector norm (numpy.linalg.norm), every ord NumPy accepts."""
    return _core.linalg_norm(_arr(x), ord, _axes(axis), bool(keepdims))


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Vector norm over the given axes (numpy.linalg.vector_norm)."""
    return _core.linalg_vector_norm(_arr(x), _axes(axis), bool(keepdims), ord)


def matrix_norm(x, /, *, keepdims=False, ord='fro'):
    """Matrix norm over the last two axes (numpy.linalg.matrix_norm)."""
    return _core.linalg_matrix_norm(_arr(x), bool(keepdims), ord)


def cond(x, p=None):
    """Condition number (numpy.linalg.cond); inf for singular matrices."""
    return _core.linalg_cond(_arr(x), p)


def _tolerance(v):
    """A tolerance argument (scalar or array_like) as an array, or None."""
    if v is None or isinstance(v, _core.ndarray):
        return v
    return _arr(_numpy.asarray(v))


def pinv(a, rcond=None, hermitian=False, *, rtol=_numpy._NoValue):
    """Moore-Penrose pseudo-inverse through the SVD (numpy.linalg.pinv)."""
    if rcond is None:
        if rtol is _numpy._NoValue:
            rcond = 1e-15
        else:
            rcond = rtol  # None: max(M, N) * eps, in C++
    elif rtol is not _numpy._NoValue:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    return _core.linalg_pinv(_arr(a), _tolerance(rcond), bool(hermitian))


def lstsq(a, b, rcond=None):
    """Least-squares solution of a @ x = b (numpy.linalg.lstsq) through the SVD:
    (x, residuals, rank, s)."""
    x, residuals, rank, sv = _core.linalg_lstsq(_arr(a), _arr(b), None if rcond is None else float(rcond))
    return x, residuals, _numpy.int32(rank), sv  # NumPy's rank is LAPACK's int32


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    """Rank from the singular values above a tolerance (numpy.linalg.matrix_rank)."""
    A = _arr(A)
    r = _core.linalg_matrix_rank(A, _tolerance(tol), bool(hermitian),
                                 None if tol is not None else _tolerance(rtol))
    return int(r) if A.ndim < 2 else r


def multi_dot(arrays, *, out=None):
    """Product of several matrices in the cheapest order (numpy.linalg.multi_dot); the
    first and last may be 1-D (a row and a column vector)."""
    arrays = [_arr(a) for a in arrays]
    r = _core.linalg_multi_dot(arrays, out)
    return out if out is not None else r


def tensorinv(a, ind=2):
    """Inverse of an N-d array with respect to tensordot (numpy.linalg.tensorinv)."""
    return _core.linalg_tensorinv(_arr(a), _operator.index(ind))


def tensorsolve(a, b, axes=None):
    """Solves tensordot(a, x, axes=b.ndim) = b for x (numpy.linalg.tensorsolve)."""
    if axes is not None:
        axes = [_operator.index(k) for k in axes]
    return _core.linalg_tensorsolve(_arr(a), _arr(b), axes)
