// a[..., lo:hi, ...] along one axis as a basic view: the building block of the
// shifted-view formulas of gradient, trapezoid, unwrap and packbits. Internal header.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy::detail {

inline ndarray slice_axis(const ndarray& a, int axis, std::optional<int64_t> lo,
                          std::optional<int64_t> hi) {
  std::vector<Index> idx(static_cast<std::size_t>(a.ndim()), Index(Slice{}));
  idx[static_cast<std::size_t>(axis)] = Slice{lo, hi, std::nullopt};
  return a[std::span<const Index>(idx)];
}

}  // namespace cunumpy::detail
