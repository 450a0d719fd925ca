// Small pieces the set routines share: 1-D slices as views and the sorted-neighbour mask.
#pragma once
#include <optional>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/joining.hpp"

namespace cunumpy::sets {

// a[start:stop] of a 1-D array, a view.
inline ndarray slice(const ndarray& a, std::optional<int64_t> start, std::optional<int64_t> stop) {
  return a[{Slice{start, stop, std::nullopt}}];
}

// flag[first ? 1 : 0 ...] = sorted[1:] != sorted[:-1] (or ==), written in place into a
// bool array of sorted.size() - 1 + extra elements whose other entries the caller sets.
inline void neighbours_into(const ndarray& sorted, ndarray target, bool differ) {
  UfuncOptions o;
  o.out.push_back(std::move(target));
  const Operand in[2] = {slice(sorted, 1, std::nullopt), slice(sorted, std::nullopt, -1)};
  ufunc_call(differ ? "not_equal" : "equal", in, o);
}

inline ndarray concat2(const ndarray& a, const ndarray& b) {
  const ndarray parts[2] = {a, b};
  return concatenate(parts);
}

}  // namespace cunumpy::sets
