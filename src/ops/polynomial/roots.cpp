// numpy.roots (eigenvalues of the companion matrix) and numpy.poly (the coefficients from
// the roots, one two-term convolution per root).
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/linalg.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/polynomial.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "cunumpy/ops/sorting.hpp"
#include "ops/slice_axis.hpp"

namespace cunumpy {

using detail::slice_axis;

ndarray roots(const ndarray& p_in) {
  const ndarray p1 = atleast_1d(p_in);
  if (p1.ndim() != 1) throw ValueError("Input must be a rank-1 array.");
  const std::vector<int64_t> nz = flatnonzero(p1).to_vector<int64_t>();  // one read back
  if (nz.empty()) return empty(Shape{0}, float64);
  const int64_t trailing = p1.shape()[0] - nz.back() - 1;
  ndarray p = slice_axis(p1, 0, nz.front(), nz.back() + 1);
  if (!p.dtype().is_inexact()) p = p.astype(float64);
  const int64_t N = p.shape()[0];
  ndarray r;
  if (N > 1) {
    ndarray A = eye(N - 1, N - 1, -1, p.dtype());
    const ndarray row = negative(true_divide(slice_axis(p, 0, 1, std::nullopt), slice_axis(p, 0, 0, 1)));
    const Index first[] = {int64_t{0}};
    A.set_item(first, row);
    r = linalg::eigvals(A, true);
  } else {
    r = empty(Shape{0}, float64);
  }
  if (trailing == 0) return r;
  ndarray z(Shape{trailing}, r.dtype(), Order::C, r.device());
  z.fill(Scalar(0));
  const std::vector<ndarray> parts{r, z};
  return concatenate(parts, 0);
}

namespace {

// NumPy's mintypecode over 'GDFgdf': float32, float64, complex64 and complex128 keep their
// dtype, every other dtype (bool, integers, float16) becomes float64.
DType zeros_dtype(DType d) {
  return d == float32 || d == float64 || d == complex64 || d == complex128 ? d : float64;
}

}  // namespace

ndarray poly(const ndarray& seq_in) {
  const ndarray s1 = atleast_1d(seq_in);
  ndarray z;
  const Shape& sh = s1.shape();
  if (sh.size() == 2 && sh[0] == sh[1] && sh[0] != 0) {
    z = linalg::eigvals(s1, true);
  } else if (sh.size() == 1) {
    z = s1.astype(zeros_dtype(s1.dtype()));
  } else {
    throw ValueError("input must be 1d or non-empty square 2d array.");
  }
  if (z.shape()[0] == 0) return full(Shape{}, Scalar(1.0), float64);
  const DType dt = z.dtype();
  ndarray a(Shape{1}, dt, Order::C, z.device());
  a.fill(Scalar(1));
  for (int64_t i = 0; i < z.shape()[0]; ++i) {
    // a * [1, -z_i]: the new a[k] is a[k] - z_i * a[k-1] (a padded with a zero at each end)
    ndarray zero1(Shape{1}, dt, Order::C, z.device());
    zero1.fill(Scalar(0));
    const std::vector<ndarray> hi{a, zero1}, lo{zero1, a};
    const ndarray zi = slice_axis(z, 0, i, i + 1);
    a = subtract(concatenate(hi, 0), multiply(zi, concatenate(lo, 0)));
  }
  if (dt.is_complex()) {
    // conjugate pairs of roots: the coefficients are real
    const ndarray c = z.astype(complex128);
    if (all(equal(sort(c), sort(conjugate(c)))).item().to_bool()) {
      const DType real_dt = dt == complex64 ? float32 : float64;
      const Index real_parts[] = {Slice{std::nullopt, std::nullopt, 2}};  // a is C-contiguous
      a = ascontiguousarray(a.view(real_dt)[real_parts]);
    }
  }
  return a;
}

}  // namespace cunumpy
