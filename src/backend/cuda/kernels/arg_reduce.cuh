// argmax/argmin, after T and CN_BEATS (arg_reduce_cuda_source.cpp).
__device__ __forceinline__ void cn_pick(T& v, long long& i, T w, long long j) {
  if (i < 0 || CN_BEATS(v, w) || (j < i && !CN_BEATS(w, v))) { v = w; i = j; }
}
__device__ __forceinline__ void cn_take(T& v, long long& i, T w, long long j) {
  if (i < 0 || CN_BEATS(v, w)) { v = w; i = j; }
}
// The best lane of a vector (the lowest lane on ties) by a pairwise tree: independent
// comparisons, 32-bit lane numbers, no 64-bit index work per element.
__device__ __forceinline__ void cn_vec_best(const CnVec& x, T& b, int& l) {
  T bv[CN_VEC_N];
  int bl[CN_VEC_N];
#pragma unroll
  for (int j = 0; j < CN_VEC_N; ++j) { bv[j] = x.v[j]; bl[j] = j; }
#pragma unroll
  for (int w = 1; w < CN_VEC_N; w *= 2)
#pragma unroll
    for (int j = 0; j + w < CN_VEC_N; j += 2 * w)
      if (CN_BEATS(bv[j], bv[j + w])) { bv[j] = bv[j + w]; bl[j] = bl[j + w]; }
  b = bv[0];
  l = bl[0];
}
extern "C" __global__ void __launch_bounds__(256, 8) cn_argreduce(const char* in, const long long* in_index, T* out_value,
    long long* out_index, long long K, long long stride_m, long long stride_k,
    long long per_chunk, int chunks) {
  __shared__ T sv[256];
  __shared__ long long si[256];
  CN_ROW_CHUNK
  T v;
  long long i = -1;
  const long long step = blockDim.x;
  long long k = k0 + tid;
  if (!in_index && CN_VEC_OK(row + k0 * stride_k, stride_k)) {
    // Contiguous, 16-byte aligned: 16-byte loads, two vectors in flight; each vector's
    // best lane first, then one (value, index) update per pair of vectors.
    const CnVec* vrow = (const CnVec*)(row + k0 * stride_k);
    const long long nvec = (k1 - k0) / CN_VEC_N;
    long long q = tid;
    for (; q + step < nvec; q += 2 * step) {
      const CnVec x = vrow[q], y = vrow[q + step];
      T bx, by;
      int lx, ly;
      cn_vec_best(x, bx, lx);
      cn_vec_best(y, by, ly);
      long long off = q * CN_VEC_N + lx;
      if (CN_BEATS(bx, by)) { bx = by; off = (q + step) * CN_VEC_N + ly; }  // y comes after x
      cn_take(v, i, bx, k0 + off);
    }
    for (; q < nvec; q += step) {
      T bx;
      int lx;
      cn_vec_best(vrow[q], bx, lx);
      cn_take(v, i, bx, k0 + q * CN_VEC_N + lx);
    }
    k = k0 + nvec * CN_VEC_N + tid;
  }
  if (!in_index) {  // first pass: four independent loads in flight per thread
    for (; k + 3 * step < k1; k += 4 * step) {
      const T w0 = *(const T*)(row + k * stride_k);
      const T w1 = *(const T*)(row + (k + step) * stride_k);
      const T w2 = *(const T*)(row + (k + 2 * step) * stride_k);
      const T w3 = *(const T*)(row + (k + 3 * step) * stride_k);
      cn_take(v, i, w0, k);
      cn_take(v, i, w1, k + step);
      cn_take(v, i, w2, k + 2 * step);
      cn_take(v, i, w3, k + 3 * step);
    }
  }
  for (; k < k1; k += step) {
    T w = *(const T*)(row + k * stride_k);
    long long j = in_index ? in_index[m * K + k] : k;
    cn_pick(v, i, w, j);
  }
  sv[tid] = v;
  si[tid] = i;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s && si[tid + s] >= 0) {
      T a = sv[tid];
      long long ia = si[tid];
      cn_pick(a, ia, sv[tid + s], si[tid + s]);
      sv[tid] = a;
      si[tid] = ia;
    }
    __syncthreads();
  }
  if (tid == 0) {
    if (out_value) out_value[b] = sv[0];
    out_index[b] = si[0];
  }
}
