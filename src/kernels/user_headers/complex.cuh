// complex<T> for user kernels (RawKernel, RawModule): `#include <cunumpy/complex.cuh>` or
// CuPy's spelling `#include <cupy/complex.cuh>`. Embedded in libcunumpy and handed to NVRTC
// in memory. The layout is thrust's and CuPy's (two T, aligned to 2 * sizeof(T)), so
// complex64 / complex128 arrays and complex kernel arguments map onto complex<float> /
// complex<double>. A practical subset of thrust::complex: arithmetic with complex and real
// operands, comparison, real, imag, abs, arg, norm, conj, proj, polar, exp, log, log10,
// sqrt, pow, sin, cos, tan, sinh, cosh, tanh, isnan, isinf, isfinite.
// Include guard, not #pragma once: the same text is offered under two names
// (cunumpy/... and cupy/...), which #pragma once would see as two files.
#ifndef CUNUMPY_COMPLEX_CUH_
#define CUNUMPY_COMPLEX_CUH_

namespace cunumpy {
namespace complex_detail {
// Math of float and double by name, so one template serves both precisions.
__host__ __device__ inline float c_sqrt(float x) { return sqrtf(x); }
__host__ __device__ inline double c_sqrt(double x) { return ::sqrt(x); }
__host__ __device__ inline float c_exp(float x) { return expf(x); }
__host__ __device__ inline double c_exp(double x) { return ::exp(x); }
__host__ __device__ inline float c_log(float x) { return logf(x); }
__host__ __device__ inline double c_log(double x) { return ::log(x); }
__host__ __device__ inline float c_sin(float x) { return sinf(x); }
__host__ __device__ inline double c_sin(double x) { return ::sin(x); }
__host__ __device__ inline float c_cos(float x) { return cosf(x); }
__host__ __device__ inline double c_cos(double x) { return ::cos(x); }
__host__ __device__ inline float c_sinh(float x) { return sinhf(x); }
__host__ __device__ inline double c_sinh(double x) { return ::sinh(x); }
__host__ __device__ inline float c_cosh(float x) { return coshf(x); }
__host__ __device__ inline double c_cosh(double x) { return ::cosh(x); }
__host__ __device__ inline float c_tan(float x) { return tanf(x); }
__host__ __device__ inline double c_tan(double x) { return ::tan(x); }
__host__ __device__ inline float c_atan2(float y, float x) { return atan2f(y, x); }
__host__ __device__ inline double c_atan2(double y, double x) { return ::atan2(y, x); }
__host__ __device__ inline float c_hypot(float x, float y) { return hypotf(x, y); }
__host__ __device__ inline double c_hypot(double x, double y) { return ::hypot(x, y); }
__host__ __device__ inline float c_fabs(float x) { return fabsf(x); }
__host__ __device__ inline double c_fabs(double x) { return ::fabs(x); }
__host__ __device__ inline float c_copysign(float x, float y) { return copysignf(x, y); }
__host__ __device__ inline double c_copysign(double x, double y) { return ::copysign(x, y); }
#ifdef __CUDA_ARCH__  // NVRTC compiles device code only
__device__ inline float c_inf(float) { return __int_as_float(0x7f800000); }
__device__ inline double c_inf(double) { return __longlong_as_double(0x7ff0000000000000LL); }
#else
inline float c_inf(float) { return __builtin_huge_valf(); }
inline double c_inf(double) { return __builtin_huge_val(); }
#endif
}  // namespace complex_detail

template <typename T>
struct alignas(2 * sizeof(T)) complex {
  typedef T value_type;
  T re_, im_;

  __host__ __device__ complex() : re_(), im_() {}
  __host__ __device__ complex(const T& re) : re_(re), im_() {}  // NOLINT: implicit as in std
  __host__ __device__ complex(const T& re, const T& im) : re_(re), im_(im) {}
  template <typename U>
  __host__ __device__ complex(const complex<U>& z)  // NOLINT: float <-> double, as thrust
      : re_(static_cast<T>(z.real())), im_(static_cast<T>(z.imag())) {}

  __host__ __device__ T real() const volatile { return re_; }
  __host__ __device__ T imag() const volatile { return im_; }
  __host__ __device__ T real() const { return re_; }
  __host__ __device__ T imag() const { return im_; }
  __host__ __device__ void real(T re) { re_ = re; }
  __host__ __device__ void imag(T im) { im_ = im; }

  __host__ __device__ complex& operator=(const T& re) { re_ = re; im_ = T(); return *this; }
  template <typename U>
  __host__ __device__ complex& operator=(const complex<U>& z) {
    re_ = static_cast<T>(z.real()); im_ = static_cast<T>(z.imag()); return *this;
  }
  __host__ __device__ complex& operator+=(const complex& z) { re_ += z.re_; im_ += z.im_; return *this; }
  __host__ __device__ complex& operator-=(const complex& z) { re_ -= z.re_; im_ -= z.im_; return *this; }
  __host__ __device__ complex& operator*=(const complex& z) { return *this = *this * z; }
  __host__ __device__ complex& operator/=(const complex& z) { return *this = *this / z; }
  __host__ __device__ complex& operator+=(const T& x) { re_ += x; return *this; }
  __host__ __device__ complex& operator-=(const T& x) { re_ -= x; return *this; }
  __host__ __device__ complex& operator*=(const T& x) { re_ *= x; im_ *= x; return *this; }
  __host__ __device__ complex& operator/=(const T& x) { re_ /= x; im_ /= x; return *this; }

  // Complex-complex operators are friends (not templates), so mixed operands such as
  // z + 1 convert implicitly.
  friend __host__ __device__ complex operator+(const complex& a, const complex& b) {
    return complex(a.re_ + b.re_, a.im_ + b.im_);
  }
  friend __host__ __device__ complex operator-(const complex& a, const complex& b) {
    return complex(a.re_ - b.re_, a.im_ - b.im_);
  }
  friend __host__ __device__ complex operator*(const complex& a, const complex& b) {
    return complex(a.re_ * b.re_ - a.im_ * b.im_, a.re_ * b.im_ + a.im_ * b.re_);
  }
  friend __host__ __device__ complex operator/(const complex& a, const complex& b) {
    // Smith's algorithm: no overflow for large |b|.
    using namespace complex_detail;
    if (c_fabs(b.re_) >= c_fabs(b.im_)) {
      if (b.re_ == T(0) && b.im_ == T(0)) return complex(a.re_ / c_fabs(b.re_), a.im_ / c_fabs(b.re_));
      T r = b.im_ / b.re_, d = b.re_ + b.im_ * r;
      return complex((a.re_ + a.im_ * r) / d, (a.im_ - a.re_ * r) / d);
    }
    T r = b.re_ / b.im_, d = b.re_ * r + b.im_;
    return complex((a.re_ * r + a.im_) / d, (a.im_ * r - a.re_) / d);
  }
};

template <typename T> __host__ __device__ inline complex<T> operator+(const complex<T>& a, const T& b) { return complex<T>(a.real() + b, a.imag()); }
template <typename T> __host__ __device__ inline complex<T> operator+(const T& a, const complex<T>& b) { return complex<T>(a + b.real(), b.imag()); }
template <typename T> __host__ __device__ inline complex<T> operator-(const complex<T>& a, const T& b) { return complex<T>(a.real() - b, a.imag()); }
template <typename T> __host__ __device__ inline complex<T> operator-(const T& a, const complex<T>& b) { return complex<T>(a - b.real(), -b.imag()); }
template <typename T> __host__ __device__ inline complex<T> operator*(const complex<T>& a, const T& b) { return complex<T>(a.real() * b, a.imag() * b); }
template <typename T> __host__ __device__ inline complex<T> operator*(const T& a, const complex<T>& b) { return complex<T>(a * b.real(), a * b.imag()); }
template <typename T> __host__ __device__ inline complex<T> operator/(const complex<T>& a, const T& b) { return complex<T>(a.real() / b, a.imag() / b); }
template <typename T> __host__ __device__ inline complex<T> operator/(const T& a, const complex<T>& b) { return complex<T>(a) / b; }
template <typename T> __host__ __device__ inline complex<T> operator+(const complex<T>& a) { return a; }
template <typename T> __host__ __device__ inline complex<T> operator-(const complex<T>& a) { return complex<T>(-a.real(), -a.imag()); }
template <typename T> __host__ __device__ inline bool operator==(const complex<T>& a, const complex<T>& b) { return a.real() == b.real() && a.imag() == b.imag(); }
template <typename T> __host__ __device__ inline bool operator==(const complex<T>& a, const T& b) { return a.real() == b && a.imag() == T(0); }
template <typename T> __host__ __device__ inline bool operator==(const T& a, const complex<T>& b) { return b == a; }
template <typename T> __host__ __device__ inline bool operator!=(const complex<T>& a, const complex<T>& b) { return !(a == b); }
template <typename T> __host__ __device__ inline bool operator!=(const complex<T>& a, const T& b) { return !(a == b); }
template <typename T> __host__ __device__ inline bool operator!=(const T& a, const complex<T>& b) { return !(b == a); }

template <typename T> __host__ __device__ inline T real(const complex<T>& z) { return z.real(); }
template <typename T> __host__ __device__ inline T imag(const complex<T>& z) { return z.imag(); }
template <typename T> __host__ __device__ inline T abs(const complex<T>& z) { return complex_detail::c_hypot(z.real(), z.imag()); }
template <typename T> __host__ __device__ inline T arg(const complex<T>& z) { return complex_detail::c_atan2(z.imag(), z.real()); }
template <typename T> __host__ __device__ inline T norm(const complex<T>& z) { return z.real() * z.real() + z.imag() * z.imag(); }
template <typename T> __host__ __device__ inline complex<T> conj(const complex<T>& z) { return complex<T>(z.real(), -z.imag()); }
template <typename T> __host__ __device__ inline bool isnan(const complex<T>& z) { return z.real() != z.real() || z.imag() != z.imag(); }
template <typename T> __host__ __device__ inline bool isinf(const complex<T>& z) {
  using namespace complex_detail;
  const T inf = c_inf(T());
  return c_fabs(z.real()) == inf || c_fabs(z.imag()) == inf;
}
template <typename T> __host__ __device__ inline bool isfinite(const complex<T>& z) { return !isnan(z) && !isinf(z); }
template <typename T> __host__ __device__ inline complex<T> proj(const complex<T>& z) {
  if (isinf(z)) return complex<T>(complex_detail::c_inf(T()), complex_detail::c_copysign(T(0), z.imag()));
  return z;
}
template <typename T> __host__ __device__ inline complex<T> polar(const T& m, const T& theta = T()) {
  using namespace complex_detail;
  return complex<T>(m * c_cos(theta), m * c_sin(theta));
}
template <typename T> __host__ __device__ inline complex<T> exp(const complex<T>& z) {
  using namespace complex_detail;
  const T e = c_exp(z.real());
  if (z.imag() == T(0)) return complex<T>(e, z.imag());
  return complex<T>(e * c_cos(z.imag()), e * c_sin(z.imag()));
}
template <typename T> __host__ __device__ inline complex<T> log(const complex<T>& z) {
  using namespace complex_detail;
  return complex<T>(c_log(abs(z)), arg(z));
}
template <typename T> __host__ __device__ inline complex<T> log10(const complex<T>& z) {
  return log(z) / T(2.30258509299404568402);
}
template <typename T> __host__ __device__ inline complex<T> sqrt(const complex<T>& z) {
  // Principal root, stable: t = sqrt((|x| + |z|) / 2).
  using namespace complex_detail;
  const T x = z.real(), y = z.imag();
  if (x == T(0) && y == T(0)) return complex<T>(T(0), y);
  const T t = c_sqrt((c_fabs(x) + abs(z)) * T(0.5));
  if (x >= T(0)) return complex<T>(t, y / (T(2) * t));
  return complex<T>(c_fabs(y) / (T(2) * t), c_copysign(t, y));
}
template <typename T> __host__ __device__ inline complex<T> pow(const complex<T>& a, const complex<T>& b) {
  if (a.real() == T(0) && a.imag() == T(0)) {
    if (b.real() == T(0) && b.imag() == T(0)) return complex<T>(T(1));
    if (b.real() > T(0)) return complex<T>();  // 0^b = 0 for Re b > 0 (NumPy's answer)
  }
  return exp(b * log(a));
}
template <typename T> __host__ __device__ inline complex<T> pow(const complex<T>& a, const T& b) { return pow(a, complex<T>(b)); }
template <typename T> __host__ __device__ inline complex<T> pow(const T& a, const complex<T>& b) { return pow(complex<T>(a), b); }
template <typename T> __host__ __device__ inline complex<T> sinh(const complex<T>& z) {
  using namespace complex_detail;
  return complex<T>(c_sinh(z.real()) * c_cos(z.imag()), c_cosh(z.real()) * c_sin(z.imag()));
}
template <typename T> __host__ __device__ inline complex<T> cosh(const complex<T>& z) {
  using namespace complex_detail;
  return complex<T>(c_cosh(z.real()) * c_cos(z.imag()), c_sinh(z.real()) * c_sin(z.imag()));
}
template <typename T> __host__ __device__ inline complex<T> tanh(const complex<T>& z) {
  // Kahan's formula (as FreeBSD's ctanh): no cancellation near the poles.
  using namespace complex_detail;
  const T x = z.real(), y = z.imag();
  if (c_fabs(x) > T(22)) {  // tanh x is +-1 to working precision
    const T e = c_exp(T(-2) * c_fabs(x));
    return complex<T>(c_copysign(T(1), x), T(4) * c_sin(y) * c_cos(y) * e);
  }
  const T t = c_tan(y), beta = T(1) + t * t, s = c_sinh(x), rho = c_sqrt(T(1) + s * s);
  const T d = T(1) + beta * s * s;
  return complex<T>(beta * rho * s / d, t / d);
}
template <typename T> __host__ __device__ inline complex<T> sin(const complex<T>& z) {
  const complex<T> s = sinh(complex<T>(-z.imag(), z.real()));  // sin z = -i sinh(iz)
  return complex<T>(s.imag(), -s.real());
}
template <typename T> __host__ __device__ inline complex<T> cos(const complex<T>& z) { return cosh(complex<T>(-z.imag(), z.real())); }
template <typename T> __host__ __device__ inline complex<T> tan(const complex<T>& z) {
  const complex<T> t = tanh(complex<T>(-z.imag(), z.real()));  // tan z = -i tanh(iz)
  return complex<T>(t.imag(), -t.real());
}

}  // namespace cunumpy

// Kernels written for CuPy name the type unqualified (complex<float>) or as thrust::complex.
using cunumpy::complex;
using cunumpy::polar;  // takes real arguments: not found by ADL
#ifndef THRUST_VERSION
namespace thrust {
using cunumpy::complex;
using cunumpy::polar;  // takes real arguments: not found by ADL
using cunumpy::real; using cunumpy::imag; using cunumpy::abs; using cunumpy::arg;
using cunumpy::norm; using cunumpy::conj; using cunumpy::proj; using cunumpy::polar;
using cunumpy::exp; using cunumpy::log; using cunumpy::log10; using cunumpy::sqrt;
using cunumpy::pow; using cunumpy::sin; using cunumpy::cos; using cunumpy::tan;
using cunumpy::sinh; using cunumpy::cosh; using cunumpy::tanh;
}  // namespace thrust
#endif

#endif  // CUNUMPY_COMPLEX_CUH_
