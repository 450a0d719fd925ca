// CUDA linear algebra: GEMM on cuBLAS (cublas<t>gemm for one matrix;
// cublasGemmStridedBatchedEx for a stack and for float16: one call per stack, the
// transposes taken from the strides, broadcast batches with stride 0), integer, bool and
// tiny float products on the generated kernel of gemm_kernel_cuda.cpp, and the
// factorizations on cuSOLVER's 64-bit API (one call per matrix of a stack; stacks of small
// matrices go to the batched entries of linalg_cuda_batched.cpp instead; workspaces from
// the memory pool, stream-ordered on the current stream). LAPACK's info flags are written
// on the device and converted to the task's int64 array there: nothing here waits.
// eig has no cuSOLVER path here: it runs on the host (LAPACK geev) and copies back.
#include "backend/cuda/linalg_cuda.hpp"
#include "backend/cuda/linalg_cuda_batched.hpp"
#include "backend/cuda/linalg_cuda_blocked.hpp"
#include "backend/cuda/linalg_cuda_common.hpp"
#include "backend/cuda/gemm_kernel_cuda.hpp"

#include <cuComplex.h>

#include <algorithm>
#include <string>
#include <vector>

#include "backend/cpu/linalg_cpu.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/memory/memory.hpp"
#include "kernels/cuda/kernel_cache.hpp"
#include "runtime/cuda/cublas.hpp"
#include "runtime/cuda/driver.hpp"

namespace cunumpy::detail {
namespace {

using namespace cunumpy::cuda;

using namespace linalg_cuda;

// ---- GEMM ----------------------------------------------------------------------------

void blas_gemm(int device, const GemmTask& t) {
  const DType d = t.c.dtype();
  const int64_t batch = t.c.shape()[0], m = t.c.shape()[1], n = t.c.shape()[2], k = t.a.shape()[2];
  const int64_t isz = d.itemsize();
  const auto& as = t.a.strides();
  const auto& bs = t.b.strides();
  // Row-major C = A @ B is column-major C^T = B^T @ A^T (as on the CPU).
  const BlasView vb = blas_view(n, k, bs[2] / isz, bs[1] / isz);
  const BlasView va = blas_view(k, m, as[2] / isz, as[1] / isz);
  if (!va.ok || !vb.ok) throw Error("gemm: operand layout not accepted by cuBLAS (ops layer bug)");
  constexpr int64_t kMaxInt = 2147483647;
  if (m > kMaxInt || n > kMaxInt || k > kMaxInt || vb.ld > kMaxInt || va.ld > kMaxInt)
    throw ValueError("matmul: dimensions beyond 2^31 are not supported on CUDA");
  cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
  float f1 = 1.0f, f0 = 0.0f;
  double d1 = 1.0, d0 = 0.0;
  cuComplex c1 = make_cuComplex(1, 0), c0 = make_cuComplex(0, 0);
  cuDoubleComplex z1 = make_cuDoubleComplex(1, 0), z0 = make_cuDoubleComplex(0, 0);
  const void* alpha = &f1;
  const void* beta = &f0;
  switch (d.id()) {
    case DTypeId::Float16: compute = CUBLAS_COMPUTE_32F; break;  // float accumulation, as NumPy's half loop
    case DTypeId::Float32: compute = tf32_enabled() ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F; break;
    case DTypeId::Float64: compute = CUBLAS_COMPUTE_64F; alpha = &d1; beta = &d0; break;
    case DTypeId::Complex64: compute = tf32_enabled() ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F; alpha = &c1; beta = &c0; break;
    case DTypeId::Complex128: compute = CUBLAS_COMPUTE_64F; alpha = &z1; beta = &z0; break;
    default: throw TypeError(std::string("gemm: unsupported dtype ") + d.name());
  }
  const cudaDataType type = data_type(d);
  cublasHandle_t h = cublas_handle(device);
  const cublasOperation_t ta = vb.trans ? CUBLAS_OP_T : CUBLAS_OP_N, tb = va.trans ? CUBLAS_OP_T : CUBLAS_OP_N;
  const long long sa = bs[0] / isz, sb = as[0] / isz, sc = m * n;
  if (batch == 1 && d != float16) {
    // One matrix: the typed gemm, whose host path is shorter than the strided-batched Ex
    // entry's (the `a @ b` host time of small products). It follows the handle's math
    // mode, which is TF32 only when tf32_enabled(), as `compute` above.
    using GemmFn = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                      const void*, const void*, int, const void*, int, const void*, void*, int);
    const CublasApi& api = cublas();
    const GemmFn fn = typed_entry<GemmFn>(d, api.cublasSgemm_v2, api.cublasDgemm_v2, api.cublasCgemm_v2,
                                          api.cublasZgemm_v2, "gemm");
    check_cublas(fn(h, ta, tb, static_cast<int>(n), static_cast<int>(m), static_cast<int>(k), alpha, t.b.data(),
                    static_cast<int>(vb.ld), t.a.data(), static_cast<int>(va.ld), beta, t.c.data(),
                    static_cast<int>(std::max<int64_t>(1, n))),
                 "cublas<t>gemm");
    return;
  }
  // Batches in chunks the 32-bit batch count (and grid limits) take.
  constexpr int64_t kChunk = 65535;
  for (int64_t j0 = 0; j0 < batch; j0 += kChunk) {
    const int count = static_cast<int>(std::min(kChunk, batch - j0));
    const char* pb = static_cast<const char*>(t.b.data()) + j0 * bs[0];
    const char* pa = static_cast<const char*>(t.a.data()) + j0 * as[0];
    char* pc = matrix(t.c, j0, m * n);
    check_cublas(cublas().cublasGemmStridedBatchedEx(h, ta, tb, static_cast<int>(n), static_cast<int>(m), static_cast<int>(k),
                                                     alpha, pb, type, static_cast<int>(vb.ld), sa, pa, type,
                                                     static_cast<int>(va.ld), sb, beta, pc, type,
                                                     static_cast<int>(std::max<int64_t>(1, n)), sc, count, compute,
                                                     CUBLAS_GEMM_DEFAULT),
                 "cublasGemmStridedBatchedEx");
  }
}

// ---- factorizations ----------------------------------------------------------------------

// The device and host workspaces of a 64-bit cuSOLVER call: sized by its _bufferSize
// query (`device`, `host` bytes; one query for the stack, its matrices being alike), then
// allocated once for every matrix of it.
struct Work {
  std::size_t device = 0, host = 0;
  Scratch dev{0, 0};
  std::vector<char> host_buf;
  void allocate(int dev_id) {
    dev = Scratch(dev_id, device);
    host_buf.resize(host);
  }
  void* dptr() const { return dev.ptr; }
  void* hptr() { return host_buf.empty() ? nullptr : host_buf.data(); }
};

}  // namespace

void run_gemm_cuda(int device, const GemmTask& t) {
  if (t.c.size() == 0) return;
  if (t.a.shape()[2] == 0) {
    ndarray c = t.c;
    c.fill(Scalar(0).cast(c.dtype()));
    return;
  }
  if (!t.c.dtype().is_inexact() || kernel_gemm_applies(t)) run_kernel_gemm_cuda(device, t);
  else blas_gemm(device, t);
}

void run_lu_factor_cuda(int device, const LuTask& t) {
  const int64_t batch = t.a.shape()[0], n = t.a.shape()[1];
  if (batch == 0 || n == 0) return;
  if (batched_lu_applies(batch, n)) return run_lu_factor_batched_cuda(device, t);
  const CusolverApi& api = cusolver();
  cusolverDnHandle_t h = cusolver_handle(device);
  cusolverDnParams_t p = cusolver_params(device);
  const cudaDataType type = data_type(t.a.dtype());
  Work w;
  check_cusolver(api.cusolverDnXgetrf_bufferSize(h, p, n, n, type, t.a.data(), n, type, &w.device, &w.host),
                 "cusolverDnXgetrf_bufferSize");
  w.allocate(device);
  InfoFlags info(device, batch);
  for (int64_t j = 0; j < batch; ++j)
    check_cusolver(api.cusolverDnXgetrf(h, p, n, n, type, matrix(t.a, j, n * n), n,
                                        static_cast<int64_t*>(t.ipiv.data()) + j * n, type, w.dptr(), w.device,
                                        w.hptr(), w.host, info.at(j)),
                   "cusolverDnXgetrf");
  info.store(t.info, batch);
}

void run_lu_solve_cuda(int device, const LuSolveTask& t) {
  const int64_t batch = t.b.shape()[0], n = t.b.shape()[1], nrhs = t.b.shape()[2];
  if (batch == 0 || n == 0 || nrhs == 0) return;
  if (batched_lu_applies(batch, n)) return run_lu_solve_batched_cuda(device, t);
  if (blocked_lu_solve_applies(n, nrhs)) return run_lu_solve_blocked_cuda(device, t);
  const CusolverApi& api = cusolver();
  cusolverDnHandle_t h = cusolver_handle(device);
  cusolverDnParams_t p = cusolver_params(device);
  const cudaDataType type = data_type(t.b.dtype());
  InfoFlags info(device, batch);
  for (int64_t j = 0; j < batch; ++j)
    check_cusolver(api.cusolverDnXgetrs(h, p, CUBLAS_OP_N, n, nrhs, type, matrix(t.lu, j, n * n), n,
                                        static_cast<const int64_t*>(t.ipiv.data()) + j * n, type,
                                        matrix(t.b, j, n * nrhs), n, info.at(j)),
                   "cusolverDnXgetrs");
}

void run_cholesky_cuda(int device, const CholeskyTask& t) {
  const int64_t batch = t.a.shape()[0], n = t.a.shape()[1];
  if (batch == 0 || n == 0) return;
  if (batched_cholesky_applies(batch, n)) return run_cholesky_batched_cuda(device, t);
  const CusolverApi& api = cusolver();
  cusolverDnHandle_t h = cusolver_handle(device);
  cusolverDnParams_t p = cusolver_params(device);
  const cudaDataType type = data_type(t.a.dtype());
  const cublasFillMode_t uplo = t.upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
  Work w;
  check_cusolver(api.cusolverDnXpotrf_bufferSize(h, p, uplo, n, type, t.a.data(), n, type, &w.device, &w.host),
                 "cusolverDnXpotrf_bufferSize");
  w.allocate(device);
  InfoFlags info(device, batch);
  for (int64_t j = 0; j < batch; ++j)
    check_cusolver(api.cusolverDnXpotrf(h, p, uplo, n, type, matrix(t.a, j, n * n), n, type, w.dptr(), w.device,
                                        w.hptr(), w.host, info.at(j)),
                   "cusolverDnXpotrf");
  info.store(t.info, batch);
}

void run_qr_cuda(int device, const QrTask& t) {
  const int64_t batch = t.a.shape()[0], m = t.a.shape()[1], n = t.a.shape()[2], k = std::min(m, n);
  if (batch == 0 || k == 0) return;
  const CusolverApi& api = cusolver();
  cusolverDnHandle_t h = cusolver_handle(device);
  cusolverDnParams_t p = cusolver_params(device);
  const cudaDataType type = data_type(t.a.dtype());
  Work w;
  check_cusolver(api.cusolverDnXgeqrf_bufferSize(h, p, m, n, type, t.a.data(), m, type, t.tau.data(), type, &w.device,
                                                 &w.host),
                 "cusolverDnXgeqrf_bufferSize");
  w.allocate(device);
  InfoFlags info(device, batch);
  for (int64_t j = 0; j < batch; ++j)
    check_cusolver(api.cusolverDnXgeqrf(h, p, m, n, type, matrix(t.a, j, m * n), m, type, matrix(t.tau, j, k), type,
                                        w.dptr(), w.device, w.hptr(), w.host, info.at(j)),
                   "cusolverDnXgeqrf");
  info.store(t.info, batch);
}

void run_qr_form_q_cuda(int device, const QrFormQTask& t) {
  const int64_t batch = t.q.shape()[0], m = t.q.shape()[1], nc = t.q.shape()[2];
  const int64_t taulen = t.tau.shape()[1];
  if (batch == 0 || m == 0 || nc == 0) return;
  if (m > 2147483647 || nc > 2147483647) throw ValueError("qr: matrices beyond 2^31 rows are not supported on CUDA");
  const CusolverApi& api = cusolver();
  cusolverDnHandle_t h = cusolver_handle(device);
  // orgqr/ungqr have no 64-bit API: the 32-bit entry of each type, called through one
  // signature (the element pointers differ only in type).
  using BufFn = cusolverStatus_t (*)(cusolverDnHandle_t, int, int, int, const void*, int, const void*, int*);
  using Fn = cusolverStatus_t (*)(cusolverDnHandle_t, int, int, int, void*, int, const void*, void*, int, int*);
  BufFn buf = nullptr;
  Fn fn = nullptr;
  switch (t.q.dtype().id()) {
    case DTypeId::Float32: buf = reinterpret_cast<BufFn>(api.cusolverDnSorgqr_bufferSize); fn = reinterpret_cast<Fn>(api.cusolverDnSorgqr); break;
    case DTypeId::Float64: buf = reinterpret_cast<BufFn>(api.cusolverDnDorgqr_bufferSize); fn = reinterpret_cast<Fn>(api.cusolverDnDorgqr); break;
    case DTypeId::Complex64: buf = reinterpret_cast<BufFn>(api.cusolverDnCungqr_bufferSize); fn = reinterpret_cast<Fn>(api.cusolverDnCungqr); break;
    case DTypeId::Complex128: buf = reinterpret_cast<BufFn>(api.cusolverDnZungqr_bufferSize); fn = reinterpret_cast<Fn>(api.cusolverDnZungqr); break;
    default: throw TypeError("qr: unsupported dtype");
  }
  const int M = static_cast<int>(m), N = static_cast<int>(nc), K = static_cast<int>(t.k);
  int lwork = 0;
  check_cusolver(buf(h, M, N, K, t.q.data(), M, t.tau.data(), &lwork), "cusolverDn?orgqr_bufferSize");
  Scratch work(device, static_cast<std::size_t>(std::max(lwork, 1)) * t.q.itemsize());
  InfoFlags info(device, batch);
  for (int64_t j = 0; j < batch; ++j)
    check_cusolver(fn(h, M, N, K, matrix(t.q, j, m * nc), M, matrix(t.tau, j, taulen), work.ptr, lwork, info.at(j)),
                   "cusolverDn?orgqr");
  info.store(t.info, batch);
}

void run_eigh_cuda(int device, const EighTask& t) {
  const int64_t batch = t.a.shape()[0], n = t.a.shape()[1];
  if (batch == 0 || n == 0) return;
  if (batched_eigh_applies(batch, n)) return run_eigh_batched_cuda(device, t);
  const CusolverApi& api = cusolver();
  cusolverDnHandle_t h = cusolver_handle(device);
  cusolverDnParams_t p = cusolver_params(device);
  const cudaDataType type = data_type(t.a.dtype()), wtype = real_data_type(t.a.dtype());
  const cusolverEigMode_t jobz = t.vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  const cublasFillMode_t uplo = t.upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
  Work w;
  check_cusolver(api.cusolverDnXsyevd_bufferSize(h, p, jobz, uplo, n, type, t.a.data(), n, wtype, t.w.data(), type,
                                                 &w.device, &w.host),
                 "cusolverDnXsyevd_bufferSize");
  w.allocate(device);
  InfoFlags info(device, batch);
  for (int64_t j = 0; j < batch; ++j)
    check_cusolver(api.cusolverDnXsyevd(h, p, jobz, uplo, n, type, matrix(t.a, j, n * n), n, wtype, matrix(t.w, j, n),
                                        type, w.dptr(), w.device, w.hptr(), w.host,
                                        info.at(j)),
                   "cusolverDnXsyevd");
  info.store(t.info, batch);
}

void run_svd_cuda(int device, const SvdTask& t) {
  // cuSOLVER's gesvd needs m >= n; the ops layer transposes wide matrices.
  const int64_t batch = t.a.shape()[0], m = t.a.shape()[1], n = t.a.shape()[2], k = std::min(m, n);
  if (batch == 0 || k == 0) return;
  if (m < n) throw Error("svd: cuSOLVER gesvd needs m >= n (ops layer bug)");
  if (batched_svd_applies(batch, m, n)) return run_svd_batched_cuda(device, t);
  const CusolverApi& api = cusolver();
  cusolverDnHandle_t h = cusolver_handle(device);
  cusolverDnParams_t p = cusolver_params(device);
  const cudaDataType type = data_type(t.a.dtype()), stype = real_data_type(t.a.dtype());
  const signed char job = !t.compute_uv ? 'N' : t.full_matrices ? 'A' : 'S';
  const int64_t ucols = t.full_matrices ? m : k, vtrows = t.full_matrices ? n : k;
  const int64_t ldu = t.compute_uv ? m : 1, ldvt = t.compute_uv ? vtrows : 1;
  void* u0 = t.compute_uv ? t.u.data() : nullptr;
  void* vt0 = t.compute_uv ? t.vt.data() : nullptr;
  Work w;
  check_cusolver(api.cusolverDnXgesvd_bufferSize(h, p, job, job, m, n, type, t.a.data(), m, stype, t.s.data(), type, u0,
                                                 ldu, type, vt0, ldvt, type, &w.device, &w.host),
                 "cusolverDnXgesvd_bufferSize");
  w.allocate(device);
  InfoFlags info(device, batch);
  for (int64_t j = 0; j < batch; ++j) {
    void* u = t.compute_uv ? static_cast<void*>(matrix(t.u, j, m * ucols)) : nullptr;
    void* vt = t.compute_uv ? static_cast<void*>(matrix(t.vt, j, vtrows * n)) : nullptr;
    check_cusolver(api.cusolverDnXgesvd(h, p, job, job, m, n, type, matrix(t.a, j, m * n), m, stype, matrix(t.s, j, k),
                                        type, u, ldu, type, vt, ldvt, type, w.dptr(), w.device,
                                        w.hptr(), w.host, info.at(j)),
                   "cusolverDnXgesvd");
  }
  info.store(t.info, batch);
}

void run_eig_cuda(int device, const EigTask& t) {
  // Through the host's LAPACK (cusolverDnXgeev is not wired here yet): copy, geev, copy back.
  const Device cpu = Device::cpu();
  ensure_context(device);
  const auto stream = static_cast<CUstream>(current_stream(device));
  // Each operand's buffer is contiguous from data() (the factorization layout), so its
  // bytes move as one block and the host array views them with the same strides.
  auto to_host = [&](const ndarray& x) {
    if (!x.defined()) return ndarray();
    ndarray h(Shape{x.nbytes()}, uint8, Order::C, cpu);
    CN_CU(cuMemcpyDtoHAsync, h.data(), reinterpret_cast<CUdeviceptr>(x.data()), static_cast<std::size_t>(x.nbytes()), stream);
    return ndarray(h.memory(), 0, x.shape(), x.strides(), x.dtype(), h);
  };
  auto to_device = [&](const ndarray& host, const ndarray& x) {
    if (!x.defined()) return;
    CN_CU(cuMemcpyHtoDAsync, reinterpret_cast<CUdeviceptr>(x.data()), host.memory()->ptr(),
          static_cast<std::size_t>(x.nbytes()), stream);
  };
  EigTask ht{to_host(t.a), to_host(t.w), to_host(t.v), to_host(t.info)};
  CN_CU(cuStreamSynchronize, stream);
  run_eig_cpu(ht);
  to_device(ht.w, t.w);
  to_device(ht.v, t.v);
  to_device(ht.info, t.info);
  CN_CU(cuStreamSynchronize, stream);  // the host buffers go out of scope
}

}  // namespace cunumpy::detail
