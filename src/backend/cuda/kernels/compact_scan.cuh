// Compaction: per-chunk counts of nonzero mask bytes and their exclusive scan (after compact_common.cuh).
extern "C" __global__ void cn_compact_count(const unsigned char* m, long long n, unsigned int* counts) {
  unsigned w[4];
  cn_load16(m, n, (long long)blockIdx.x * CN_CHUNK + threadIdx.x * 16, w);
  unsigned c = cn_nonzero_bytes(w[0]) + cn_nonzero_bytes(w[1]) + cn_nonzero_bytes(w[2]) + cn_nonzero_bytes(w[3]);
  for (int o = 16; o > 0; o >>= 1) c += __shfl_down_sync(0xffffffffu, c, o);
  __shared__ unsigned warp_sums[CN_BLOCK / 32];
  if ((threadIdx.x & 31) == 0) warp_sums[threadIdx.x >> 5] = c;
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned t = 0;
    for (int k = 0; k < CN_BLOCK / 32; ++k) t += warp_sums[k];
    counts[blockIdx.x] = t;
  }
}
extern "C" __global__ void cn_compact_scan(const unsigned int* counts, unsigned long long* offsets, long long nchunks) {
  __shared__ unsigned long long s[1024];
  const long long per = (nchunks + 1023) / 1024;
  const long long b = threadIdx.x * per;
  const long long e = b + per < nchunks ? b + per : nchunks;
  unsigned long long sum = 0;
  for (long long i = b; i < e; ++i) sum += counts[i];
  s[threadIdx.x] = sum;
  __syncthreads();
  for (int off = 1; off < 1024; off <<= 1) {  // inclusive scan of the per-thread sums
    const unsigned long long add = threadIdx.x >= off ? s[threadIdx.x - off] : 0ull;
    __syncthreads();
    s[threadIdx.x] += add;
    __syncthreads();
  }
  unsigned long long run = s[threadIdx.x] - sum;
  for (long long i = b; i < e; ++i) {
    offsets[i] = run;
    run += counts[i];
  }
  if (threadIdx.x == 1023) offsets[nchunks] = s[1023];
}
