// The histogram kernels (backend/cuda/histogram_cuda.cpp): cn_hist counts one pass over
// the data, each block into shared-memory bins (shared atomics) flushed with one global
// atomic per nonzero bin, or straight into global memory when the bins do not fit;
// cn_minmax is the fused min/max that sizes bincount and derives a range. The including
// source defines TA (data), TE (edges / comparison type), TK, TS, TD (NumPy's dtypes of the
// equal-bin expression), CN_MODE (0: values, 1: equal bins, 2: edges), CN_WEIGHTED and
// CN_BLOCK (threads per block).
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

extern "C" __global__ void __launch_bounds__(CN_BLOCK, 2048 / CN_BLOCK) cn_hist(const TA* x, const double* w, long long size,
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
extern "C" __global__ void __launch_bounds__(CN_BLOCK, 2048 / CN_BLOCK) cn_minmax(const TA* x, long long size, TA* part) {
  __shared__ TA smin[CN_BLOCK], smax[CN_BLOCK];
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
