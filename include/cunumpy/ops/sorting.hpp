// Sorting (NumPy's sort and argsort): along one axis, or over the flattened array (C
// order) when axis is nullopt. Always stable, whatever `kind` NumPy was asked for; NaNs
// last, complex ordered lexicographically with NumPy's NaN rules.
#pragma once
#include <optional>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy {

ndarray sort(const ndarray& a, std::optional<int64_t> axis = -1);
ndarray argsort(const ndarray& a, std::optional<int64_t> axis = -1);
// Both at once (one sort): {sorted values, int64 indices}.
std::pair<ndarray, ndarray> sort_with_indices(const ndarray& a, std::optional<int64_t> axis = -1);

}  // namespace cunumpy
