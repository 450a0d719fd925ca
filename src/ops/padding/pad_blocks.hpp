// The blocks pad() joins to each side of an axis, one family of modes per function
// (internal to src/ops/padding).
#pragma once
#include <optional>
#include <utility>
#include <vector>
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/op_types.hpp"
#include "cunumpy/ops/padding.hpp"

namespace cunumpy::padding {

// a[..., s] with s applied to `axis` (a view).
ndarray along(const ndarray& a, int axis, Slice s);
// a's shape with `width` along `axis`.
Shape block_shape(const ndarray& a, int axis, int64_t width);
// a's entries idx (any order, repeats allowed) along `axis`: consecutive runs become
// slices joined by one concatenate; many short runs take one gather kernel instead.
ndarray gather_runs(const ndarray& a, int axis, const std::vector<int64_t>& idx);
// left, a, right joined along `axis` (undefined blocks left out).
ndarray join(const ndarray& left, const ndarray& a, const ndarray& right, int axis);

// `a` reflected on both sides of `axis`, in NumPy's chunks (each no longer than the data
// padded so far): Reflect mirrors about the edge, Symmetric repeats it; odd reflections
// are 2 * edge - mirror.
ndarray reflect(const ndarray& a, int axis, int64_t before, int64_t after, bool odd, bool symmetric);
// LinearRamp's two blocks: from the end values to the edge, as NumPy's linspace computes.
std::pair<ndarray, ndarray> linear_ramp(const ndarray& a, int axis, int64_t before, int64_t after,
                                        const Scalar& left_value, const Scalar& right_value);
// Maximum/Minimum/Mean/Median: the statistic of the first/last stat_length entries,
// broadcast over the block (integers rounded half to even, as NumPy).
std::pair<ndarray, ndarray> statistic(const ndarray& a, int axis, int64_t before, int64_t after,
                                      std::pair<std::optional<int64_t>, std::optional<int64_t>> length,
                                      PadMode mode);

}  // namespace cunumpy::padding
