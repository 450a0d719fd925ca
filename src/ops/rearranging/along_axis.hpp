// Index tuples that slice one axis (internal to src/ops/rearranging).
#pragma once
#include <vector>
#include "cunumpy/core/ndarray.hpp"

namespace cunumpy::rearranging {

// a[:, ..., s] with s on `axis` (a view).
inline ndarray along(const ndarray& a, int axis, Slice s) {
  std::vector<Index> idx(static_cast<std::size_t>(axis), Index(Slice{}));
  idx.emplace_back(s);
  return a[std::span<const Index>(idx)];
}

}  // namespace cunumpy::rearranging
