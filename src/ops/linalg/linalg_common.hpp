// Helpers shared by the linear-algebra ops (src/ops/linalg): shapes, stacks of matrices
// as (batch, rows, cols) operands, and Fortran-order batches for the factorizations.
// Internal header.
#pragma once
#include <string>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/reduction.hpp"

namespace cunumpy::detail {

inline Shape shape_slice(const Shape& s, int64_t from, int64_t to) {
  return Shape(s.begin() + from, s.begin() + to);
}
inline Shape shape_concat(const Shape& a, const Shape& b) {
  Shape r = a;
  for (int64_t v : b) r.push_back(v);
  return r;
}
inline int64_t shape_product(const Shape& s) {
  int64_t p = 1;
  for (int64_t v : s) p *= v;
  return p;
}

// NumPy's result dtype of two arrays (promote_types).
inline DType result_dtype(const ndarray& a, const ndarray& b) { return promote_types(a.dtype(), b.dtype()); }

// A (rows, cols) stack `a` (shape batch + (rows, cols)) as a 3-D (B, rows, cols) operand
// that GEMM accepts (one unit stride per matrix, one batch stride): a view when possible,
// else a C-order copy.
ndarray gemm_operand(const ndarray& a);

// c = a @ b for 3-D operands of one dtype (the backend's GEMM); c (B, m, n) C-contiguous.
ndarray gemm3(const ndarray& a, const ndarray& b);

// An uninitialized (batch, rows, cols) array whose matrices are column-major, one after
// another (the factorization tasks' layout), on `device`.
ndarray fortran_batch(int64_t batch, int64_t rows, int64_t cols, DType dtype, Device device);
// `a` (..., rows, cols), broadcast and cast, copied into such a batch of `batch` matrices.
ndarray to_fortran_batch(const ndarray& a, int64_t batch, DType dtype);

// numpy.linalg's dtype rules: the dtype a factorization computes and returns in for the
// given input dtype (bool/integers: float64; float16: TypeError as NumPy's).
DType linalg_dtype(DType d);
// NumPy's checks: at least 2-D (LinAlgError "%d-dimensional array given..."), square.
void check_stacked_2d(const ndarray& a);
void check_square(const ndarray& a);

// Reads back `info` (int64) and raises LinAlgError(message) when any entry is non-zero
// (unless error checks are off); positive_only: only positive entries count.
void check_info(const ndarray& info, const char* message);

// The lower (lower=true) or upper triangle of the last two axes, zeros elsewhere.
ndarray triangle(const ndarray& a, bool lower, int64_t k = 0);

// The real (imag=false) or imaginary part of a complex array, as a view.
ndarray complex_part(const ndarray& x, bool imag);
// sum(|x|^2) over `axis`: re*re + im*im for complex, as NumPy (no hypot rounding).
ndarray sum_of_squares(const ndarray& x, const Axes& axis, bool keepdims);
// The maximum of non-negative values over `axis` with NumPy 2's initial=0 (its norms and
// matrix_rank): an empty axis gives 0, not ValueError.
ndarray max_from_zero(const ndarray& x, const Axes& axis, bool keepdims = false);

}  // namespace cunumpy::detail
