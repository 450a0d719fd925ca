// What user kernels (ElementwiseKernel, ReductionKernel, fuse) see besides their own code,
// compiled by NVRTC and by the host compiler alike: CuPy's names for the element types
// (float16, complex<T> with operators), the math functions under their CUDA names on the
// host, raw array parameters (x[i], x.size()) and the loop indexer (_ind.size()).
// Pasted after cn_scalar.h into every generated source; no standard library on NVRTC.
#pragma once

#ifdef __CUDACC_RTC__
#define CN_UD __host__ __device__ __forceinline__
#else
#include <cmath>
#include <cstddef>
#include <cstdint>
#define CN_UD inline
#define __device__
#define __host__
#define __global__
#define __forceinline__ inline
#define __shared__
#define __restrict__
// CUDA's global math names, resolved to <cmath> (float overloads included).
using std::sin; using std::cos; using std::tan; using std::asin; using std::acos; using std::atan;
using std::atan2; using std::sinh; using std::cosh; using std::tanh; using std::asinh;
using std::acosh; using std::atanh; using std::exp; using std::exp2; using std::expm1;
using std::log; using std::log2; using std::log10; using std::log1p; using std::sqrt;
using std::cbrt; using std::pow; using std::hypot; using std::fabs; using std::floor;
using std::ceil; using std::trunc; using std::round; using std::rint; using std::fmod;
using std::fmin; using std::fmax; using std::copysign; using std::erf; using std::erfc;
using std::tgamma; using std::lgamma; using std::isnan; using std::isinf; using std::isfinite;
using std::signbit; using std::abs; using std::nearbyint; using std::remainder; using std::fma;
CN_UD float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
CN_UD double rsqrt(double x) { return 1.0 / std::sqrt(x); }
CN_UD float __expf(float x) { return std::exp(x); }
CN_UD float __logf(float x) { return std::log(x); }
CN_UD float __sinf(float x) { return std::sin(x); }
CN_UD float __cosf(float x) { return std::cos(x); }
CN_UD float __fdividef(float x, float y) { return x / y; }
CN_UD float __powf(float x, float y) { return std::pow(x, y); }
CN_UD float __saturatef(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); }
template <class T> CN_UD T __ldg(const T* p) { return *p; }
inline void __syncthreads() {}
template <class T> CN_UD T min(T a, T b) { return b < a ? b : a; }
template <class T> CN_UD T max(T a, T b) { return a < b ? b : a; }
// Atomics on the host: the CPU loops run a chunk per thread.
template <class T> CN_UD T atomicAdd(T* p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }
template <class F> CN_UD F cn_atomic_add_float(F* p, F v) {
  F old = *p, want = old + v;
  while (!__atomic_compare_exchange(p, &old, &want, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) want = old + v;
  return old;
}
CN_UD float atomicAdd(float* p, float v) { return cn_atomic_add_float(p, v); }
CN_UD double atomicAdd(double* p, double v) { return cn_atomic_add_float(p, v); }
#endif

typedef decltype((char*)0 - (char*)0) ptrdiff_t;

// float and double math under one name, for the complex functions below.
namespace cn_user_math {
#ifdef __CUDACC_RTC__
#define CN_UMATH(NAME)                                              \
  CN_UD float NAME##_(float x) { return ::NAME##f(x); }             \
  CN_UD double NAME##_(double x) { return ::NAME(x); }
CN_UD float hypot_(float x, float y) { return ::hypotf(x, y); }
CN_UD double hypot_(double x, double y) { return ::hypot(x, y); }
CN_UD float atan2_(float x, float y) { return ::atan2f(x, y); }
CN_UD double atan2_(double x, double y) { return ::atan2(x, y); }
#else
#define CN_UMATH(NAME)                                              \
  CN_UD float NAME##_(float x) { return std::NAME(x); }             \
  CN_UD double NAME##_(double x) { return std::NAME(x); }
CN_UD float hypot_(float x, float y) { return std::hypot(x, y); }
CN_UD double hypot_(double x, double y) { return std::hypot(x, y); }
CN_UD float atan2_(float x, float y) { return std::atan2(x, y); }
CN_UD double atan2_(double x, double y) { return std::atan2(x, y); }
#endif
CN_UMATH(sin) CN_UMATH(cos) CN_UMATH(sinh) CN_UMATH(cosh) CN_UMATH(exp) CN_UMATH(log) CN_UMATH(sqrt)
#undef CN_UMATH
}  // namespace cn_user_math

// ---- float16: CuPy's name, storage of cn::half, arithmetic in float -------------------
struct float16 {
  unsigned short bits;
  float16() = default;
  CN_UD float16(float f) : bits(cn::half_bits_from_float(f)) {}
  CN_UD float16(double d) : bits(cn::half_bits_from_double(d)) {}
  CN_UD float16(int i) : bits(cn::half_bits_from_double((double)i)) {}
  CN_UD float16(long long i) : bits(cn::half_bits_from_double((double)i)) {}
  CN_UD operator float() const { return cn::half_to_float(bits); }
  CN_UD float16& operator+=(float o) { *this = float16((float)*this + o); return *this; }
  CN_UD float16& operator-=(float o) { *this = float16((float)*this - o); return *this; }
  CN_UD float16& operator*=(float o) { *this = float16((float)*this * o); return *this; }
  CN_UD float16& operator/=(float o) { *this = float16((float)*this / o); return *this; }
};

// ---- complex<T>: CuPy's (thrust's) complex, storage of cn::complex<T> -------------------
template <class T>
struct complex {
  T re_, im_;
  complex() = default;
  CN_UD complex(T re) : re_(re), im_(0) {}
  CN_UD complex(T re, T im) : re_(re), im_(im) {}
  template <class U> CN_UD complex(const complex<U>& o) : re_((T)o.real()), im_((T)o.imag()) {}
  CN_UD T real() const { return re_; }
  CN_UD T imag() const { return im_; }
  CN_UD void real(T v) { re_ = v; }
  CN_UD void imag(T v) { im_ = v; }
  CN_UD complex& operator+=(const complex& o) { re_ += o.re_; im_ += o.im_; return *this; }
  CN_UD complex& operator-=(const complex& o) { re_ -= o.re_; im_ -= o.im_; return *this; }
  CN_UD complex& operator*=(const complex& o) { *this = *this * o; return *this; }
  CN_UD complex& operator/=(const complex& o) { *this = *this / o; return *this; }
  friend CN_UD complex operator+(const complex& a, const complex& b) { return complex(a.re_ + b.re_, a.im_ + b.im_); }
  friend CN_UD complex operator-(const complex& a, const complex& b) { return complex(a.re_ - b.re_, a.im_ - b.im_); }
  friend CN_UD complex operator*(const complex& a, const complex& b) {
    return complex(a.re_ * b.re_ - a.im_ * b.im_, a.re_ * b.im_ + a.im_ * b.re_);
  }
  friend CN_UD complex operator/(const complex& a, const complex& b) {  // Smith's algorithm
    T br = b.re_ < 0 ? -b.re_ : b.re_, bi = b.im_ < 0 ? -b.im_ : b.im_;
    if (br >= bi) {
      if (br == 0 && bi == 0) return complex(a.re_ / br, a.im_ / br);
      T rat = b.im_ / b.re_, scl = T(1) / (b.re_ + b.im_ * rat);
      return complex((a.re_ + a.im_ * rat) * scl, (a.im_ - a.re_ * rat) * scl);
    }
    T rat = b.re_ / b.im_, scl = T(1) / (b.im_ + b.re_ * rat);
    return complex((a.re_ * rat + a.im_) * scl, (a.im_ * rat - a.re_) * scl);
  }
  friend CN_UD complex operator+(const complex& a, const T& b) { return complex(a.re_ + b, a.im_); }
  friend CN_UD complex operator+(const T& a, const complex& b) { return complex(a + b.re_, b.im_); }
  friend CN_UD complex operator-(const complex& a, const T& b) { return complex(a.re_ - b, a.im_); }
  friend CN_UD complex operator-(const T& a, const complex& b) { return complex(a - b.re_, -b.im_); }
  friend CN_UD complex operator*(const complex& a, const T& b) { return complex(a.re_ * b, a.im_ * b); }
  friend CN_UD complex operator*(const T& a, const complex& b) { return complex(a * b.re_, a * b.im_); }
  friend CN_UD complex operator/(const complex& a, const T& b) { return complex(a.re_ / b, a.im_ / b); }
  friend CN_UD complex operator/(const T& a, const complex& b) { return complex(a) / b; }
  friend CN_UD complex operator-(const complex& a) { return complex(-a.re_, -a.im_); }
  friend CN_UD complex operator+(const complex& a) { return a; }
  friend CN_UD bool operator==(const complex& a, const complex& b) { return a.re_ == b.re_ && a.im_ == b.im_; }
  friend CN_UD bool operator!=(const complex& a, const complex& b) { return !(a == b); }
};
template <class T> CN_UD T real(const complex<T>& z) { return z.real(); }
template <class T> CN_UD T imag(const complex<T>& z) { return z.imag(); }
template <class T> CN_UD complex<T> conj(const complex<T>& z) { return complex<T>(z.real(), -z.imag()); }
template <class T> CN_UD T norm(const complex<T>& z) { return z.real() * z.real() + z.imag() * z.imag(); }
template <class T> CN_UD T abs(const complex<T>& z) { return cn_user_math::hypot_(z.real(), z.imag()); }
template <class T> CN_UD T arg(const complex<T>& z) { return cn_user_math::atan2_(z.imag(), z.real()); }
template <class T> CN_UD complex<T> exp(const complex<T>& z) {
  T e = cn_user_math::exp_(z.real());
  return complex<T>(e * cn_user_math::cos_(z.imag()), e * cn_user_math::sin_(z.imag()));
}
template <class T> CN_UD complex<T> log(const complex<T>& z) { return complex<T>(cn_user_math::log_(abs(z)), arg(z)); }
template <class T> CN_UD complex<T> polar(const T& r, const T& t = T(0)) {
  return complex<T>(r * cn_user_math::cos_(t), r * cn_user_math::sin_(t));
}
template <class T> CN_UD complex<T> sqrt(const complex<T>& z) {
  T r = abs(z);
  if (r == 0) return complex<T>(0, z.imag());
  T t = cn_user_math::sqrt_((r + (z.real() < 0 ? -z.real() : z.real())) * T(0.5));
  if (z.real() >= 0) return complex<T>(t, z.imag() / (2 * t));
  return complex<T>((z.imag() < 0 ? -z.imag() : z.imag()) / (2 * t), z.imag() < 0 ? -t : t);
}
template <class T> CN_UD complex<T> pow(const complex<T>& a, const complex<T>& b) { return exp(b * log(a)); }
template <class T> CN_UD complex<T> sin(const complex<T>& z) {
  return complex<T>(cn_user_math::sin_(z.real()) * cn_user_math::cosh_(z.imag()),
                    cn_user_math::cos_(z.real()) * cn_user_math::sinh_(z.imag()));
}
template <class T> CN_UD complex<T> cos(const complex<T>& z) {
  return complex<T>(cn_user_math::cos_(z.real()) * cn_user_math::cosh_(z.imag()),
                    -(cn_user_math::sin_(z.real()) * cn_user_math::sinh_(z.imag())));
}

// ---- raw parameters: the whole array, indexed by a C-order linear index ---------------
struct CRawDesc {
  char* data;
  long long size;
  int ndim;
  int contiguous;  // C-contiguous: x[i] is a plain pointer access
  long long shape[8];
  long long strides[8];  // bytes
};
template <class T>
struct CRaw {
  CRawDesc d;
  CN_UD T& operator[](long long i) const {
    if (d.contiguous) return ((T*)d.data)[i];
    long long off = 0;
    for (int k = d.ndim - 1; k >= 0; --k) {
      long long c = i % d.shape[k];
      i /= d.shape[k];
      off += c * d.strides[k];
    }
    return *(T*)(d.data + off);
  }
  template <class I, int N>
  CN_UD T& operator[](const I (&idx)[N]) const {  // x[idx] with one index per dimension
    long long off = 0;
    for (int k = 0; k < N; ++k) off += (long long)idx[k] * d.strides[k];
    return *(T*)(d.data + off);
  }
  CN_UD long long size() const { return d.size; }
  CN_UD int ndim() const { return d.ndim; }
  CN_UD const long long* shape() const { return d.shape; }
  CN_UD const long long* strides() const { return d.strides; }
  CN_UD T* data() const { return (T*)d.data; }
};

// The loop indexer of CuPy's generated code: _ind.size() is the number of iterations.
struct CIndexer {
  long long n;
  CN_UD long long size() const { return n; }
};
