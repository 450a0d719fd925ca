// Source generation for the CUDA argmax/argmin kernel (pure string building, testable
// without a GPU). One kernel per (direction, element type):
// extern "C" __global__ void cn_argreduce(const char* in, const long long* in_index,
//     T* out_value, long long* out_index, long long K, long long stride_m,
//     long long stride_k, long long per_chunk, int chunks)
// Block b takes chunk b % chunks of row b / chunks; in_index (nullptr: the position k) maps
// an element to its index in the row. 256 threads per block.
#pragma once
#include <string>

namespace cunumpy::cuda {

std::string argreduce_kernel_source(bool is_max, const char* value_type, const std::string& ops_header);
inline constexpr const char* kArgReduceKernelName = "cn_argreduce";

}  // namespace cunumpy::cuda
