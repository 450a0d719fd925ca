// numpy.average as NumPy's _function_base_impl.average computes it: mean without weights,
// else sum(a * w) / sum(w) in the promoted dtype, with w laid along the reduced axes.
#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/statistics.hpp"

namespace cunumpy {
namespace {

// NumPy's normalize_axis_tuple: each axis in range (AxisError), none repeated (ValueError).
SmallVector<int64_t, 8> normalize_axes(const SmallVector<int64_t, 8>& axes, int nd) {
  SmallVector<int64_t, 8> r;
  for (int64_t ax : axes) {
    if (ax < -nd || ax >= nd)
      throw AxisError("axis " + std::to_string(ax) + " is out of bounds for array of dimension " +
                      std::to_string(nd));
    const int64_t v = ax < 0 ? ax + nd : ax;
    if (std::find(r.begin(), r.end(), v) != r.end()) throw ValueError("repeated axis in `axis` argument");
    r.push_back(v);
  }
  return r;
}

// Weights of the reduced axes' shape, laid out to broadcast against a (NumPy: moveaxis to
// the axes' positions, then expand_dims at the others).
ndarray lay_along(const ndarray& w, const SmallVector<int64_t, 8>& axes, int nd) {
  ndarray x = w;
  if (w.ndim() > 1) {
    std::vector<int64_t> order(axes.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int64_t i, int64_t j) { return axes[i] < axes[j]; });
    x = x.transpose(order);
  }
  std::vector<int64_t> rest;
  for (int d = 0; d < nd; ++d)
    if (std::find(axes.begin(), axes.end(), d) == axes.end()) rest.push_back(d);
  return rest.empty() ? x : expand_dims(x, rest);
}

}  // namespace

ndarray average(const ndarray& a, const Axes& axis, const std::optional<ndarray>& weights, bool keepdims,
                ndarray* sum_of_weights, OpWarnings* warnings) {
  Axes ax = axis;
  if (axis) ax = normalize_axes(*axis, a.ndim());
  ndarray avg, scl;
  if (!weights) {
    avg = mean(a, ax, std::nullopt, keepdims);
    if (reduced_count(a, ax) == 0) report(warnings, &OpWarnings::mean_of_empty_slice);
    // NumPy computes a.size / avg.size whether or not it is returned.
    if (avg.size() == 0) throw ZeroDivisionError("division by zero");
    if (sum_of_weights) {
      const double n = static_cast<double>(a.size()) / static_cast<double>(avg.size());
      scl = full(Shape{}, Scalar(n), avg.dtype(), Order::C);
    }
  } else {
    ndarray w = *weights;
    const DType result = a.dtype().is_integer() || a.dtype() == bool_
                             ? promote_types(promote_types(a.dtype(), w.dtype()), float64)
                             : promote_types(a.dtype(), w.dtype());
    if (a.shape() != w.shape()) {
      if (!ax) throw TypeError("Axis must be specified when shapes of a and weights differ.");
      Shape along;
      for (int64_t d : *ax) along.push_back(a.shape()[d]);
      if (w.shape() != along)
        throw ValueError("Shape of weights must be consistent with shape of a along specified axis.");
      w = lay_along(w, *ax, a.ndim());
    }
    scl = sum(w.dtype() == result ? w : w.astype(result), ax, result, keepdims);
    if (any(equal(scl, 0.0)).item().to_bool()) throw ZeroDivisionError("Weights sum to zero, can't be normalized");
    UfuncOptions o;
    o.dtype = result;
    avg = true_divide(sum(multiply(a, broadcast_to(w, a.shape()), o), ax, std::nullopt, keepdims), scl);
  }
  if (sum_of_weights)
    *sum_of_weights = scl.shape() == avg.shape() ? scl : broadcast_to(scl, avg.shape()).copy();
  return avg;
}

}  // namespace cunumpy
