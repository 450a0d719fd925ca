// diagonal: a strided view whose last axis steps along both axes at once.
#include <algorithm>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/indexing.hpp"

namespace cunumpy {

ndarray diagonal(const ndarray& a, int64_t offset, int64_t axis1, int64_t axis2) {
  if (a.ndim() < 2) throw ValueError("diag requires an array of at least two dimensions");
  const int ax1 = normalize_axis(axis1, a.ndim());
  const int ax2 = normalize_axis(axis2, a.ndim());
  if (ax1 == ax2) throw ValueError("axis1 and axis2 cannot be the same");
  const int64_t n1 = a.shape()[ax1], n2 = a.shape()[ax2];
  const int64_t s1 = a.strides()[ax1], s2 = a.strides()[ax2];
  const int64_t len = std::max<int64_t>(0, offset >= 0 ? std::min(n1, n2 - offset) : std::min(n1 + offset, n2));
  const int64_t start = len == 0 ? 0 : (offset >= 0 ? offset * s2 : -offset * s1);
  Shape shape;
  Strides strides;
  for (int d = 0; d < a.ndim(); ++d) {
    if (d == ax1 || d == ax2) continue;
    shape.push_back(a.shape()[d]);
    strides.push_back(a.strides()[d]);
  }
  shape.push_back(len);
  strides.push_back(s1 + s2);
  return ndarray(a.memory(), a.offset() + start, shape, strides, a.dtype(), a);
}

}  // namespace cunumpy
