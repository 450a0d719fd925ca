// sort/argsort: the axis moved last and read as an (M, K) view; the backend writes
// C-contiguous (M, K) results, moved back to the input's axis order.
#include "cunumpy/ops/sorting.hpp"

#include "cunumpy/base/errors.hpp"
#include "ops/axis_last.hpp"
#include "core/backend.hpp"
#include "ops/sorting/sort_internal.hpp"

namespace cunumpy {
namespace {

std::pair<ndarray, ndarray> sort_impl(const ndarray& a, std::optional<int64_t> axis, bool want_values,
                                      bool want_indices) {
  if (!a.defined()) throw ValueError("sort of an undefined array");
  ndarray x = a;
  if (!axis) x = x.reshape(Shape{x.size()});
  // A 0-d array along an axis is NumPy's AxisError; axis=None made it 1-D above.
  const int ax = normalize_axis(axis ? *axis : 0, x.ndim());
  const detail::AxisLast al(x, ax);
  const int64_t M = al.M, K = al.K;
  detail::SortTask task;
  if (want_values) task.values = ndarray(Shape{M, K}, x.dtype(), Order::C, a.device());
  if (want_indices) task.indices = ndarray(Shape{M, K}, int64, Order::C, a.device());
  if (M > 0 && K > 0) {
    task.in = al.rows(x);
    backend_for(a.device()).sort(task);
  }
  auto back = [&](const ndarray& r) {
    if (!r.defined()) return r;
    ndarray b = al.back(r);
    return ax == x.ndim() - 1 ? b : b.copy(Order::C);
  };
  return {back(task.values), back(task.indices)};
}

}  // namespace

ndarray sort(const ndarray& a, std::optional<int64_t> axis) { return sort_impl(a, axis, true, false).first; }
ndarray argsort(const ndarray& a, std::optional<int64_t> axis) { return sort_impl(a, axis, false, true).second; }
std::pair<ndarray, ndarray> sort_with_indices(const ndarray& a, std::optional<int64_t> axis) {
  return sort_impl(a, axis, true, true);
}

namespace detail {

ndarray sort_above_low_bytes(const ndarray& keys, int skip_low_bytes) {
  if (keys.ndim() != 1 || !keys.dtype().is_unsigned_integer())
    throw ValueError("sort_above_low_bytes: a 1-D unsigned integer array is needed");
  detail::SortTask task;
  task.values = ndarray(Shape{1, keys.size()}, keys.dtype(), Order::C, keys.device());
  task.skip_low_bytes = skip_low_bytes;
  if (keys.size() > 0) {
    task.in = keys.reshape(Shape{1, keys.size()});
    backend_for(keys.device()).sort(task);
  }
  return task.values.reshape(Shape{keys.size()});
}

}  // namespace detail
}  // namespace cunumpy
