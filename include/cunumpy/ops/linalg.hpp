// Linear algebra with NumPy 2's semantics: the matrix products (matmul with NumPy's 1-D
// promotion and batch broadcasting, dot, vdot, inner, outer, tensordot, einsum, kron,
// trace, vecdot, matvec, vecmat) and namespace cunumpy::linalg (solve, inv, det, slogdet,
// cholesky, qr, eigh, eigvalsh, svd, svdvals, eig, eigvals, matrix_power). Stacked inputs
// (..., M, N) broadcast as in NumPy. Factorizations take float32/float64/complex64/
// complex128 (integers and bool compute in float64; float16 is NumPy's TypeError) and
// compute in their result dtype (float32 stays float32, as CuPy; NumPy computes in double).
// Products run on BLAS GEMM (cuBLAS on CUDA, OpenBLAS on the CPU); integer and bool
// products are exact, as NumPy's.
//
// Errors: LinAlgError for singular matrices (solve, inv), input that is not positive
// definite (cholesky) and a factorization that did not converge (eigh, svd, eig). Finding
// out costs one device-to-host read of the per-matrix info flags after the factorization
// (a synchronization on CUDA); set_linalg_error_checks(false) skips it (CuPy's
// cupyx.linalg error state 'ignore': the result then holds whatever LAPACK left).
#pragma once
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/core/ndarray.hpp"

namespace cunumpy {

// numpy.linalg.LinAlgError (a ValueError).
struct LinAlgError : ValueError { using ValueError::ValueError; };

// Whether factorizations read back their info flags to raise LinAlgError (default true).
void set_linalg_error_checks(bool on);
bool linalg_error_checks();

// matmul's ufunc keywords (out=, dtype=, casting=).
struct MatmulOptions {
  ndarray out;                  // undefined: allocate
  std::optional<DType> dtype;   // the dtype to compute in
  Casting casting = Casting::SameKind;
};
ndarray matmul(const ndarray& a, const ndarray& b, const MatmulOptions& options = {});

ndarray dot(const ndarray& a, const ndarray& b, const ndarray& out = ndarray());
ndarray vdot(const ndarray& a, const ndarray& b);
ndarray inner(const ndarray& a, const ndarray& b);
ndarray outer(const ndarray& a, const ndarray& b);
// Sums a's axes_a against b's axes_b (pairwise); the result's axes are a's free axes, then b's.
ndarray tensordot(const ndarray& a, const ndarray& b, std::span<const int64_t> axes_a,
                  std::span<const int64_t> axes_b);
// The last n axes of a against the first n of b.
ndarray tensordot(const ndarray& a, const ndarray& b, int64_t n = 2);
ndarray kron(const ndarray& a, const ndarray& b);
ndarray trace(const ndarray& a, int64_t offset = 0, int64_t axis1 = 0, int64_t axis2 = 1,
              std::optional<DType> dtype = std::nullopt);
// NumPy 2's gufuncs: sum(conj(x1) * x2) over `axis`; x1 (..., m, n) @ x2 (..., n);
// conj(x1) (..., n) @ x2 (..., n, m).
ndarray vecdot(const ndarray& x1, const ndarray& x2, int64_t axis = -1);
ndarray matvec(const ndarray& x1, const ndarray& x2);
ndarray vecmat(const ndarray& x1, const ndarray& x2);
// einsum("ij,jk->ik", {a, b}): explicit or implicit output, "..." broadcasting, repeated
// indices (diagonals within an operand, sums across them); contracted pairwise, left to
// right (greedy=false) or choosing the smallest intermediate first (greedy=true, NumPy's
// optimize='greedy'), each contraction one GEMM.
ndarray einsum(const std::string& subscripts, std::span<const ndarray> operands,
               std::optional<DType> dtype = std::nullopt, bool greedy = false);

namespace linalg {

ndarray solve(const ndarray& a, const ndarray& b);
ndarray inv(const ndarray& a);
ndarray det(const ndarray& a);
std::pair<ndarray, ndarray> slogdet(const ndarray& a);  // (sign, logabsdet)
ndarray cholesky(const ndarray& a, bool upper = false);
// mode "reduced" / "complete": {Q, R}; "r": {R, undefined}; "raw": {h, tau}.
std::pair<ndarray, ndarray> qr(const ndarray& a, const std::string& mode = "reduced");
std::pair<ndarray, ndarray> eigh(const ndarray& a, const std::string& UPLO = "L");
ndarray eigvalsh(const ndarray& a, const std::string& UPLO = "L");
// {U, S, Vh}; compute_uv=false: only S (the others undefined).
std::tuple<ndarray, ndarray, ndarray> svd(const ndarray& a, bool full_matrices = true, bool compute_uv = true);
ndarray svdvals(const ndarray& a);
// Complex results; with `real_if_all_real`, real ones when every eigenvalue of a real input
// is real (a host read), as NumPy before 2.5 (2.5 returns complex arrays always).
std::pair<ndarray, ndarray> eig(const ndarray& a, bool real_if_all_real = false);
ndarray eigvals(const ndarray& a, bool real_if_all_real = false);
ndarray matrix_power(const ndarray& a, int64_t n);
ndarray matrix_transpose(const ndarray& a);

}  // namespace linalg
}  // namespace cunumpy
