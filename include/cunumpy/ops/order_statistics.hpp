// Order statistics over sort (numpy.median, numpy.nanmedian, numpy.quantile). The data are sorted along
// the reduced axes (merged into one, NaNs last) and the middle values read from there.
#pragma once
#include <cstdint>
#include <span>
#include <string_view>

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

// NumPy's quantile methods (numpy.quantile's method=), H&F (1996) and NumPy's own.
enum class QuantileMethod : uint8_t {
  InvertedCdf, AveragedInvertedCdf, ClosestObservation, InterpolatedInvertedCdf, Hazen, Weibull,
  Linear, MedianUnbiased, NormalUnbiased, Lower, Higher, Midpoint, Nearest
};
// "linear", "inverted_cdf", ...; ValueError naming the valid methods for another name.
QuantileMethod quantile_method(std::string_view name);

// The q-th quantiles (q in [0, 1], ValueError otherwise) along `axis`, every method as
// NumPy computes it (virtual index, then NumPy's _lerp of the two neighbours). q is given on
// the host with its shape (`q_shape` empty for one quantile); the result has q's axes
// first, then the kept axes (NumPy's order). A slice holding NaN gives NaN. The
// interpolation weights are float64 (a float32 input gives float64 unless q is a scalar).
// TypeError for complex input.
ndarray quantile(const ndarray& a, std::span<const double> q, const Shape& q_shape = {},
                 const Axes& axis = std::nullopt, QuantileMethod method = QuantileMethod::Linear,
                 bool keepdims = false, const ndarray& out = {});

}  // namespace cunumpy
