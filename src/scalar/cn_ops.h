// The scalar semantics of every elementwise op, written once and compiled by both the host
// compiler (CPU loops, src/backend/cpu/elementwise_cpu*.cpp) and NVRTC (generated kernels,
// src/backend/cuda/elementwise_cuda.cpp). Each op is a struct with static `call` overloads:
//   - a generic template for the C integer and float types (int8..uint64, float, double),
//   - cn::half: computed in float and rounded back, as NumPy's float16 loops do,
//   - cn::complex<T>: NumPy's complex formulas (Smith's division, lexicographic order),
//   - bool where NumPy has a '?' loop.
// Only loops listed in the ufunc tables (src/ops/elementwise/ufunc_tables.cpp) are ever
// instantiated, so an overload may be missing for a type NumPy has no loop for.
// Integer results wrap (arithmetic goes through unsigned types: no signed-overflow UB);
// integer division and remainder by zero give 0, as NumPy 2 does (without its warning).
#pragma once
#include "cn_scalar.h"

#ifndef __CUDACC_RTC__
#include <cmath>
#endif

namespace cn {

// ---- type traits -------------------------------------------------------------------
// Wrapping arithmetic type: at least 32 bits (uint16*uint16 would overflow `int`).
template <class T> struct wrap_of { typedef T type; };
template <> struct wrap_of<int8_t> { typedef uint32_t type; };
template <> struct wrap_of<uint8_t> { typedef uint32_t type; };
template <> struct wrap_of<int16_t> { typedef uint32_t type; };
template <> struct wrap_of<uint16_t> { typedef uint32_t type; };
template <> struct wrap_of<int32_t> { typedef uint32_t type; };
template <> struct wrap_of<int64_t> { typedef uint64_t type; };
template <> struct wrap_of<bool> { typedef uint32_t type; };
template <class T> struct is_int { static const bool value = is_signed_int<T>::value || is_unsigned_int<T>::value; };
// a < 0 without "pointless comparison" warnings for unsigned types.
template <class T> CN_HD bool is_neg(T a) {
  if constexpr (is_unsigned_int<T>::value) return false;
  else return a < T(0);
}

// ---- math wrappers: one name for float and double on both compilers -----------------
// NVRTC: CUDA's device math library (compiled without fast-math); host: <cmath>.
namespace m {
#ifdef __CUDACC_RTC__
#define CN_MATH1(NAME)                                            \
  CN_HD float NAME(float x) { return ::NAME##f(x); }              \
  CN_HD double NAME(double x) { return ::NAME(x); }
#define CN_MATH2(NAME)                                                      \
  CN_HD float NAME(float x, float y) { return ::NAME##f(x, y); }            \
  CN_HD double NAME(double x, double y) { return ::NAME(x, y); }
#else
#define CN_MATH1(NAME)                                            \
  CN_HD float NAME(float x) { return std::NAME(x); }              \
  CN_HD double NAME(double x) { return std::NAME(x); }
#define CN_MATH2(NAME)                                                      \
  CN_HD float NAME(float x, float y) { return std::NAME(x, y); }            \
  CN_HD double NAME(double x, double y) { return std::NAME(x, y); }
#endif
CN_MATH1(sqrt) CN_MATH1(exp) CN_MATH1(log) CN_MATH1(sin) CN_MATH1(cos) CN_MATH1(tan)
CN_MATH1(sinh) CN_MATH1(cosh) CN_MATH1(tanh) CN_MATH1(floor) CN_MATH1(ceil) CN_MATH1(trunc)
CN_MATH1(fabs) CN_MATH1(exp2) CN_MATH1(log2) CN_MATH1(log10) CN_MATH1(expm1) CN_MATH1(log1p)
CN_MATH1(asin) CN_MATH1(acos) CN_MATH1(atan) CN_MATH1(asinh) CN_MATH1(acosh) CN_MATH1(atanh)
CN_MATH1(cbrt) CN_MATH1(rint)
CN_MATH2(pow) CN_MATH2(fmod) CN_MATH2(atan2) CN_MATH2(hypot) CN_MATH2(copysign)
CN_MATH2(nextafter)
#undef CN_MATH1
#undef CN_MATH2

#ifdef __CUDACC_RTC__
CN_HD float ldexp(float x, int e) { return ::ldexpf(x, e); }
CN_HD double ldexp(double x, int e) { return ::ldexp(x, e); }
CN_HD float frexp(float x, int* e) { return ::frexpf(x, e); }
CN_HD double frexp(double x, int* e) { return ::frexp(x, e); }
CN_HD float modf(float x, float* i) { return ::modff(x, i); }
CN_HD double modf(double x, double* i) { return ::modf(x, i); }
#else
CN_HD float ldexp(float x, int e) { return std::ldexp(x, e); }
CN_HD double ldexp(double x, int e) { return std::ldexp(x, e); }
CN_HD float frexp(float x, int* e) { return std::frexp(x, e); }
CN_HD double frexp(double x, int* e) { return std::frexp(x, e); }
CN_HD float modf(float x, float* i) { return std::modf(x, i); }
CN_HD double modf(double x, double* i) { return std::modf(x, i); }
#endif
CN_HD bool isnan(float x) { return x != x; }
CN_HD bool isnan(double x) { return x != x; }
CN_HD float inf(float) { return float_of(0x7f800000u); }
CN_HD double inf(double) { return double_of(0x7ff0000000000000ull); }
CN_HD float nan(float) { return float_of(0x7fc00000u); }
CN_HD double nan(double) { return double_of(0x7ff8000000000000ull); }
CN_HD bool isinf(float x) { return fabs(x) == inf(x); }
CN_HD bool isinf(double x) { return fabs(x) == inf(x); }
CN_HD bool signbit(float x) { return (bits_of(x) >> 31) != 0; }
CN_HD bool signbit(double x) { return (bits_of(x) >> 63) != 0; }
}  // namespace m

// half <-> float helpers for "compute in float, round back".
CN_HD float h2f(half h) { return half_to_float(h.bits); }
CN_HD half f2h(float f) { return make_half(f); }

template <class T> CN_HD complex<T> cplx(T re, T im) { complex<T> r; r.re = re; r.im = im; return r; }

// ---- complex helpers (NumPy's npymath formulas) --------------------------------------
template <class T> CN_HD complex<T> cmul(complex<T> a, complex<T> b) {
  return cplx<T>(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}
// The product with C99 Annex G's recovery of infinities (what C compilers emit for complex
// `*`, so what libm's cpow computes): a NaN+NaN result of an infinite factor or of an
// overflow becomes the infinity the factors' signs say.
template <class T> CN_HD complex<T> cmul_annex_g(complex<T> z, complex<T> w) {
  T a = z.re, b = z.im, c = w.re, d = w.im;
  const T ac = a * c, bd = b * d, ad = a * d, bc = b * c;
  T x = ac - bd, y = ad + bc;
  if (!(m::isnan(x) && m::isnan(y))) return cplx<T>(x, y);
  bool again = false;
  if (m::isinf(a) || m::isinf(b)) {  // z infinite: its direction, with NaNs of w as zeros
    a = m::copysign(m::isinf(a) ? T(1) : T(0), a);
    b = m::copysign(m::isinf(b) ? T(1) : T(0), b);
    if (m::isnan(c)) c = m::copysign(T(0), c);
    if (m::isnan(d)) d = m::copysign(T(0), d);
    again = true;
  }
  if (m::isinf(c) || m::isinf(d)) {
    c = m::copysign(m::isinf(c) ? T(1) : T(0), c);
    d = m::copysign(m::isinf(d) ? T(1) : T(0), d);
    if (m::isnan(a)) a = m::copysign(T(0), a);
    if (m::isnan(b)) b = m::copysign(T(0), b);
    again = true;
  }
  if (!again && (m::isinf(ac) || m::isinf(bd) || m::isinf(ad) || m::isinf(bc))) {  // overflow
    if (m::isnan(a)) a = m::copysign(T(0), a);
    if (m::isnan(b)) b = m::copysign(T(0), b);
    if (m::isnan(c)) c = m::copysign(T(0), c);
    if (m::isnan(d)) d = m::copysign(T(0), d);
    again = true;
  }
  if (again) {
    x = m::inf(a) * (a * c - b * d);
    y = m::inf(a) * (a * d + b * c);
  }
  return cplx<T>(x, y);
}
// Smith's algorithm, exactly as NumPy's complex division loop.
template <class T> CN_HD complex<T> cdiv(complex<T> a, complex<T> b) {
  T br = m::fabs(b.re), bi = m::fabs(b.im);
  if (br >= bi) {
    if (br == 0 && bi == 0) return cplx<T>(a.re / br, a.im / br);
    T rat = b.im / b.re, scl = T(1) / (b.re + b.im * rat);
    return cplx<T>((a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl);
  }
  T rat = b.re / b.im, scl = T(1) / (b.im + b.re * rat);
  return cplx<T>((a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl);
}
template <class T> CN_HD T cabs(complex<T> a) { return m::hypot(a.re, a.im); }

// ---- non-finite arguments: C99 Annex G (what NumPy 2 and the array API standard give) --
// Each function below checks `cnonfinite` first and takes these branches only then, so
// finite arguments keep their formulas. Signs that C99 leaves open follow glibc (NumPy's
// results on Linux).
template <class T> CN_HD bool nonfinite(T x) { return m::isinf(x) || m::isnan(x); }
template <class T> CN_HD bool cnonfinite(complex<T> a) { return nonfinite(a.re) || nonfinite(a.im); }
template <class T> CN_HD T pi_over(T k) { return T(3.14159265358979323846264338327950288) / k; }

template <class T> CN_HD complex<T> cexp_nonfinite(T x, T y) {
  const T nan = m::nan(x);
  if (m::isinf(x)) {
    if (!m::signbit(x)) {                     // +inf
      if (y == 0) return cplx<T>(x, y);
      if (nonfinite(y)) return cplx<T>(x, nan);
      return cplx<T>(x * m::cos(y), x * m::sin(y));
    }
    if (nonfinite(y)) return cplx<T>(T(0), m::copysign(T(0), y));  // -inf: a zero
    return cplx<T>(T(0) * m::cos(y), T(0) * m::sin(y));
  }
  if (m::isnan(x)) return y == 0 ? cplx<T>(x, y) : cplx<T>(nan, nan);
  return cplx<T>(nan, nan);                   // x finite, y infinite or NaN
}
template <class T> CN_HD complex<T> csinh_nonfinite(T x, T y) {
  const T nan = m::nan(x);
  if (m::isinf(x)) {
    if (y == 0) return cplx<T>(x, y);
    if (nonfinite(y)) return cplx<T>(m::fabs(x), nan);
    return cplx<T>(x * m::cos(y), m::fabs(x) * m::sin(y));
  }
  if (x == 0) return cplx<T>(x, nan);         // +-0 + i inf or i NaN
  if (m::isnan(x)) return y == 0 ? cplx<T>(x, y) : cplx<T>(nan, nan);
  return cplx<T>(nan, nan);
}
template <class T> CN_HD complex<T> ccosh_nonfinite(T x, T y) {
  const T nan = m::nan(x);
  if (m::isinf(x)) {
    if (y == 0) return cplx<T>(m::fabs(x), m::signbit(x) ? -y : y);
    if (nonfinite(y)) return cplx<T>(m::fabs(x), nan);
    return cplx<T>(m::fabs(x) * m::cos(y), x * m::sin(y));
  }
  if (x == 0) return cplx<T>(nan, T(0));      // +-0 + i inf or i NaN
  if (m::isnan(x)) return y == 0 ? cplx<T>(x, y) : cplx<T>(nan, nan);
  return cplx<T>(nan, nan);
}
template <class T> CN_HD complex<T> ctanh_nonfinite(T x, T y) {
  const T nan = m::nan(x);
  if (m::isinf(x))
    return cplx<T>(m::copysign(T(1), x), m::copysign(T(0), nonfinite(y) ? y : m::sin(2 * y)));
  if (m::isnan(x)) return y == 0 ? cplx<T>(x, y) : cplx<T>(nan, nan);
  return x == 0 ? cplx<T>(x, nan) : cplx<T>(nan, nan);  // x finite, y infinite or NaN
}
template <class T> CN_HD complex<T> casinh_nonfinite(T x, T y) {
  const T nan = m::nan(x);
  if (m::isinf(x) || m::isinf(y)) {
    if (m::isnan(x)) return cplx<T>(m::fabs(y), nan);
    if (m::isnan(y)) return cplx<T>(x, nan);
    const T im = m::isinf(x) ? (m::isinf(y) ? pi_over(T(4)) : T(0)) : pi_over(T(2));
    return cplx<T>(m::copysign(m::inf(x), x), m::copysign(im, y));
  }
  if (m::isnan(x)) return y == 0 ? cplx<T>(x, y) : cplx<T>(nan, nan);
  return cplx<T>(nan, nan);                   // x finite, y NaN
}
template <class T> CN_HD complex<T> cacos_nonfinite(T x, T y) {
  const T nan = m::nan(x);
  if (m::isinf(x) || m::isinf(y)) {
    if (m::isnan(x)) return cplx<T>(nan, -y);
    if (m::isnan(y)) return cplx<T>(nan, -m::inf(x));
    T re;
    if (m::isinf(y)) re = m::isinf(x) ? (m::signbit(x) ? 3 * pi_over(T(4)) : pi_over(T(4))) : pi_over(T(2));
    else re = m::signbit(x) ? pi_over(T(1)) : T(0);
    return cplx<T>(re, m::copysign(m::inf(x), -y));
  }
  if (m::isnan(y)) return x == 0 ? cplx<T>(pi_over(T(2)), y) : cplx<T>(nan, nan);
  return cplx<T>(nan, nan);                   // x NaN, y finite
}
template <class T> CN_HD complex<T> cacosh_nonfinite(T x, T y) {
  const T nan = m::nan(x);
  if (m::isinf(x) || m::isinf(y)) {
    if (m::isnan(x) || m::isnan(y)) return cplx<T>(m::inf(x), nan);
    T im;
    if (m::isinf(y)) im = m::isinf(x) ? (m::signbit(x) ? 3 * pi_over(T(4)) : pi_over(T(4))) : pi_over(T(2));
    else im = m::signbit(x) ? pi_over(T(1)) : T(0);
    return cplx<T>(m::inf(x), m::copysign(im, y));
  }
  if (m::isnan(y)) return x == 0 ? cplx<T>(nan, pi_over(T(2))) : cplx<T>(nan, nan);
  return cplx<T>(nan, nan);                   // x NaN, y finite
}
template <class T> CN_HD complex<T> catanh_nonfinite(T x, T y) {
  const T nan = m::nan(x);
  if (m::isinf(x) || m::isinf(y)) {
    if (m::isnan(y)) return cplx<T>(m::copysign(T(0), x), nan);
    return cplx<T>(m::isnan(x) ? T(0) : m::copysign(T(0), x), m::copysign(pi_over(T(2)), y));
  }
  if (m::isnan(y)) return x == 0 ? cplx<T>(x, y) : cplx<T>(nan, nan);
  return cplx<T>(nan, nan);                   // x NaN, y finite
}

template <class T> CN_HD complex<T> cexp(complex<T> a) {
  if (cnonfinite(a)) return cexp_nonfinite(a.re, a.im);
  if (a.im == 0) return cplx<T>(m::exp(a.re), a.im);
  T e = m::exp(a.re);
  return cplx<T>(e * m::cos(a.im), e * m::sin(a.im));
}
template <class T> CN_HD complex<T> clog(complex<T> a) {
  return cplx<T>(m::log(cabs(a)), m::atan2(a.im, a.re));
}
// csqrt_finite: Kahan's formula for a finite, nonzero x+iy whose |x| + |x+iy| neither
// overflows nor underflows.
template <class T> CN_HD complex<T> csqrt_finite(T x, T y) {
  T t = m::sqrt((m::fabs(x) + cabs(cplx<T>(x, y))) * T(0.5));
  if (x >= 0) return cplx<T>(t, y / (2 * t));
  return cplx<T>(m::fabs(y) / (2 * t), m::copysign(t, y));
}
// Thresholds of csqrt's scaling: 2^(emax-1), and a small bound with its exact scale 2^(2k)
// and the root's 2^-k.
CN_HD float csqrt_big(float) { return 0x1p126f; }
CN_HD double csqrt_big(double) { return 0x1p1022; }
CN_HD float csqrt_small(float) { return 0x1p-120f; }
CN_HD double csqrt_small(double) { return 0x1p-1016; }
CN_HD float csqrt_small_scale(float) { return 0x1p100f; }
CN_HD double csqrt_small_scale(double) { return 0x1p1000; }
CN_HD float csqrt_small_unscale(float) { return 0x1p-50f; }
CN_HD double csqrt_small_unscale(double) { return 0x1p-500; }
// Principal square root (branch-cut-correct, C99 csqrt's special values).
template <class T> CN_HD complex<T> csqrt(complex<T> a) {
  if (a.re == 0 && a.im == 0) return cplx<T>(T(0), a.im);
  if (m::isinf(a.im)) return cplx<T>(m::inf(a.re), a.im);
  if (m::isnan(a.re)) return cplx<T>(a.re, m::nan(a.re));
  if (m::isinf(a.re)) {
    if (m::signbit(a.re)) return cplx<T>(m::fabs(a.im - a.im), m::copysign(m::inf(a.re), a.im));
    return cplx<T>(a.re, m::copysign(a.im - a.im, a.im));
  }
  // |re| + |a| overflows near the largest finite value, and the halved sum of subnormal
  // parts loses bits: scale such inputs by an even power of two (exact) and the root back
  // by its square root, as C99 csqrt implementations do.
  const T ax = m::fabs(a.re), ay = m::fabs(a.im);
  if (ax >= csqrt_big(ax) || ay >= csqrt_big(ax)) {
    complex<T> r = csqrt_finite(a.re * T(0.25), a.im * T(0.25));
    return cplx<T>(r.re * T(2), r.im * T(2));
  }
  if (ax < csqrt_small(ax) && ay < csqrt_small(ax)) {
    complex<T> r = csqrt_finite(a.re * csqrt_small_scale(ax), a.im * csqrt_small_scale(ax));
    return cplx<T>(r.re * csqrt_small_unscale(ax), r.im * csqrt_small_unscale(ax));
  }
  return csqrt_finite(a.re, a.im);
}
// sin(z) = -i sinh(iz), cos(z) = cosh(iz): C99 defines their special values so.
template <class T> CN_HD complex<T> csin(complex<T> a) {
  if (cnonfinite(a)) {
    if (m::isinf(a.im) && nonfinite(a.re)) return cplx<T>(m::nan(a.re), m::inf(a.re));
    complex<T> h = csinh_nonfinite(-a.im, a.re);
    return cplx<T>(h.im, -h.re);
  }
  return cplx<T>(m::sin(a.re) * m::cosh(a.im), m::cos(a.re) * m::sinh(a.im));
}
template <class T> CN_HD complex<T> ccos(complex<T> a) {
  if (cnonfinite(a)) return ccosh_nonfinite(-a.im, a.re);
  return cplx<T>(m::cos(a.re) * m::cosh(a.im), -(m::sin(a.re) * m::sinh(a.im)));
}
// tanh(x+iy) with the overflow-safe form of C99 ctanh.
template <class T> CN_HD complex<T> ctanh(complex<T> a) {
  T x = a.re, y = a.im;
  if (cnonfinite(a)) return ctanh_nonfinite(x, y);
  if (m::fabs(x) > T(22)) {  // tanh(x) == +-1 in the precision of double
    T e = m::exp(-2 * m::fabs(x));
    return cplx<T>(m::copysign(T(1), x), T(4) * m::sin(y) * m::cos(y) * e);
  }
  T t = m::tan(y), b = T(1) + t * t, s = m::sinh(x), r = m::sqrt(T(1) + s * s);
  T d = T(1) + b * s * s;
  return cplx<T>((b * r * s) / d, t / d);
}
template <class T> CN_HD complex<T> ctan(complex<T> a) {  // tan(z) = -i tanh(iz)
  complex<T> t = ctanh(cplx<T>(-a.im, a.re));
  return cplx<T>(t.im, -t.re);
}
// Inverse trigonometric and hyperbolic functions by Kahan's formulas ("Branch cuts for
// complex elementary functions", 1987): 1 - z and 1 + z keep the sign of a zero imaginary
// part, so each side of a branch cut maps where C99 (and so NumPy) puts it.
template <class T> CN_HD complex<T> casin(complex<T> a) {
  if (cnonfinite(a)) {  // -i asinh(iz)
    if (m::isinf(a.re) && m::isnan(a.im)) return cplx<T>(a.im, m::inf(a.re));
    complex<T> h = casinh_nonfinite(-a.im, a.re);
    return cplx<T>(h.im, -h.re);
  }
  complex<T> s1 = csqrt(cplx<T>(T(1) - a.re, -a.im)), s2 = csqrt(cplx<T>(T(1) + a.re, a.im));
  return cplx<T>(m::atan2(a.re, s1.re * s2.re - s1.im * s2.im), m::asinh(s1.re * s2.im - s1.im * s2.re));
}
template <class T> CN_HD complex<T> cacos(complex<T> a) {
  if (cnonfinite(a)) return cacos_nonfinite(a.re, a.im);
  complex<T> s1 = csqrt(cplx<T>(T(1) - a.re, -a.im)), s2 = csqrt(cplx<T>(T(1) + a.re, a.im));
  return cplx<T>(T(2) * m::atan2(s1.re, s2.re), m::asinh(s2.re * s1.im - s2.im * s1.re));
}
template <class T> CN_HD complex<T> casinh(complex<T> a) {  // -i asin(iz)
  if (cnonfinite(a)) return casinh_nonfinite(a.re, a.im);
  complex<T> r = casin(cplx<T>(-a.im, a.re));
  return cplx<T>(r.im, -r.re);
}
template <class T> CN_HD complex<T> cacosh(complex<T> a) {
  if (cnonfinite(a)) return cacosh_nonfinite(a.re, a.im);
  complex<T> t1 = csqrt(cplx<T>(a.re - T(1), a.im)), t2 = csqrt(cplx<T>(a.re + T(1), a.im));
  return cplx<T>(m::asinh(t1.re * t2.re + t1.im * t2.im), T(2) * m::atan2(t1.im, t2.re));
}
// atanh(z) = (log(1+z) - log(1-z)) / 2, in the cancellation-free form of the real part.
template <class T> CN_HD complex<T> catanh(complex<T> a) {
  if (cnonfinite(a)) return catanh_nonfinite(a.re, a.im);
  T x = a.re, y = a.im, omx = T(1) - x;
  return cplx<T>(T(0.25) * m::log1p(T(4) * x / (omx * omx + y * y)),
                 T(0.5) * m::atan2(T(2) * y, omx * (T(1) + x) - y * y));
}
template <class T> CN_HD complex<T> catan(complex<T> a) {  // -i atanh(iz)
  if (m::isinf(a.re) && m::isnan(a.im)) return cplx<T>(m::copysign(pi_over(T(2)), a.re), T(0));
  complex<T> r = catanh(cplx<T>(-a.im, a.re));
  return cplx<T>(r.im, -r.re);
}
// Lexicographic order with NumPy's macros (CLT, CLE, CEQ): a NaN imaginary part makes the
// real parts' order false, so maximum/minimum/fmax/fmin built on them see NaN as NumPy does.
template <class T> CN_HD bool clt(complex<T> a, complex<T> b) {
  return (a.re < b.re && !m::isnan(a.im) && !m::isnan(b.im)) || (a.re == b.re && a.im < b.im);
}
template <class T> CN_HD bool cle(complex<T> a, complex<T> b) {
  return (a.re < b.re && !m::isnan(a.im) && !m::isnan(b.im)) || (a.re == b.re && a.im <= b.im);
}
template <class T> CN_HD bool ceq(complex<T> a, complex<T> b) { return a.re == b.re && a.im == b.im; }
template <class T> CN_HD bool cisnan(complex<T> a) { return m::isnan(a.re) || m::isnan(a.im); }

// Integer power by squaring, wrapping; negative exponents give 0 (NumPy raises ValueError
// for arrays, which a kernel cannot; the ops layer checks on the CPU path).
template <class T> CN_HD T ipow(T a, T b) {
  typedef typename wrap_of<T>::type W;
  if (is_neg(b)) return T(0);
  W r = 1, base = (W)a;
  uint64_t e = (uint64_t)b;
  while (e) {
    if (e & 1) r = (W)(r * base);
    base = (W)(base * base);
    e >>= 1;
  }
  return (T)r;
}

// Python-style integer floor division and modulo (sign of the divisor); x/0 -> 0.
// Integer division by zero flags "divide" and MIN // -1 flags "overflow" on the host, as
// NumPy's integer loops do (raise_fp_*: no-ops on the device).
template <class T> CN_HD T ifloordiv(T a, T b) {
  if (b == T(0)) {
    raise_fp_divide();
    return T(0);
  }
  if constexpr (is_signed_int<T>::value) {
    if (b == T(-1)) {
      typedef typename wrap_of<T>::type U;
      if (a == (T)((U)1 << (sizeof(T) * 8 - 1))) raise_fp_overflow();  // MIN // -1 wraps
      return (T)((typename wrap_of<T>::type)0 - (typename wrap_of<T>::type)a);
    }
    T q = a / b;
    if ((a % b != 0) && ((a < T(0)) != (b < T(0)))) q = q - T(1);
    return q;
  }
  return a / b;
}
template <class T> CN_HD T iremainder(T a, T b) {
  if (b == T(0)) {
    raise_fp_divide();
    return T(0);
  }
  if constexpr (is_signed_int<T>::value) {
    if (b == T(-1)) return T(0);
    T r = a % b;
    if (r != 0 && ((r < T(0)) != (b < T(0)))) r = r + b;
    return r;
  }
  return a % b;
}
// NumPy's npy_divmod for floats: floor division and the matching modulo.
// Comparisons that never flag "invalid" on NaN (C's isless/isgreater, as NumPy's loops use).
template <class T> CN_HD bool quiet_less(T a, T b) {
#ifdef __CUDACC_RTC__
  return a < b;
#else
  return __builtin_isless(a, b);
#endif
}
template <class T> CN_HD T fdivmod(T a, T b, T* mod_out) {
  T mod = m::fmod(a, b);
  if (b == T(0)) { *mod_out = mod; return a / b; }
  T div = (a - mod) / b;
  if (mod != T(0)) {
    if (quiet_less(b, T(0)) != quiet_less(mod, T(0))) { mod += b; div -= T(1); }
  } else {
    mod = m::copysign(T(0), b);
  }
  T floordiv;
  if (div != T(0)) {
    floordiv = m::floor(div);
    if (quiet_less(T(0.5), div - floordiv)) floordiv += T(1);
  } else {
    floordiv = m::copysign(T(0), a / b);
  }
  *mod_out = mod;
  return floordiv;
}

// Mixed signed/unsigned 64-bit comparisons (NumPy's 'qQ->?' and 'Qq->?' loops) compare
// the mathematical values.
template <class A, class B> struct cmp {
  CN_HD static bool lt(A a, B b) { return a < b; }
  CN_HD static bool le(A a, B b) { return a <= b; }
  CN_HD static bool eq(A a, B b) { return a == b; }
};
template <> struct cmp<int64_t, uint64_t> {
  CN_HD static bool lt(int64_t a, uint64_t b) { return a < 0 || (uint64_t)a < b; }
  CN_HD static bool le(int64_t a, uint64_t b) { return a < 0 || (uint64_t)a <= b; }
  CN_HD static bool eq(int64_t a, uint64_t b) { return a >= 0 && (uint64_t)a == b; }
};
template <> struct cmp<uint64_t, int64_t> {
  CN_HD static bool lt(uint64_t a, int64_t b) { return b >= 0 && a < (uint64_t)b; }
  CN_HD static bool le(uint64_t a, int64_t b) { return b >= 0 && a <= (uint64_t)b; }
  CN_HD static bool eq(uint64_t a, int64_t b) { return b >= 0 && a == (uint64_t)b; }
};

namespace op {

// ---- helpers to write the half overloads in one line --------------------------------
#define CN_HALF_BINARY      CN_HD static half call(half a, half b) { return f2h(call(h2f(a), h2f(b))); }
#define CN_HALF_UNARY_H     CN_HD static half call(half a) { return f2h(call(h2f(a))); }
#define CN_HALF_PRED        CN_HD static bool call(half a) { return call(h2f(a)); }
#define CN_HALF_CMP         CN_HD static bool call(half a, half b) { return call(h2f(a), h2f(b)); }

// ---- arithmetic ---------------------------------------------------------------------
struct add {
  template <class T> CN_HD static T call(T a, T b) {
    typedef typename wrap_of<T>::type W;
    return (T)((W)a + (W)b);
  }
  CN_HD static bool call(bool a, bool b) { return a || b; }
  CN_HALF_BINARY
  template <class T> CN_HD static complex<T> call(complex<T> a, complex<T> b) { return cplx<T>(a.re + b.re, a.im + b.im); }
};
struct subtract {
  template <class T> CN_HD static T call(T a, T b) {
    typedef typename wrap_of<T>::type W;
    return (T)((W)a - (W)b);
  }
  CN_HALF_BINARY
  template <class T> CN_HD static complex<T> call(complex<T> a, complex<T> b) { return cplx<T>(a.re - b.re, a.im - b.im); }
};
struct multiply {
  template <class T> CN_HD static T call(T a, T b) {
    typedef typename wrap_of<T>::type W;
    return (T)((W)a * (W)b);
  }
  CN_HD static bool call(bool a, bool b) { return a && b; }
  CN_HALF_BINARY
  template <class T> CN_HD static complex<T> call(complex<T> a, complex<T> b) { return cmul(a, b); }
};
struct true_divide {
  template <class T> CN_HD static T call(T a, T b) { return a / b; }
  CN_HALF_BINARY
  template <class T> CN_HD static complex<T> call(complex<T> a, complex<T> b) { return cdiv(a, b); }
};
struct floor_divide {
  template <class T> CN_HD static T call(T a, T b) {
    if constexpr (is_int<T>::value) return ifloordiv(a, b);
    else {
    if (b == T(0)) return a / b;
    T mod;
    return fdivmod(a, b, &mod);
    }
  }
  CN_HALF_BINARY
};
struct remainder {
  template <class T> CN_HD static T call(T a, T b) {
    if constexpr (is_int<T>::value) {
      return iremainder(a, b);
    } else {
      if (b == T(0)) return m::fmod(a, b);
      T mod;
      fdivmod(a, b, &mod);
      return mod;
    }
  }
  CN_HALF_BINARY
};
struct fmod {
  template <class T> CN_HD static T call(T a, T b) {
    if constexpr (is_int<T>::value) {
      if (b == T(0)) {
        raise_fp_divide();
        return T(0);
      }
      if (is_signed_int<T>::value && b == T(-1)) return T(0);
      return a % b;  // C's truncated remainder has the sign of the dividend, as fmod
    } else {
      return m::fmod(a, b);
    }
  }
  CN_HALF_BINARY
};
struct power {
  template <class T> CN_HD static T call(T a, T b) {
    if constexpr (is_int<T>::value) return ipow(a, b);
    else return m::pow(a, b);
  }
  CN_HALF_BINARY
  // NumPy's nc_pow: small integer exponents by repeated multiplication, else exp(b log a).
  template <class T> CN_HD static complex<T> call(complex<T> a, complex<T> b) {
    if (b.re == 0 && b.im == 0) return cplx<T>(T(1), T(0));
    if (a.re == 0 && a.im == 0) {  // NumPy 2: 0**b is 0 for Re(b) > 0, else undefined
      if (b.re > 0) return cplx<T>(T(0), T(0));
      return cplx<T>(m::nan(a.re), m::nan(a.re));
    }
    if (b.im == 0 && b.re == m::trunc(b.re) && m::fabs(b.re) < T(100)) {
      int n = (int)b.re;
      if (n == 1) return a;
      if (n == 2) return cmul(a, a);
      if (n == 3) return cmul(cmul(a, a), a);
      if (n > -100 && n < 100) {
        int mask = 1, nn = n < 0 ? -n : n;
        complex<T> aa = cplx<T>(T(1), T(0)), p = a;
        while (1) {
          if (nn & mask) aa = cmul(aa, p);
          mask <<= 1;
          if (nn < mask || mask <= 0) break;
          p = cmul(p, p);
        }
        if (n < 0) return cdiv(cplx<T>(T(1), T(0)), aa);
        return aa;
      }
    }
    return cexp(cmul_annex_g(b, clog(a)));
  }
};
struct float_power : power {};
struct negative {
  template <class T> CN_HD static T call(T a) {
    typedef typename wrap_of<T>::type W;
    return (T)((W)0 - (W)a);
  }
  CN_HD static float call(float a) { return -a; }
  CN_HD static double call(double a) { return -a; }
  CN_HD static half call(half a) { half r; r.bits = (uint16_t)(a.bits ^ 0x8000u); return r; }
  template <class T> CN_HD static complex<T> call(complex<T> a) { return cplx<T>(-a.re, -a.im); }
};
struct positive {
  template <class T> CN_HD static T call(T a) { return a; }
};
struct conjugate {
  template <class T> CN_HD static T call(T a) { return a; }
  template <class T> CN_HD static complex<T> call(complex<T> a) { return cplx<T>(a.re, -a.im); }
};
struct absolute {
  template <class T> CN_HD static T call(T a) {
    if (is_signed_int<T>::value) return is_neg(a) ? negative::call(a) : a;
    return a;
  }
  CN_HD static float call(float a) { return m::fabs(a); }
  CN_HD static double call(double a) { return m::fabs(a); }
  CN_HD static half call(half a) { half r; r.bits = (uint16_t)(a.bits & 0x7fffu); return r; }
  template <class T> CN_HD static T call(complex<T> a) { return cabs(a); }
};
struct fabs_ {
  template <class T> CN_HD static T call(T a) { return m::fabs(a); }
  CN_HD static half call(half a) { half r; r.bits = (uint16_t)(a.bits & 0x7fffu); return r; }
};
struct square {
  template <class T> CN_HD static T call(T a) { return multiply::call(a, a); }
  CN_HALF_UNARY_H
  template <class T> CN_HD static complex<T> call(complex<T> a) {
    return cplx<T>(a.re * a.re - a.im * a.im, a.re * a.im + a.im * a.re);
  }
};
struct reciprocal {
  template <class T> CN_HD static T call(T a) {
    if constexpr (is_int<T>::value) {  // NumPy computes 1.0 / x in double, then casts back
      if (sizeof(T) == 8 && is_unsigned_int<T>::value && a == T(0)) return T(0);  // x86's inf -> uint64
      return cast<T>(1.0 / (double)a);
    } else {
      return T(1) / a;
    }
  }
  CN_HALF_UNARY_H
  // 1/z by Smith's scaling with the numerator's zero imaginary part folded in (NumPy's
  // loop): the signs of zeros and 1/0 = nan+nanj come out as NumPy's.
  template <class T> CN_HD static complex<T> call(complex<T> a) {
    if (m::fabs(a.im) <= m::fabs(a.re)) {
      const T r = a.im / a.re, d = a.re + a.im * r;
      return cplx<T>(T(1) / d, -r / d);
    }
    const T r = a.re / a.im, d = a.re * r + a.im;
    return cplx<T>(r / d, T(-1) / d);
  }
};
struct sign {
  template <class T> CN_HD static T call(T a) {
    if constexpr (is_int<T>::value) return a > T(0) ? T(1) : (is_neg(a) ? (T)(T(0) - T(1)) : T(0));
    else return a > T(0) ? T(1) : (a < T(0) ? T(-1) : (a == T(0) ? T(0) : a));
  }
  CN_HALF_UNARY_H
  // NumPy 2: z / |z|, with its special cases for infinities.
  template <class T> CN_HD static complex<T> call(complex<T> a) {
    T ab = cabs(a);
    if (m::isnan(ab)) return cplx<T>(m::nan(ab), m::nan(ab));
    if (m::isinf(ab)) {
      if (m::isinf(a.re)) {
        if (m::isinf(a.im)) return cplx<T>(m::nan(ab), m::nan(ab));
        return cplx<T>(a.re > 0 ? T(1) : T(-1), T(0));
      }
      return cplx<T>(T(0), a.im > 0 ? T(1) : T(-1));
    }
    if (ab == 0) return cplx<T>(T(0), T(0));
    return cplx<T>(a.re / ab, a.im / ab);
  }
};

// ---- rounding (integer and bool loops are the identity, as NumPy 2) -------------------
#define CN_ROUNDING(NAME, FN)                                               \
  struct NAME {                                                             \
    template <class T> CN_HD static T call(T a) { return a; }               \
    CN_HD static float call(float a) { return m::FN(a); }                   \
    CN_HD static double call(double a) { return m::FN(a); }                \
    CN_HALF_UNARY_H                                                         \
  };
CN_ROUNDING(floor, floor)
CN_ROUNDING(ceil, ceil)
CN_ROUNDING(trunc, trunc)
#undef CN_ROUNDING
struct rint {
  template <class T> CN_HD static T call(T a) { return m::rint(a); }
  CN_HALF_UNARY_H
  template <class T> CN_HD static complex<T> call(complex<T> a) { return cplx<T>(m::rint(a.re), m::rint(a.im)); }
};

// ---- transcendental -------------------------------------------------------------------
// Real functions with a complex overload given by FN_C (or none).
#define CN_REAL_FN(NAME, FN)                                                \
  struct NAME {                                                             \
    template <class T> CN_HD static T call(T a) { return m::FN(a); }        \
    CN_HALF_UNARY_H
#define CN_END };
CN_REAL_FN(sqrt, sqrt)
  template <class T> CN_HD static complex<T> call(complex<T> a) { return csqrt(a); }
CN_END
CN_REAL_FN(exp, exp)
  template <class T> CN_HD static complex<T> call(complex<T> a) { return cexp(a); }
CN_END
CN_REAL_FN(log, log)
  template <class T> CN_HD static complex<T> call(complex<T> a) { return clog(a); }
CN_END
CN_REAL_FN(sin, sin)
  template <class T> CN_HD static complex<T> call(complex<T> a) { return csin(a); }
CN_END
CN_REAL_FN(cos, cos)
  template <class T> CN_HD static complex<T> call(complex<T> a) { return ccos(a); }
CN_END
CN_REAL_FN(tan, tan)
  template <class T> CN_HD static complex<T> call(complex<T> a) { return ctan(a); }
CN_END
CN_REAL_FN(tanh, tanh)
  template <class T> CN_HD static complex<T> call(complex<T> a) { return ctanh(a); }
CN_END
// Complex forms of these follow NumPy's npy_math_complex / funcs.inc.src formulas.
CN_REAL_FN(sinh, sinh)
  template <class T> CN_HD static complex<T> call(complex<T> a) {
    if (cnonfinite(a)) return csinh_nonfinite(a.re, a.im);
    return cplx<T>(m::sinh(a.re) * m::cos(a.im), m::cosh(a.re) * m::sin(a.im));
  }
CN_END
CN_REAL_FN(cosh, cosh)
  template <class T> CN_HD static complex<T> call(complex<T> a) {
    if (cnonfinite(a)) return ccosh_nonfinite(a.re, a.im);
    return cplx<T>(m::cosh(a.re) * m::cos(a.im), m::sinh(a.re) * m::sin(a.im));
  }
CN_END
CN_REAL_FN(exp2, exp2)
  template <class T> CN_HD static complex<T> call(complex<T> a) {
    const T ln2 = T(0.693147180559945309417232121458176568);
    return cexp(cplx<T>(a.re * ln2, a.im * ln2));
  }
CN_END
CN_REAL_FN(log2, log2)
  template <class T> CN_HD static complex<T> call(complex<T> a) {
    const T log2e = T(1.442695040888963407359924681001892137);
    complex<T> l = clog(a);
    return cplx<T>(l.re * log2e, l.im * log2e);
  }
CN_END
CN_REAL_FN(log10, log10)
  template <class T> CN_HD static complex<T> call(complex<T> a) {
    const T log10e = T(0.434294481903251827651128918916605082);
    complex<T> l = clog(a);
    return cplx<T>(l.re * log10e, l.im * log10e);
  }
CN_END
CN_REAL_FN(expm1, expm1)
  template <class T> CN_HD static complex<T> call(complex<T> a) {
    const T s = m::sin(a.im / 2);
    return cplx<T>(m::expm1(a.re) * m::cos(a.im) - 2 * s * s, m::exp(a.re) * m::sin(a.im));
  }
CN_END
CN_REAL_FN(log1p, log1p)
  template <class T> CN_HD static complex<T> call(complex<T> a) {
    return cplx<T>(m::log(m::hypot(a.re + 1, a.im)), m::atan2(a.im, a.re + 1));
  }
CN_END
CN_REAL_FN(arcsin, asin)
  template <class T> CN_HD static complex<T> call(complex<T> a) { return casin(a); }
CN_END
CN_REAL_FN(arccos, acos)
  template <class T> CN_HD static complex<T> call(complex<T> a) { return cacos(a); }
CN_END
CN_REAL_FN(arctan, atan)
  template <class T> CN_HD static complex<T> call(complex<T> a) { return catan(a); }
CN_END
CN_REAL_FN(arcsinh, asinh)
  template <class T> CN_HD static complex<T> call(complex<T> a) { return casinh(a); }
CN_END
CN_REAL_FN(arccosh, acosh)
  template <class T> CN_HD static complex<T> call(complex<T> a) { return cacosh(a); }
CN_END
CN_REAL_FN(arctanh, atanh)
  template <class T> CN_HD static complex<T> call(complex<T> a) { return catanh(a); }
CN_END
CN_REAL_FN(cbrt, cbrt) CN_END
#undef CN_REAL_FN
#undef CN_END

#define CN_REAL_FN2(NAME, FN)                                                   \
  struct NAME {                                                                 \
    template <class T> CN_HD static T call(T a, T b) { return m::FN(a, b); }    \
    CN_HALF_BINARY                                                              \
  };
CN_REAL_FN2(arctan2, atan2)
CN_REAL_FN2(hypot, hypot)
CN_REAL_FN2(copysign, copysign)
#undef CN_REAL_FN2

// ---- comparisons ----------------------------------------------------------------------
#define CN_COMPARE(NAME, EXPR, CEXPR)                                                  \
  struct NAME {                                                                        \
    template <class A, class B> CN_HD static bool call(A a, B b) { return EXPR; }      \
    CN_HALF_CMP                                                                        \
    template <class T> CN_HD static bool call(complex<T> a, complex<T> b) { return CEXPR; } \
  };
CN_COMPARE(equal, (cmp<A, B>::eq(a, b)), ceq(a, b))
CN_COMPARE(not_equal, (!cmp<A, B>::eq(a, b)), !ceq(a, b))
CN_COMPARE(less, (cmp<A, B>::lt(a, b)), clt(a, b))
CN_COMPARE(less_equal, (cmp<A, B>::le(a, b)), cle(a, b))
CN_COMPARE(greater, (cmp<B, A>::lt(b, a)), clt(b, a))
CN_COMPARE(greater_equal, (cmp<B, A>::le(b, a)), cle(b, a))
#undef CN_COMPARE

// ---- logical (any type is read as "nonzero") ------------------------------------------
struct logical_and { template <class T> CN_HD static bool call(T a, T b) { return as_bool(a) && as_bool(b); } };
struct logical_or { template <class T> CN_HD static bool call(T a, T b) { return as_bool(a) || as_bool(b); } };
struct logical_xor { template <class T> CN_HD static bool call(T a, T b) { return as_bool(a) != as_bool(b); } };
struct logical_not { template <class T> CN_HD static bool call(T a) { return !as_bool(a); } };

// ---- bitwise (bool and integers only) -------------------------------------------------
struct bitwise_and { template <class T> CN_HD static T call(T a, T b) { return (T)(a & b); } };
struct bitwise_or { template <class T> CN_HD static T call(T a, T b) { return (T)(a | b); } };
struct bitwise_xor { template <class T> CN_HD static T call(T a, T b) { return (T)(a ^ b); } };
struct invert {
  template <class T> CN_HD static T call(T a) { return (T)~a; }
  CN_HD static bool call(bool a) { return !a; }
};
// Shifts by the bit width or more give 0 (or -1 for negative values shifted right), as NumPy.
struct left_shift {
  template <class T> CN_HD static T call(T a, T b) {
    typedef typename wrap_of<T>::type W;
    if (is_neg(b) || (uint64_t)b >= sizeof(T) * 8) return T(0);
    return (T)((W)a << (W)b);
  }
};
struct right_shift {
  template <class T> CN_HD static T call(T a, T b) {
    if (is_neg(b) || (uint64_t)b >= sizeof(T) * 8) return is_neg(a) ? (T)(T(0) - T(1)) : T(0);
    return (T)(a >> b);
  }
};

// ---- extrema: maximum/minimum propagate NaN, fmax/fmin ignore it -----------------------
// On ties (0.0 vs -0.0) NumPy's float32/float64 loops return b, its float16 loop a.
struct maximum {
  template <class T> CN_HD static T call(T a, T b) {
    if (is_int<T>::value) return a >= b ? a : b;
    return (a > b || a != a) ? a : b;
  }
  CN_HD static bool call(bool a, bool b) { return a || b; }
  CN_HD static half call(half a, half b) {
    float fa = h2f(a), fb = h2f(b);
    return (fa >= fb || fa != fa) ? a : b;
  }
  template <class T> CN_HD static complex<T> call(complex<T> a, complex<T> b) {
    return (cle(b, a) || cisnan(a)) ? a : b;
  }
};
struct minimum {
  template <class T> CN_HD static T call(T a, T b) {
    if (is_int<T>::value) return a <= b ? a : b;
    return (a < b || a != a) ? a : b;
  }
  CN_HD static bool call(bool a, bool b) { return a && b; }
  CN_HD static half call(half a, half b) {
    float fa = h2f(a), fb = h2f(b);
    return (fa <= fb || fa != fa) ? a : b;
  }
  template <class T> CN_HD static complex<T> call(complex<T> a, complex<T> b) {
    return (cle(a, b) || cisnan(a)) ? a : b;
  }
};
struct fmax {
  template <class T> CN_HD static T call(T a, T b) {
    if (is_int<T>::value) return a >= b ? a : b;
    return (a >= b || b != b) ? a : b;
  }
  CN_HD static bool call(bool a, bool b) { return a || b; }
  CN_HALF_BINARY
  template <class T> CN_HD static complex<T> call(complex<T> a, complex<T> b) {
    return (cle(b, a) || cisnan(b)) ? a : b;
  }
};
struct fmin {
  template <class T> CN_HD static T call(T a, T b) {
    if (is_int<T>::value) return a <= b ? a : b;
    return (a <= b || b != b) ? a : b;
  }
  CN_HD static bool call(bool a, bool b) { return a && b; }
  CN_HALF_BINARY
  template <class T> CN_HD static complex<T> call(complex<T> a, complex<T> b) {
    return (cle(a, b) || cisnan(b)) ? a : b;
  }
};

// ---- classification -------------------------------------------------------------------
struct isnan {
  template <class T> CN_HD static bool call(T a) { return a != a; }
  CN_HD static bool call(half a) { return (a.bits & 0x7fffu) > 0x7c00u; }
  template <class T> CN_HD static bool call(complex<T> a) { return cisnan(a); }
};
struct isinf {
  template <class T> CN_HD static bool call(T a) { return false; }
  CN_HD static bool call(float a) { return m::isinf(a); }
  CN_HD static bool call(double a) { return m::isinf(a); }
  CN_HD static bool call(half a) { return (a.bits & 0x7fffu) == 0x7c00u; }
  template <class T> CN_HD static bool call(complex<T> a) { return m::isinf(a.re) || m::isinf(a.im); }
};
struct isfinite {
  template <class T> CN_HD static bool call(T a) { return true; }
  CN_HD static bool call(float a) { return a - a == 0.0f; }
  CN_HD static bool call(double a) { return a - a == 0.0; }
  CN_HD static bool call(half a) { return (a.bits & 0x7c00u) != 0x7c00u; }
  template <class T> CN_HD static bool call(complex<T> a) { return call(a.re) && call(a.im); }
};
struct signbit {
  template <class T> CN_HD static bool call(T a) { return m::signbit(a); }
  CN_HD static bool call(half a) { return (a.bits & 0x8000u) != 0; }
};

// ---- floating-point functions ------------------------------------------------------------
// NumPy's npy_heaviside: nan stays nan, 0 gives h0.
struct heaviside {
  template <class T> CN_HD static T call(T x, T h0) {
    if (x != x) return x;
    if (x == T(0)) return h0;
    return x < T(0) ? T(0) : T(1);
  }
  CN_HALF_BINARY
};
// NumPy's npy_logaddexp / npy_logaddexp2 (equal arguments first: inf + inf without nan).
struct logaddexp {
  template <class T> CN_HD static T call(T x, T y) {
    if (x == y) return x + T(0.693147180559945309417232121458176568);
    T d = x - y;
    if (d > 0) return x + m::log1p(m::exp(-d));
    if (d <= 0) return y + m::log1p(m::exp(d));
    return d;  // nan
  }
  CN_HALF_BINARY
};
struct logaddexp2 {
  template <class T> CN_HD static T call(T x, T y) {
    const T log2e = T(1.442695040888963407359924681001892137);
    if (x == y) return x + T(1);
    T d = x - y;
    if (d > 0) return x + log2e * m::log1p(m::exp2(-d));
    if (d <= 0) return y + log2e * m::log1p(m::exp2(d));
    return d;
  }
  CN_HALF_BINARY
};
// x * (pi/180) and x * (180/pi) with the constant rounded to T, as npy_deg2rad[f].
struct deg2rad {
  template <class T> CN_HD static T call(T x) { return x * (T(3.141592653589793238462643383279502884) / T(180)); }
  CN_HALF_UNARY_H
};
struct rad2deg {
  template <class T> CN_HD static T call(T x) { return x * (T(180) / T(3.141592653589793238462643383279502884)); }
  CN_HALF_UNARY_H
};
struct nextafter {
  // On the bits, as C's nextafter (equal inputs give y, so nextafter(0.0, -0.0) is -0.0):
  // the same result from g++ and NVRTC, whose libdevice version differs there.
  CN_HD static float call(float x, float y) {
    if (x != x || y != y) return x + y;
    if (x == y) return y;
    if (x == 0.0f) return float_of((bits_of(y) & 0x80000000u) | 1u);
    const uint32_t b = bits_of(x);
    return float_of((x < y) == (x > 0.0f) ? b + 1u : b - 1u);
  }
  CN_HD static double call(double x, double y) {
    if (x != x || y != y) return x + y;
    if (x == y) return y;
    if (x == 0.0) return double_of((bits_of(y) & 0x8000000000000000ull) | 1ull);
    const uint64_t b = bits_of(x);
    return double_of((x < y) == (x > 0.0) ? b + 1u : b - 1u);
  }
  // npy_half_nextafter as of NumPy 2.5, bit for bit: equal inputs give y, as C's nextafter
  // (NumPy 2.4 and older gave x, so nextafter(0.0, -0.0) was +0.0 in float16 only).
  CN_HD static half call(half x, half y) {
    uint16_t a = x.bits, b = y.bits, r;
    if ((a & 0x7fffu) > 0x7c00u || (b & 0x7fffu) > 0x7c00u) r = 0x7e00u;
    else if (a == b || ((a | b) & 0x7fffu) == 0) r = b;
    else if ((a & 0x7fffu) == 0) r = (uint16_t)((b & 0x8000u) + 1);
    else if (!(a & 0x8000u)) r = (int16_t)a > (int16_t)b ? (uint16_t)(a - 1) : (uint16_t)(a + 1);
    else r = (!(b & 0x8000u) || (a & 0x7fffu) > (b & 0x7fffu)) ? (uint16_t)(a - 1) : (uint16_t)(a + 1);
    half h; h.bits = r; return h;
  }
};
// npy_spacing: the gap to the next value away from zero (signed like x); +-0 give the
// smallest subnormal, inf and nan give nan.
struct spacing {
  template <class T> CN_HD static T call(T x) {
    if (x != x || m::isinf(x)) return m::nan(x);
    if (x == T(0)) return m::nextafter(T(0), T(1));
    return m::nextafter(x, m::copysign(m::inf(x), x)) - x;
  }
  // npy_half_spacing, bit for bit (always non-negative).
  CN_HD static half call(half x) {
    uint16_t h = x.bits, e = (uint16_t)(h & 0x7c00u), sig = (uint16_t)(h & 0x03ffu), r;
    if (e == 0x7c00u) r = 0x7e00u;
    else if (h == 0x7bffu) r = 0x7c00u;
    else if ((h & 0x8000u) && sig == 0) {
      if (e > 0x2c00u) r = (uint16_t)(e - 0x2c00u);
      else if (e > 0x0400u) r = (uint16_t)(1u << ((e >> 10) - 2));
      else r = 0x0001u;
    } else if (e > 0x2800u) r = (uint16_t)(e - 0x2800u);
    else if (e > 0x0400u) r = (uint16_t)(1u << ((e >> 10) - 1));
    else r = 0x0001u;
    half o; o.bits = r; return o;
  }
};
// ldexp(x, e): NumPy's 'l' loops clamp the exponent to int first.
struct ldexp {
  template <class T, class I> CN_HD static T call(T x, I e) {
    int ie = sizeof(I) > 4 ? (e > (I)2147483647 ? 2147483647 : (e < -(I)2147483647 ? -2147483647 : (int)e)) : (int)e;
    return m::ldexp(x, ie);
  }
  template <class I> CN_HD static half call(half x, I e) { return f2h(call(h2f(x), e)); }
};

// ---- multi-output ufuncs: the first output is returned, the second written to *out1 ----
struct divmod {
  template <class T> CN_HD static T call(T a, T b, T* mod) {
    *mod = remainder::call(a, b);
    return floor_divide::call(a, b);
  }
};
struct modf {  // (fractional part, integral part), both with the sign of x
  template <class T> CN_HD static T call(T x, T* ip) { return m::modf(x, ip); }
  CN_HD static half call(half x, half* ip) {
    float i, f = m::modf(h2f(x), &i);
    *ip = f2h(i);
    return f2h(f);
  }
};
struct frexp {  // (mantissa in [0.5, 1), exponent); 0, inf and nan give exponent 0
  template <class T> CN_HD static T call(T x, int32_t* e) {
    int ie = 0;
    if (x != x || m::isinf(x) || x == T(0)) { *e = 0; return x; }
    T r = m::frexp(x, &ie);
    *e = ie;
    return r;
  }
  CN_HD static half call(half x, int32_t* e) { return f2h(call(h2f(x), e)); }
};

// ---- integer functions -------------------------------------------------------------------
// gcd/lcm on magnitudes computed in the wrapping unsigned type, then wrapped back to T as
// NumPy's npy_gcd/npy_lcm do (gcd(int8 -128, 0) == -128).
template <class T> CN_HD typename wrap_of<T>::type umag(T a) {
  typedef typename wrap_of<T>::type W;  // unsigned, at least 32 bits
  return is_neg(a) ? (W)((W)0 - (W)a) : (W)a;
}
template <class W> CN_HD W ugcd(W a, W b) {
  while (b != 0) { W t = a % b; a = b; b = t; }
  return a;
}
struct gcd {
  template <class T> CN_HD static T call(T a, T b) {
    typedef typename wrap_of<T>::type W;
    return (T)ugcd<W>(umag(a), umag(b));
  }
};
struct lcm {
  template <class T> CN_HD static T call(T a, T b) {
    typedef typename wrap_of<T>::type W;
    W ua = umag(a), ub = umag(b), g = ugcd<W>(ua, ub);
    return g == 0 ? T(0) : (T)((W)(ua / g) * ub);
  }
};
// Set bits of |x| (NumPy counts the magnitude of signed values).
struct bitwise_count {
  template <class T> CN_HD static uint8_t call(T a) {
    uint64_t v = (uint64_t)umag(a);
    v = v - ((v >> 1) & 0x5555555555555555ull);
    v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (uint8_t)((v * 0x0101010101010101ull) >> 56);
  }
};

// ---- clip: NumPy's clip ufunc (_NPY_CLIP): min(max(x, lo), hi), nan in any argument wins ----
// On ties (0.0 vs -0.0) NumPy's generic loop returns the bound, its SIMD loop for scalar
// float bounds returns x: clip_ keeps x, clip returns the bound (cunumpy.clip picks).
struct clip_ {
  template <class T> CN_HD static T call(T x, T lo, T hi) {
    if constexpr (is_int<T>::value || sizeof(T) == 1) {
      T t = x < lo ? lo : x;
      return t > hi ? hi : t;
    } else {
      T t = x != x ? x : (lo != lo ? lo : (x < lo ? lo : x));
      return t != t ? t : (hi != hi ? hi : (t > hi ? hi : t));
    }
  }
};
struct clip {
  template <class T> CN_HD static T call(T x, T lo, T hi) {
    if constexpr (is_int<T>::value || sizeof(T) == 1) {
      T t = x > lo ? x : lo;
      return t < hi ? t : hi;
    } else {
      T t = x != x ? x : (x > lo ? x : lo);
      return t != t ? t : (t < hi ? t : hi);
    }
  }
  CN_HD static half call(half x, half lo, half hi) {
    float fx = h2f(x), fl = h2f(lo);
    half t = (fx != fx || fx >= fl) ? x : lo;
    float ft = h2f(t), fh = h2f(hi);
    return (ft != ft || ft <= fh) ? t : hi;
  }
  template <class T> CN_HD static complex<T> call(complex<T> x, complex<T> lo, complex<T> hi) {
    complex<T> t = (cisnan(x) || clt(lo, x)) ? x : lo;
    return (cisnan(t) || clt(t, hi)) ? t : hi;
  }
};

// ---- selection: cond ? a : b (the internal "_where" ufunc behind where= and where()) ---
struct where_ {
  template <class T> CN_HD static T call(bool c, T a, T b) { return c ? a : b; }
};

#undef CN_HALF_BINARY
#undef CN_HALF_UNARY_H
#undef CN_HALF_PRED
#undef CN_HALF_CMP

// ---- argmax / argmin: whether `b` takes the place of the best value so far `a` ----------
// NaN beats every number and nothing beats a NaN, so the first NaN wins, as NumPy's.
struct argmax_beats {
  template <class T> CN_HD static bool call(T a, T b) {
    if (isnan::call(a)) return false;
    return isnan::call(b) || greater::call(b, a);
  }
};
struct argmin_beats {
  template <class T> CN_HD static bool call(T a, T b) {
    if (isnan::call(a)) return false;
    return isnan::call(b) || less::call(b, a);
  }
};

}  // namespace op
}  // namespace cn
