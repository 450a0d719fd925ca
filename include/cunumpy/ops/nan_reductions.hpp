// NumPy's nan-skipping reductions and scans (numpy.nansum ... numpy.nancumprod): a NaN
// counts as the reduction's identity (0 for sums, 1 for products, skipped by max/min, left
// out of the count of mean/var/std). Integer and bool inputs hold no NaN and take the plain
// function. The keywords are the plain functions' (ReduceArgs); NumPy's RuntimeWarnings
// are reported through `warnings` when given (see op_warnings.hpp).
#pragma once
#include <optional>

#include "cunumpy/core/dtype.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/op_warnings.hpp"
#include "cunumpy/ops/reduction.hpp"

namespace cunumpy {

ndarray nansum(const ndarray& a, const ReduceArgs& args = {});
ndarray nanprod(const ndarray& a, const ReduceArgs& args = {});
// fmax/fmin reductions: an all-NaN slice gives NaN (warnings->all_nan_slice). ValueError
// for an empty reduction without `initial`, as NumPy.
ndarray nanmax(const ndarray& a, const ReduceArgs& args = {}, OpWarnings* warnings = nullptr);
ndarray nanmin(const ndarray& a, const ReduceArgs& args = {}, OpWarnings* warnings = nullptr);
// Index of the first maximum (minimum) among the non-NaN values; ValueError "All-NaN slice
// encountered" when a slice has none, as NumPy.
ndarray nanargmax(const ndarray& a, std::optional<int64_t> axis = std::nullopt, bool keepdims = false,
                  const ndarray& out = {});
ndarray nanargmin(const ndarray& a, std::optional<int64_t> axis = std::nullopt, bool keepdims = false,
                  const ndarray& out = {});
// Mean, variance and standard deviation of the non-NaN values: a slice without any gives
// NaN (warnings->mean_of_empty_slice), one with no more than ddof gives NaN
// (warnings->degrees_of_freedom). For inexact inputs, dtype= and out= must be inexact
// (TypeError, as NumPy).
ndarray nanmean(const ndarray& a, const ReduceArgs& args = {}, OpWarnings* warnings = nullptr);
ndarray nanvar(const ndarray& a, const ReduceArgs& args = {}, double ddof = 0,
               OpWarnings* warnings = nullptr);
ndarray nanstd(const ndarray& a, const ReduceArgs& args = {}, double ddof = 0,
               OpWarnings* warnings = nullptr);
// cumsum/cumprod with NaN read as 0 (1).
ndarray nancumsum(const ndarray& a, std::optional<int64_t> axis = std::nullopt,
                  std::optional<DType> dtype = std::nullopt, const ndarray& out = {});
ndarray nancumprod(const ndarray& a, std::optional<int64_t> axis = std::nullopt,
                   std::optional<DType> dtype = std::nullopt, const ndarray& out = {});

}  // namespace cunumpy
