// Radix sort: float keys by their bits (after KT, CN_SIGN and CN_EXP; radix_sort_cuda_source.cpp).
__device__ __forceinline__ bool bits_nan(KT b) { return (KT)(b & ~CN_SIGN) > CN_EXP; }
__device__ __forceinline__ KT float_key(KT b, int exact) {
  if (bits_nan(b)) return (KT)~(KT)0;
  if (!exact && b == CN_SIGN) b = 0;  // -0.0 sorts as 0.0 (ties keep input order)
  return (b & CN_SIGN) ? (KT)~b : (KT)(b | CN_SIGN);
}
