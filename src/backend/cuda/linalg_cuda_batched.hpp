// Stacks of small matrices on the batched entries of cuBLAS and cuSOLVER (one library call
// for the whole stack where linalg_cuda.cpp makes one per matrix): getrf/getrs (cuBLAS),
// potrf (cuSOLVER), and the Jacobi eigen/singular value solvers syevj/gesvdj batched.
// Each *_applies says whether a stack goes here; big matrices and single ones keep the
// per-matrix 64-bit cuSOLVER calls. Internal header.
#pragma once
#include <cstdint>

#include "core/backend_tasks_linalg.hpp"

namespace cunumpy::detail {

// getrf and getrs decide alike, so a stack is factored and solved with one pivot layout.
bool batched_lu_applies(int64_t batch, int64_t n);
bool batched_cholesky_applies(int64_t batch, int64_t n);
bool batched_eigh_applies(int64_t batch, int64_t n);
bool batched_svd_applies(int64_t batch, int64_t m, int64_t n);

void run_lu_factor_batched_cuda(int device, const LuTask& task);
void run_lu_solve_batched_cuda(int device, const LuSolveTask& task);
void run_cholesky_batched_cuda(int device, const CholeskyTask& task);
void run_eigh_batched_cuda(int device, const EighTask& task);
void run_svd_batched_cuda(int device, const SvdTask& task);

}  // namespace cunumpy::detail
