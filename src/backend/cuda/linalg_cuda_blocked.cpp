// GEMM-rich triangular solves for large LU solves (see linalg_cuda_blocked.hpp). The
// recursion splits a triangle in halves (multiples of the block size): solve one half,
// update the other half's right-hand sides with one GEMM of the off-diagonal block, solve
// the other half. Three quarters of the flops land in GEMMs whose inner dimension is n/2,
// n/4, ... (not a narrow panel), and the trsm calls see only block-sized triangles.
#include "backend/cuda/linalg_cuda_blocked.hpp"
#include "backend/cuda/linalg_cuda_common.hpp"

#include <cuComplex.h>

#include <climits>
#include <cstdlib>

#include "runtime/cuda/cublas.hpp"

namespace cunumpy::detail {
namespace {

using namespace cunumpy::cuda;
using namespace linalg_cuda;

// Rows of a diagonal block solved by trsm (256, 512 and 1024 measured within 0.2% of each
// other at n = 4096 on the H100: docs/benchmarks.md, session 29).
constexpr int64_t kBlock = 512;

// Column-major solve state: A (n x n, lda), B (n x k, ldb), elements of `isz` bytes.
struct Triangles {
  cublasHandle_t handle;
  char* a;
  char* b;
  int64_t lda, ldb, k, isz;
  const void* one;
  const void* minus_one;

  using TrsmFn = cublasStatus_t (*)(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, cublasOperation_t,
                                    cublasDiagType_t, int, int, const void*, const void*, int, void*, int);
  using GemmFn = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                    const void*, const void*, int, const void*, int, const void*, void*, int);
  TrsmFn trsm_fn;
  GemmFn gemm_fn;

  char* at_a(int64_t i, int64_t j) const { return a + (i + j * lda) * isz; }
  char* at_b(int64_t i) const { return b + i * isz; }

  void trsm(cublasFillMode_t uplo, cublasDiagType_t diag, int64_t i0, int64_t m) const {
    check_cublas(trsm_fn(handle, CUBLAS_SIDE_LEFT, uplo, CUBLAS_OP_N, diag, static_cast<int>(m),
                         static_cast<int>(k), one, at_a(i0, i0), static_cast<int>(lda), at_b(i0),
                         static_cast<int>(ldb)),
                 "cublas<t>trsm");
  }
  // B[r0 : r0+m] -= A[r0 : r0+m, c0 : c0+w] @ B[c0 : c0+w]
  void update(int64_t r0, int64_t m, int64_t c0, int64_t w) const {
    check_cublas(gemm_fn(handle, CUBLAS_OP_N, CUBLAS_OP_N, static_cast<int>(m), static_cast<int>(k),
                         static_cast<int>(w), minus_one, at_a(r0, c0), static_cast<int>(lda), at_b(c0),
                         static_cast<int>(ldb), one, at_b(r0), static_cast<int>(ldb)),
                 "cublas<t>gemm");
  }
  // The first half's size: about m/2, a multiple of the block.
  int64_t half(int64_t m) const {
    const int64_t h = (m / 2 + kBlock - 1) / kBlock * kBlock;
    return h >= m ? m - kBlock : h;
  }
  // L (unit lower) of rows i0 .. i0+m: forward.
  void lower(int64_t i0, int64_t m) const {
    if (m <= kBlock) return trsm(CUBLAS_FILL_MODE_LOWER, CUBLAS_DIAG_UNIT, i0, m);
    const int64_t h = half(m);
    lower(i0, h);
    update(i0 + h, m - h, i0, h);
    lower(i0 + h, m - h);
  }
  // U (upper) of rows i0 .. i0+m: backward.
  void upper(int64_t i0, int64_t m) const {
    if (m <= kBlock) return trsm(CUBLAS_FILL_MODE_UPPER, CUBLAS_DIAG_NON_UNIT, i0, m);
    const int64_t h = half(m);
    upper(i0 + h, m - h);
    update(i0, h, i0 + h, m - h);
    upper(i0, h);
  }
};

}  // namespace

bool blocked_lu_solve_applies(int64_t n, int64_t nrhs) {
  static const bool enabled = [] {
    const char* e = std::getenv("CUNUMPY_SOLVE_BLOCKED");
    return !(e && e[0] == '0');
  }();
  return enabled && n >= 1024 && nrhs >= 64 && n < INT_MAX && nrhs < INT_MAX;
}

void run_lu_solve_blocked_cuda(int device, const LuSolveTask& t) {
  const int64_t batch = t.b.shape()[0], n = t.b.shape()[1], nrhs = t.b.shape()[2];
  const DType d = t.b.dtype();
  const CublasApi& bl = cublas();
  const CusolverApi& sol = cusolver();
  cublasHandle_t h = cublas_handle(device);
  cusolverDnHandle_t sh = cusolver_handle(device);
  // laswp takes LAPACK's 32-bit pivots (getrf wrote 64-bit ones: n < 2^31 here).
  const ndarray piv = t.ipiv.astype(int32);
  using LaswpFn = cusolverStatus_t (*)(cusolverDnHandle_t, int, void*, int, int, int, const int*, int);
  const LaswpFn laswp = typed_entry<LaswpFn>(d, sol.cusolverDnSlaswp, sol.cusolverDnDlaswp, sol.cusolverDnClaswp,
                                             sol.cusolverDnZlaswp, "laswp");
  static const float f[2] = {1.0f, -1.0f};
  static const double g[2] = {1.0, -1.0};
  static const cuComplex c[2] = {make_cuComplex(1, 0), make_cuComplex(-1, 0)};
  static const cuDoubleComplex z[2] = {make_cuDoubleComplex(1, 0), make_cuDoubleComplex(-1, 0)};
  Triangles tri{h, nullptr, nullptr, n, n, nrhs, d.itemsize(), nullptr, nullptr,
                typed_entry<Triangles::TrsmFn>(d, bl.cublasStrsm_v2, bl.cublasDtrsm_v2, bl.cublasCtrsm_v2,
                                               bl.cublasZtrsm_v2, "trsm"),
                typed_entry<Triangles::GemmFn>(d, bl.cublasSgemm_v2, bl.cublasDgemm_v2, bl.cublasCgemm_v2,
                                               bl.cublasZgemm_v2, "gemm")};
  const void* ones[4] = {&f[0], &g[0], &c[0], &z[0]};
  const void* minus[4] = {&f[1], &g[1], &c[1], &z[1]};
  const int slot = d == float32 ? 0 : d == float64 ? 1 : d == complex64 ? 2 : 3;
  tri.one = ones[slot];
  tri.minus_one = minus[slot];
  for (int64_t j = 0; j < batch; ++j) {
    tri.a = matrix(t.lu, j, n * n);
    tri.b = matrix(t.b, j, n * nrhs);
    check_cusolver(laswp(sh, static_cast<int>(nrhs), tri.b, static_cast<int>(n), 1, static_cast<int>(n),
                         static_cast<const int*>(piv.data()) + j * n, 1),
                   "cusolverDn<t>laswp");
    tri.lower(0, n);
    tri.upper(0, n);
  }
}

}  // namespace cunumpy::detail
