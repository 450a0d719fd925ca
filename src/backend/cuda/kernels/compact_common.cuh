// Compaction (nonzero, boolean masks): sixteen mask bytes per thread and their count.
#define CN_BLOCK 256
#define CN_CHUNK 4096
__device__ __forceinline__ unsigned cn_nonzero_bytes(unsigned w) {
  unsigned t = (w & 0x7f7f7f7fu) + 0x7f7f7f7fu;
  t = ~(t | w | 0x7f7f7f7fu);  // high bit of each zero byte
  return 4u - __popc(t);
}
__device__ __forceinline__ void cn_load16(const unsigned char* m, long long n, long long start, unsigned w[4]) {
  if (start + 16 <= n && (((unsigned long long)(m + start)) & 15ull) == 0) {
    const uint4 q = *(const uint4*)(m + start);
    w[0] = q.x; w[1] = q.y; w[2] = q.z; w[3] = q.w;
    return;
  }
  w[0] = w[1] = w[2] = w[3] = 0;
  for (int j = 0; j < 16; ++j)
    if (start + j < n && m[start + j]) w[j >> 2] |= 1u << ((j & 3) * 8);
}
