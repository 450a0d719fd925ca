// Scalar types and NumPy's element-cast semantics, written once and compiled by both the
// host compiler (CPU backend) and NVRTC (CUDA kernels). Self-contained: NVRTC sees it
// without any system header. Nothing here may depend on the C++ standard library.
#pragma once

#ifdef __CUDACC_RTC__
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
#define CN_HD __host__ __device__ __forceinline__
#else
#include <cstdint>
#include <cstring>
#define CN_HD inline
#endif

namespace cn {

// ---- bit casts --------------------------------------------------------------------
CN_HD uint32_t bits_of(float f) {
#ifdef __CUDACC_RTC__
  return __float_as_uint(f);
#else
  uint32_t u; std::memcpy(&u, &f, 4); return u;
#endif
}
CN_HD float float_of(uint32_t u) {
#ifdef __CUDACC_RTC__
  return __uint_as_float(u);
#else
  float f; std::memcpy(&f, &u, 4); return f;
#endif
}
CN_HD uint64_t bits_of(double d) {
#ifdef __CUDACC_RTC__
  return (uint64_t)__double_as_longlong(d);
#else
  uint64_t u; std::memcpy(&u, &d, 8); return u;
#endif
}
CN_HD double double_of(uint64_t u) {
#ifdef __CUDACC_RTC__
  return __longlong_as_double((long long)u);
#else
  double d; std::memcpy(&d, &u, 8); return d;
#endif
}

// ---- floating-point exception flags ----------------------------------------------
// What the host's FP unit would flag where a result is produced by bit manipulation or a
// guarded branch instead (a float16 rounding, an out-of-range float -> int cast, an integer
// division by zero): the CPU backend reads the flags back for NumPy's error state
// (np.errstate). Each performs one IEEE operation on volatile operands, so the compiler
// cannot fold it away. Device code records no flags (CuPy's behaviour): no-ops on NVRTC.
#ifdef __CUDACC_RTC__
CN_HD void raise_fp_invalid() {}
CN_HD void raise_fp_divide() {}
CN_HD void raise_fp_overflow() {}
CN_HD void raise_fp_underflow() {}
#else
CN_HD void raise_fp_invalid() { volatile float z = 0.0f; volatile float r = z / z; (void)r; }
CN_HD void raise_fp_divide() { volatile float z = 0.0f; volatile float r = 1.0f / z; (void)r; }
CN_HD void raise_fp_overflow() { volatile float b = 3.0e38f; volatile float r = b * b; (void)r; }
CN_HD void raise_fp_underflow() { volatile float t = 1.0e-30f; volatile float r = t * t; (void)r; }
#endif

// ---- float16: IEEE binary16 stored as bits; conversions round to nearest even and
// follow NumPy's halffloat.c (float and double are each converted directly, never
// through each other, so results match NumPy bit for bit).
struct half {
  uint16_t bits;
};

CN_HD uint16_t half_bits_from_float(float f) {
  uint32_t x = bits_of(f);
  uint16_t sign = (uint16_t)((x & 0x80000000u) >> 16);
  uint32_t xe = x & 0x7f800000u;
  if (xe >= 0x47800000u) {  // overflow, inf or nan
    if (xe == 0x7f800000u) {
      uint32_t m = x & 0x007fffffu;
      if (m != 0) {
        uint16_t r = (uint16_t)(0x7c00u + (m >> 13));
        if (r == 0x7c00u) r++;
        return (uint16_t)(sign + r);
      }
      return (uint16_t)(sign + 0x7c00u);
    }
    raise_fp_overflow();  // a finite value too large for float16
    return (uint16_t)(sign + 0x7c00u);
  }
  if (xe <= 0x38000000u) {  // subnormal or zero
    if (xe < 0x33000000u) {
      if ((x & 0x7fffffffu) != 0) raise_fp_underflow();
      return sign;
    }
    uint32_t e = xe >> 23;
    uint32_t m = 0x00800000u + (x & 0x007fffffu);
    if ((m & ((1u << (113 - e)) - 1u)) != 0) raise_fp_underflow();  // bits lost
    m >>= (113 - e);  // aligns the subnormal significand; may drop up to 11 low bits
    // round half to even; the bits the shift dropped count as "more than half"
    if (((m & 0x00003fffu) != 0x00001000u) || (x & 0x000007ffu)) m += 0x00001000u;
    return (uint16_t)(sign + (uint16_t)(m >> 13));
  }
  uint16_t he = (uint16_t)((xe - 0x38000000u) >> 13);
  uint32_t m = x & 0x007fffffu;
  if ((m & 0x00003fffu) != 0x00001000u) m += 0x00001000u;
  uint16_t hm = (uint16_t)(m >> 13);
  const uint16_t mag = (uint16_t)(he + hm);  // carry into exponent is the correct rounding
  if (mag == 0x7c00u) raise_fp_overflow();  // rounded up to inf
  return (uint16_t)(sign + mag);
}

CN_HD uint16_t half_bits_from_double(double d) {
  uint64_t x = bits_of(d);
  uint16_t sign = (uint16_t)((x & 0x8000000000000000ull) >> 48);
  uint64_t xe = x & 0x7ff0000000000000ull;
  if (xe >= 0x40f0000000000000ull) {
    if (xe == 0x7ff0000000000000ull) {
      uint64_t m = x & 0x000fffffffffffffull;
      if (m != 0) {
        uint16_t r = (uint16_t)(0x7c00u + (m >> 42));
        if (r == 0x7c00u) r++;
        return (uint16_t)(sign + r);
      }
    } else {
      raise_fp_overflow();  // a finite value too large for float16
    }
    return (uint16_t)(sign + 0x7c00u);
  }
  if (xe <= 0x3f00000000000000ull) {  // subnormal or zero
    if (xe < 0x3e60000000000000ull) {
      if ((x & 0x7fffffffffffffffull) != 0) raise_fp_underflow();
      return sign;
    }
    uint64_t e = xe >> 52;
    uint64_t m = 0x0010000000000000ull + (x & 0x000fffffffffffffull);
    m <<= (e - 998);  // doubles have room to align left: no bits are lost
    if ((m & 0x001fffffffffffffull) != 0) raise_fp_underflow();  // bits below the half's
    if ((m & 0x003fffffffffffffull) != 0x0010000000000000ull) m += 0x0010000000000000ull;
    return (uint16_t)(sign + (uint16_t)(m >> 53));
  }
  uint16_t he = (uint16_t)((xe - 0x3f00000000000000ull) >> 42);
  uint64_t m = x & 0x000fffffffffffffull;
  if ((m & 0x000007ffffffffffull) != 0x0000020000000000ull) m += 0x0000020000000000ull;
  uint16_t hm = (uint16_t)(m >> 42);
  const uint16_t mag = (uint16_t)(he + hm);
  if (mag == 0x7c00u) raise_fp_overflow();  // rounded up to inf
  return (uint16_t)(sign + mag);
}

CN_HD float half_to_float(uint16_t h) {
  uint32_t sign = ((uint32_t)(h & 0x8000u)) << 16;
  uint32_t he = h & 0x7c00u;
  uint32_t hm = h & 0x03ffu;
  if (he == 0) {
    if (hm == 0) return float_of(sign);
    // subnormal: normalize
    int e = -1;
    do { e++; hm <<= 1; } while ((hm & 0x0400u) == 0);
    uint32_t fe = (uint32_t)(112 - e) << 23;
    uint32_t fm = (hm & 0x03ffu) << 13;
    return float_of(sign | fe | fm);
  }
  if (he == 0x7c00u) return float_of(sign | 0x7f800000u | (hm << 13));
  return float_of(sign | (((he >> 10) + 112u) << 23) | (hm << 13));
}
CN_HD double half_to_double(uint16_t h) { return (double)half_to_float(h); }

CN_HD half make_half(float f) { half r; r.bits = half_bits_from_float(f); return r; }
CN_HD half make_half(double d) { half r; r.bits = half_bits_from_double(d); return r; }

// ---- complex ---------------------------------------------------------------------
template <class T>
struct complex {
  T re, im;
};
typedef complex<float> complex64;
typedef complex<double> complex128;

// ---- NumPy's element casts (the "unsafe" casting of astype) ---------------------
// Values are first brought to a widest intermediate of their kind (bool, int64, uint64,
// double, complex128 or the exact float type), then narrowed with C semantics. Float to
// integer out of range is undefined in NumPy; we reproduce x86's results (the
// "integer indefinite" value), so both backends agree.
template <class T> struct is_signed_int { static const bool value = false; };
template <> struct is_signed_int<int8_t> { static const bool value = true; };
template <> struct is_signed_int<int16_t> { static const bool value = true; };
template <> struct is_signed_int<int32_t> { static const bool value = true; };
template <> struct is_signed_int<int64_t> { static const bool value = true; };
template <class T> struct is_unsigned_int { static const bool value = false; };
template <> struct is_unsigned_int<uint8_t> { static const bool value = true; };
template <> struct is_unsigned_int<uint16_t> { static const bool value = true; };
template <> struct is_unsigned_int<uint32_t> { static const bool value = true; };
template <> struct is_unsigned_int<uint64_t> { static const bool value = true; };

// double -> integer with x86 out-of-range results.
// Out of range (or NaN) raises "invalid" as x86's conversion instruction does, which is
// what NumPy reports ("invalid value encountered in cast").
CN_HD int64_t f2i64(double v) {
  if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0)) {
    raise_fp_invalid();
    return (int64_t)0x8000000000000000ull;
  }
  return (int64_t)v;
}
CN_HD int32_t f2i32(double v) {
  if (!(v > -2147483649.0 && v < 2147483648.0)) {
    raise_fp_invalid();
    return (int32_t)0x80000000u;
  }
  return (int32_t)v;
}
CN_HD uint64_t f2u64(double v) {
  if (v >= 9223372036854775808.0) {
    if (v < 18446744073709551616.0) return (uint64_t)f2i64(v - 9223372036854775808.0) ^ 0x8000000000000000ull;
    raise_fp_invalid();
    return 0x8000000000000000ull;
  }
  return (uint64_t)f2i64(v);
}
template <class To>
CN_HD To float_to_int(double v) {
  if (sizeof(To) == 8) return is_signed_int<To>::value ? (To)f2i64(v) : (To)f2u64(v);
  if (sizeof(To) == 4 && !is_signed_int<To>::value) return (To)(uint64_t)f2i64(v);
  return (To)(uint32_t)f2i32(v);  // int8/16/32 and uint8/16: 32-bit conversion, then wrap
}

// Read side: any scalar viewed as each intermediate.
CN_HD bool as_bool(bool v) { return v; }
template <class T> CN_HD bool as_bool(T v) { return v != 0; }
CN_HD bool as_bool(half v) { return (v.bits & 0x7fffu) != 0; }
template <class T> CN_HD bool as_bool(complex<T> v) { return v.re != 0 || v.im != 0; }

template <class T> CN_HD double as_double(T v) { return (double)v; }
CN_HD double as_double(half v) { return half_to_double(v.bits); }
template <class T> CN_HD double as_double(complex<T> v) { return (double)v.re; }

// Cast from any supported scalar type to any other.
template <class To, class From>
struct Caster {
  CN_HD static To run(From v) {
    if (is_signed_int<To>::value || is_unsigned_int<To>::value) {
      // integer (or bool) source: C conversion wraps, as NumPy does
      return (To)v;
    }
    return (To)v;  // float <- int/float
  }
};
// bool destination
template <class From> struct Caster<bool, From> { CN_HD static bool run(From v) { return as_bool(v); } };
template <> struct Caster<bool, bool> { CN_HD static bool run(bool v) { return v; } };
// integer destination from float-like sources
#define CN_INT_FROM_FLOAT(TO)                                                               \
  template <> struct Caster<TO, float> { CN_HD static TO run(float v) { return float_to_int<TO>((double)v); } };   \
  template <> struct Caster<TO, double> { CN_HD static TO run(double v) { return float_to_int<TO>(v); } };          \
  template <> struct Caster<TO, half> { CN_HD static TO run(half v) { return float_to_int<TO>(half_to_double(v.bits)); } }; \
  template <class C> struct Caster<TO, complex<C> > { CN_HD static TO run(complex<C> v) { return float_to_int<TO>((double)v.re); } };
CN_INT_FROM_FLOAT(int8_t)
CN_INT_FROM_FLOAT(int16_t)
CN_INT_FROM_FLOAT(int32_t)
CN_INT_FROM_FLOAT(int64_t)
CN_INT_FROM_FLOAT(uint8_t)
CN_INT_FROM_FLOAT(uint16_t)
CN_INT_FROM_FLOAT(uint32_t)
CN_INT_FROM_FLOAT(uint64_t)
#undef CN_INT_FROM_FLOAT
// half destination
template <class From> struct Caster<half, From> { CN_HD static half run(From v) { return make_half((double)v); } };
template <> struct Caster<half, half> { CN_HD static half run(half v) { return v; } };
template <> struct Caster<half, bool> { CN_HD static half run(bool v) { half r; r.bits = v ? 0x3c00 : 0; return r; } };
template <> struct Caster<half, float> { CN_HD static half run(float v) { return make_half(v); } };
template <> struct Caster<half, double> { CN_HD static half run(double v) { return make_half(v); } };
template <class C> struct Caster<half, complex<C> > { CN_HD static half run(complex<C> v) { return make_half(v.re); } };
// float/double destination from half and complex
template <> struct Caster<float, half> { CN_HD static float run(half v) { return half_to_float(v.bits); } };
template <> struct Caster<double, half> { CN_HD static double run(half v) { return half_to_double(v.bits); } };
template <class C> struct Caster<float, complex<C> > { CN_HD static float run(complex<C> v) { return (float)v.re; } };
template <class C> struct Caster<double, complex<C> > { CN_HD static double run(complex<C> v) { return (double)v.re; } };
// complex destination
template <class T, class From> struct Caster<complex<T>, From> {
  CN_HD static complex<T> run(From v) { complex<T> r; r.re = Caster<T, From>::run(v); r.im = 0; return r; }
};
template <class T, class U> struct Caster<complex<T>, complex<U> > {
  CN_HD static complex<T> run(complex<U> v) { complex<T> r; r.re = (T)v.re; r.im = (T)v.im; return r; }
};
template <class T> struct Caster<complex<T>, half> {
  CN_HD static complex<T> run(half v) { complex<T> r; r.re = (T)half_to_float(v.bits); r.im = 0; return r; }
};

template <class To, class From>
CN_HD To cast(From v) { return Caster<To, From>::run(v); }

// ---- arange ---------------------------------------------------------------------------
// Element i (i >= 2) of NumPy's arange fill from the first two elements: first + i * delta
// with delta = second - first, in the array's type (float16 in float, complex per component,
// integers wrapping). The product is rounded on its own (never fused into a multiply-add),
// so the CPU loop and the CUDA kernel write NumPy's bits.
CN_HD float mul_rn(float a, float b) {
#ifdef __CUDACC_RTC__
  return __fmul_rn(a, b);
#else
  return a * b;
#endif
}
CN_HD double mul_rn(double a, double b) {
#ifdef __CUDACC_RTC__
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}
template <class T> CN_HD T arange_real(T first, T second, int64_t i) {
  return first + mul_rn((T)i, (T)(second - first));
}
template <class T> CN_HD T arange_at(T first, T second, int64_t i) {
  if constexpr (is_signed_int<T>::value || is_unsigned_int<T>::value) {
    const uint64_t f = (uint64_t)first, d = (uint64_t)second - f;  // modulo 2^64, then 2^bits
    return (T)(f + (uint64_t)i * d);
  } else {
    return arange_real(first, second, i);
  }
}
template <> CN_HD bool arange_at<bool>(bool, bool second, int64_t) { return second; }  // n <= 2
template <> CN_HD half arange_at<half>(half first, half second, int64_t i) {
  const float f = half_to_float(first.bits);
  return make_half(f + mul_rn((float)i, half_to_float(second.bits) - f));
}
template <> CN_HD complex<float> arange_at<complex<float> >(complex<float> a, complex<float> b, int64_t i) {
  complex<float> r; r.re = arange_real(a.re, b.re, i); r.im = arange_real(a.im, b.im, i); return r;
}
template <> CN_HD complex<double> arange_at<complex<double> >(complex<double> a, complex<double> b, int64_t i) {
  complex<double> r; r.re = arange_real(a.re, b.re, i); r.im = arange_real(a.im, b.im, i); return r;
}

}  // namespace cn
