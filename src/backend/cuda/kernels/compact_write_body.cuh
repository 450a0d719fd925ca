// Compaction: the body of cn_compact_write up to the store of element i at pos (indexing_kernels_source.cpp opens and closes it).
  const long long start = (long long)blockIdx.x * CN_CHUNK + threadIdx.x * 16;
  unsigned w[4];
  cn_load16(m, n, start, w);
  unsigned flags = 0;
  for (int j = 0; j < 16; ++j)
    if ((w[j >> 2] >> ((j & 3) * 8)) & 0xffu) flags |= 1u << j;
  const unsigned c = __popc(flags);
  const unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  unsigned incl = c;
  for (unsigned o = 1; o < 32; o <<= 1) {
    const unsigned y = __shfl_up_sync(0xffffffffu, incl, o);
    if (lane >= o) incl += y;
  }
  __shared__ unsigned warp_sums[CN_BLOCK / 32];
  if (lane == 31) warp_sums[warp] = incl;
  __syncthreads();
  unsigned base = 0;
  for (unsigned k = 0; k < warp; ++k) base += warp_sums[k];
  unsigned long long pos = offsets[blockIdx.x] + base + incl - c;
  for (int j = 0; j < 16; ++j) {
    if (!((flags >> j) & 1u)) continue;
    const long long i = start + j;
