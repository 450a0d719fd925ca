// Source generation for the CUDA reduction kernel (pure string building, testable without
// a GPU). One kernel per (op, accumulation type): block b reduces chunk b % chunks of row
// b / chunks of an (M, K) strided view with a shared-memory tree, writing out[b].
#pragma once
#include <string>

#include "cunumpy/core/op_types.hpp"

namespace cunumpy::cuda {

// extern "C" __global__ void cn_reduce(const char* in, Acc* out, long long K,
//     long long stride_m, long long stride_k, long long per_chunk, int chunks)
// Launch with 256 threads per block and M * chunks blocks.
std::string reduce_kernel_source(ReduceOp op, const char* acc_type, const std::string& ops_header);
// extern "C" __global__ void cn_reduce_cols(const char* in, Acc* out, long long M,
//     long long K, long long stride_m, long long stride_k, long long per_chunk)
// One thread per output (grid-stride over M); blockIdx.y takes K chunk y into out[y * M + m].
inline constexpr const char* kReduceKernelName = "cn_reduce";
inline constexpr const char* kReduceColsKernelName = "cn_reduce_cols";
// Device code shared by the generated row-chunk kernels (reduce, argreduce, scan): block b
// takes chunk c = b % chunks, elements [k0, k1), of row m = b / chunks at `row`; needs the
// parameters in, K, stride_m, per_chunk and chunks. CnVec: 16 bytes of CN_VEC_T (defined
// before: the element type), for the vector loads of rows CN_VEC_OK says are contiguous
// and aligned.
inline constexpr const char* kRowChunkMacro =
    "struct __align__(16) CnVec { CN_VEC_T v[16 / sizeof(CN_VEC_T)]; };\n"
    "#define CN_VEC_N ((int)(16 / sizeof(CN_VEC_T)))\n"
    "#define CN_VEC_OK(p, stride) ((stride) == (long long)sizeof(CN_VEC_T) && sizeof(CN_VEC_T) < 16 && \\\n"
    "  (((unsigned long long)(p)) & 15) == 0)\n"
    "#define CN_ROW_CHUNK \\\n"
    "  const long long b = blockIdx.x; \\\n"
    "  const long long m = b / chunks, c = b % chunks; \\\n"
    "  const long long k0 = c * per_chunk; \\\n"
    "  const long long k1 = k0 + per_chunk < K ? k0 + per_chunk : K; \\\n"
    "  const char* row = in + m * stride_m; \\\n"
    "  const int tid = threadIdx.x;\n";

// Elements per chunk when a row is cut into `chunks`: a multiple of 16, so that every
// chunk of an aligned contiguous row starts 16-byte aligned (the kernels' vector loads);
// `chunks` shrinks if rounding up leaves the last chunk empty.
inline long long chunk_length(long long K, int* chunks) {
  long long per = (K + *chunks - 1) / *chunks;
  if (*chunks > 1) {
    per = (per + 15) / 16 * 16;
    *chunks = static_cast<int>((K + per - 1) / per);
  }
  return per;
}

}  // namespace cunumpy::cuda
