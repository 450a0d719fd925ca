// Order statistics over sort (numpy.median, numpy.nanmedian). The data are sorted along
// the reduced axes (merged into one, NaNs last) and the middle values read from there.
#pragma once

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/op_warnings.hpp"
#include "cunumpy/ops/reduction.hpp"

namespace cunumpy {

// The mean of the middle one or two values along `axis` (all axes when nullopt); a slice
// holding NaN gives NaN. Integer inputs give float64 (mean's dtypes). `out` (the result's
// shape) is written when defined. AxisError / ValueError for bad or repeated axes.
ndarray median(const ndarray& a, const Axes& axis = std::nullopt, bool keepdims = false,
               const ndarray& out = {});
// The median of the non-NaN values; a slice without any gives NaN
// (warnings->all_nan_slice). An empty input is nanmean's (NaN, mean_of_empty_slice).
ndarray nanmedian(const ndarray& a, const Axes& axis = std::nullopt, bool keepdims = false,
                  const ndarray& out = {}, OpWarnings* warnings = nullptr);

}  // namespace cunumpy
