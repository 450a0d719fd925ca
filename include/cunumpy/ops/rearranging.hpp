// Rearranging, splitting and repeating arrays (NumPy's names): views where NumPy returns
// views, else views joined by one copy.
#pragma once
#include <optional>
#include <span>
#include <vector>
#include "cunumpy/core/ndarray.hpp"

namespace cunumpy {

// Reverses the order of elements along `axes` (every axis without them): a view.
// AxisError for an axis out of range, ValueError for a repeated one.
ndarray flip(const ndarray& a);
ndarray flip(const ndarray& a, std::span<const int64_t> axes);
ndarray fliplr(const ndarray& a);  // ValueError below 2-D
ndarray flipud(const ndarray& a);  // ValueError for 0-D
// Rotates by 90 degrees k times in the plane of `axes` (from the first towards the second): a view.
ndarray rot90(const ndarray& a, int64_t k = 1, std::pair<int64_t, int64_t> axes = {0, 1});
// Rolls elements by shifts[i] along axes[i] (shifts summed per axis); without axes, the
// flattened array by the sum of the shifts, reshaped back. Always a new array.
ndarray roll(const ndarray& a, std::span<const int64_t> shifts,
             std::optional<std::span<const int64_t>> axes = std::nullopt);
ndarray roll(const ndarray& a, int64_t shift, std::optional<int64_t> axis = std::nullopt);
// `a` repeated reps[i] times along axis i (reps and a's shape aligned at the end).
ndarray tile(const ndarray& a, std::span<const int64_t> reps);
// Sub-arrays (views) along `axis`: `sections` parts as equal as possible (the first ones
// one longer), or the parts between `indices` (Python slice rules: negative from the end,
// clipped). split() also requires equal parts.
std::vector<ndarray> array_split(const ndarray& a, int64_t sections, int64_t axis = 0);
std::vector<ndarray> array_split(const ndarray& a, std::span<const int64_t> indices, int64_t axis = 0);
std::vector<ndarray> split(const ndarray& a, int64_t sections, int64_t axis = 0);
// Each element repeated `repeats` times (or repeats[i] times for element i) along `axis`;
// the flattened array without an axis (a 0-d array counts as 1-d).
ndarray repeat(const ndarray& a, int64_t repeats, std::optional<int64_t> axis = std::nullopt);
ndarray repeat(const ndarray& a, std::span<const int64_t> repeats, std::optional<int64_t> axis = std::nullopt);
// `axis` moved to just before position `start` (a view); AxisError for either out of range.
ndarray rollaxis(const ndarray& a, int64_t axis, int64_t start = 0);
// Coordinate arrays from 1-D coordinate vectors (any shape, flattened): xy indexing swaps
// the first two output axes; sparse keeps them unbroadcast; copy=false returns views.
std::vector<ndarray> meshgrid(std::span<const ndarray> xi, bool xy_indexing = true, bool sparse = false,
                              bool copy = true);
// A new array of `shape` holding a's elements (C order) repeated; zeros when either is empty.
ndarray resize(const ndarray& a, const Shape& shape);

}  // namespace cunumpy
