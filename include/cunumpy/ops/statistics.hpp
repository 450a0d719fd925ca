// Averages and ranges (numpy.average, numpy.ptp).
#pragma once
#include <optional>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/op_warnings.hpp"
#include "cunumpy/ops/reduction.hpp"

namespace cunumpy {

// Weighted average over `axis` (numpy.average). weights: a's shape, or the shape of the
// reduced axes (in the order given) when axis is set (TypeError without axis, ValueError
// for another shape). Integer and bool inputs compute in float64 (with the weights' dtype
// promoted). ZeroDivisionError when weights sum to zero or the result is empty. When
// `sum_of_weights` is given it receives the sum of the weights, broadcast to the result's
// shape (NumPy's returned=True). An empty slice without weights is mean's
// (warnings->mean_of_empty_slice).
ndarray average(const ndarray& a, const Axes& axis = std::nullopt,
                const std::optional<ndarray>& weights = std::nullopt, bool keepdims = false,
                ndarray* sum_of_weights = nullptr, OpWarnings* warnings = nullptr);

// max - min along the axes (numpy.ptp). The maximum is written into `out` first (when
// given), so the subtraction runs in out's dtype, as NumPy; bool input without out is
// subtract's TypeError.
ndarray ptp(const ndarray& a, const Axes& axis = std::nullopt, bool keepdims = false,
            const ndarray& out = {});

}  // namespace cunumpy
