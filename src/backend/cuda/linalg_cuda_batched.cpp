// Stacks of small matrices in one library call each (see linalg_cuda_batched.hpp): a
// (10000, 8, 8) solve was 10000 cusolverDnXgetrf and 10000 cusolverDnXgetrs calls, each
// a few launches of tiny kernels. The pointer arrays cuBLAS's batched entries and potrf
// take are filled on the device (one arange kernel: base + j * stride, no host upload);
// cuBLAS's pivots are int32 and the tasks' int64 (one cast kernel each way). Batches go
// in chunks of at most 65535 (the entries' int batch counts, some launched on a grid
// axis of that size). Nothing here waits for the device.
#include "backend/cuda/linalg_cuda_batched.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include "backend/cuda/linalg_cuda_common.hpp"
#include "core/backend.hpp"
#include "runtime/cuda/cublas.hpp"

namespace cunumpy::detail {
namespace {

using namespace cunumpy::cuda;
using namespace linalg_cuda;

// Largest n that goes to getrf/getrs and potrf batched: these keep a matrix per thread
// block; above this the per-matrix calls' blocked algorithms win (the cut is NVIDIA's
// advice for the batched LU, "n <= 32 .. 64"; to be re-measured on the H200).
constexpr int64_t kBatchedFactorMax = 64;
// syevjBatched and gesvdjBatched accept matrices up to 32 x 32 only.
constexpr int64_t kJacobiMax = 32;
constexpr int64_t kChunk = 65535;

Device cuda_device(int device) { return Device(DeviceKind::CUDA, device); }

// The device array of `count` pointers base + j * stride_bytes.
ndarray pointer_array(int device, const void* base, int64_t count, int64_t stride_bytes) {
  ndarray p(Shape{count}, int64, Order::C, cuda_device(device));
  const auto b = static_cast<long long>(reinterpret_cast<std::uintptr_t>(base));
  backend_for(p.device()).arange_fill(p, Scalar(b), Scalar(b + stride_bytes));
  return p;
}
void** pointers(const ndarray& p, int64_t j0) { return static_cast<void**>(p.data()) + j0; }

// Conjugates the contiguous complex `z` in place: its imaginary parts, a real vector of
// stride 2, scaled by -1 (cuBLAS scal; the backend layer has no elementwise ops).
void conjugate_in_place(int device, const ndarray& z) {
  const bool dbl = z.dtype() == complex128;
  const float mf = -1.0f;
  const double md = -1.0;
  cublasHandle_t h = cublas_handle(device);
  const int64_t total = z.size();
  constexpr int64_t kPart = int64_t(1) << 30;  // scal's int count
  char* base = static_cast<char*>(z.data()) + z.itemsize() / 2;  // the first imaginary part
  for (int64_t i0 = 0; i0 < total; i0 += kPart) {
    const int count = static_cast<int>(std::min(kPart, total - i0));
    char* p = base + i0 * z.itemsize();
    if (dbl) check_cublas(cublas().cublasDscal_v2(h, count, &md, reinterpret_cast<double*>(p), 2), "cublasDscal");
    else check_cublas(cublas().cublasSscal_v2(h, count, &mf, reinterpret_cast<float*>(p), 2), "cublasSscal");
  }
}

// Threads' Jacobi parameter blocks (sorted output, default tolerance and sweeps), never
// destroyed, like the handles.
syevjInfo_t syevj_params() {
  thread_local syevjInfo_t p = [] {
    syevjInfo_t q = nullptr;
    check_cusolver(cusolver().cusolverDnCreateSyevjInfo(&q), "cusolverDnCreateSyevjInfo");
    check_cusolver(cusolver().cusolverDnXsyevjSetSortEig(q, 1), "cusolverDnXsyevjSetSortEig");
    return q;
  }();
  return p;
}
gesvdjInfo_t gesvdj_params() {
  thread_local gesvdjInfo_t p = [] {
    gesvdjInfo_t q = nullptr;
    check_cusolver(cusolver().cusolverDnCreateGesvdjInfo(&q), "cusolverDnCreateGesvdjInfo");
    check_cusolver(cusolver().cusolverDnXgesvdjSetSortEig(q, 1), "cusolverDnXgesvdjSetSortEig");
    return q;
  }();
  return p;
}

}  // namespace

bool batched_lu_applies(int64_t batch, int64_t n) { return batch >= 2 && n <= kBatchedFactorMax; }
bool batched_cholesky_applies(int64_t batch, int64_t n) { return batch >= 2 && n <= kBatchedFactorMax; }
bool batched_eigh_applies(int64_t batch, int64_t n) { return batch >= 2 && n <= kJacobiMax; }
bool batched_svd_applies(int64_t batch, int64_t m, int64_t n) {
  return batch >= 2 && m <= kJacobiMax && n <= kJacobiMax;
}

void run_lu_factor_batched_cuda(int device, const LuTask& t) {
  const int64_t batch = t.a.shape()[0], n = t.a.shape()[1];
  using Fn = cublasStatus_t (*)(cublasHandle_t, int, void* const[], int, int*, int*, int);
  const CublasApi& api = cublas();
  const Fn fn = typed_entry<Fn>(t.a.dtype(), api.cublasSgetrfBatched, api.cublasDgetrfBatched,
                                api.cublasCgetrfBatched, api.cublasZgetrfBatched, "getrfBatched");
  cublasHandle_t h = cublas_handle(device);
  const ndarray a = pointer_array(device, t.a.data(), batch, n * n * t.a.itemsize());
  const ndarray piv(Shape{batch, n}, int32, Order::C, cuda_device(device));
  InfoFlags info(device, batch);
  const int N = static_cast<int>(n);
  for (int64_t j0 = 0; j0 < batch; j0 += kChunk) {
    const int count = static_cast<int>(std::min(kChunk, batch - j0));
    check_cublas(fn(h, N, pointers(a, j0), N, static_cast<int*>(piv.data()) + j0 * n, info.at(j0), count),
                 "cublas<t>getrfBatched");
  }
  ndarray ipiv = t.ipiv;
  ipiv.assign(piv);
  info.store(t.info, batch);
}

void run_lu_solve_batched_cuda(int device, const LuSolveTask& t) {
  const int64_t batch = t.b.shape()[0], n = t.b.shape()[1], nrhs = t.b.shape()[2];
  if (nrhs > 2147483647) throw ValueError("solve: more than 2^31 right-hand sides are not supported on CUDA");
  using Fn = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, int, int, const void* const[], int, const int*,
                                void* const[], int, int*, int);
  const CublasApi& api = cublas();
  const Fn fn = typed_entry<Fn>(t.b.dtype(), api.cublasSgetrsBatched, api.cublasDgetrsBatched,
                                api.cublasCgetrsBatched, api.cublasZgetrsBatched, "getrsBatched");
  cublasHandle_t h = cublas_handle(device);
  const ndarray piv = t.ipiv.astype(int32);  // (batch, n), C-contiguous
  const ndarray a = pointer_array(device, t.lu.data(), batch, n * n * t.lu.itemsize());
  const ndarray b = pointer_array(device, t.b.data(), batch, n * nrhs * t.b.itemsize());
  const int N = static_cast<int>(n), R = static_cast<int>(nrhs);
  for (int64_t j0 = 0; j0 < batch; j0 += kChunk) {
    const int count = static_cast<int>(std::min(kChunk, batch - j0));
    int arg_info = 0;  // a host value: only the arguments' check (the factors were checked by getrf)
    check_cublas(fn(h, CUBLAS_OP_N, N, R, pointers(a, j0), N, static_cast<const int*>(piv.data()) + j0 * n,
                    pointers(b, j0), N, &arg_info, count),
                 "cublas<t>getrsBatched");
    if (arg_info != 0)
      throw Error("cublas<t>getrsBatched rejected argument " + std::to_string(-arg_info) + " (linalg_cuda bug)");
  }
}

void run_cholesky_batched_cuda(int device, const CholeskyTask& t) {
  const int64_t batch = t.a.shape()[0], n = t.a.shape()[1];
  using Fn = cusolverStatus_t (*)(cusolverDnHandle_t, cublasFillMode_t, int, void*[], int, int*, int);
  const CusolverApi& api = cusolver();
  const Fn fn = typed_entry<Fn>(t.a.dtype(), api.cusolverDnSpotrfBatched, api.cusolverDnDpotrfBatched,
                                api.cusolverDnCpotrfBatched, api.cusolverDnZpotrfBatched, "potrfBatched");
  cusolverDnHandle_t h = cusolver_handle(device);
  const cublasFillMode_t uplo = t.upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
  const ndarray a = pointer_array(device, t.a.data(), batch, n * n * t.a.itemsize());
  InfoFlags info(device, batch);
  const int N = static_cast<int>(n);
  for (int64_t j0 = 0; j0 < batch; j0 += kChunk) {
    const int count = static_cast<int>(std::min(kChunk, batch - j0));
    check_cusolver(fn(h, uplo, N, pointers(a, j0), N, info.at(j0), count), "cusolverDn<t>potrfBatched");
  }
  info.store(t.info, batch);
}

void run_eigh_batched_cuda(int device, const EighTask& t) {
  const int64_t batch = t.a.shape()[0], n = t.a.shape()[1];
  const DType dt = t.a.dtype();
  using BufFn = cusolverStatus_t (*)(cusolverDnHandle_t, cusolverEigMode_t, cublasFillMode_t, int, const void*, int,
                                     const void*, int*, syevjInfo_t, int);
  using Fn = cusolverStatus_t (*)(cusolverDnHandle_t, cusolverEigMode_t, cublasFillMode_t, int, void*, int, void*,
                                  void*, int, int*, syevjInfo_t, int);
  const CusolverApi& api = cusolver();
  const BufFn buf = typed_entry<BufFn>(dt, api.cusolverDnSsyevjBatched_bufferSize, api.cusolverDnDsyevjBatched_bufferSize,
                                       api.cusolverDnCheevjBatched_bufferSize, api.cusolverDnZheevjBatched_bufferSize,
                                       "syevjBatched");
  const Fn fn = typed_entry<Fn>(dt, api.cusolverDnSsyevjBatched, api.cusolverDnDsyevjBatched,
                                api.cusolverDnCheevjBatched, api.cusolverDnZheevjBatched, "syevjBatched");
  cusolverDnHandle_t h = cusolver_handle(device);
  const syevjInfo_t params = syevj_params();
  const cusolverEigMode_t jobz = t.vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  const cublasFillMode_t uplo = t.upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
  const int N = static_cast<int>(n);
  const int first = static_cast<int>(std::min(kChunk, batch));
  int lwork = 0;  // elements, for the largest chunk (the first)
  check_cusolver(buf(h, jobz, uplo, N, t.a.data(), N, t.w.data(), &lwork, params, first),
                 "cusolverDn<t>syevjBatched_bufferSize");
  Scratch work(device, static_cast<std::size_t>(std::max(lwork, 1)) * t.a.itemsize());
  InfoFlags info(device, batch);
  for (int64_t j0 = 0; j0 < batch; j0 += kChunk) {
    const int count = static_cast<int>(std::min(kChunk, batch - j0));
    check_cusolver(fn(h, jobz, uplo, N, matrix(t.a, j0, n * n), N, matrix(t.w, j0, n), work.ptr, lwork, info.at(j0),
                      params, count),
                   "cusolverDn<t>syevjBatched");
  }
  info.store(t.info, batch);
}

void run_svd_batched_cuda(int device, const SvdTask& t) {
  // m >= n here (the ops layer transposes wide matrices), so k = n. gesvdjBatched returns
  // the full U (m x m) and V (n x n), not V^H: vt is V^H, and the economy U the first k
  // columns of U.
  const int64_t batch = t.a.shape()[0], m = t.a.shape()[1], n = t.a.shape()[2], k = std::min(m, n);
  const DType dt = t.a.dtype();
  const Device dev = cuda_device(device);
  using BufFn = cusolverStatus_t (*)(cusolverDnHandle_t, cusolverEigMode_t, int, int, const void*, int, const void*,
                                     const void*, int, const void*, int, int*, gesvdjInfo_t, int);
  using Fn = cusolverStatus_t (*)(cusolverDnHandle_t, cusolverEigMode_t, int, int, void*, int, void*, void*, int,
                                  void*, int, void*, int, int*, gesvdjInfo_t, int);
  const CusolverApi& api = cusolver();
  const BufFn buf = typed_entry<BufFn>(dt, api.cusolverDnSgesvdjBatched_bufferSize, api.cusolverDnDgesvdjBatched_bufferSize,
                                       api.cusolverDnCgesvdjBatched_bufferSize, api.cusolverDnZgesvdjBatched_bufferSize,
                                       "gesvdjBatched");
  const Fn fn = typed_entry<Fn>(dt, api.cusolverDnSgesvdjBatched, api.cusolverDnDgesvdjBatched,
                                api.cusolverDnCgesvdjBatched, api.cusolverDnZgesvdjBatched, "gesvdjBatched");
  cusolverDnHandle_t h = cusolver_handle(device);
  const gesvdjInfo_t params = gesvdj_params();
  const cusolverEigMode_t jobz = t.compute_uv ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  // C-order (batch, m, m) and (batch, n, n) buffers: read column-major, matrix j's U and V.
  // Given even without vectors (the API's U and V arguments).
  const bool u_direct = t.compute_uv && t.full_matrices;  // t.u is then the (m x m) column-major stack
  const ndarray ubuf = u_direct ? ndarray() : ndarray(Shape{batch, m, m}, dt, Order::C, dev);
  const ndarray vbuf(Shape{batch, n, n}, dt, Order::C, dev);
  void* u0 = u_direct ? t.u.data() : ubuf.data();
  const int M = static_cast<int>(m), N = static_cast<int>(n);
  const int first = static_cast<int>(std::min(kChunk, batch));
  int lwork = 0;
  check_cusolver(buf(h, jobz, M, N, t.a.data(), M, t.s.data(), u0, M, vbuf.data(), N, &lwork, params, first),
                 "cusolverDn<t>gesvdjBatched_bufferSize");
  Scratch work(device, static_cast<std::size_t>(std::max(lwork, 1)) * t.a.itemsize());
  InfoFlags info(device, batch);
  const int64_t isz = t.a.itemsize();
  for (int64_t j0 = 0; j0 < batch; j0 += kChunk) {
    const int count = static_cast<int>(std::min(kChunk, batch - j0));
    check_cusolver(fn(h, jobz, M, N, matrix(t.a, j0, m * n), M, matrix(t.s, j0, k),
                      static_cast<char*>(u0) + j0 * m * m * isz, M, matrix(vbuf, j0, n * n), N, work.ptr, lwork,
                      info.at(j0), params, count),
                   "cusolverDn<t>gesvdjBatched");
  }
  info.store(t.info, batch);
  if (!t.compute_uv) return;
  // vbuf read in C order is V^T per matrix, so V^H = conj(vbuf).
  if (dt.is_complex()) conjugate_in_place(device, vbuf);
  ndarray vt = t.vt;
  vt.assign(vbuf);
  if (!u_direct) {
    ndarray u = t.u;
    u.assign(ubuf.swapaxes(1, 2)[{Slice{}, Slice{}, Slice{0, k, std::nullopt}}]);
  }
}

}  // namespace cunumpy::detail
