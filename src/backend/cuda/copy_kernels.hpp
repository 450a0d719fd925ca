// Source generation for the copy (cast) and fill kernels of the CUDA backend. The text
// depends only on the structural key (dtypes, layout, index width, vector width), never on
// sizes or addresses, so each variant is compiled once and then cached.
// Internal header; pure string building, so it is testable without a GPU.
#pragma once
#include <string>

namespace cunumpy::cuda {

// How a kernel walks its operands.
struct KernelLayout {
  bool contiguous = true;  // 1-D, unit stride: typed pointers, optional vector access
  int ndim = 1;            // strided: number of (coalesced) dimensions
  bool index32 = true;     // 32-bit index math
  int vector_width = 1;    // contiguous: elements per 16-byte access (1 = scalar)
  bool unaligned = false;  // strided: some address is not a multiple of the item size
};

// Structural cache keys, e.g. "copy|float|double|c|v4|i32".
std::string copy_kernel_key(const char* dst_type, const char* src_type, const KernelLayout& l);
std::string fill_kernel_key(const char* dst_type, const KernelLayout& l);

// extern "C" __global__ kernels named kCopyKernelName / kFillKernelName.
//   contiguous copy: (Dst* dst, const Src* src, IDX n)
//   strided copy:    (char* dst, const char* src, IDX n, Params p)   Params: shape, dst, src strides
//   contiguous fill: (Dst* dst, IDX n, Dst value)
//   strided fill:    (char* dst, IDX n, Params p, Dst value)         Params: shape, dst strides
// IDX is unsigned int for 32-bit plans (loop counters never overflow) else long long.
std::string copy_kernel_source(const char* dst_type, const char* src_type, const KernelLayout& l);
std::string fill_kernel_source(const char* dst_type, const KernelLayout& l);

inline constexpr const char* kCopyKernelName = "cn_copy";
inline constexpr const char* kFillKernelName = "cn_fill";
// NumPy's arange fill (contiguous, 1-D): (Dst* dst, IDX n, Dst first, Dst second), the
// elements past the first two from cn::arange_at, as the CPU backend computes them.
std::string arange_kernel_key(const char* dst_type, bool index32);
std::string arange_kernel_source(const char* dst_type, bool index32);
inline constexpr const char* kArangeKernelName = "cn_arange";

}  // namespace cunumpy::cuda
