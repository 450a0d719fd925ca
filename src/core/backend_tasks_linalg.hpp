// The linear-algebra tasks (matrix products and LAPACK-style factorizations) the ops
// layer (src/ops/linalg) hands to a backend. Forward-declared in core/backend.hpp, so that
// editing this header rebuilds only linear algebra.
//
// Layout contracts (the ops layer makes copies where an input does not meet them):
// - GEMM operands are 3-D (batch, rows, cols) of one dtype; within each matrix of `a` and
//   `b` one of the two strides equals the itemsize (row- or column-major; the other is the
//   leading dimension, >= the extent, or any value when the extent is 1), batch strides
//   are arbitrary (0 broadcasts). `c` is C-contiguous.
// - Factorizations work in place on column-major (Fortran order) matrices stored one after
//   another: matrix j of a (batch, m, n) operand starts at data + j * m * n * itemsize, its
//   element (i, k) at (i + k * m) * itemsize. Their dtypes are float32, float64,
//   complex64 or complex128 (the ops layer converts others). `info` arrays are int64
//   (batch), LAPACK's info per matrix (0 = success), read back by the ops layer.
// Internal header.
#pragma once
#include <cstdint>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy::detail {

// c[j] = a[j] @ b[j] for j in [0, batch): a (batch, m, k), b (batch, k, n), c (batch, m, n).
// Floating and complex dtypes through BLAS (float16 accumulating in float32); integer
// dtypes exactly, wrapping in their own width as NumPy does; bool as OR of ANDs.
struct GemmTask {
  ndarray a, b, c;
};

// How a (rows, cols) matrix with element strides (rs, cs) reads as a column-major BLAS
// operand: as itself (trans false, leading dimension ld) or as the transpose of a
// column-major (cols, rows) matrix (trans true). ok false when neither stride is unit.
struct BlasView {
  bool ok = false, trans = false;
  int64_t ld = 1;
};
inline BlasView blas_view(int64_t rows, int64_t cols, int64_t rs, int64_t cs) {
  auto fits = [](int64_t unit_extent, int64_t unit_stride, int64_t other_extent, int64_t other_stride,
                 int64_t& ld) {
    if (unit_extent > 1 && unit_stride != 1) return false;
    if (other_extent <= 1) { ld = unit_extent > 1 ? unit_extent : 1; return true; }
    if (other_stride < (unit_extent > 1 ? unit_extent : 1)) return false;
    ld = other_stride;
    return true;
  };
  BlasView v;
  if (fits(rows, rs, cols, cs, v.ld)) { v.ok = true; return v; }
  if (fits(cols, cs, rows, rs, v.ld)) { v.ok = true; v.trans = true; return v; }
  return v;
}

// LU with partial pivoting (getrf): `a` (batch, n, n) is overwritten by L and U; `ipiv`
// (batch, n) int64 receives LAPACK's 1-based pivot rows.
struct LuTask {
  ndarray a, ipiv, info;
};

// Solves A x = b from getrf's factors (getrs): `b` (batch, n, nrhs) is overwritten by x.
struct LuSolveTask {
  ndarray lu, ipiv, b;
};

// Cholesky (potrf): the `upper` (else lower) triangle of `a` (batch, n, n) is overwritten
// by the factor; the other triangle is left as it was.
struct CholeskyTask {
  ndarray a, info;
  bool upper = false;
};

// Householder QR (geqrf): `a` (batch, m, n) is overwritten by R (upper triangle) and the
// reflectors (below it); `tau` (batch, min(m, n)).
struct QrTask {
  ndarray a, tau, info;
};

// Forms Q (orgqr/ungqr) in place from the first `k` reflectors held in `q` (batch, m, ncols),
// ncols >= k, and `tau` (batch, >= k).
struct QrFormQTask {
  ndarray q, tau, info;
  int64_t k = 0;
};

// Symmetric/Hermitian eigendecomposition (syevd/heevd) reading the `upper` (else lower)
// triangle of `a` (batch, n, n); `w` (batch, n) of the real dtype receives the eigenvalues
// in ascending order, and `a` the eigenvectors (columns) when `vectors`.
struct EighTask {
  ndarray a, w, info;
  bool upper = false;
  bool vectors = true;
};

// Singular value decomposition of `a` (batch, m, n), which it may overwrite: `s`
// (batch, min(m, n)) of the real dtype, descending. With compute_uv: `u` (batch, m, m or
// k) and `vt` (batch, n or k, n), k = min(m, n), full_matrices choosing the first forms.
struct SvdTask {
  ndarray a, s, u, vt, info;
  bool compute_uv = true;
  bool full_matrices = true;
};

// General eigendecomposition (geev) of `a` (batch, n, n), which it overwrites: `w`
// (batch, n) and, when defined, the right eigenvectors `v` (batch, n, n), both of the
// complex dtype of a (real input: conjugate pairs unpacked by the backend).
struct EigTask {
  ndarray a, w, v, info;
};

}  // namespace cunumpy::detail
