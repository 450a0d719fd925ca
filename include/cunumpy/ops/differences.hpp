// Differences of consecutive elements (numpy.diff, numpy.ediff1d).
#pragma once
#include <cstdint>
#include <optional>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy {

// The n-th discrete difference along `axis`: out[i] = a[i+1] - a[i], applied n times, after
// `prepend` / `append` are joined to a along axis (a 0-d value is broadcast to one slice).
// Bool arrays use not_equal, as NumPy. n == 0 returns a; ValueError for n < 0 or a 0-d a,
// AxisError for an axis out of range.
ndarray diff(const ndarray& a, int64_t n = 1, int64_t axis = -1,
             const std::optional<ndarray>& prepend = std::nullopt,
             const std::optional<ndarray>& append = std::nullopt);
// Differences of the flattened array, with to_begin / to_end (flattened, cast to a's dtype;
// TypeError unless they cast under same_kind) joined before and after. Bool a is
// subtract's TypeError, as NumPy.
ndarray ediff1d(const ndarray& ary, const std::optional<ndarray>& to_end = std::nullopt,
                const std::optional<ndarray>& to_begin = std::nullopt);

}  // namespace cunumpy
