// numpy.polyval (Horner's scheme over p's leading axis) and polyadd/polysub/polymul.
#include <cstdlib>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/correlation.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/polynomial.hpp"
#include "cunumpy/ops/reduction.hpp"

namespace cunumpy {
namespace {

// a1 and a2 as 1-D (0-d made 1-D), the shorter padded in front with zeros of its dtype.
std::pair<ndarray, ndarray> aligned(const ndarray& a1_in, const ndarray& a2_in) {
  ndarray a1 = atleast_1d(a1_in), a2 = atleast_1d(a2_in);
  const int64_t d = a2.shape()[0] - a1.shape()[0];
  auto pad = [](const ndarray& a, int64_t k) {
    ndarray z(Shape{k}, a.dtype(), Order::C, a.device());
    z.fill(Scalar(0));
    const std::vector<ndarray> parts{z, a};
    return concatenate(parts, 0);
  };
  if (d > 0) a1 = pad(a1, d);
  if (d < 0) a2 = pad(a2, -d);
  return {a1, a2};
}

// NumPy's polymul takes poly1d(a): 1-D, leading zeros trimmed, [0] when nothing is left.
ndarray as_poly1d(const ndarray& a_in) {
  const ndarray a = atleast_1d(a_in);
  if (a.ndim() > 1) throw ValueError("Polynomial must be 1d only.");
  const ndarray nonzero = not_equal(a, Operand::weak(Scalar(0)));
  const int64_t first = a.size() ? argmax(nonzero).item().to_int64() : 0;  // one read back
  if (a.size() && nonzero[{first}].item().to_bool()) return a[{Slice{first, std::nullopt, std::nullopt}}];
  ndarray z(Shape{1}, a.dtype(), Order::C, a.device());
  z.fill(Scalar(0));
  return z;
}

}  // namespace

ndarray polyval(const ndarray& p, const ndarray& x) {
  if (p.ndim() == 0) throw TypeError("iteration over a 0-d array");
  ndarray y = zeros_like(x);
  for (int64_t i = 0; i < p.shape()[0]; ++i) y = add(multiply(y, x), p[{i}]);
  return y;
}

ndarray polyadd(const ndarray& a1, const ndarray& a2) {
  auto [u, v] = aligned(a1, a2);
  return add(u, v);
}

ndarray polysub(const ndarray& a1, const ndarray& a2) {
  auto [u, v] = aligned(a1, a2);
  return subtract(u, v);
}

ndarray polymul(const ndarray& a1, const ndarray& a2) {
  return convolve(as_poly1d(a1), as_poly1d(a2));
}

}  // namespace cunumpy
