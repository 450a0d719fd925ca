// numpy.vander: column 0 of the increasing matrix is 1, the rest the running products of
// x (a cumprod along the columns), reversed for the decreasing order.
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/polynomial.hpp"
#include "cunumpy/ops/scan.hpp"

namespace cunumpy {

ndarray vander(const ndarray& x, std::optional<int64_t> N_in, bool increasing) {
  if (x.ndim() != 1) throw ValueError("x must be a one-dimensional array or sequence.");
  const int64_t n = x.shape()[0], N = N_in ? *N_in : n;
  if (N < 0) throw ValueError("negative dimensions are not allowed");
  const DType dt = promote_types(x.dtype(), int64);
  if (N == 0 || n == 0) return empty(Shape{n, N}, dt);
  ndarray v(Shape{n, N}, dt, Order::C, x.device());
  std::vector<ndarray> cols;
  ndarray one(Shape{n, 1}, dt, Order::C, x.device());
  one.fill(Scalar(1));
  cols.push_back(one);
  if (N > 1) {
    const ndarray xs = broadcast_to(x.astype(dt).reshape(Shape{n, 1}), Shape{n, N - 1});
    cols.push_back(cumprod(xs, 1));
  }
  const ndarray inc = concatenate(cols, 1);
  if (increasing) return inc;
  const Index rows = Slice{}, reversed = Slice{std::nullopt, std::nullopt, -1};
  return ascontiguousarray(inc[{rows, reversed}]);
}

}  // namespace cunumpy
