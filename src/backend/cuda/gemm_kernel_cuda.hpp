// The generated GEMM kernel (gemm_kernel_cuda.cpp): exact integer and bool products
// (cuBLAS has none), and float32/float64 products so small that one launch of a plain
// kernel costs the host less than a cuBLAS call. Internal header.
#pragma once
#include "core/backend_tasks_linalg.hpp"

namespace cunumpy::detail {

// Whether a float task is small enough for the kernel (always false for other dtypes,
// which take the kernel unconditionally, and when CUNUMPY_SMALL_GEMM=0).
bool kernel_gemm_applies(const GemmTask& task);
void run_kernel_gemm_cuda(int device, const GemmTask& task);

}  // namespace cunumpy::detail
