// Scalar: one typed value on the host (fill values, scalar operands, item()).
#pragma once
#include <complex>
#include <cstdint>
#include <string>

#include "cunumpy/core/dtype.hpp"

namespace cunumpy {

class Scalar {
 public:
  Scalar() : dtype_(float64) { v_.f = 0; }
  Scalar(bool v) : dtype_(bool_) { v_.b = v; }                  // NOLINT
  Scalar(int v) : dtype_(int64) { v_.i = v; }                   // NOLINT
  Scalar(long v) : dtype_(int64) { v_.i = v; }                  // NOLINT
  Scalar(long long v) : dtype_(int64) { v_.i = v; }             // NOLINT
  Scalar(unsigned v) : dtype_(uint64) { v_.u = v; }             // NOLINT
  Scalar(unsigned long v) : dtype_(uint64) { v_.u = v; }        // NOLINT
  Scalar(unsigned long long v) : dtype_(uint64) { v_.u = v; }   // NOLINT
  Scalar(float v) : dtype_(float32) { v_.f = v; }               // NOLINT
  Scalar(double v) : dtype_(float64) { v_.f = v; }              // NOLINT
  Scalar(std::complex<double> v) : dtype_(complex128) { v_.c[0] = v.real(); v_.c[1] = v.imag(); }  // NOLINT
  Scalar(std::complex<float> v) : dtype_(complex64) { v_.c[0] = v.real(); v_.c[1] = v.imag(); }    // NOLINT

  // The value converted to `d` with NumPy's casting semantics (wraps integers,
  // rounds floats to float16/float32, drops the imaginary part for real types).
  Scalar cast(DType d) const;
  // Raw bytes of the value stored as `dtype()`, ready to copy into an array element.
  void store(void* dst) const;
  static Scalar load(const void* src, DType d);

  DType dtype() const { return dtype_; }
  bool to_bool() const;
  int64_t to_int64() const;
  uint64_t to_uint64() const;
  double to_double() const;
  std::complex<double> to_complex() const;
  std::string repr() const;

 private:
  DType dtype_;
  union {
    bool b;
    int64_t i;
    uint64_t u;
    double f;
    double c[2];
  } v_;
};

}  // namespace cunumpy
