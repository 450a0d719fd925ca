"""Counting with NumPy's signatures: bincount, histogram, histogram_bin_edges,
histogram2d, histogramdd.

On a CUDA device, bincount and histogram are one RawKernel pass each (cn_hist: the bin
computed in the kernel, counted in shared memory, one global atomic per bin per block),
after one fused min/max pass when a size or the range comes from the data (the only host
sync). Elsewhere (the CPU backend, float16 data, histogramdd) every count is one atomic add
of a bin index per element (an ElementwiseKernel) into a result with one extra overflow
slot, where the elements outside the bins go; so nothing is compacted and the only host
syncs are for sizes (bincount's min and max) and edges derived from the data.
Bin edges are computed on the host with NumPy's own formulas (a few numbers); for equal
bins the index is NumPy's: (x - first) / width * n truncated, then corrected by one against
the edges, with the last edge inclusive.
"""
import operator
import warnings

import numpy as _numpy

from cunumpy import _core
from cunumpy import _ufuncs as _u
from cunumpy._creation import arange, asarray, empty, zeros
from cunumpy._searching import searchsorted
from cunumpy._array_like import as_ndarray as _arr

ndarray = _core.ndarray

__all__ = ['bincount', 'histogram', 'histogram_bin_edges', 'histogram2d', 'histogramdd']

_range = range


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
    if isinstance(x, (list, tuple)) and len(x) == 0:
        x = zeros(0, _numpy.int64)
    x = _arr(x)
    # NumPy's order of checks: x's shape and dtype, minlength, x's values, the weights.
    if x.ndim != 1:
        raise ValueError("object too deep for desired array" if x.ndim > 1
                         else "object of too small depth for desired array")
    if x.dtype.kind not in 'biu':
        raise TypeError(f"Cannot cast array data from {x.dtype!r} to dtype('int64') "
                        "according to the rule 'safe'")
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    if not x.size:
        # NumPy returns before it looks at the weights: integer zeros, even with weights.
        return zeros(minlength, _numpy.int64)
    gpu = _gpu_ok(x)
    if gpu:
        # One fused min/max pass and one sync for the size, then one counting pass over
        # x as it is (no int64 copy).
        lo, hi = _gpu_minmax(x)
    else:
        x = x.astype(_numpy.int64) if x.dtype != _numpy.int64 else x
        # The result's size needs the largest value on the host (one sync, as in NumPy/CuPy).
        lo = int(x.min())
    if lo < 0:
        raise ValueError("'list' argument must have no negative elements")
    w = None
    if weights is not None:
        w = _arr(weights)
        if w.dtype.kind == 'c':
            raise TypeError(f"Cannot cast array data from {w.dtype!r} to dtype('float64') "
                            "according to the rule 'safe'")
        if w.shape != x.shape:
            raise ValueError("The weights and list don't have the same length.")
        w = w if w.dtype == _numpy.float64 else w.astype(_numpy.float64)
    if gpu:
        return _gpu_hist(x, max(minlength, int(hi) + 1), w)
    return _count(x, max(minlength, int(x.max()) + 1), w)


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
        if _gpu_ok(a):
            first, last = _gpu_minmax(a)  # one pass and one sync, not two of each
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
        from cunumpy._performance import warn_slow_path
        warn_slow_path(f"histogram bins={bins!r}: the estimator runs numpy.histogram_bin_edges on a "
                       "host copy of the data; an integer or array bins= stays on the device", 4)
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
    if a.dtype == _numpy.bool_:
        # NumPy's: bool data is counted as uint8 (whose edges are floats, not bools).
        warnings.warn(f"Converting input from {a.dtype} to {_numpy.uint8} for compatibility.",
                      RuntimeWarning, stacklevel=3)
        a = a.astype(_numpy.uint8)
    if weights is not None:
        weights = _arr(weights)
        if weights.shape != a.shape:
            raise ValueError('weights should have the same shape as a.')
        weights = weights.ravel()
    return a.ravel(), weights


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    """The bin edges numpy.histogram would use. A bin estimator name (``bins='auto'``,
    ``'fd'``, ...) runs NumPy's estimator on a host copy of the data and warns with
    cunumpy.exceptions.PerformanceWarning."""
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


def _equal_types(a, edges_h, first, last, n):
    """(TK, TS, TD, (lo, hi), first as TS, width as TD): the dtypes of NumPy's equal-bin
    expression and the kernel's arguments, or None where the kernels do not apply."""
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
            return K, S, D, bounds, S.type(first), D.type(width)
    return None


def _equal_bin_index(a, edges_h, edges, first, last, n):
    """NumPy's index for n equal bins, n (the overflow slot) outside [first, last]."""
    t = _equal_types(a, edges_h, first, last, n)
    if t is not None:
        K, S, D, (lo, hi), f, width = t
        return _equal_kernel()(a, edges, lo, hi, f, width, n)
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
    right; the overflow slot n (= len(edges) - 1, 0 for no edges) outside them (NaN
    included)."""
    n = max(len(edges_h) - 1, 0)
    idx = _u.subtract(searchsorted(edges, a, side='right'), 1)
    if n >= 1:
        idx = _u._where(_u.equal(a, edges_h[-1]), asarray(_numpy.int64(n - 1)), idx)
    out = _u.logical_or(_u.less(idx, 0), _u.greater_equal(idx, n))
    return _u._where(out, asarray(_numpy.int64(n)), idx)


# ---------------------------------------------------------------- CUDA: one pass each

# On a CUDA device a histogram is one RawKernel pass over the data: each block counts into
# shared memory (shared atomics), then adds its nonzero bins to the result with one global
# atomic each, so global atomics scale with blocks x bins, not with elements, and no index
# array is written. The bin of an element is computed in the kernel (bincount: the value;
# equal bins: NumPy's arithmetic index and its correction against the edges; other edges:
# a binary search), the edges held in shared memory. When bins and edges do not fit the
# 48 KiB of shared memory, the same kernel adds straight to global memory. The CPU backend
# (no RawKernel there) keeps the ElementwiseKernels above.
_C = {'b1': 'bool', 'i1': 'signed char', 'u1': 'unsigned char', 'i2': 'short',
      'u2': 'unsigned short', 'i4': 'int', 'u4': 'unsigned int', 'i8': 'long long',
      'u8': 'unsigned long long', 'f4': 'float', 'f8': 'double'}
_SHARED_LIMIT = 48 * 1024  # what a block gets without opting in to more
_BLOCK = 512

_HIST_SOURCE = r"""
typedef __TA__ TA;  // the data
typedef __TE__ TE;  // the edges (equal bins), the comparison type (other edges)
typedef __TK__ TK;  // equal bins: range check
typedef __TS__ TS;  // equal bins: x - first
typedef __TD__ TD;  // equal bins: / width * n
#define CN_MODE __MODE__  // 0: bincount, 1: equal bins, 2: edges
#define CN_WEIGHTED __WEIGHTED__
#if CN_WEIGHTED
typedef double CT;              // shared sums
typedef double OT;              // result: float64 sums, as NumPy adds weights in float64
#else
typedef unsigned int CT;        // a block counts far fewer than 2^32 elements (grid sized so)
typedef unsigned long long OT;  // result: int64 counts
#endif
struct __align__(16) CnVec { TA v[16 / sizeof(TA)]; };
#define CN_VN ((long long)(16 / sizeof(TA)))

// The bin of x, or -1 when x falls outside (NaN included).
__device__ __forceinline__ long long cn_bin(TA x, const TE* e, TK lo, TK hi, TS first, TD width,
                                            long long n) {
#if CN_MODE == 0
  return (long long)x;  // the host checked 0 <= x < n
#elif CN_MODE == 1
  if (!((TK)x >= lo && (TK)x <= hi)) return -1;
  const TE ta = (TE)x;
  const TS d = (TS)ta - first;
  const TD f = ((TD)d / width) * (TD)n;
  long long k = (long long)f;
  if (k > n - 1) k = n - 1;
  if (k < 0) k = 0;
  if (ta < e[k]) --k;  // NumPy's correction: the index must agree with the edges
  if (k < 0) k = 0;
  if (k != n - 1 && ta >= e[k + 1]) ++k;
  return k;
#else
  const TE t = (TE)x;
  if (t == e[n]) return n - 1;  // the last edge is inclusive
  long long a = 0, b = n + 1;   // searchsorted(edges, t, 'right'): NaN runs to n + 1
  while (a < b) {
    const long long mid = (a + b) >> 1;
    if (t < e[mid]) b = mid; else a = mid + 1;
  }
  return (a >= 1 && a <= n) ? a - 1 : -1;
#endif
}

extern "C" __global__ void __launch_bounds__(__BLOCK__, 2048 / __BLOCK__) cn_hist(const TA* x, const double* w, long long size,
    const TE* edges, long long n_edges, TK lo, TK hi, TS first, TD width, long long n,
    OT* out, long long use_shared) {  // 64-bit: a Python int packs as 8 bytes
  extern __shared__ __align__(16) unsigned char cn_smem[];
  TE* se = (TE*)cn_smem;
  CT* sc = (CT*)(cn_smem + ((n_edges * sizeof(TE) + 15) / 16) * 16);
  const TE* e = edges;
  if (use_shared) {
    for (long long i = threadIdx.x; i < n; i += blockDim.x) sc[i] = 0;
    for (long long i = threadIdx.x; i < n_edges; i += blockDim.x) se[i] = edges[i];
    e = se;
    __syncthreads();
  }
  const long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long stride = (long long)gridDim.x * blockDim.x;
#define CN_ADD(k, i) do { \
    const long long kk = (k); \
    if (kk >= 0) { \
      if (use_shared) atomicAdd(&sc[kk], (CT)(CN_WEIGHTED ? w[i] : 1)); \
      else atomicAdd(&out[kk], (OT)(CN_WEIGHTED ? w[i] : 1)); \
    } } while (0)
  long long i0 = 0;
  if (sizeof(TA) < 16 && (((unsigned long long)x) & 15) == 0) {
    // 16-byte loads of the aligned body, then the tail one element at a time.
    const CnVec* xv = (const CnVec*)x;
    const long long nv = size / CN_VN;
    for (long long q = tid; q < nv; q += stride) {
      const CnVec v = xv[q];
#pragma unroll
      for (int j = 0; j < (int)CN_VN; ++j) CN_ADD(cn_bin(v.v[j], e, lo, hi, first, width, n), q * CN_VN + j);
    }
    i0 = nv * CN_VN;
  }
  for (long long i = i0 + tid; i < size; i += stride) CN_ADD(cn_bin(x[i], e, lo, hi, first, width, n), i);
  if (use_shared) {
    __syncthreads();
    for (long long i = threadIdx.x; i < n; i += blockDim.x) {
      const CT c = sc[i];
      if (c != (CT)0) atomicAdd(&out[i], (OT)c);
    }
  }
}

// min and max of x in one pass (NaN wins, as in NumPy's min/max): block b writes its
// (min, max) to part[2b], part[2b + 1]; the host reduces the few partials.
__device__ __forceinline__ TA cn_lo(TA a, TA b) { return a != a ? a : (b != b ? b : (b < a ? b : a)); }
__device__ __forceinline__ TA cn_hi(TA a, TA b) { return a != a ? a : (b != b ? b : (b > a ? b : a)); }
extern "C" __global__ void __launch_bounds__(__BLOCK__, 2048 / __BLOCK__) cn_minmax(const TA* x, long long size, TA* part) {
  __shared__ TA smin[__BLOCK__], smax[__BLOCK__];
  const long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long stride = (long long)gridDim.x * blockDim.x;
  TA mn = x[0], mx = x[0];  // size >= 1
  long long i0 = 0;
  if (sizeof(TA) < 16 && (((unsigned long long)x) & 15) == 0) {
    const CnVec* xv = (const CnVec*)x;
    const long long nv = size / CN_VN;
    for (long long q = tid; q < nv; q += stride) {
      const CnVec v = xv[q];
#pragma unroll
      for (int j = 0; j < (int)CN_VN; ++j) { mn = cn_lo(mn, v.v[j]); mx = cn_hi(mx, v.v[j]); }
    }
    i0 = nv * CN_VN;
  }
  for (long long i = i0 + tid; i < size; i += stride) { mn = cn_lo(mn, x[i]); mx = cn_hi(mx, x[i]); }
  smin[threadIdx.x] = mn;
  smax[threadIdx.x] = mx;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) {
      smin[threadIdx.x] = cn_lo(smin[threadIdx.x], smin[threadIdx.x + s]);
      smax[threadIdx.x] = cn_hi(smax[threadIdx.x], smax[threadIdx.x + s]);
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    part[2 * blockIdx.x] = smin[0];
    part[2 * blockIdx.x + 1] = smax[0];
  }
}
"""


def _ctype(dt):
    return _C.get(_numpy.dtype(dt).str[1:])


def _hist_source(ta, te='f8', tk='i8', ts='f8', td='f8', mode=0, weighted=False):
    """The CUDA source of cn_hist/cn_minmax for these dtypes (also for the NVRTC check and
    the CPU emulation in scripts/)."""
    s = _HIST_SOURCE
    for key, t in (('__TA__', ta), ('__TE__', te), ('__TK__', tk), ('__TS__', ts),
                   ('__TD__', td)):
        s = s.replace(key, _ctype(t))
    return (s.replace('__MODE__', str(mode)).replace('__WEIGHTED__', str(int(weighted)))
            .replace('__BLOCK__', str(_BLOCK)))


_raw = {}


def _raw_kernel(name, *key):
    k = _raw.get((name,) + key)
    if k is None:
        k = _raw[(name,) + key] = _core.RawKernel(_hist_source(*key), name)
    return k


_sms = {}


def _sm_count(a):
    d = a._device_index
    if d not in _sms:
        from cunumpy.cuda import runtime
        _sms[d] = int(runtime.getDeviceProperties(d)['multiProcessorCount'])
    return _sms[d]


_occupancy = {}


def _resident(k, smem):
    """Blocks of _BLOCK threads of kernel k that one SM holds at once (registers, shared
    memory, 2048 threads): grid-stride grids are sized to exactly that many per SM, since
    a partial second wave would double the time of the blocks in it."""
    key = (id(k), smem)
    r = _occupancy.get(key)
    if r is None:
        regs = max(1, -(-int(k.num_regs) // 8) * 8)  # allocated per thread in units of 8
        by_regs = 65536 // (regs * _BLOCK)
        by_smem = (228 * 1024) // (smem + 1024) if smem else 32  # sm_90: 228 KiB, 1 KiB/block
        r = _occupancy[key] = max(1, min(2048 // _BLOCK, by_regs, by_smem))
    return r


def _on_gpu(a):
    return a._device_kind != 'cpu'


def _gpu_ok(a):
    """Whether the data's dtype has a CUDA histogram path (float16 and complex do not)."""
    return _on_gpu(a) and _ctype(a.dtype) is not None


def _contig(a):
    return a if a.flags.c_contiguous else a.copy()


def _gpu_minmax(a):
    """(min, max) of a non-empty 1-d array as NumPy scalars: one pass, one small copy back."""
    a = _contig(a)
    vn = max(1, 16 // a.dtype.itemsize)
    k = _raw_kernel('cn_minmax', a.dtype)
    grid = max(1, min(_sm_count(a) * _resident(k, 0), -(-a.size // (_BLOCK * vn * 4))))
    part = empty(2 * grid, a.dtype)
    k((grid,), (_BLOCK,), (a, a.size, part))
    p = part.get()
    return p[0::2].min(), p[1::2].max()


def _gpu_hist(a, n, weights=None, mode=0, edges=None, types=None, params=None):
    """Counts (int64) or float64 sums of weights of the elements of 1-d `a` in n bins."""
    out = zeros(n, _numpy.float64 if weights is not None else _numpy.int64)
    if a.size == 0:
        return out
    a = _contig(a)
    if weights is not None:
        weights = _contig(weights if weights.dtype == _numpy.float64
                          else weights.astype(_numpy.float64))
    te, tk, ts, td = types or ('f8', 'i8', 'f8', 'f8')
    lo, hi, first, width = params or (_numpy.int64(0), _numpy.int64(0), _numpy.float64(0),
                                      _numpy.float64(0))
    n_edges = 0 if edges is None else edges.size
    item = 8 if weights is not None else 4
    smem = -(-n_edges * _numpy.dtype(te).itemsize // 16) * 16 + n * item
    use_shared = smem <= _SHARED_LIMIT
    sms = _sm_count(a)
    vn = max(1, 16 // a.dtype.itemsize)
    # One wave of resident blocks (registers and shared memory permitting, up to 4 of 512
    # threads per SM), fewer when the data is small, and fewer for many bins so that the
    # per-block flush (one atomic per nonzero bin) stays below the data's cost.
    k = _raw_kernel('cn_hist', a.dtype, te, tk, ts, td, mode, weights is not None)
    grid = min(sms * _resident(k, smem if use_shared else 0), -(-a.size // (_BLOCK * vn)))
    if use_shared:
        grid = min(grid, max(sms, a.size // (4 * n)))
    grid = max(1, grid, -(-a.size // (1 << 31)))  # shared counts are 32-bit
    k((grid,), (_BLOCK,), (a, weights, a.size, edges, n_edges, lo, hi, first, width, n, out,
                           int(use_shared)), shared_mem=smem if use_shared else 0)
    return out


def histogram(a, bins=10, range=None, density=None, weights=None):
    """(counts, edges) as numpy.histogram, counted on the device. A bin estimator name
    (``bins='auto'``, ...) needs NumPy's estimator on a host copy of the data
    (PerformanceWarning); integer or array bins do not."""
    a, weights = _ravel_and_check_weights(a, weights)
    edges_h, uniform = _bin_edges(a, bins, range, weights)
    edges = asarray(edges_h)
    wrapping = weights is not None and weights.dtype.kind in 'bui' and uniform is None
    if _gpu_ok(a) and not wrapping and (weights is None or weights.dtype.kind in 'biufc'):
        hist = _gpu_histogram(a, edges_h, edges, uniform, weights)
        if hist is not None:
            return _finish(hist, edges_h, edges, density)
    if uniform is not None:
        first, last, n = uniform
        idx = _equal_bin_index(a, edges_h, edges, first, last, n)
    else:
        n = max(len(edges_h) - 1, 0)  # no edges: no bins (an index -1 would write out of bounds)
        idx = _edges_bin_index(a, edges_h, edges)
    if weights is None:
        hist = _count(idx, n + 1)[:n]
    elif wrapping:
        hist = _wrapping_sums(idx, n, weights)
    elif weights.dtype.kind == 'c':
        re = _count(idx, n + 1, weights.real.astype(_numpy.float64))[:n]
        im = _count(idx, n + 1, weights.imag.astype(_numpy.float64))[:n]
        hist = zeros(n, weights.dtype)
        hist.real[...] = re
        hist.imag[...] = im
    else:
        hist = _count(idx, n + 1, weights.astype(_numpy.float64))[:n].astype(weights.dtype)
    return _finish(hist, edges_h, edges, density)


def _wrapping_sums(idx, n, weights):
    """Sums of integer weights per bin 0..n-1 of idx, wrapping in the weights' dtype as
    NumPy's histogram with bin edges does (differences of cumulative sums of the weights
    sorted by bin); float64 sums would round past 2**53 and saturate on the cast back."""
    if weights.dtype.kind == 'b':
        # NumPy adds int64 cumulative sums into a bool result, which 'same_kind' refuses.
        raise _numpy._core._exceptions._UFuncOutputCastingError(
            _numpy.add, 'same_kind', _numpy.dtype(_numpy.int64), _numpy.dtype(bool), 0)
    from cunumpy._manipulation import concatenate
    order = _core.argsort(idx, -1)
    cw = _core.cumsum(weights[order], None, None, None)
    cw = concatenate([zeros(1, cw.dtype), cw])
    cum = cw[searchsorted(idx[order], arange(n + 1, dtype=_numpy.int64))].astype(weights.dtype)
    return _u.subtract(cum[1:], cum[:-1])


def _finish(hist, edges_h, edges, density):
    if density:
        db = asarray(_numpy.diff(edges_h).astype(float))
        return _u.divide(_u.divide(hist, db), hist.sum()), edges
    return hist, edges


def _gpu_histogram(a, edges_h, edges, uniform, weights):
    """histogram's counts in one CUDA pass, or None for what it leaves to the ElementwiseKernel
    path (float16 data or edges, dtypes past the kernel's)."""
    n = len(edges_h) - 1
    if n < 1:
        return None
    if uniform is not None:
        first, last, _ = uniform
        t = _equal_types(a, edges_h, first, last, n)
        if t is None:
            return None
        K, S, D, (lo, hi), f, width = t
        args = dict(mode=1, edges=edges, types=(edges_h.dtype, K, S, D),
                    params=(lo, hi, f, width))
    else:
        C = _numpy.result_type(a.dtype, edges_h.dtype)  # searchsorted's comparison type
        if _ctype(C) is None or C.kind == 'b':
            return None
        e = edges if edges_h.dtype == C else asarray(edges_h.astype(C))
        args = dict(mode=2, edges=e, types=(C, 'i8', 'f8', 'f8'))
    if weights is None:
        return _gpu_hist(a, n, None, **args)
    if weights.dtype.kind == 'c':
        hist = zeros(n, weights.dtype)
        hist.real[...] = _gpu_hist(a, n, weights.real, **args)
        hist.imag[...] = _gpu_hist(a, n, weights.imag, **args)
        return hist
    hist = _gpu_hist(a, n, weights, **args)
    return hist if weights.dtype == _numpy.float64 else hist.astype(weights.dtype)


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
