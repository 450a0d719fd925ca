// Reductions over rows and columns, after Acc, CN_COMBINE and CN_FINISH (reduction_cuda_source.cpp).
extern "C" __global__ void cn_reduce(const char* in, Acc* out, long long K,
    long long stride_m, long long stride_k, long long per_chunk, int chunks) {
  __shared__ Acc sh[256];
  __shared__ bool hv[256];
  CN_ROW_CHUNK
  Acc acc;
  bool has = false;
  const long long step = blockDim.x;
  long long k = k0 + tid;
  if (CN_VEC_OK(row + k0 * stride_k, stride_k)) {
    // Contiguous, 16-byte aligned: 16-byte loads, two in flight per thread.
    const CnVec* vrow = (const CnVec*)(row + k0 * stride_k);
    const long long nvec = (k1 - k0) / CN_VEC_N;
    long long i = tid;
    for (; i + step < nvec; i += 2 * step) {
      const CnVec x = vrow[i], y = vrow[i + step];
      Acc v = CN_COMBINE(x.v[0], y.v[0]);
      for (int j = 1; j < CN_VEC_N; ++j) v = CN_COMBINE(v, CN_COMBINE(x.v[j], y.v[j]));
      acc = has ? CN_COMBINE(acc, v) : v;
      has = true;
    }
    for (; i < nvec; i += step) {
      const CnVec x = vrow[i];
      Acc v = x.v[0];
      for (int j = 1; j < CN_VEC_N; ++j) v = CN_COMBINE(v, x.v[j]);
      acc = has ? CN_COMBINE(acc, v) : v;
      has = true;
    }
    k = k0 + nvec * CN_VEC_N + tid;
  }
  // Four independent loads in flight per thread, then the tail one at a time.
  for (; k + 3 * step < k1; k += 4 * step) {
    const Acc v0 = *(const Acc*)(row + k * stride_k);
    const Acc v1 = *(const Acc*)(row + (k + step) * stride_k);
    const Acc v2 = *(const Acc*)(row + (k + 2 * step) * stride_k);
    const Acc v3 = *(const Acc*)(row + (k + 3 * step) * stride_k);
    const Acc v = CN_COMBINE(CN_COMBINE(v0, v1), CN_COMBINE(v2, v3));
    acc = has ? CN_COMBINE(acc, v) : v;
    has = true;
  }
  for (; k < k1; k += step) {
    Acc v = *(const Acc*)(row + k * stride_k);
    acc = has ? CN_COMBINE(acc, v) : v;
    has = true;
  }
  sh[tid] = acc;
  hv[tid] = has;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s && hv[tid + s]) {
      sh[tid] = hv[tid] ? CN_COMBINE(sh[tid], sh[tid + s]) : sh[tid + s];
      hv[tid] = true;
    }
    __syncthreads();
  }
  if (tid == 0) out[b] = chunks == 1 ? (Acc)CN_FINISH(sh[0]) : sh[0];
}

// Column form, for rows that are adjacent in memory (|stride_m| small): one thread per
// output element, so a warp's loads are coalesced. blockIdx.y splits K into gridDim.y
// chunks whose results go to out[chunk * M + m] (a second launch combines them).
extern "C" __global__ void cn_reduce_cols(const char* in, Acc* out, long long M, long long K,
    long long stride_m, long long stride_k, long long per_chunk) {
  const long long k0 = (long long)blockIdx.y * per_chunk;
  const long long k1 = k0 + per_chunk < K ? k0 + per_chunk : K;
  for (long long m = (long long)blockIdx.x * blockDim.x + threadIdx.x; m < M;
       m += (long long)gridDim.x * blockDim.x) {
    const char* p = in + m * stride_m;
    Acc acc = *(const Acc*)(p + k0 * stride_k);
    long long k = k0 + 1;
    for (; k + 3 < k1; k += 4) {  // four independent loads in flight
      const Acc v0 = *(const Acc*)(p + k * stride_k);
      const Acc v1 = *(const Acc*)(p + (k + 1) * stride_k);
      const Acc v2 = *(const Acc*)(p + (k + 2) * stride_k);
      const Acc v3 = *(const Acc*)(p + (k + 3) * stride_k);
      acc = CN_COMBINE(acc, CN_COMBINE(CN_COMBINE(v0, v1), CN_COMBINE(v2, v3)));
    }
    for (; k < k1; ++k) acc = CN_COMBINE(acc, *(const Acc*)(p + k * stride_k));
    out[(long long)blockIdx.y * M + m] = gridDim.y == 1 ? (Acc)CN_FINISH(acc) : acc;
  }
}
