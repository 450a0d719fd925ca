// numpy.trapezoid: (d * (y[1:] + y[:-1]) / 2).sum(axis) over shifted views, d the spacing
// or the differences of the sample points.
#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/calculus.hpp"
#include "cunumpy/ops/differences.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "ops/slice_axis.hpp"

namespace cunumpy {

ndarray trapezoid(const ndarray& y, const std::optional<ndarray>& x, const Operand& dx, int64_t axis) {
  const int nd = y.ndim();
  // NumPy indexes a Python list of nd slices with the axis: IndexError out of range.
  if (axis >= nd || axis < -nd) throw IndexError("list assignment index out of range");
  const int ax = static_cast<int>(axis < 0 ? axis + nd : axis);
  Operand d = dx;
  if (x) {
    if (x->ndim() == 1) {
      const ndarray dd = diff(*x);
      Shape s(static_cast<std::size_t>(nd), 1);
      s[ax] = dd.shape()[0];
      d = dd.reshape(s);
    } else {
      d = diff(*x, 1, ax);
    }
  }
  using detail::slice_axis;
  const ndarray pair_sum = add(slice_axis(y, ax, 1, std::nullopt), slice_axis(y, ax, std::nullopt, -1));
  const ndarray scaled = true_divide(multiply(d, pair_sum), Operand::weak(Scalar(2.0)));
  SmallVector<int64_t, 8> axes{ax};
  return sum(scaled, axes);
}

}  // namespace cunumpy
