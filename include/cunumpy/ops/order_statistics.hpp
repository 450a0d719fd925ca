// Order statistics over sort (numpy.median, numpy.nanmedian, numpy.quantile). The data are sorted along
// the reduced axes (merged into one, NaNs last) and the middle values read from there.
#pragma once
#include <cstdint>
#include <optional>
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
// the host with its shape (`q_shape` empty for one quantile, at most 2 axes) and its dtype:
// the index arithmetic rounds to q_dtype at every step as NumPy's does (integer q reads
// positions directly for 'linear'), and the interpolation weights are an array of q_dtype,
// or, with `weak_q` (q was a Python int or float), weak scalars that keep a float input's
// dtype, so the result dtype is NumPy's.
// The result has q's axes first, then the kept axes (NumPy's order), C-contiguous; a slice
// holding NaN gives NaN. `weights` (method InvertedCdf only, ValueError otherwise): a's
// shape, or its shape along the axes (TypeError without axis, ValueError for another
// shape), non-negative. TypeError for complex input; AxisError/ValueError for bad axes.
ndarray quantile(const ndarray& a, std::span<const double> q, const Shape& q_shape = {},
                 const Axes& axis = std::nullopt, QuantileMethod method = QuantileMethod::Linear,
                 bool keepdims = false, const ndarray& out = {}, DType q_dtype = float64, bool weak_q = false,
                 const std::optional<ndarray>& weights = std::nullopt);
// The same for q in [0, 100] (numpy.percentile): q / 100 in q_dtype, then quantile.
ndarray percentile(const ndarray& a, std::span<const double> q, const Shape& q_shape = {},
                   const Axes& axis = std::nullopt, QuantileMethod method = QuantileMethod::Linear,
                   bool keepdims = false, const ndarray& out = {}, DType q_dtype = float64, bool weak_q = false,
                   const std::optional<ndarray>& weights = std::nullopt);
// Quantiles of the non-NaN values (numpy.nanquantile): each slice with its own count; a
// slice without any gives NaN (warnings->all_nan_slice). An empty input is nanmean's.
ndarray nanquantile(const ndarray& a, std::span<const double> q, const Shape& q_shape = {},
                    const Axes& axis = std::nullopt, QuantileMethod method = QuantileMethod::Linear,
                    bool keepdims = false, const ndarray& out = {}, DType q_dtype = float64, bool weak_q = false,
                    const std::optional<ndarray>& weights = std::nullopt, OpWarnings* warnings = nullptr);
ndarray nanpercentile(const ndarray& a, std::span<const double> q, const Shape& q_shape = {},
                      const Axes& axis = std::nullopt, QuantileMethod method = QuantileMethod::Linear,
                      bool keepdims = false, const ndarray& out = {}, DType q_dtype = float64, bool weak_q = false,
                      const std::optional<ndarray>& weights = std::nullopt, OpWarnings* warnings = nullptr);

}  // namespace cunumpy
