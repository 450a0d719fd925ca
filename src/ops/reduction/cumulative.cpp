// cumulative_sum / cumulative_prod: the scan of cumsum/cumprod with the array API's rules
// for the axis and include_initial.
#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/scan.hpp"
#include "ops/reduction/reduction_exec.hpp"

namespace cunumpy {
namespace {

ndarray cumulative(ReduceOp op, const ndarray& x0, std::optional<int64_t> axis, std::optional<DType> dtype,
                   const ndarray& out, bool include_initial) {
  const ndarray x = x0.ndim() == 0 ? x0.reshape(Shape{1}) : x0;  // NumPy's atleast_1d
  if (!axis) {
    if (x.ndim() > 1) throw ValueError("axis must be specified for multi-dimensional arrays.");
    axis = 0;
  }
  ndarray res = scan(op, x, axis, dtype, ndarray(), true);
  if (include_initial) {
    const int64_t ax = *axis < 0 ? *axis + x.ndim() : *axis;  // scan checked the range
    Shape s = res.shape();
    s[static_cast<std::size_t>(ax)] = 1;
    ndarray first(s, res.dtype(), Order::C, res.device());
    first.fill(Scalar(op == ReduceOp::Sum ? 0 : 1).cast(res.dtype()));
    const ndarray parts[2] = {first, res};
    res = concatenate(parts, ax);
  }
  return detail::finish(res, out);
}

}  // namespace

ndarray cumulative_sum(const ndarray& x, std::optional<int64_t> axis, std::optional<DType> dtype,
                       const ndarray& out, bool include_initial) {
  return cumulative(ReduceOp::Sum, x, axis, dtype, out, include_initial);
}

ndarray cumulative_prod(const ndarray& x, std::optional<int64_t> axis, std::optional<DType> dtype,
                        const ndarray& out, bool include_initial) {
  return cumulative(ReduceOp::Prod, x, axis, dtype, out, include_initial);
}

}  // namespace cunumpy
