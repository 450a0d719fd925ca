// An array viewed with one axis moved last and the others merged: the (M, K) form the
// scan and sort backends work on, and the way back to the input's axis order. Internal.
#pragma once
#include <span>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy::detail {

struct AxisLast {
  int axis = 0;
  int64_t M = 1, K = 0;
  SmallVector<int64_t, 8> perm, inverse;
  Shape moved;  // x's shape with `axis` last

  AxisLast(const ndarray& x, int ax) : axis(ax), inverse(x.ndim(), 0) {
    for (int d = 0; d < x.ndim(); ++d)
      if (d != ax) {
        perm.push_back(d);
        moved.push_back(x.shape()[d]);
        M *= x.shape()[d];
      }
    perm.push_back(ax);
    moved.push_back(x.shape()[ax]);
    for (int d = 0; d < x.ndim(); ++d) inverse[perm[d]] = d;
    K = x.shape()[ax];
  }
  // x as (M, K) (a view when the layout allows).
  ndarray rows(const ndarray& x) const {
    return x.transpose(std::span<const int64_t>(perm.data(), perm.size())).reshape(Shape{M, K});
  }
  // A C-contiguous (M, K) result viewed in the input's axis order.
  ndarray back(const ndarray& r) const {
    return r.reshape(moved).transpose(std::span<const int64_t>(inverse.data(), inverse.size()));
  }
};

}  // namespace cunumpy::detail
