// The CUDA backend's linear-algebra executors (linalg_cuda.cpp: cuBLAS, cuSOLVER).
#pragma once
#include "core/backend_tasks_linalg.hpp"

namespace cunumpy::detail {

void run_gemm_cuda(int device, const GemmTask& task);
void run_lu_factor_cuda(int device, const LuTask& task);
void run_lu_solve_cuda(int device, const LuSolveTask& task);
void run_cholesky_cuda(int device, const CholeskyTask& task);
void run_qr_cuda(int device, const QrTask& task);
void run_qr_form_q_cuda(int device, const QrFormQTask& task);
void run_eigh_cuda(int device, const EighTask& task);
void run_svd_cuda(int device, const SvdTask& task);
void run_eig_cuda(int device, const EigTask& task);

}  // namespace cunumpy::detail
