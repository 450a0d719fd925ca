// The interp task (numpy.interp's piecewise-linear lookup) that ops/calculus/interp.cpp
// hands to a backend. Forward-declared in core/backend.hpp, so that editing this header
// rebuilds only interp. Internal header.
#pragma once
#include <complex>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy::detail {

// out[i] = the linear interpolation of (xp, fp) at x[i], with NumPy's rules: left below
// xp[0], right above xp[n-1], fp[j] where x equals xp[j]; a NaN from an infinite slope is
// retried from the right end of the interval, then replaced by fp[j] when both ends agree.
// Layout contract (the op converts): x, xp float64 and C-contiguous, xp 1-D with n >= 1
// elements (assumed increasing); fp C-contiguous of n elements, float64 or complex128
// (real and imaginary parts are interpolated independently, as NumPy); out C-contiguous,
// fp's dtype and x's size. left/right (the real part only for a float64 fp) when
// has_left/has_right, else fp[0] / fp[n-1] read on the device (no read back).
struct InterpTask {
  ndarray x, xp, fp, out;
  std::complex<double> left, right;
  bool has_left = false, has_right = false;
};

}  // namespace cunumpy::detail
