// Covariance and correlation (numpy.cov, numpy.corrcoef) and the 1-D cross-correlation and
// convolution (numpy.correlate, numpy.convolve).
#pragma once
#include <cstdint>
#include <optional>

#include "cunumpy/core/dtype.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/op_warnings.hpp"

namespace cunumpy {

// Keywords of cov/corrcoef, as NumPy names them. ddof defaults to 1 (0 with bias);
// fweights (integral counts) and aweights are 1-D, one per observation.
struct CovArgs {
  std::optional<ndarray> y = std::nullopt;
  bool rowvar = true;
  bool bias = false;
  std::optional<int64_t> ddof = std::nullopt;
  std::optional<ndarray> fweights = std::nullopt;
  std::optional<ndarray> aweights = std::nullopt;
  std::optional<DType> dtype = std::nullopt;  // default: the inputs promoted with float64
};

// The covariance matrix of the variables (rows of m, and of y, when rowvar), squeezed as
// NumPy's. ValueError for more than 2-D inputs; weights: TypeError (fweights not integral),
// cunumpy::Error (-> RuntimeError) for a wrong shape, ValueError when negative,
// ZeroDivisionError when they sum to zero. Degrees of freedom <= 0 give inf/NaN and set
// warnings->degrees_of_freedom (and divide_by_zero, NumPy's 1 / 0).
ndarray cov(const ndarray& m, const CovArgs& args = {}, OpWarnings* warnings = nullptr);
// Pearson correlation coefficients, cov normalized by the standard deviations and clipped
// to [-1, 1] (real and imaginary parts apart for complex). bias/ddof have no effect.
ndarray corrcoef(const ndarray& x, const std::optional<ndarray>& y = std::nullopt, bool rowvar = true,
                 std::optional<DType> dtype = std::nullopt, OpWarnings* warnings = nullptr);

// NumPy's modes: Valid (overlap only), Same (the longer input's length), Full.
enum class CorrelateMode : uint8_t { Valid = 0, Same = 1, Full = 2 };

// 1-D cross-correlation z[k] = sum_n a[n + k] * conj(v[n]) (numpy.correlate; default
// Valid) and convolution (numpy.convolve; default Full). Inputs promote to one dtype;
// float16 accumulates in float32. ValueError for empty or non-1-D inputs.
ndarray correlate(const ndarray& a, const ndarray& v, CorrelateMode mode = CorrelateMode::Valid);
ndarray convolve(const ndarray& a, const ndarray& v, CorrelateMode mode = CorrelateMode::Full);

// The correlate kernel's ElementwiseKernel parts (in_params, out_params, operation,
// preamble), for the NVRTC compile check (scripts/check_stats_nvrtc.py).
struct KernelSpec {
  const char* in_params;
  const char* out_params;
  const char* operation;
  const char* preamble;
};
KernelSpec correlate_kernel_spec();

}  // namespace cunumpy
