// Large dense solves after an LU factorization (getrf) as GEMM-rich work: the row
// interchanges applied to the right-hand sides once (laswp), then the two triangular solves
// by recursive halving, cuBLAS trsm on diagonal blocks and GEMM for the updates, which run
// at the matrix units' rate where cuSOLVER's getrs (one trsm per triangle) does not for
// many right-hand sides. Internal header.
#pragma once
#include <cstdint>

#include "core/backend_tasks_linalg.hpp"

namespace cunumpy::detail {

// Whether an n x n factor with nrhs right-hand sides goes here (big enough for the GEMMs
// to pay, small enough for cuBLAS's 32-bit sizes). CUNUMPY_SOLVE_BLOCKED=0 keeps getrs
// (a measurement knob, read once).
bool blocked_lu_solve_applies(int64_t n, int64_t nrhs);
void run_lu_solve_blocked_cuda(int device, const LuSolveTask& task);

}  // namespace cunumpy::detail
