// Generated CUDA C++ for ufunc.at (atomic compare-and-swap updates). Internal header; pure
// string building, testable without a GPU.
#pragma once
#include <string>

namespace cunumpy::cuda {

// extern "C" __global__ void cn_ufunc_at(char* base, const long long* offs, const B* b,
//     long long bstep, long long n): element at base + offs[i] = op(element, b[i * bstep]).
// t, b: C types of the loop's first and second input; itemsize: sizeof(t) (1, 2, 4, 8; 16
// only for add and subtract).
std::string ufunc_at_kernel_source(const std::string& functor, const std::string& t,
                                   const std::string& b, int itemsize, bool binary,
                                   const std::string& ops_header);
inline constexpr const char* kUfuncAtKernelName = "cn_ufunc_at";

}  // namespace cunumpy::cuda
