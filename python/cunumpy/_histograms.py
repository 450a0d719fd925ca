"""Counting with NumPy's signatures: bincount, histogram, histogram_bin_edges,
histogram2d, histogramdd.

Every count is one atomic add of a bin index per element (an ElementwiseKernel) into a
result with one extra overflow slot, where the elements outside the bins go; so nothing
is compacted and the only host syncs are for sizes (bincount's min and max) and edges
derived from the data.
Bin edges are computed on the host with NumPy's own formulas (a few numbers); for equal
bins the index is NumPy's: (x - first) / width * n truncated, then corrected by one against
the edges, with the last edge inclusive.
"""
import operator

import numpy as _numpy

from cunumpy import _core
from cunumpy import _ufuncs as _u
from cunumpy._creation import asarray, zeros
from cunumpy._searching import searchsorted

ndarray = _core.ndarray

__all__ = ['bincount', 'histogram', 'histogram_bin_edges', 'histogram2d', 'histogramdd']

_range = range


def _arr(a):
    return a if isinstance(a, ndarray) else asarray(a)


def _host(a):
    return a.get() if isinstance(a, ndarray) else _numpy.asarray(a)


def _scalar(x0d):
    """A 0-d cunumpy array as a NumPy scalar of its dtype (keeps NumPy's promotion)."""
    return x0d.get()[()]


# Counting: one atomic add per element into the bins (CUDA's atomicAdd; on the CPU
# backend's threads cn_user.h's host atomicAdd), the same ElementwiseKernel body on both.
# Weighted sums are float64 added in any order, so their last bits may differ from NumPy's.
_COUNT_PREAMBLE = r"""
__device__ __forceinline__ void cn_atomic_add(int64_t* p, int64_t v) {
  atomicAdd((unsigned long long*)p, (unsigned long long)v);  // CUDA has no signed 64-bit one
}
__device__ __forceinline__ void cn_atomic_add(double* p, double v) { atomicAdd(p, v); }
"""
_COUNT = ('int64 k', 'raw int64 bins', 'cn_atomic_add(&bins[k], (int64_t)1)', 'cn_bincount')
_SUM = ('int64 k, float64 w', 'raw float64 bins', 'cn_atomic_add(&bins[k], w)',
        'cn_bincount_weights')
_count_kernels = {}


def _counter(weighted):
    k = _count_kernels.get(weighted)
    if k is None:
        from cunumpy._kernel import ElementwiseKernel
        ins, outs, body, name = _SUM if weighted else _COUNT
        k = _count_kernels[weighted] = ElementwiseKernel(ins, outs, body, name,
                                                         preamble=_COUNT_PREAMBLE)
    return k


def _count(idx, n, weights=None):
    """Counts (int64, or float64 sums of weights) of the int64 indices idx in [0, n)."""
    out = zeros(n, _numpy.int64 if weights is None else _numpy.float64)
    if idx.size:
        if weights is None:
            _counter(False)(idx, out)
        else:
            _counter(True)(idx, weights, out)
    return out


def bincount(x, weights=None, minlength=0):
    if minlength is None:
        raise TypeError("use 0 instead of None for minlength")
    minlength = operator.index(minlength)
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    if isinstance(x, (list, tuple)) and len(x) == 0:
        x = zeros(0, _numpy.int64)
    x = _arr(x)
    if x.ndim != 1:
        raise ValueError("object too deep for desired array" if x.ndim > 1
                         else "object of too small depth for desired array")
    if x.dtype.kind not in 'biu':
        raise TypeError(f"Cannot cast array data from {x.dtype!r} to dtype('int64') "
                        "according to the rule 'safe'")
    w = None
    if weights is not None:
        w = _arr(weights)
        if w.dtype.kind == 'c':
            raise TypeError(f"Cannot cast array data from {w.dtype!r} to dtype('float64') "
                            "according to the rule 'safe'")
        if w.shape != x.shape:
            raise ValueError("The weights and list don't have the same length.")
        w = w.astype(_numpy.float64)
    if not x.size:
        return zeros(minlength, _numpy.int64)  # NumPy: integer zeros, even with weights
    xi = x.astype(_numpy.int64) if x.dtype != _numpy.int64 else x
    # The result's size needs the largest value on the host (one sync, as in NumPy/CuPy).
    if int(xi.min()) < 0:
        raise ValueError("'list' argument must have no negative elements")
    return _count(xi, max(minlength, int(xi.max()) + 1), w)


# ---------------------------------------------------------------- bin edges (host)

def _outer_edges(a, rng):
    """NumPy's _get_outer_edges: from range=, else the data's min and max."""
    if rng is not None:
        first, last = rng
        if first > last:
            raise ValueError('max must be larger than min in range parameter.')
        if not (_numpy.isfinite(first) and _numpy.isfinite(last)):
            raise ValueError(f"supplied range of [{first}, {last}] is not finite")
    elif a.size == 0:
        first, last = 0, 1
    else:
        first, last = _scalar(a.min()), _scalar(a.max())
        if not (_numpy.isfinite(first) and _numpy.isfinite(last)):
            raise ValueError(f"autodetected range of [{first}, {last}] is not finite")
    if first == last:
        first = first - 0.5
        last = last + 0.5
    return first, last


def _unsigned_subtract(a, b):
    """NumPy's: last - first without overflow for signed integer edges."""
    to_unsigned = {_numpy.byte: _numpy.ubyte, _numpy.short: _numpy.ushort,
                   _numpy.intc: _numpy.uintc, _numpy.int_: _numpy.uint,
                   _numpy.longlong: _numpy.ulonglong}
    dt = _numpy.result_type(a, b)
    u = to_unsigned.get(dt.type)
    if u is None:
        return _numpy.subtract(a, b, dtype=dt)
    return _numpy.subtract(_numpy.asarray(a, dtype=dt), _numpy.asarray(b, dtype=dt),
                           casting='unsafe', dtype=u)


def _bin_edges(a, bins, rng, weights):
    """(host edges, (first, last, n) for equal bins or None), as NumPy's _get_bin_edges."""
    n_equal = None
    if isinstance(bins, str):
        if weights is not None:
            raise TypeError("Automated estimation of the number of "
                            "bins is not supported for weighted data")
        # The estimators need order statistics of the data: NumPy's own, on a host copy.
        edges = _numpy.histogram_bin_edges(_host(a), bins, rng)
        first, last = _outer_edges(a, rng)
        n_equal = len(edges) - 1
    elif _numpy.ndim(bins) == 0:
        try:
            n_equal = operator.index(bins)
        except TypeError as e:
            raise TypeError('`bins` must be an integer, a string, or an array') from e
        if n_equal < 1:
            raise ValueError('`bins` must be positive, when an integer')
        first, last = _outer_edges(a, rng)
    elif _numpy.ndim(bins) == 1:
        edges = _host(bins)
        if _numpy.any(edges[:-1] > edges[1:]):
            raise ValueError('`bins` must increase monotonically, when an array')
        return edges, None
    else:
        raise ValueError('`bins` must be 1d, when an array')
    bin_type = _numpy.result_type(first, last, a.dtype)
    if _numpy.issubdtype(bin_type, _numpy.integer):
        bin_type = _numpy.result_type(bin_type, float)
    edges = _numpy.linspace(first, last, n_equal + 1, endpoint=True, dtype=bin_type)
    if _numpy.any(edges[:-1] >= edges[1:]):
        raise ValueError(f'Too many bins for data range. Cannot create {n_equal} '
                         'finite-sized bins.')
    return edges, (first, last, n_equal)


def _ravel_and_check_weights(a, weights):
    a = _arr(a)
    if weights is not None:
        weights = _arr(weights)
        if weights.shape != a.shape:
            raise ValueError('weights should have the same shape as a.')
        weights = weights.ravel()
    return a.ravel(), weights


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    a, weights = _ravel_and_check_weights(a, weights)
    return asarray(_bin_edges(a, bins, range, weights)[0])


# ---------------------------------------------------------------- bin indices (device)

# NumPy's equal-bin index in one pass: keep = lo <= x <= hi (in TK), then x in the edges'
# dtype TE, (x - first) in TS, / width * n in TD, truncated, corrected by one against the
# edges. The placeholders take the dtypes NumPy's own expression would have.
_EQUAL_BODY = """if (!((TK)x >= lo && (TK)x <= hi)) {
  idx = n;
} else {
  TE ta = (TE)x;
  TS d = (TS)ta - first;
  TD f = ((TD)d / width) * (TD)n;
  long long k = (long long)f;
  if (k > n - 1) k = n - 1;
  if (k < 0) k = 0;
  if (ta < edges[k]) --k;
  if (k < 0) k = 0;
  if (k != n - 1 && ta >= edges[k + 1]) ++k;
  idx = k;
}"""
_EQUAL_PARAMS = 'TA x, raw TE edges, TK lo, TK hi, TS first, TD width, int64 n'
_kernels = []


def _kernel_specs():
    """The counting and equal-bin index kernels, for scripts/check_stats_nvrtc.py (the dump
    binds every placeholder to the one dtype given)."""
    for ins, outs, body, name in (_COUNT, _SUM):
        yield name, ins, outs, body, _COUNT_PREAMBLE, '', ['int64']
    yield ('cn_hist_equal_bins', _EQUAL_PARAMS, 'int64 idx', _EQUAL_BODY, '',
           'lo,hi,first,width,n', ['int8', 'uint16', 'int64', 'uint64', 'float32', 'float64'])


def _equal_kernel():
    if not _kernels:
        from cunumpy._kernel import ElementwiseKernel
        _kernels.append(ElementwiseKernel(_EQUAL_PARAMS, 'int64 idx', _EQUAL_BODY,
                                          'cn_hist_equal_bins'))
    return _kernels[0]


def _equal_bin_index(a, edges_h, edges, first, last, n):
    """NumPy's index for n equal bins, n (the overflow slot) outside [first, last]."""
    probe = _numpy.zeros(1, edges_h.dtype)
    with _numpy.errstate(all='ignore'):
        width = _unsigned_subtract(last, first)
        K = _numpy.result_type(_numpy.zeros(1, a.dtype), first, last)
        S = _numpy.result_type(probe, first)
        D = (_numpy.subtract(probe, first, dtype=S) / width * n).dtype
    fast = (_numpy.float32, _numpy.float64)
    if (a.dtype.kind in 'iuf' and a.dtype != _numpy.float16 and K != _numpy.float16
            and all(t in fast for t in (edges_h.dtype, S, D))
            and K == _numpy.result_type(a.dtype, first)
            and K == _numpy.result_type(a.dtype, last)):
        try:
            bounds = K.type(first), K.type(last)  # a Python int past K's range: ufuncs
        except OverflowError:
            bounds = None
        if bounds is not None:
            return _equal_kernel()(a, edges, bounds[0], bounds[1], S.type(first),
                                   D.type(width), n)
    return _equal_bin_index_ufuncs(a, edges_h, edges, first, last, n)


def _equal_bin_index_ufuncs(a, edges_h, edges, first, last, n):
    """The same as ufunc calls, for what the kernel leaves out (float16, out-of-range ints)."""
    keep = _u.logical_and(_u.greater_equal(a, first), _u.less_equal(a, last))
    ta = a if a.dtype == edges_h.dtype else a.astype(edges_h.dtype)
    denom = _unsigned_subtract(last, first)
    with _numpy.errstate(all='ignore'):
        f = _u.multiply(_u.divide(_u.subtract(ta, first), denom), n)
    idx = _u.minimum(_u.maximum(f.astype(_numpy.int64), 0), n - 1)
    # One step of correction against the edges themselves, as NumPy does.
    idx = _u.maximum(_u.subtract(idx, _u.less(ta, edges.take(idx)).astype(_numpy.int64)), 0)
    inc = _u.logical_and(_u.greater_equal(ta, edges.take(_u.add(idx, 1))),
                         _u.not_equal(idx, n - 1))
    idx = _u.add(idx, inc.astype(_numpy.int64))
    return _u._where(keep, idx, asarray(_numpy.int64(n)))


def _edges_bin_index(a, edges_h, edges):
    """Bin of each element for increasing edges: [e_i, e_i+1), the last bin closed on the
    right; the overflow slot n (= len(edges) - 1) outside them (NaN included)."""
    n = len(edges_h) - 1
    idx = _u.subtract(searchsorted(edges, a, side='right'), 1)
    if n >= 1:
        idx = _u._where(_u.equal(a, edges_h[-1]), asarray(_numpy.int64(n - 1)), idx)
    out = _u.logical_or(_u.less(idx, 0), _u.greater_equal(idx, n))
    return _u._where(out, asarray(_numpy.int64(n)), idx)


def histogram(a, bins=10, range=None, density=None, weights=None):
    a, weights = _ravel_and_check_weights(a, weights)
    edges_h, uniform = _bin_edges(a, bins, range, weights)
    edges = asarray(edges_h)
    if uniform is not None:
        first, last, n = uniform
        idx = _equal_bin_index(a, edges_h, edges, first, last, n)
    else:
        n = len(edges_h) - 1
        idx = _edges_bin_index(a, edges_h, edges)
    if weights is None:
        hist = _count(idx, n + 1)[:n]
    elif weights.dtype.kind == 'c':
        re = _count(idx, n + 1, weights.real.astype(_numpy.float64))[:n]
        im = _count(idx, n + 1, weights.imag.astype(_numpy.float64))[:n]
        hist = zeros(n, weights.dtype)
        hist.real[...] = re
        hist.imag[...] = im
    else:
        hist = _count(idx, n + 1, weights.astype(_numpy.float64))[:n].astype(weights.dtype)
    if density:
        db = asarray(_numpy.diff(edges_h).astype(float))
        return _u.divide(_u.divide(hist, db), hist.sum()), edges
    return hist, edges


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    if isinstance(sample, ndarray):
        if sample.ndim < 2:
            sample = sample.reshape(-1, 1)
    else:
        from cunumpy._manipulation import stack
        h = sample if isinstance(sample, (list, tuple)) else [sample]
        if any(isinstance(s, ndarray) for s in h):
            sample = stack([_arr(s).ravel() for s in h], axis=1) if len(h) else asarray(h)
        else:
            sample = asarray(_numpy.atleast_2d(_numpy.asarray(sample)).T)
    N, D = sample.shape
    if weights is not None:
        weights = _arr(weights)
    try:
        if len(bins) != D:
            raise ValueError('The dimension of bins must be equal to the dimension of the '
                             'sample x.')
    except TypeError:
        bins = D * [bins]
    if range is None:
        range = (None,) * D
    elif len(range) != D:
        raise ValueError('range argument must have one entry per dimension')
    nbin = _numpy.empty(D, _numpy.intp)
    edges, dedges = D * [None], D * [None]
    for i in _range(D):
        if _numpy.ndim(bins[i]) == 0:
            if bins[i] < 1:
                raise ValueError(f'`bins[{i}]` must be positive, when an integer')
            smin, smax = _outer_edges(sample[:, i], range[i])
            try:
                n = operator.index(bins[i])
            except TypeError as e:
                raise TypeError(f"`bins[{i}]` must be an integer, when a scalar") from e
            edges[i] = _numpy.linspace(smin, smax, n + 1)
        elif _numpy.ndim(bins[i]) == 1:
            edges[i] = _host(bins[i])
            if _numpy.any(edges[i][:-1] > edges[i][1:]):
                raise ValueError(
                    f'`bins[{i}]` must be monotonically increasing, when an array')
        else:
            raise ValueError(f'`bins[{i}]` must be a scalar or 1d array')
        nbin[i] = len(edges[i]) + 1  # an outlier slot on each end
        dedges[i] = _numpy.diff(edges[i])
    # Flat index over the grid with outlier slots: NumPy's searchsorted(side='right'),
    # the last edge moved into the last bin, ravel_multi_index.
    strides = [int(_numpy.prod(nbin[i + 1:])) for i in _range(D)]
    xy = zeros(N, _numpy.int64)
    for i in _range(D):
        col = sample[:, i]
        e = asarray(edges[i])
        c = searchsorted(e, col, side='right')
        if len(edges[i]):
            c = _u.subtract(c, _u.equal(col, edges[i][-1]).astype(_numpy.int64))
        xy = _u.add(xy, _u.multiply(c, strides[i]))
    total = int(_numpy.prod(nbin))
    if weights is not None:
        if weights.dtype.kind == 'c':
            raise TypeError(f"Cannot cast array data from {weights.dtype!r} to "
                            "dtype('float64') according to the rule 'safe'")
        if weights.shape != (N,):
            raise ValueError("The weights and list don't have the same length.")
        weights = weights.astype(_numpy.float64)
    hist = _count(xy, total, weights).reshape(tuple(int(k) for k in nbin))
    hist = hist.astype(float)
    hist = hist[D * (slice(1, -1),)]
    if density:
        s = hist.sum()
        for i in _range(D):
            shape = _numpy.ones(D, int)
            shape[i] = nbin[i] - 2
            hist = _u.divide(hist, asarray(dedges[i].reshape(shape)))
        hist = _u.divide(hist, s)
    return hist, [asarray(e) for e in edges]


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    try:
        N = len(bins)
    except TypeError:
        N = 1
    if N not in {1, 2}:
        xedges = yedges = _host(bins)
        bins = [xedges, yedges]
    hist, edges = histogramdd([_arr(x), _arr(y)], bins, range, density, weights)
    return hist, edges[0], edges[1]
