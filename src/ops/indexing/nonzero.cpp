// nonzero, flatnonzero, argwhere and extract: one compaction over a contiguous boolean
// mask (the array cast to bool when it is not one), on the array's backend.
#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "core/backend.hpp"

namespace cunumpy {
namespace {

ndarray contiguous_mask(const ndarray& a) {
  return a.dtype().is_bool() && a.c_contiguous() ? a : a.astype(bool_, Order::C);
}

ndarray compact(const ndarray& mask, const ndarray* data) {
  return backend_for(mask.device()).compact(detail::CompactTask{mask, data});
}

}  // namespace

std::vector<ndarray> nonzero(const ndarray& a) {
  if (a.ndim() == 0)
    throw ValueError("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead. "
                     "If the context of this error is of the form `arr.nonzero()`, please use "
                     "`np.atleast_1d(arr).nonzero()` instead.");
  ndarray coords = compact(contiguous_mask(a), nullptr);
  std::vector<ndarray> out;
  for (int64_t d = 0; d < a.ndim(); ++d) out.push_back(coords[{d}]);
  return out;
}

ndarray flatnonzero(const ndarray& a) { return compact(contiguous_mask(a.ravel()), nullptr)[{int64_t{0}}]; }

ndarray argwhere(const ndarray& a) {
  if (a.ndim() == 0) return ndarray(Shape{a.item().to_bool() ? 1 : 0, 0}, int64, Order::C, a.device());
  return compact(contiguous_mask(a), nullptr).T().copy();
}

ndarray extract(const ndarray& condition, const ndarray& a) {
  if (condition.size() == a.size() && condition.device() == a.device()) {
    const ndarray values = a.c_contiguous() ? a.ravel() : a.copy(Order::C).ravel();
    return compact(contiguous_mask(condition.ravel()), &values);
  }
  return take(a, flatnonzero(condition), std::nullopt);
}

}  // namespace cunumpy
