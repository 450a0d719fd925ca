// numpy.polyfit: a least-squares fit on the column-scaled Vandermonde matrix, step for step
// as numpy/lib/_polynomial_impl.py (so results and errors match it).
#include <limits>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/linalg.hpp"
#include "cunumpy/ops/linalg_composites.hpp"
#include "cunumpy/ops/polynomial.hpp"
#include "ops/linalg/linalg_common.hpp"

namespace cunumpy {
namespace {

// numpy.finfo(d).eps of an inexact dtype (its real part for complex).
double epsilon_of(DType d) {
  if (d == float16) return 0.0009765625;  // 2**-10
  if (d == float32 || d == complex64) return std::numeric_limits<float>::epsilon();
  return std::numeric_limits<double>::epsilon();
}

// a[:, None]: a column for broadcasting against (n, k).
ndarray column(const ndarray& a) { return a.reshape(Shape{a.shape()[0], 1}); }

}  // namespace

PolyfitResult polyfit(const ndarray& x_in, const ndarray& y_in, int64_t deg, std::optional<double> rcond,
                      const std::optional<ndarray>& w_in, PolyfitCov cov) {
  const int64_t order = deg + 1;
  const ndarray x = add(x_in, Operand(Scalar(0.0), true));  // inexact, as x + 0.0
  ndarray y = add(y_in, Operand(Scalar(0.0), true));
  if (deg < 0) throw ValueError("expected deg >= 0");
  if (x.ndim() != 1) throw TypeError("expected 1D vector for x");
  if (x.size() == 0) throw TypeError("expected non-empty vector for x");
  if (y.ndim() < 1 || y.ndim() > 2) throw TypeError("expected 1D or 2D array for y");
  if (x.shape()[0] != y.shape()[0]) throw TypeError("expected x and y to have same length");
  const int64_t n = x.shape()[0];
  PolyfitResult r;
  r.rcond = rcond ? *rcond : static_cast<double>(n) * epsilon_of(x.dtype());
  ndarray lhs = vander(x, order);
  ndarray& rhs = y;
  if (w_in) {
    const ndarray w = add(*w_in, Operand(Scalar(0.0), true));
    if (w.ndim() != 1) throw TypeError("expected a 1-d array for weights");
    if (w.shape()[0] != y.shape()[0]) throw TypeError("expected w and y to have the same length");
    lhs *= column(w);  // in place, as NumPy: the casting is same_kind into lhs's dtype
    if (rhs.ndim() == 2) rhs *= column(w);
    else rhs *= w;
  }
  const ndarray scale = sqrt(detail::sum_of_squares(lhs, Axes(SmallVector<int64_t, 8>{0}), false));
  lhs /= scale;
  auto [c, resids, rank, s] = linalg::lstsq(lhs, rhs, r.rcond);
  r.coefficients = true_divide(c.T(), scale).T();
  r.residuals = resids;
  r.rank = rank;
  r.singular_values = s;
  if (cov == PolyfitCov::None) return r;
  ndarray vbase = linalg::inv(dot(lhs.T(), lhs));
  vbase /= outer(scale, scale);
  Operand fac(Scalar(int64_t(1)), true);
  if (cov == PolyfitCov::Scaled) {
    if (n <= order)
      throw ValueError("the number of data points must exceed order to scale the covariance matrix");
    fac = Operand(true_divide(resids, Operand(Scalar(n - order), true)));
  }
  r.covariance = y.ndim() == 1 ? multiply(vbase, fac)
                               : multiply(vbase.reshape(Shape{order, order, 1}), fac);
  return r;
}

}  // namespace cunumpy
