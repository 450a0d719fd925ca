// Source of the tiled transposing copy (see transpose_kernel.hpp).
#include "backend/cuda/transpose_kernel.hpp"

namespace cunumpy::cuda {

std::string transpose_kernel_source(int itemsize) {
  // The element is moved as raw bytes: any dtype of this size transposes alike.
  const char* type = itemsize == 1 ? "unsigned char"
                     : itemsize == 2 ? "unsigned short"
                     : itemsize == 4 ? "unsigned int"
                     : itemsize == 8 ? "unsigned long long"
                                     : "cn_item16";
  return std::string("struct __align__(16) cn_item16 { unsigned long long lo, hi; };\n") +
         "typedef " + type + " T;\n"
         "extern \"C\" __global__ void cn_transpose(T* __restrict__ dst, const T* __restrict__ src,\n"
         "                                        long long R, long long C, long long ld) {\n"
         "  __shared__ T tile[32][33];  // +1 column: no shared-memory bank conflicts\n"
         "  const long long i0 = (long long)blockIdx.y * 32, j0 = (long long)blockIdx.x * 32;\n"
         "  for (int k = threadIdx.y; k < 32; k += 8) {  // read along i: coalesced\n"
         "    const long long i = i0 + threadIdx.x, j = j0 + k;\n"
         "    if (i < R && j < C) tile[k][threadIdx.x] = src[i + j * ld];\n"
         "  }\n"
         "  __syncthreads();\n"
         "  for (int k = threadIdx.y; k < 32; k += 8) {  // write along j: coalesced\n"
         "    const long long i = i0 + k, j = j0 + threadIdx.x;\n"
         "    if (i < R && j < C) dst[i * C + j] = tile[threadIdx.x][k];\n"
         "  }\n"
         "}\n";
}

}  // namespace cunumpy::cuda
