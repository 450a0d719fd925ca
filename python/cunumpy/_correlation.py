"""Correlation with NumPy's signatures: cov, corrcoef, correlate and convolve (1-D).

cov follows NumPy's formula line by line; its X @ X^H is a broadcast product summed over
the observations (no matmul yet), so the summation order, not the result, differs from
NumPy's BLAS call. correlate/convolve are one ElementwiseKernel: a thread (CPU: a loop
iteration) per output position computes its dot product over the overlap, the same body
on both backends, accumulating as NumPy's dot loops do (float16 in float).
"""
import warnings

import numpy as _numpy

from cunumpy import _core
from cunumpy import _ufuncs as _u
from cunumpy._creation import asarray, zeros

ndarray = _core.ndarray

__all__ = ['cov', 'corrcoef', 'correlate', 'convolve']


def _arr(a):
    return a if isinstance(a, ndarray) else asarray(a)


def _ndmin2(a, dtype):
    a = a.astype(dtype) if a.dtype != dtype else a
    return a.reshape(1, -1) if a.ndim < 2 else a


def _host_weights(w, name, n):
    """NumPy's checks of fweights/aweights (a few numbers per observation, on the host)."""
    w = _numpy.asarray(w.get() if isinstance(w, ndarray) else w, dtype=float)
    if name == 'fweights' and not _numpy.all(w == _numpy.around(w)):
        raise TypeError("fweights must be integer")
    if w.ndim > 1:
        raise RuntimeError(f"cannot handle multidimensional {name}")
    if w.shape[0] != n:
        raise RuntimeError(f"incompatible numbers of samples and {name}")
    if any(w < 0):
        raise ValueError(f"{name} cannot be negative")
    return w


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *,
        dtype=None):
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    m = _arr(m)
    if m.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    if y is not None:
        y = _arr(y)
        if y.ndim > 2:
            raise ValueError("y has more than 2 dimensions")
    if dtype is None:
        dtype = _numpy.result_type(m.dtype, _numpy.float64) if y is None else \
            _numpy.result_type(m.dtype, y.dtype, _numpy.float64)
    dtype = _numpy.dtype(dtype)
    X = _ndmin2(m, dtype)
    if not rowvar and m.ndim != 1:
        X = X.T
    if X.shape[0] == 0:
        return zeros((0, 0), _numpy.float64)
    if y is not None:
        y = _ndmin2(y, dtype)
        if not rowvar and y.shape[0] != 1:
            y = y.T
        from cunumpy._manipulation import concatenate
        X = concatenate((X, y), axis=0)
    if ddof is None:
        ddof = 1 if bias == 0 else 0
    n = X.shape[1]
    w = None
    if fweights is not None:
        w = _host_weights(fweights, 'fweights', n)
    if aweights is not None:
        aw = _host_weights(aweights, 'aweights', n)
        w = aw if w is None else w * aw
    if w is None:
        avg = X.mean(axis=1)
        fact = n - ddof
    else:
        w_sum = w.sum()
        if w_sum == 0:
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        wd = asarray(w)
        avg = _u.divide(_u.multiply(X, wd).sum(axis=1), w_sum)
        if ddof == 0:
            fact = w_sum
        elif aweights is None:
            fact = w_sum - ddof
        else:
            fact = w_sum - ddof * sum(w * aw) / w_sum
    if fact <= 0:
        warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=2)
        fact = 0.0
    X = _u.subtract(X, avg[:, None]).astype(dtype)
    X_T = X if w is None else _u.multiply(X, wd)  # float64 weights promote, as NumPy's X*w
    if X.dtype.kind == 'c':
        X_T = _u.conjugate(X_T)
    # dot(X, X_T.conj()) as a product broadcast over (rows, rows, observations) and summed.
    c = _u.multiply(X[:, None, :], X_T[None, :, :]).sum(axis=2)
    with _numpy.errstate(divide='warn'):
        _u.multiply(c, _numpy.true_divide(1, fact), out=c)  # in place, as NumPy: keeps dtype
    return c.squeeze()


def corrcoef(x, y=None, rowvar=True, bias=_numpy._NoValue, ddof=_numpy._NoValue, *,
             dtype=None):
    if bias is not _numpy._NoValue or ddof is not _numpy._NoValue:
        warnings.warn('bias and ddof have no effect and are deprecated',
                      DeprecationWarning, stacklevel=2)
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim < 2:
        return _u.divide(c, c)  # a scalar covariance: 1, or nan as NumPy
    from cunumpy._indexing import diagonal
    d = diagonal(c)
    stddev = _u.sqrt(d.real if d.dtype.kind == 'c' else d)
    c = _u.divide(_u.divide(c, stddev[:, None]), stddev[None, :])
    # Clip to [-1, 1]: rounding can take |c| slightly past 1.
    if c.dtype.kind == 'c':
        c.real[...] = _u.minimum(_u.maximum(c.real, -1), 1)
        c.imag[...] = _u.minimum(_u.maximum(c.imag, -1), 1)
    else:
        c = _u.minimum(_u.maximum(c, c.dtype.type(-1)), c.dtype.type(1))
    return c


# ---------------------------------------------------------------- correlate / convolve

_PREAMBLE = r'''
template <class U> struct cn_corr_acc { typedef U type; };
template <> struct cn_corr_acc<float16> { typedef float type; };
'''

# z[k] = sum over n of a[n + k - (M-1)] * w[n], for k = i + n_off (the full correlation's
# index; a has N elements, w has M).
_BODY = '''long long k = (long long)i + n_off;
long long lo = (M - 1 - k) > 0 ? (M - 1 - k) : 0;
long long hi = (N + M - 1 - k) < M ? (N + M - 1 - k) : M;
typename cn_corr_acc<T>::type acc = 0;
for (long long j = lo; j < hi; ++j)
  acc += (typename cn_corr_acc<T>::type)a[j + k - (M - 1)] * (typename cn_corr_acc<T>::type)w[j];
z = (T)acc;'''

_PARAMS = 'raw T a, raw T w, int64 n_a, int64 n_w, int64 n_off'

_kernel = []


def _kernel_specs():
    """The correlate kernel with the dtypes it takes, for scripts/check_stats_nvrtc.py."""
    names = ['bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64',
             'float16', 'float32', 'float64', 'complex64', 'complex128']
    yield 'cn_correlate', _PARAMS, 'T z', _body(), _PREAMBLE, 'n_a,n_w,n_off', names


def _body():
    return 'const long long N = n_a, M = n_w;\n' + _BODY


def _correlate_kernel():
    if not _kernel:
        from cunumpy._kernel import ElementwiseKernel
        _kernel.append(ElementwiseKernel(_PARAMS, 'T z', _body(), 'cn_correlate',
                                         preamble=_PREAMBLE))
    return _kernel[0]


def _mode(mode):
    modes = {'valid': 0, 'same': 1, 'full': 2, 'v': 0, 's': 1, 'f': 2, 0: 0, 1: 1, 2: 2}
    try:
        return modes[mode]
    except (KeyError, TypeError):
        raise ValueError(f"mode must be one of 'valid', 'same', or 'full' (got {mode!r})") \
            from None


def _correlate(a, w, mode, swapped_same):
    """The slice of the full correlation of a (N) with w (M) that `mode` keeps; NumPy's
    'same' centres on the shorter input (swapped_same: it was a)."""
    N, M = a.shape[0], w.shape[0]
    if mode == 2:
        off, length = 0, N + M - 1
    elif mode == 0:
        off, length = min(N, M) - 1, abs(N - M) + 1
    else:
        length = max(N, M)
        off = N // 2 if swapped_same else (M - 1) - M // 2
    out = zeros(length, a.dtype)
    return _correlate_kernel()(a, w, N, M, off, out)


def _one_d(a, name):
    if a.ndim != 1:
        raise ValueError("object too deep for desired array" if a.ndim > 1
                         else "object of too small depth for desired array")
    if a.shape[0] == 0:
        raise ValueError(f"{name} cannot be empty")


def correlate(a, v, mode='valid'):
    mode = _mode(mode)
    a, v = _arr(a), _arr(v)
    _one_d(a, 'a')
    _one_d(v, 'v')
    dt = _numpy.result_type(a.dtype, v.dtype)
    a = a.astype(dt) if a.dtype != dt else a
    v = v.astype(dt) if v.dtype != dt else v
    if dt.kind == 'c':
        v = _u.conjugate(v)
    return _correlate(a, v, mode, a.shape[0] < v.shape[0])


def convolve(a, v, mode='full'):
    a, v = _arr(a), _arr(v)
    a = a.reshape(1) if a.ndim == 0 else a
    v = v.reshape(1) if v.ndim == 0 else v
    if v.ndim == 1 and a.ndim == 1 and v.shape[0] > a.shape[0]:
        a, v = v, a
    if a.ndim == 1 and a.shape[0] == 0:
        raise ValueError('a cannot be empty')
    if v.ndim == 1 and v.shape[0] == 0:
        raise ValueError('v cannot be empty')
    mode = _mode(mode)
    _one_d(a, 'a')
    _one_d(v, 'v')
    dt = _numpy.result_type(a.dtype, v.dtype)
    a = a.astype(dt) if a.dtype != dt else a
    v = v.astype(dt) if v.dtype != dt else v
    return _correlate(a, v[::-1], mode, False)

