// A tiled transposing copy: dst (R x C, dense) = src read column-major (src(i, j) at
// i + j * ld elements). Through 32 x 33 shared-memory tiles both the reads and the writes
// are coalesced, where the generic strided copy reads with a large stride.
// Internal header (CUDA backend).
#pragma once
#include <string>

namespace cunumpy::cuda {

// Kernel (T* dst, const T* src, long long R, long long C, long long ld) for elements of
// `itemsize` bytes (1, 2, 4, 8 or 16), launched with 32 x 8 threads and a
// (ceil(C / 32), ceil(R / 32)) grid.
std::string transpose_kernel_source(int itemsize);
inline constexpr const char* kTransposeKernelName = "cn_transpose";
inline constexpr unsigned kTransposeTile = 32;
inline constexpr unsigned kTransposeRows = 8;

}  // namespace cunumpy::cuda
