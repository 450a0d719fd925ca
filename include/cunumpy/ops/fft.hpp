// Discrete Fourier transforms with NumPy 2's numpy.fft semantics (n/s, axis/axes, norm,
// zero-padding and truncation, NumPy's errors) and CuPy's dtype rules: float16, float32 and
// complex64 inputs are transformed in single precision (complex64 / float32 results),
// everything else (bool, integers, float64, complex128) in double precision; NumPy 2 does
// the same for these dtypes. Complex-to-complex transforms of a non-complex input convert
// it first; rfft/ihfft of a complex input is a TypeError, as in NumPy.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy::fft {

enum class Norm { Backward, Ortho, Forward };
// "backward", "ortho" or "forward"; ValueError otherwise (NumPy's message).
Norm norm_from_string(std::string_view norm);

using Sizes = std::optional<std::vector<int64_t>>;  // s=: -1 entries take the input's extent
using Axes = std::optional<std::vector<int64_t>>;

// One axis. n: the transform length (the input cut or zero-padded to it); default the
// input's extent along `axis` (irfft/hfft: 2 * (m - 1)).
ndarray fft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, Norm norm = Norm::Backward);
ndarray ifft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, Norm norm = Norm::Backward);
ndarray rfft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, Norm norm = Norm::Backward);
ndarray irfft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, Norm norm = Norm::Backward);
ndarray hfft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, Norm norm = Norm::Backward);
ndarray ihfft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, Norm norm = Norm::Backward);

// Several axes, NumPy's _cook_nd_args: axes default to the last len(s) axes (all axes
// without s); repeated axes are transformed repeatedly, as NumPy does.
ndarray fftn(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::nullopt, Norm norm = Norm::Backward);
ndarray ifftn(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::nullopt, Norm norm = Norm::Backward);
ndarray rfftn(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::nullopt, Norm norm = Norm::Backward);
ndarray irfftn(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::nullopt, Norm norm = Norm::Backward);
// The 2-D forms: axes default to (-2, -1).
ndarray fft2(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::vector<int64_t>{-2, -1}, Norm norm = Norm::Backward);
ndarray ifft2(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::vector<int64_t>{-2, -1}, Norm norm = Norm::Backward);
ndarray rfft2(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::vector<int64_t>{-2, -1}, Norm norm = Norm::Backward);
ndarray irfft2(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::vector<int64_t>{-2, -1}, Norm norm = Norm::Backward);

// Sample frequencies (float64, on `device`, default the current one).
ndarray fftfreq(int64_t n, double d = 1.0, std::optional<Device> device = std::nullopt);
ndarray rfftfreq(int64_t n, double d = 1.0, std::optional<Device> device = std::nullopt);
// The zero frequency moved to the centre (and back), along `axes` (default all).
ndarray fftshift(const ndarray& x, Axes axes = std::nullopt);
ndarray ifftshift(const ndarray& x, Axes axes = std::nullopt);

// The plan cache of `device` (CuPy's cupy.fft.config.get_plan_cache()).
struct PlanCacheInfo {
  int64_t size = 0, max_size = 0, memsize = 0, max_memsize = -1, hits = 0, misses = 0;
};
PlanCacheInfo plan_cache_info(Device device);
// max_size / max_memsize: nullopt keeps the current limit; max_memsize -1 is no limit.
void set_plan_cache_limits(Device device, std::optional<int64_t> max_size, std::optional<int64_t> max_memsize);
void clear_plan_cache(Device device);

}  // namespace cunumpy::fft
