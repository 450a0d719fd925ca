// numpy.cross: the components of a x b from products of the vectors' components (views
// along the moved vector axis), stacked along a new last axis moved to axisc.
#include <array>
#include <string>

#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/linalg_composites.hpp"
#include "cunumpy/ops/manipulation.hpp"

namespace cunumpy {

ndarray cross(const ndarray& a_in, const ndarray& b_in, int64_t axisa, int64_t axisb, int64_t axisc,
              bool allow_2d) {
  const ndarray a = moveaxis(a_in, axisa, -1);
  const ndarray b = moveaxis(b_in, axisb, -1);
  const int64_t la = a.ndim() > 0 ? a.shape().back() : 0, lb = b.ndim() > 0 ? b.shape().back() : 0;
  if ((la != 2 && la != 3) || (lb != 2 && lb != 3))
    throw ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)");
  if (!allow_2d && (la == 2 || lb == 2))
    throw ValueError("Both input arrays must be (arrays of) 3-dimensional vectors, but they are " +
                     std::to_string(la) + " and " + std::to_string(lb) + " dimensional instead.");
  auto component = [](const ndarray& v, int64_t i) { return v[{ellipsis, i}]; };
  const ndarray a0 = component(a, 0), a1 = component(a, 1), b0 = component(b, 0), b1 = component(b, 1);
  if (la == 2 && lb == 2) return subtract(multiply(a0, b1), multiply(a1, b0));
  // A missing third component is a zero of the result dtype.
  const Operand zero(Scalar(0).cast(promote_types(a.dtype(), b.dtype())));
  const bool has_a2 = la == 3, has_b2 = lb == 3;
  const ndarray a2 = has_a2 ? component(a, 2) : ndarray(), b2 = has_b2 ? component(b, 2) : ndarray();
  auto term = [&](const ndarray& x, bool hx, const ndarray& y, bool hy) -> Operand {
    if (!hx || !hy) return zero;
    return multiply(x, y);
  };
  const ndarray c0 = subtract(term(a1, true, b2, has_b2), term(a2, has_a2, b1, true));
  const ndarray c1 = subtract(term(a2, has_a2, b0, true), term(a0, true, b2, has_b2));
  const ndarray c2 = subtract(multiply(a0, b1), multiply(a1, b0));
  const std::array<ndarray, 3> parts = {c0, c1, c2};
  const std::vector<ndarray> same = broadcast_arrays(parts);
  return moveaxis(stack(same, -1), -1, axisc);
}

}  // namespace cunumpy
