"""Linear algebra (numpy.linalg / cupy.linalg).

The factorizations run in C++ on the device's LAPACK (cuSOLVER on CUDA; OpenBLAS's
LAPACK on the CPU backend): solve, inv, det, slogdet, cholesky, qr, eigh, eigvalsh, svd,
svdvals, eig, eigvals, matrix_power. The rest are NumPy's definitions composed from those
and the products: norm, vector_norm, matrix_norm, cond, pinv, lstsq, matrix_rank,
multi_dot, tensorinv, tensorsolve. Inputs may be stacks (..., M, N) wherever NumPy takes
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
from cunumpy._linalg_products import (  # noqa: F401  (numpy.linalg re-exports these)
    matmul, tensordot, vecdot as _vecdot, outer as _outer, trace as _trace)

LinAlgError = _core.LinAlgError

__all__ = ['LinAlgError', 'solve', 'inv', 'det', 'slogdet', 'cholesky', 'qr', 'eigh',
           'eigvalsh', 'svd', 'svdvals', 'eig', 'eigvals', 'matrix_power', 'norm',
           'vector_norm', 'matrix_norm', 'cond', 'pinv', 'lstsq', 'matrix_rank',
           'multi_dot', 'tensorinv', 'tensorsolve', 'matmul', 'tensordot', 'vecdot',
           'outer', 'trace', 'diagonal', 'matrix_transpose', 'cross']


# NumPy before 2.5 returns real eigenvalues (and vectors) of a real input when every
# eigenvalue is real; 2.5 returns complex arrays always. Follow the installed NumPy.
_EIG_REAL_IF_ALL_REAL = _numpy.lib.NumpyVersion(_numpy.__version__) < '2.5.0.dev0'

def _arr(a):
    if isinstance(a, _core.ndarray):
        return a
    from cunumpy._creation import asarray
    return asarray(a)


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


def _svd_hermitian(a, compute_uv):
    cp = _cp()
    if not compute_uv:
        s = cp.absolute(eigvalsh(a))
        return -cp.sort(-s, axis=-1)
    w, u = eigh(a)
    sgn = cp.sign(w)
    s = cp.absolute(w)
    order = cp.argsort(-s, axis=-1)
    sgn = cp.take_along_axis(sgn, order, axis=-1)
    s = cp.take_along_axis(s, order, axis=-1)
    u = cp.take_along_axis(u, order[..., None, :], axis=-1)
    vh = cp.conjugate(cp.swapaxes(u * sgn[..., None, :], -1, -2))
    return SVDResult(u, s, vh)


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """Singular value decomposition (numpy.linalg.svd): (U, S, Vh), or S alone."""
    a = _arr(a)
    if hermitian:
        return _svd_hermitian(a, compute_uv)
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
    return _cp().diagonal(_arr(x), offset=offset, axis1=-2, axis2=-1)


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
    return _cp().cross(x1, x2, axis=axis)


# ---- norms ----------------------------------------------------------------------------

def _real_abs(x):
    cp = _cp()
    return cp.absolute(x)


def _sum_sq(x, axis, keepdims):
    cp = _cp()
    if x.dtype.kind == 'c':
        sq = cp.add(cp.multiply(x.real, x.real), cp.multiply(x.imag, x.imag))
    else:
        sq = cp.multiply(x, x)
    return cp.sum(sq, axis=axis, keepdims=keepdims)


def norm(x, ord=None, axis=None, keepdims=False):
    """Matrix or vector norm (numpy.linalg.norm), every ord NumPy accepts."""
    cp = _cp()
    x = _arr(x)
    if x.dtype.kind not in 'fc':
        x = x.astype(_numpy.float64)
    if axis is None:
        nd = x.ndim
        if ord is None or (ord in ('f', 'fro') and nd == 2) or (ord == 2 and nd == 1):
            r = cp.sqrt(_sum_sq(x.ravel(), None, False))
            if keepdims:
                r = r.reshape((1,) * nd)
            return r
        if nd == 1:
            axis = (0,)
        elif nd == 2:
            axis = (0, 1)
        else:
            raise ValueError('Improper number of dimensions to norm.')
    elif not isinstance(axis, tuple):
        try:
            axis = int(axis)
        except Exception as e:
            raise TypeError("'axis' must be None, an integer or a tuple of integers") from e
        axis = (axis,)
    nd = x.ndim
    if len(axis) == 1:
        if isinstance(ord, str):
            raise ValueError(f"Invalid norm order '{ord}' for vectors")
        ax = axis[0]
        if ord == _numpy.inf:
            return cp.max(_real_abs(x), axis=ax, keepdims=keepdims)
        if ord == -_numpy.inf:
            return cp.min(_real_abs(x), axis=ax, keepdims=keepdims)
        if ord == 0:
            rt = _numpy.dtype(x.dtype).type(0).real.dtype
            return cp.sum(cp.not_equal(x, 0), axis=ax, keepdims=keepdims).astype(rt)
        if ord == 1:
            return cp.sum(_real_abs(x), axis=ax, keepdims=keepdims)
        if ord is None or ord == 2:
            return cp.sqrt(_sum_sq(x, ax, keepdims))
        try:
            ord + 1
        except TypeError as e:
            raise ValueError(f"Invalid norm order '{ord}' for vectors") from e
        a = _real_abs(x)
        rt = _numpy.dtype(a.dtype).type  # NumPy scalars of the result's dtype (strong)
        s = cp.sum(cp.power(a, rt(ord)), axis=ax, keepdims=keepdims)
        return cp.power(s, rt(1.0 / ord))
    if len(axis) == 2:
        row, col = axis
        row = _numpy_normalize_axis(row, nd)
        col = _numpy_normalize_axis(col, nd)
        if row == col:
            raise ValueError('Duplicate axes given.')
        if ord == 2 or ord == -2:
            s = svdvals(cp.moveaxis(x, (row, col), (-2, -1)))
            r = cp.max(s, axis=-1) if ord == 2 else cp.min(s, axis=-1)
        elif ord == 1 or ord == -1:
            c = col - 1 if col > row else col
            s = cp.sum(_real_abs(x), axis=row)
            r = cp.max(s, axis=c) if ord == 1 else cp.min(s, axis=c)
        elif ord == _numpy.inf or ord == -_numpy.inf:
            rr = row - 1 if row > col else row
            s = cp.sum(_real_abs(x), axis=col)
            r = cp.max(s, axis=rr) if ord == _numpy.inf else cp.min(s, axis=rr)
        elif ord in (None, 'fro', 'f'):
            r = cp.sqrt(_sum_sq(x, axis, False))
        elif ord == 'nuc':
            r = cp.sum(svdvals(cp.moveaxis(x, (row, col), (-2, -1))), axis=-1)
        else:
            raise ValueError('Invalid norm order for matrices.')
        if keepdims:
            shape = list(x.shape)
            shape[row] = 1
            shape[col] = 1
            r = r.reshape(tuple(shape))
        return r
    raise ValueError('Improper number of dimensions to norm.')


def _numpy_normalize_axis(ax, nd):
    ax = _operator.index(ax)
    if not -nd <= ax < nd:
        raise _numpy.exceptions.AxisError(ax, nd)
    return ax % nd


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Vector norm over the given axes (numpy.linalg.vector_norm)."""
    cp = _cp()
    x = _arr(x)
    shape = list(x.shape)
    if axis is None:
        y = x.ravel()
        ax = 0
    elif isinstance(axis, tuple):
        norm_axes = tuple(_numpy_normalize_axis(a, x.ndim) for a in axis)
        rest = tuple(i for i in range(x.ndim) if i not in norm_axes)
        y = cp.transpose(x, rest + norm_axes)
        y = y.reshape(tuple(x.shape[i] for i in rest) + (-1,))
        ax = -1
    else:
        y, ax = x, axis
    r = norm(y, axis=ax, ord=ord)
    if keepdims:
        axes = range(x.ndim) if axis is None else (
            axis if isinstance(axis, tuple) else (axis,))
        for a in axes:
            shape[_numpy_normalize_axis(a, x.ndim)] = 1
        r = r.reshape(tuple(shape))
    return r


def matrix_norm(x, /, *, keepdims=False, ord='fro'):
    """Matrix norm over the last two axes (numpy.linalg.matrix_norm)."""
    return norm(_arr(x), axis=(-2, -1), keepdims=keepdims, ord=ord)


def cond(x, p=None):
    """Condition number (numpy.linalg.cond); inf for singular matrices."""
    cp = _cp()
    x = _arr(x)
    if x.ndim < 2:
        raise LinAlgError(f'{x.ndim}-dimensional array given. Array must be at least '
                          'two-dimensional')
    if p is None or p == 2 or p == -2:
        s = svdvals(x)
        with _np_errstate():
            if p == -2:
                r = s[..., -1] / s[..., 0]
            else:
                r = s[..., 0] / s[..., -1]
    else:
        if x.shape[-1] != x.shape[-2]:
            raise LinAlgError('Last 2 dimensions of the array must be square')
        was = _core.linalg_error_checks()
        _core.set_linalg_error_checks(False)
        try:
            invx = inv(x)
        finally:
            _core.set_linalg_error_checks(was)
        r = norm(x, p, axis=(-2, -1)) * norm(invx, p, axis=(-2, -1))
    # Singular matrices: NaN from inf/inf or 0/0 becomes inf, unless x itself has NaNs.
    nan_r = cp.isnan(r)
    x_nan = cp.any(cp.isnan(x), axis=(-2, -1))
    fix = cp.logical_and(nan_r, cp.logical_not(x_nan))
    return cp.where(fix, _numpy.inf, r).astype(r.dtype)


class _np_errstate:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


def pinv(a, rcond=None, hermitian=False, *, rtol=_numpy._NoValue):
    """Moore-Penrose pseudo-inverse through the SVD (numpy.linalg.pinv)."""
    cp = _cp()
    a = _arr(a)
    if rcond is None:
        if rtol is _numpy._NoValue:
            rcond = 1e-15
        elif rtol is None:
            rcond = max(a.shape[-2:]) * _numpy.finfo(_linalg_dtype(a.dtype)).eps
        else:
            rcond = rtol
    elif rtol is not _numpy._NoValue:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    m, n = a.shape[-2:]
    if a.size == 0:
        return cp.empty(a.shape[:-2] + (n, m), dtype=_linalg_dtype(a.dtype))
    a = cp.conjugate(a) if a.dtype.kind == 'c' else a
    u, s, vt = svd(a, full_matrices=False, hermitian=hermitian)
    rc = _arr(_numpy.asarray(rcond)) if not isinstance(rcond, _core.ndarray) else rcond
    cutoff = cp.multiply(rc[..., None], cp.max(s, axis=-1, keepdims=True))
    large = cp.greater(s, cutoff)
    sinv = cp.where(large, 1 / cp.where(large, s, 1), 0).astype(s.dtype)
    return cp.matmul(cp.swapaxes(vt, -1, -2), cp.multiply(sinv[..., None], cp.swapaxes(u, -1, -2)))


def _linalg_dtype(dt):
    dt = _numpy.dtype(dt)
    if dt == _numpy.float16:
        raise TypeError('array type float16 is unsupported in linalg')
    if dt.kind in 'fc':
        return dt
    return _numpy.dtype(_numpy.float64)


def lstsq(a, b, rcond=None):
    """Least-squares solution of a @ x = b (numpy.linalg.lstsq) through the SVD:
    (x, residuals, rank, s)."""
    cp = _cp()
    a, b = _arr(a), _arr(b)
    is_1d = b.ndim == 1
    if is_1d:
        b = b[:, None]
    if a.ndim != 2 or b.ndim != 2:
        raise LinAlgError(f'{min(a.ndim, b.ndim)}-dimensional array given. Array must be '
                          'two-dimensional')
    m, n = a.shape
    if m != b.shape[0]:
        raise LinAlgError('Incompatible dimensions')
    t = _numpy.result_type(_linalg_dtype(a.dtype), _linalg_dtype(b.dtype))
    rt = _numpy.empty(0, t).real.dtype
    if rcond is None:
        rcond = _numpy.finfo(t).eps * max(n, m)
    a, b = a.astype(t), b.astype(t)
    k = b.shape[1]
    if min(m, n) == 0:
        x = cp.zeros((n, k), dtype=t)
        s = cp.zeros((0,), dtype=rt)
        rank = 0
        resids = cp.zeros((k,) if m > 0 and n == 0 else (0,), dtype=rt)
        if m > 0 and n == 0:
            resids = _sum_sq(b, 0, False).astype(rt)
    else:
        u, s, vh = svd(a, full_matrices=False)
        cutoff = rcond * float(cp.max(s))
        large = cp.greater(s, cutoff)
        rank = int(cp.count_nonzero(large))
        sinv = cp.where(large, 1 / cp.where(large, s, 1), 0).astype(rt)
        uh = cp.conjugate(u.T) if t.kind == 'c' else u.T
        v = cp.conjugate(vh.T) if t.kind == 'c' else vh.T
        x = cp.matmul(v, cp.multiply(sinv[:, None], cp.matmul(uh, b)))
        if rank == n and m > n:
            resids = _sum_sq(cp.subtract(b, cp.matmul(a, x)), 0, False).astype(rt)
        else:
            resids = cp.empty((0,), dtype=rt)
    if is_1d:
        x = x[:, 0]
        if resids.size:
            resids = resids.reshape((1,))
    return x, resids, rank, s


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    """Rank from the singular values above a tolerance (numpy.linalg.matrix_rank)."""
    cp = _cp()
    A = _arr(A)
    if A.ndim < 2:
        return int(not bool(cp.all(cp.equal(A, 0))))
    S = svd(A, compute_uv=False, hermitian=hermitian)
    if tol is None:
        if rtol is None:
            rtol = max(A.shape[-2:]) * _numpy.finfo(S.dtype).eps
        else:
            rtol = _arr(_numpy.asarray(rtol))[..., None]
        tol = cp.multiply(cp.max(S, axis=-1, keepdims=True), rtol)
    else:
        tol = _arr(_numpy.asarray(tol) if not isinstance(tol, _core.ndarray) else tol)[..., None]
    return cp.count_nonzero(cp.greater(S, tol), axis=-1)


def multi_dot(arrays, *, out=None):
    """Product of several matrices in the cheapest order (numpy.linalg.multi_dot); the
    first and last may be 1-D (a row and a column vector)."""
    cp = _cp()
    arrays = [_arr(a) for a in arrays]
    n = len(arrays)
    if n < 2:
        raise ValueError('Expecting at least two arrays.')
    if n == 2:
        return cp.dot(arrays[0], arrays[1], out=out)
    first_1d, last_1d = arrays[0].ndim == 1, arrays[-1].ndim == 1
    if first_1d:
        arrays[0] = arrays[0][None, :]
    if last_1d:
        arrays[-1] = arrays[-1][:, None]
    for a in arrays:
        if a.ndim != 2:
            raise LinAlgError(f'{a.ndim}-dimensional array given. Array must be '
                              'two-dimensional')
    # Matrix-chain order by dynamic programming over the dimensions p.
    p = [a.shape[0] for a in arrays] + [arrays[-1].shape[1]]
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = None
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                if cost[i][j] is None or c < cost[i][j]:
                    cost[i][j], split[i][j] = c, k

    def chain(i, j):
        if i == j:
            return arrays[i]
        k = split[i][j]
        return cp.matmul(chain(i, k), chain(k + 1, j))

    r = chain(0, n - 1)
    if first_1d and last_1d:
        r = r[0, 0]
    elif first_1d:
        r = r[0]
    elif last_1d:
        r = r[:, 0]
    if out is not None:
        out[...] = r
        return out
    return r


def tensorinv(a, ind=2):
    """Inverse of an N-d array with respect to tensordot (numpy.linalg.tensorinv)."""
    a = _arr(a)
    oldshape = a.shape
    if ind <= 0:
        raise ValueError('Invalid ind argument.')
    prod = 1
    for v in oldshape[ind:]:
        prod *= v
    invshape = oldshape[ind:] + oldshape[:ind]
    ia = inv(a.reshape((-1, prod)) if prod else a.reshape((0, 0)))
    return ia.reshape(invshape)


def tensorsolve(a, b, axes=None):
    """Solves tensordot(a, x, axes=b.ndim) = b for x (numpy.linalg.tensorsolve)."""
    cp = _cp()
    a, b = _arr(a), _arr(b)
    an = a.ndim
    if axes is not None:
        allaxes = list(range(an))
        for k in axes:
            allaxes.remove(k)
            allaxes.insert(an, k)
        a = cp.transpose(a, tuple(allaxes))
    oldshape = a.shape[-(an - b.ndim):]
    prod = 1
    for k in oldshape:
        prod *= k
    if a.size != prod ** 2:
        raise LinAlgError('Input arrays must satisfy the requirement '
                          'prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])')
    a = a.reshape((prod, prod))
    x = solve(a, b.ravel())
    return x.reshape(oldshape)
