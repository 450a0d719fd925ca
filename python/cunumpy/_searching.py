"""Searching with NumPy's signatures: where (one and three arguments), searchsorted
(also as ndarray.searchsorted) and digitize.

where(c, x, y) is the engine's internal 3-input ufunc `_where` after NumPy 2's promotion
(Python scalars weak). searchsorted is one binary search per needle, an ElementwiseKernel
(so the same body runs on the CPU backend and, through NVRTC, one CUDA thread per needle),
ordering as NumPy's sort does: NaN last, complex lexicographic with NaNs last.
"""
import numpy as _numpy

from cunumpy import _core
from cunumpy import _ufuncs as _u
from cunumpy._creation import asarray

ndarray = _core.ndarray

__all__ = ['where', 'searchsorted', 'digitize']

_NoValue = _numpy._NoValue


def _arr(a):
    return a if isinstance(a, ndarray) else asarray(a)


def _as_dtype(a, dt):
    """a as an array or NumPy scalar of dt; Python scalars cast as NumPy casts them."""
    if isinstance(a, ndarray):
        return a if a.dtype == dt else a.astype(dt)
    if type(a) in (bool, int, float, complex):
        try:
            return dt.type(a)  # the common case, without errstate's cost
        except OverflowError:
            # Out of range: whatever the installed NumPy does (2.5 raises OverflowError,
            # earlier releases wrap).
            with _numpy.errstate(all='ignore'):
                return _numpy.where(True, a, _numpy.zeros((), dt))[()]
    with _numpy.errstate(all='ignore'):
        h = _numpy.asarray(a)
        h = h.astype(dt) if h.dtype != dt else h
    return h[()] if h.ndim == 0 else asarray(h)


def _weak(a):
    """What np.result_type should see: arrays as dtypes, Python scalars as themselves."""
    if isinstance(a, ndarray):
        return a.dtype
    if isinstance(a, (bool, int, float, complex)):
        return a
    return _numpy.asarray(a).dtype


def where(condition, x=_NoValue, y=_NoValue):
    if x is _NoValue and y is _NoValue:
        return _core.nonzero(_arr(condition))
    if x is _NoValue or y is _NoValue:
        raise ValueError("either both or neither of x and y should be given")
    c = _arr(condition)
    if c.dtype != _numpy.bool_:
        c = c.astype(_numpy.bool_)
    if isinstance(x, ndarray) and isinstance(y, ndarray) and x.dtype == y.dtype:
        return _u._where(c, x, y)
    dt = _numpy.result_type(_weak(x), _weak(y))
    return _u._where(c, _as_dtype(x, dt), _as_dtype(y, dt))


# NumPy's sort order as "less than": NaN after everything, complex by (real, imag) with
# NaN parts last (npysort's CFLOAT_LT), so a binary search agrees with np.sort's output.
_PREAMBLE = r'''
template <class U> __device__ bool cn_ss_lt(const U& x, const U& y) {
    return x < y || (y != y && x == x);
}
template <class U> __device__ bool cn_ss_lt(const complex<U>& a, const complex<U>& b) {
    U ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
    if (ar < br) return ai == ai || bi != bi;
    if (ar > br) return bi != bi && ai == ai;
    if (ar == br || (ar != ar && br != br)) return ai < bi || (bi != bi && ai == ai);
    return br != br;
}
'''

_kernels = {}


def _search_spec(right, sorter):
    """(name, input params, output params, body) of the binary search for one needle."""
    at = 'a[s[m]]' if sorter else 'a[m]'
    # left: first position p with !(a[p] < v); right: first with v < a[p].
    test = f'!cn_ss_lt(v, {at})' if right else f'cn_ss_lt({at}, v)'
    params = 'raw T a, raw int64 s, T v, int64 n' if sorter else 'raw T a, T v, int64 n'
    body = ('long long lo = 0, hi = n;\n'
            'while (lo < hi) {\n'
            '  long long m = lo + ((hi - lo) >> 1);\n'
            f'  if ({test}) lo = m + 1; else hi = m;\n'
            '}\n'
            'out = lo;')
    name = f"cn_searchsorted_{'right' if right else 'left'}{'_sorter' if sorter else ''}"
    return name, params, 'int64 out', body


def _kernel_specs():
    """Every search kernel with the dtypes it takes, for scripts/check_stats_nvrtc.py."""
    names = ['bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64',
             'float16', 'float32', 'float64', 'complex64', 'complex128']
    for right in (False, True):
        for sorter in (False, True):
            name, ins, outs, body = _search_spec(right, sorter)
            yield name, ins, outs, body, _PREAMBLE, 'n', names


def _search_kernel(right, sorter):
    key = (right, sorter)
    k = _kernels.get(key)
    if k is None:
        from cunumpy._kernel import ElementwiseKernel
        name, ins, outs, body = _search_spec(right, sorter)
        k = ElementwiseKernel(ins, outs, body, name, preamble=_PREAMBLE)
        _kernels[key] = k
    return k


def searchsorted(a, v, side='left', sorter=None):
    a = _arr(a)
    if a.ndim != 1:
        raise ValueError("object too deep for desired array" if a.ndim > 1
                         else "object of too small depth for desired array")
    if not isinstance(side, str) or side.lower()[:1] not in ('l', 'r'):
        raise ValueError(f"side must be 'left' or 'right' (got {side!r})")
    right = side.lower()[:1] == 'r'
    dt = _numpy.result_type(a.dtype, _weak(v))
    if type(v) is int and dt.kind in 'iu' and not (
            _numpy.iinfo(dt).min <= v <= _numpy.iinfo(dt).max):
        # NumPy compares a Python int past a's range by value (-1 before every uint8).
        dt = _numpy.result_type(a.dtype, _numpy.asarray(v).dtype)
    vv = _as_dtype(v, dt)
    vv = vv if isinstance(vv, ndarray) else asarray(vv)
    aa = _as_dtype(a, dt)
    n = aa.shape[0]
    if sorter is not None:
        s = _arr(sorter)
        if s.dtype.kind not in 'iu':
            raise TypeError("searchsorted(): sorter must only contain integers")
        if s.ndim != 1 or s.shape[0] != n:
            raise ValueError("sorter.size must equal a.size")
        s = s.astype(_numpy.int64) if s.dtype != _numpy.int64 else s
        if n and (int(s.min()) < 0 or int(s.max()) >= n):
            raise ValueError("Sorter index out of range.")
        return _search_kernel(right, True)(aa, s, vv, n)
    return _search_kernel(right, False)(aa, vv, n)


def digitize(x, bins, right=False):
    x = _arr(x)
    bins = _arr(bins)
    if x.dtype.kind == 'c':
        raise TypeError("x may not be complex")
    if bins.ndim != 1:
        raise ValueError("object too deep for desired array" if bins.ndim > 1
                         else "object of too small depth for desired array")
    # NumPy's _monotonicity: increasing or decreasing, checked on the bins' differences.
    if bins.shape[0] > 1:
        d = bins[1:].astype(_numpy.float64) - bins[:-1].astype(_numpy.float64) \
            if bins.dtype.kind in 'bu' else bins[1:] - bins[:-1]
        inc = bool((d >= 0).all())
        if not inc and not bool((d <= 0).all()):
            raise ValueError("bins must be monotonically increasing or decreasing")
    else:
        inc = True
    side = 'left' if right else 'right'
    if inc:
        return searchsorted(bins, x, side=side)
    # Decreasing bins: search the reversed bins, count from the other end (NumPy's way).
    return bins.shape[0] - searchsorted(bins[::-1], x, side=side)
