// Discrete Fourier transforms with NumPy 2's numpy.fft semantics (n/s, axis/axes, norm,
// zero-padding and truncation, NumPy's errors) and CuPy's dtype rules: float16, float32 and
// complex64 inputs are transformed in single precision (complex64 / float32 results),
// everything else (bool, integers, float64, complex128) in double precision; NumPy 2 does
// the same for these dtypes. Complex-to-complex transforms of a non-complex input convert
// it first; rfft/ihfft of a complex input is a TypeError, as in NumPy.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy::detail {
struct FftBackendPlan;  // a backend's plan of one task (src/core/backend_tasks_fft.hpp)
}

namespace cunumpy::fft {

class Plan;

enum class Norm { Backward, Ortho, Forward };
// "backward", "ortho" or "forward"; ValueError otherwise (NumPy's message).
Norm norm_from_string(std::string_view norm);

using Sizes = std::optional<std::vector<int64_t>>;  // s=: -1 entries take the input's extent
using Axes = std::optional<std::vector<int64_t>>;

// One axis. n: the transform length (the input cut or zero-padded to it); default the
// input's extent along `axis` (irfft/hfft: 2 * (m - 1)). plan (every transform): one made
// by make_plan for this call (see Plan), or nullptr for the device's plan cache.
ndarray fft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, Norm norm = Norm::Backward,
            const Plan* plan = nullptr);
ndarray ifft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, Norm norm = Norm::Backward,
            const Plan* plan = nullptr);
ndarray rfft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, Norm norm = Norm::Backward,
            const Plan* plan = nullptr);
ndarray irfft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, Norm norm = Norm::Backward,
            const Plan* plan = nullptr);
ndarray hfft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, Norm norm = Norm::Backward,
            const Plan* plan = nullptr);
ndarray ihfft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, Norm norm = Norm::Backward,
            const Plan* plan = nullptr);

// Several axes, NumPy's _cook_nd_args: axes default to the last len(s) axes (all axes
// without s); repeated axes are transformed repeatedly, as NumPy does.
ndarray fftn(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::nullopt, Norm norm = Norm::Backward,
            const Plan* plan = nullptr);
ndarray ifftn(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::nullopt, Norm norm = Norm::Backward,
            const Plan* plan = nullptr);
ndarray rfftn(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::nullopt, Norm norm = Norm::Backward,
            const Plan* plan = nullptr);
ndarray irfftn(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::nullopt, Norm norm = Norm::Backward,
            const Plan* plan = nullptr);
// The 2-D forms: axes default to (-2, -1).
ndarray fft2(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::vector<int64_t>{-2, -1}, Norm norm = Norm::Backward,
            const Plan* plan = nullptr);
ndarray ifft2(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::vector<int64_t>{-2, -1}, Norm norm = Norm::Backward,
            const Plan* plan = nullptr);
ndarray rfft2(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::vector<int64_t>{-2, -1}, Norm norm = Norm::Backward,
            const Plan* plan = nullptr);
ndarray irfft2(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::vector<int64_t>{-2, -1}, Norm norm = Norm::Backward,
            const Plan* plan = nullptr);

// Sample frequencies (float64, on `device`, default the current one).
ndarray fftfreq(int64_t n, double d = 1.0, std::optional<Device> device = std::nullopt);
ndarray rfftfreq(int64_t n, double d = 1.0, std::optional<Device> device = std::nullopt);
// The zero frequency moved to the centre (and back), along `axes` (default all).
ndarray fftshift(const ndarray& x, Axes axes = std::nullopt);
ndarray ifftshift(const ndarray& x, Axes axes = std::nullopt);

// ---- planning (CuPy's cupy.fft.config.enable_nd_planning and get_fft_plan) ----------------

// Whether the n-d transforms run up to three consecutive distinct axes as one n-D plan
// (cuFFT's cufftMakePlanMany of rank 2 or 3; one task of the CPU backend), true by
// default as in CuPy, or every axis as its own batched 1-D plan. Process-wide.
void set_nd_planning(bool enabled);
bool nd_planning();

// The kind of transform a plan is for (CuPy's value_type): C2C serves fft/ifft/fftn/ifftn
// (either direction), R2C rfft/rfftn/ihfft, C2R irfft/irfftn/hfft.
enum class Transform { C2C, R2C, C2R };

// A plan made ahead for one transform (CuPy's cupyx.scipy.fft.get_fft_plan): the backend
// plans of its steps (cuFFT handles on CUDA), held for the plan's life whatever the plan
// cache drops. A transform given a plan first checks that the plan was made for it (the
// same kind, precision, device, input shape after padding or cutting, axes and lengths;
// ValueError naming the difference otherwise), then runs on the plan's backend plans
// without touching the cache. nd_planning() at make_plan time is kept with the plan.
class Plan {
 public:
  Transform transform() const { return transform_; }
  DType dtype() const { return dtype_; }  // complex64/complex128, R2C float32/float64
  Device device() const { return device_; }
  // The input's shape with the transformed axes at the extents the transform reads (the
  // lengths; C2R's last axis n/2+1).
  const Shape& shape() const { return shape_; }
  const std::vector<int64_t>& axes() const { return axes_; }     // normalized, in call order
  const std::vector<int64_t>& lengths() const { return lengths_; }  // n along each axis
  bool nd_planning() const { return nd_planning_; }
  // The backend plans, one per backend task of the transform, in the order they run.
  const std::vector<std::shared_ptr<detail::FftBackendPlan>>& backend_plans() const { return backend_; }

 private:
  friend Plan make_plan(const ndarray&, Sizes, Axes, Transform);
  Transform transform_ = Transform::C2C;
  DType dtype_;
  Device device_;
  Shape shape_;
  std::vector<int64_t> axes_, lengths_;
  bool nd_planning_ = true;
  std::vector<std::shared_ptr<detail::FftBackendPlan>> backend_;
};

// The plan of `t` for input `a` (any dtype the transform accepts), with NumPy's s and axes
// (axes default to the last len(s) axes, all without s; C2R's default last length is
// 2 * (m - 1)). Plans are looked up in the device's cache but not added to it.
Plan make_plan(const ndarray& a, Sizes s = std::nullopt, Axes axes = std::nullopt, Transform t = Transform::C2C);

// The plan cache of `device` (CuPy's cupy.fft.config.get_plan_cache()).
struct PlanCacheInfo {
  int64_t size = 0, max_size = 0, memsize = 0, max_memsize = -1, hits = 0, misses = 0;
};
PlanCacheInfo plan_cache_info(Device device);
// max_size / max_memsize: nullopt keeps the current limit; max_memsize -1 is no limit.
void set_plan_cache_limits(Device device, std::optional<int64_t> max_size, std::optional<int64_t> max_memsize);
void clear_plan_cache(Device device);

}  // namespace cunumpy::fft
