// The CPU backend's linear-algebra executors (linalg_cpu.cpp, over blas_library.hpp).
#pragma once
#include "core/backend_tasks_linalg.hpp"

namespace cunumpy::detail {

void run_gemm_cpu(const GemmTask& task);
void run_lu_factor_cpu(const LuTask& task);
void run_lu_solve_cpu(const LuSolveTask& task);
void run_cholesky_cpu(const CholeskyTask& task);
void run_qr_cpu(const QrTask& task);
void run_qr_form_q_cpu(const QrFormQTask& task);
void run_eigh_cpu(const EighTask& task);
void run_svd_cpu(const SvdTask& task);
void run_eig_cpu(const EigTask& task);

}  // namespace cunumpy::detail
