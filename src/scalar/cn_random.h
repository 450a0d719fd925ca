// Random numbers, written once and compiled by both the host compiler (CPU backend,
// src/backend/cpu/random_cpu.cpp) and NVRTC (src/backend/cuda/random_cuda.cpp).
//
// The generator is counter-based: Philox4x32-10 (Salmon et al., SC'11) maps a 128-bit
// counter and a 64-bit key to 128 random bits. Element groups of a draw own counters
// (offset + g, j, 0) where g is the group index and j the number of the block within the
// group's stream, so every value is a pure function of (key, offset, element index): the
// same on every backend and for any launch configuration or thread count.
//
// The transforms use only +, -, *, / and sqrt (correctly rounded in IEEE arithmetic on
// both compilers) and their own polynomial log/exp/sin/cos, never the platform's libm, and
// both sides compile without contracting a*b+c into FMA (NVRTC: --fmad=false; the host
// file: -ffp-contract=off), so floating results are bit-identical on CPU and GPU as well.
// Self-contained: includes only cn_scalar.h.
#pragma once
#include "cn_scalar.h"

namespace cn {
namespace rnd {

// sqrt: IEEE correctly rounded on both compilers (NVRTC's default -prec-sqrt=true).
#ifdef __CUDACC_RTC__
CN_HD float sqrt_(float x) { return ::sqrtf(x); }
CN_HD double sqrt_(double x) { return ::sqrt(x); }
#else
CN_HD float sqrt_(float x) { return __builtin_sqrtf(x); }
CN_HD double sqrt_(double x) { return __builtin_sqrt(x); }
#endif

// ---- Philox4x32-10 --------------------------------------------------------------------
struct u32x4 {
  uint32_t v[4];
};

CN_HD uint32_t mulhilo32(uint32_t a, uint32_t b, uint32_t* hi) {
  const uint64_t p = (uint64_t)a * (uint64_t)b;
  *hi = (uint32_t)(p >> 32);
  return (uint32_t)p;
}

// The ten round keys of a 64-bit key (the Weyl sequence of Salmon et al.): computed once
// per draw on the host for the GPU's plain kernel, where they sit in the parameter bank
// and feed each round's XOR directly.
struct RoundKeys {
  uint32_t k[20];
};
CN_HD RoundKeys round_keys(uint32_t k0, uint32_t k1) {
  RoundKeys rk;
  for (int r = 0; r < 10; ++r) {
    rk.k[2 * r] = k0 + (uint32_t)r * 0x9E3779B9u;
    rk.k[2 * r + 1] = k1 + (uint32_t)r * 0xBB67AE85u;
  }
  return rk;
}

CN_HD u32x4 philox4x32_10(uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3, const RoundKeys& rk) {
  for (int r = 0; r < 10; ++r) {
    uint32_t hi0, hi1;
    const uint32_t lo0 = mulhilo32(0xD2511F53u, c0, &hi0);
    const uint32_t lo1 = mulhilo32(0xCD9E8D57u, c2, &hi1);
    const uint32_t n0 = hi1 ^ c1 ^ rk.k[2 * r], n2 = hi0 ^ c3 ^ rk.k[2 * r + 1];
    c0 = n0;
    c1 = lo1;
    c2 = n2;
    c3 = lo0;
  }
  u32x4 out = {{c0, c1, c2, c3}};
  return out;
}

// The generator state a draw starts from: the key, and the counter of its first group.
struct Key {
  uint32_t k0, k1;
};

// Block j of a 64-bit counter: Philox of (counter's low word, high word, j, 0).
CN_HD u32x4 block(const RoundKeys& rk, uint64_t counter, uint32_t j) {
  return philox4x32_10((uint32_t)counter, (uint32_t)(counter >> 32), j, 0u, rk);
}
CN_HD u32x4 block(const Key& key, uint64_t counter, uint32_t j) {
  return block(round_keys(key.k0, key.k1), counter, j);
}

// The random words of one element's own stream: blocks j = 0, 1, 2, ... of its counter,
// read four words at a time (rejection loops draw as many as they need).
struct Stream {
  Key key;
  uint64_t counter;
  uint32_t j;
  int pos;
  u32x4 buf;
  CN_HD uint32_t next32() {
    if (pos == 4) {
      buf = block(key, counter, j++);
      pos = 0;
    }
    return buf.v[pos++];
  }
  CN_HD uint64_t next64() {
    const uint64_t hi = next32();
    return (hi << 32) | next32();
  }
};
CN_HD Stream make_stream(const Key& key, uint64_t counter) {
  Stream s;
  s.key = key;
  s.counter = counter;
  s.j = 0;
  s.pos = 4;
  return s;
}

// ---- bits to uniform floats -----------------------------------------------------------
// [0, 1): the top 24 (53) bits t, as NumPy's random() takes them: t * 2^-24 (2^-53). Built
// from bits instead of an int-to-float conversion (GPUs convert at 1/8 of their add rate):
// the low 23 (52) bits of t under the exponent of 0.5 give 0.5 + l 2^-24, and subtracting
// 0.5 when t's top bit is clear is exact (Sterbenz), so the value is t * 2^-24 exactly.
// The 0.5 or 0.0 comes from a mask of the top bit, not a branch (random: a CPU would
// mispredict half of them).
CN_HD float u01_f(uint32_t x) {
  const float y = float_of(0x3F000000u | ((x >> 8) & 0x7FFFFFu));
  return y - float_of(~(uint32_t)((int32_t)x >> 31) & 0x3F000000u);
}
CN_HD double u01_d(uint64_t x) {
  const double y = double_of(0x3FE0000000000000ull | ((x >> 11) & 0xFFFFFFFFFFFFFull));
  return y - double_of(~(uint64_t)((int64_t)x >> 63) & 0x3FE0000000000000ull);
}
// (0, 1]: for logarithms, (t + 1) 2^-53 = 1 - (~t) 2^-53, exact. (The float32 draws take
// their (t + 1) 2^-24 as the exact float t + 1 into minus2_log_unit_f.)
CN_HD double u01_open0_d(uint64_t x) { return 1.0 - u01_d(~x); }

// ---- elementary functions: polynomials in + and *, so both compilers agree bit for bit --
template <class T> struct fbits;
template <> struct fbits<float> {
  typedef uint32_t U;
  static const int mant = 23, bias = 127;
};
template <> struct fbits<double> {
  typedef uint64_t U;
  static const int mant = 52, bias = 1023;
};
CN_HD uint32_t to_bits(float x) { return bits_of(x); }
CN_HD uint64_t to_bits(double x) { return bits_of(x); }
CN_HD float from_bits(uint32_t u) { return float_of(u); }
CN_HD double from_bits(uint64_t u) { return double_of(u); }

template <class T> CN_HD T inf_of() { return from_bits((typename fbits<T>::U)((typename fbits<T>::U)(2 * fbits<T>::bias + 1) << fbits<T>::mant)); }

// x * 2^n for |n| up to ~2100, by multiplying with powers of two built from bits.
template <class T> CN_HD T scale2(T x, int n) {
  typedef typename fbits<T>::U U;
  const int lim = fbits<T>::bias - 1;
  while (n > lim) { x = x * from_bits((U)((U)(lim + fbits<T>::bias) << fbits<T>::mant)); n -= lim; }
  while (n < -lim) { x = x * from_bits((U)((U)(fbits<T>::bias - lim) << fbits<T>::mant)); n += lim; }
  return x * from_bits((U)((U)(n + fbits<T>::bias) << fbits<T>::mant));
}

// Natural logarithm of x > 0 (x = +inf gives +inf; x <= 0 gives -inf or NaN as libm).
// log(m 2^e) = e ln2 + 2 atanh(s), s = (m-1)/(m+1), m in [sqrt(1/2), sqrt(2)).
template <class T> CN_HD T log(T x) {
  typedef typename fbits<T>::U U;
  if (!(x > T(0))) return x == T(0) ? -inf_of<T>() : (x - x) / (x - x);
  if (x == inf_of<T>()) return x;
  int e = 0;
  const T min_normal = from_bits((U)((U)1 << fbits<T>::mant));
  if (x < min_normal) {  // subnormal: scale into the normal range first
    x = x * from_bits((U)((U)(fbits<T>::bias + 60) << fbits<T>::mant));
    e = -60;
  }
  U b = to_bits(x);
  e += (int)(b >> fbits<T>::mant) - fbits<T>::bias;
  const U mant_mask = ((U)1 << fbits<T>::mant) - 1;
  T m = from_bits((U)((b & mant_mask) | ((U)fbits<T>::bias << fbits<T>::mant)));  // [1, 2)
  if (m > T(1.4142135623730951)) {
    m = m * T(0.5);
    e += 1;
  }
  const T f = m - T(1);
  const T s = f / (T(2) + f);
  const T z = s * s;
  T p;
  if (sizeof(T) == 4) {
    p = T(1) + z * (T(1.0 / 3) + z * (T(1.0 / 5) + z * (T(1.0 / 7) + z * (T(1.0 / 9) + z * T(1.0 / 11)))));
  } else {
    p = T(1.0 / 23);
    p = T(1.0 / 21) + z * p;
    p = T(1.0 / 19) + z * p;
    p = T(1.0 / 17) + z * p;
    p = T(1.0 / 15) + z * p;
    p = T(1.0 / 13) + z * p;
    p = T(1.0 / 11) + z * p;
    p = T(1.0 / 9) + z * p;
    p = T(1.0 / 7) + z * p;
    p = T(1.0 / 5) + z * p;
    p = T(1.0 / 3) + z * p;
    p = T(1) + z * p;
  }
  const T ln2_hi = sizeof(T) == 4 ? T(0.693145751953125) : T(6.93147180369123816490e-01);
  const T ln2_lo = sizeof(T) == 4 ? T(1.428606765330187e-06) : T(1.90821492927058770002e-10);
  const T fe = (T)e;
  return (fe * ln2_lo + T(2) * s * p) + fe * ln2_hi;
}

// log(1 + x), accurate for small x: log(u) * x / (u - 1) with u = 1 + x rounded.
template <class T> CN_HD T log1p(T x) {
  const T u = T(1) + x;
  if (u == T(1)) return x;
  if (u == inf_of<T>()) return u;
  return log(u) * (x / (u - T(1)));
}

// arctangent of x (double): atan(x) = pi/2 - atan(1/x) above 1, pi/6 + atan((x sqrt3 - 1)
// / (x + sqrt3)) above tan(pi/12), then the odd Taylor series on |x| <= 0.268.
CN_HD double atan(double x) {
  if (x != x) return x;
  const bool neg = x < 0;
  if (neg) x = -x;
  const bool inv = x > 1.0;
  if (inv) x = 1.0 / x;
  const bool shift = x > 0.2679491924311227;
  if (shift) x = (x * 1.7320508075688772 - 1.0) / (x + 1.7320508075688772);
  const double z = x * x;
  double p = 1.0 / 29;  // the z^14 term
  p = -1.0 / 27 + z * p;
  p = 1.0 / 25 + z * p;
  p = -1.0 / 23 + z * p;
  p = 1.0 / 21 + z * p;
  p = -1.0 / 19 + z * p;
  p = 1.0 / 17 + z * p;
  p = -1.0 / 15 + z * p;
  p = 1.0 / 13 + z * p;
  p = -1.0 / 11 + z * p;
  p = 1.0 / 9 + z * p;
  p = -1.0 / 7 + z * p;
  p = 1.0 / 5 + z * p;
  p = -1.0 / 3 + z * p;
  p = 1.0 / 1 + z * p;
  double r = x * p;
  if (shift) r += 0.52359877559829887;
  if (inv) r = 1.5707963267948966 - r;
  return neg ? -r : r;
}

// e^x: x = n ln2 + r, |r| <= ln2/2, then a Taylor polynomial of r and a scale by 2^n.
template <class T> CN_HD T exp(T x) {
  if (x != x) return x;
  if (sizeof(T) == 4) {
    if (x > T(88.8)) return inf_of<T>();
    if (x < T(-104.0)) return T(0);
  } else {
    if (x > T(709.8)) return inf_of<T>();
    if (x < T(-745.2)) return T(0);
  }
  const T t = x * T(1.4426950408889634);
  const int n = (int)(t < T(0) ? t - T(0.5) : t + T(0.5));
  const T ln2_hi = sizeof(T) == 4 ? T(0.693145751953125) : T(6.93147180369123816490e-01);
  const T ln2_lo = sizeof(T) == 4 ? T(1.428606765330187e-06) : T(1.90821492927058770002e-10);
  const T r = (x - (T)n * ln2_hi) - (T)n * ln2_lo;
  // Horner form of the Taylor polynomial, written out so that every coefficient is a
  // compile-time constant on both compilers.
  T p = T(1);
  if (sizeof(T) == 8) {
    p = T(1) + p * r * T(1.0 / 14);
    p = T(1) + p * r * T(1.0 / 13);
    p = T(1) + p * r * T(1.0 / 12);
    p = T(1) + p * r * T(1.0 / 11);
    p = T(1) + p * r * T(1.0 / 10);
    p = T(1) + p * r * T(1.0 / 9);
  }
  p = T(1) + p * r * T(1.0 / 8);
  p = T(1) + p * r * T(1.0 / 7);
  p = T(1) + p * r * T(1.0 / 6);
  p = T(1) + p * r * T(1.0 / 5);
  p = T(1) + p * r * T(1.0 / 4);
  p = T(1) + p * r * T(1.0 / 3);
  p = T(1) + p * r * T(1.0 / 2);
  p = T(1) + p * r * T(1.0 / 1);
  return scale2(p, n);
}

// sin(2 pi u) and cos(2 pi u) for u in [0, 1): the quadrant comes from u exactly (u is a
// multiple of 2^-24 or 2^-53), then Taylor polynomials on |angle| <= pi/4.
template <class T> CN_HD void sincos2pi(T u, T* sn, T* cs) {
  const int q = (int)(u * T(4) + T(0.5));  // 0..4
  const T r = u - (T)q * T(0.25);           // exact, in [-1/8, 1/8]
  const T a = r * T(6.283185307179586);
  const T a2 = a * a;
  T s = T(1), c = T(1);
  if (sizeof(T) == 8) {
    s = T(1) - s * a2 * T(1.0 / 342);
    c = T(1) - c * a2 * T(1.0 / 306);
    s = T(1) - s * a2 * T(1.0 / 272);
    c = T(1) - c * a2 * T(1.0 / 240);
    s = T(1) - s * a2 * T(1.0 / 210);
    c = T(1) - c * a2 * T(1.0 / 182);
    s = T(1) - s * a2 * T(1.0 / 156);
    c = T(1) - c * a2 * T(1.0 / 132);
  }
  s = T(1) - s * a2 * T(1.0 / 110);
  c = T(1) - c * a2 * T(1.0 / 90);
  s = T(1) - s * a2 * T(1.0 / 72);
  c = T(1) - c * a2 * T(1.0 / 56);
  s = T(1) - s * a2 * T(1.0 / 42);
  c = T(1) - c * a2 * T(1.0 / 30);
  s = T(1) - s * a2 * T(1.0 / 20);
  c = T(1) - c * a2 * T(1.0 / 12);
  s = T(1) - s * a2 * T(1.0 / 6);
  c = T(1) - c * a2 * T(1.0 / 2);
  s = s * a;
  switch (q & 3) {
    case 0: *sn = s; *cs = c; break;
    case 1: *sn = c; *cs = -s; break;
    case 2: *sn = -s; *cs = -c; break;
    default: *sn = -c; *cs = s; break;
  }
}

// ---- the float32 normal's transcendentals: fused multiply-adds --------------------------
// fma is correctly rounded (IEEE 754) on both compilers: NVRTC's fmaf is one FFMA; the host
// gets one vfmadd where random_cpu.cpp compiles the loop for FMA hardware, else libm's fmaf.
CN_HD float fma_(float a, float b, float c) {
#ifdef __CUDACC_RTC__
  return ::fmaf(a, b, c);
#else
  return __builtin_fmaf(a, b, c);
#endif
}

// -2 ln(u) of the float uniform u = v 2^-24 in [2^-24, 1], given v = t + 1 in [1, 2^24]
// (exact as a float): u = 2^e m with m in [0.699, 1.398), then ln(1 + f) = f + f^2 Q(f),
// f = m - 1, Q a degree-7 minimax fit (relative error 3e-8 before rounding); ln is at most
// 1.2 ulp off over all 2^24 inputs (scripts/check_random_accuracy.py checks every one
// against long double, the radius and sincos2pi_f below too). Computed in f' = -2 f with
// each Horner coefficient scaled by the power of two that keeps every intermediate an
// exact power-of-two multiple of the unscaled one (scaling by 2^k commutes with rounding),
// so the result is -2 times the rounded ln bit for bit, without multiplies by 2^-24, -2.
CN_HD float minus2_log_unit_f(float v) {
  const uint32_t b = bits_of(v);
  const uint32_t ix = b - (0x3F330000u + (24u << 23));  // as for the bits of u = v 2^-24
  const int32_t e = (int32_t)ix >> 23;                   // arithmetic shift: -24 .. 0
  // -2 m from m's bits (exponent + 1, sign set), then -2 f = -2 m + 2, exact (Sterbenz)
  const float f2 = float_of(b - (ix & 0xFF800000u) - (23u << 23) + 0x80000000u) + 2.0f;
  float q = 0.09564784169197083f * (1.0f / 256);
  q = fma_(q, f2, -0.14646467566490173f * (-1.0f / 128));
  q = fma_(q, f2, 0.14804449677467346f * (1.0f / 64));
  q = fma_(q, f2, -0.165240079164505f * (-1.0f / 32));
  q = fma_(q, f2, 0.19966766238212585f * (1.0f / 16));
  q = fma_(q, f2, -0.2500348687171936f * (-1.0f / 8));
  q = fma_(q, f2, 0.3333389163017273f * (1.0f / 4));
  q = fma_(q, f2, -0.4999997615814209f * (-1.0f / 2));  // -Q(f) / 2
  const float p = fma_(f2 * f2, q, f2);                 // -2 (f + f^2 Q(f))
  const float ef = (float)e;                             // exact
  return fma_(ef, -2.0f * 0.693145751953125f, fma_(ef, -2.0f * 1.428606765330187e-06f, p));
}

// The square root of the Box-Muller radius -2 ln(u), which is 0 or in [1.1e-7, 33.3]:
// correctly rounded on both compilers. On the GPU it is sqrtf's own fast path (a reciprocal
// square root estimate and one Newton step with a correctly rounded FMA) without sqrtf's
// range check and slow-path branch, which only inputs far outside this range take;
// scripts/debug/rng_kernel_probe.py compares it with sqrtf for every float in [2^-25, 64].
CN_HD float sqrt_radius_f(float x) {
#ifdef __CUDACC_RTC__
  float r;
  asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  const float y = x * r;
  const float h = 0.5f * r;
  const float s = ::fmaf(::fmaf(-y, y, x), h, y);
  return x > 0.0f ? s : x;  // x = 0: y = 0 * inf
#else
  return __builtin_sqrtf(x);
#endif
}

// sin and cos of 2 pi t 2^-24 for the top 24 bits t of w: the nearest quarter turn q is
// the top two bits of w + 2^29 (mod 4), the rest r = t - 2^22 q (|r| <= 2^21) is the
// signed value of w's bits 8..29, exact as a float, and minimax polynomials of degree 7
// (sin) and 8 (cos) cover |angle| <= pi/4 (relative error below 4e-9 before rounding; at
// most 1.52 ulp over all 2^24 inputs). q's bits pick the swap (bit 0) and the signs (sin
// negative for q = 2, 3: bit 31 of w + 2^29; cos for q = 1, 2: bit 31 of w + 2^29 + 2^30).
CN_HD void sincos2pi_f(uint32_t w, float* sn, float* cs) {
  const uint32_t h = w + 0x20000000u;
  const float x = (float)((int32_t)(w << 2) >> 10);  // r, exact
  const float a = fma_(x, 3.7450704e-07f, x * -1.0421607e-14f);  // x 2 pi 2^-24, two parts
  const float z = a * a;
  float ps = -0.0001951528392964974f;
  ps = fma_(ps, z, 0.008332161232829094f);
  ps = fma_(ps, z, -0.16666655242443085f);
  const float s = fma_(a * z, ps, a);
  float pc = 2.4383569325436838e-05f;
  pc = fma_(pc, z, -0.001388668199069798f);
  pc = fma_(pc, z, 0.04166661947965622f);
  pc = fma_(pc, z, -0.5f);
  const float c = fma_(z, pc, 1.0f);
  const bool odd = (h & 0x40000000u) != 0;
  *sn = float_of(bits_of(odd ? c : s) ^ (h & 0x80000000u));
  *cs = float_of(bits_of(odd ? s : c) ^ ((h + 0x40000000u) & 0x80000000u));
}

// Two float32 standard normals from two words (Box-Muller): u1 = (t0 + 1) 2^-24 from w0,
// the angle 2 pi t1 2^-24 from w1. The three exact int-to-float conversions (t0 + 1 here,
// e and r above) run on the GPU's conversion unit, beside the integer and FMA pipes that
// this compute-bound transform fills, where bit tricks would cost integer instructions.
CN_HD void normal_pair_f(uint32_t w0, uint32_t w1, float* z0, float* z1) {
  const float r = sqrt_radius_f(minus2_log_unit_f((float)((w0 >> 8) + 1u)));
  float s, c;
  sincos2pi_f(w1, &s, &c);
  *z0 = r * c;
  *z1 = r * s;
}

// ---- integers in [0, range) without modulo bias (Lemire 2019) ---------------------------
CN_HD uint64_t mulhi64(uint64_t a, uint64_t b) {
#ifdef __CUDACC_RTC__
  return __umul64hi(a, b);
#else
  return (uint64_t)(((unsigned __int128)a * b) >> 64);
#endif
}

// ---- the distributions ----------------------------------------------------------------
// Standard normal pair from two uniforms (Box-Muller): u1 in (0, 1], u2 in [0, 1).
template <class T> CN_HD void box_muller(T u1, T u2, T* z0, T* z1) {
  const T r = sqrt_(T(-2) * log(u1));
  T s, c;
  sincos2pi(u2, &s, &c);
  *z0 = r * c;
  *z1 = r * s;
}

// One standard normal (double) from an element's stream.
CN_HD double normal_d(Stream& s) {
  const double u1 = u01_open0_d(s.next64());
  const double u2 = u01_d(s.next64());
  double z0, z1;
  box_muller(u1, u2, &z0, &z1);
  return z0;
}
CN_HD double uniform_d(Stream& s) { return u01_d(s.next64()); }
CN_HD double uniform_open0_d(Stream& s) { return u01_open0_d(s.next64()); }

// Gamma(shape, 1) by Marsaglia and Tsang (2000); shape < 1 boosted by U^(1/shape).
CN_HD double gamma_d(Stream& s, double shape) {
  if (shape == 0.0) return 0.0;
  if (shape == 1.0) return -log(uniform_open0_d(s));
  double boost = 1.0;
  if (shape < 1.0) {
    boost = exp(log(uniform_open0_d(s)) / shape);
    shape += 1.0;
  }
  const double d = shape - 1.0 / 3.0;
  const double c = 1.0 / sqrt_(9.0 * d);
  for (;;) {
    double x, v;
    do {
      x = normal_d(s);
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    const double u = uniform_open0_d(s);
    const double x2 = x * x;
    if (u < 1.0 - 0.0331 * x2 * x2) return d * v * boost;
    if (log(u) < 0.5 * x2 + d * (1.0 - v + log(v))) return d * v * boost;
  }
}

// log(k!) for integer k >= 0: a table below 10, Stirling's series above.
CN_HD double log_factorial(double k) {
  if (k < 10.0) {
    double f = 1.0;
    for (int i = 2; i <= (int)k; ++i) f *= (double)i;
    return log(f);
  }
  const double n = k + 1.0;  // lgamma(n)
  const double inv = 1.0 / n, inv2 = inv * inv;
  return (n - 0.5) * log(n) - n + 0.91893853320467274178 +
         inv * (1.0 / 12 - inv2 * (1.0 / 360 - inv2 * (1.0 / 1260 - inv2 * (1.0 / 1680))));
}

// Poisson(lam): multiplication of uniforms (Knuth) for lam < 10, else Hormann's PTRS
// transformed rejection (1993).
CN_HD int64_t poisson(Stream& s, double lam) {
  if (lam <= 0.0) return 0;
  if (lam < 10.0) {
    const double limit = exp(-lam);
    int64_t k = 0;
    double prod = uniform_d(s);
    while (prod > limit) {
      ++k;
      prod *= uniform_d(s);
    }
    return k;
  }
  const double slam = sqrt_(lam), loglam = log(lam);
  const double b = 0.931 + 2.53 * slam;
  const double a = -0.059 + 0.02483 * b;
  const double invalpha = 1.1239 + 1.1328 / (b - 3.4);
  const double vr = 0.9277 - 3.6224 / (b - 2.0);
  for (;;) {
    const double u = uniform_d(s) - 0.5;
    const double v = uniform_d(s);
    const double us = 0.5 - (u < 0 ? -u : u);
    const double kf = (2.0 * a / us + b) * u + lam + 0.43;
    const double k = kf < 0 ? -1.0 : (double)(int64_t)kf;  // floor for kf >= 0
    if (us >= 0.07 && v <= vr) return (int64_t)k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (log(v) + log(invalpha) - log(a / (us * us) + b) <= -lam + k * loglam - log_factorial(k))
      return (int64_t)k;
  }
}

// Binomial(n, p): inversion by sequential search when n min(p, 1-p) < 10, else Hormann's
// BTRS transformed rejection (1993); p > 1/2 is drawn as n - Binomial(n, 1-p).
CN_HD int64_t binomial(Stream& s, int64_t n, double p) {
  if (n <= 0 || p <= 0.0) return 0;
  if (p >= 1.0) return n;
  const bool flip = p > 0.5;
  const double q = flip ? 1.0 - p : p;
  int64_t k;
  if ((double)n * q < 10.0) {
    // inversion: P(0) = (1-q)^n, P(k+1) = P(k) (n-k)/(k+1) q/(1-q)
    const double r = q / (1.0 - q);
    double pk = exp((double)n * log1p(-q));
    double u = uniform_d(s);
    k = 0;
    for (;;) {
      if (u <= pk || k >= n) break;
      u -= pk;
      pk *= r * (double)(n - k) / (double)(k + 1);
      ++k;
      if (pk <= 0.0) {  // the tail underflowed: redraw (probability below 1e-300)
        u = uniform_d(s);
        k = 0;
        pk = exp((double)n * log1p(-q));
      }
    }
  } else {
    const double nd = (double)n;
    const double spq = sqrt_(nd * q * (1.0 - q));
    const double b = 1.15 + 2.53 * spq;
    const double a = -0.0873 + 0.0248 * b + 0.01 * q;
    const double c = nd * q + 0.5;
    const double alpha = (2.83 + 5.1 / b) * spq;
    const double lpq = log(q / (1.0 - q));
    const double m = (double)(int64_t)((nd + 1.0) * q);
    const double h = log_factorial(m) + log_factorial(nd - m);
    const double vr = 0.92 - 4.2 / b;
    for (;;) {
      const double u = uniform_d(s) - 0.5;
      const double v = uniform_d(s);
      const double us = 0.5 - (u < 0 ? -u : u);
      const double kf = (2.0 * a / us + b) * u + c;
      if (kf < 0.0 || kf > nd) continue;
      const double kk = (double)(int64_t)kf;
      if (us >= 0.07 && v <= vr) { k = (int64_t)kk; break; }
      const double lv = log(v * alpha / (a / (us * us) + b));
      if (lv <= h - log_factorial(kk) - log_factorial(nd - kk) + (kk - m) * lpq) {
        k = (int64_t)kk;
        break;
      }
    }
  }
  return flip ? n - k : k;
}

// Geometric(p) on {1, 2, ...}: inversion, ceil(log(U) / log(1 - p)).
CN_HD int64_t geometric(Stream& s, double p) {
  if (p >= 1.0) return 1;
  const double v = log(uniform_open0_d(s)) / log1p(-p);
  const double f = (double)(int64_t)v;
  const double k = f < v ? f + 1.0 : f;
  if (k < 1.0) return 1;
  if (k > 9.2e18) return (int64_t)9223372036854775807LL;
  return (int64_t)k;
}

// e^x - 1, accurate near 0 (Kahan: (u - 1) x / log u with u = e^x rounded).
CN_HD double expm1(double x) {
  const double u = exp(x);
  if (u == 1.0) return x;
  const double um1 = u - 1.0;
  if (um1 == -1.0) return -1.0;
  if (u == inf_of<double>()) return u;
  return um1 * x / log(u);
}
CN_HD double pow_pos(double x, double y) { return exp(y * log(x)); }  // x > 0
CN_HD double floor_pos(double x) { return (double)(int64_t)x; }       // 0 <= x < 2^63

CN_HD double noncentral_chisquare(Stream& s, double df, double nonc) {
  if (nonc == 0.0) return 2.0 * gamma_d(s, df / 2.0);
  if (df > 1.0) {
    const double chi2 = 2.0 * gamma_d(s, (df - 1.0) / 2.0);
    const double n = normal_d(s) + sqrt_(nonc);
    return chi2 + n * n;
  }
  const int64_t i = poisson(s, nonc / 2.0);
  return 2.0 * gamma_d(s, (df + 2.0 * (double)i) / 2.0);
}

// von Mises(mu, kappa) by Best and Fisher (1979); tiny kappa: uniform, huge: wrapped normal.
CN_HD double vonmises(Stream& s, double mu, double kappa) {
  const double pi = 3.14159265358979323846;
  if (kappa < 1e-8) return pi * (2.0 * uniform_d(s) - 1.0);
  double res;
  if (kappa > 1e6) {
    res = mu + normal_d(s) / sqrt_(kappa);
  } else {
    double sr;
    if (kappa < 1e-5) {
      sr = 1.0 / kappa + kappa;
    } else {
      const double r = 1.0 + sqrt_(1.0 + 4.0 * kappa * kappa);
      const double rho = (r - sqrt_(2.0 * r)) / (2.0 * kappa);
      sr = (1.0 + rho * rho) / (2.0 * rho);
    }
    double w;
    for (;;) {
      double sn, z;
      sincos2pi(uniform_d(s) * 0.5, &sn, &z);  // z = cos(pi U)
      w = (1.0 + sr * z) / (sr + z);
      const double y = kappa * (sr - w);
      const double v = uniform_open0_d(s);
      if (y * (2.0 - y) - v >= 0.0 || log(y / v) + 1.0 - y >= 0.0) break;
    }
    // acos(w) = 2 atan(sqrt((1 - w) / (1 + w)))
    double th = w <= -1.0 ? pi : 2.0 * atan(sqrt_((1.0 - w) / (1.0 + w)));
    if (uniform_d(s) < 0.5) th = -th;
    res = mu + th;
  }
  // wrap into [-pi, pi], keeping the sign as NumPy does
  const bool neg = res < 0;
  double m = neg ? -res : res;
  const double two_pi = 2.0 * pi;
  m = m + pi;
  m = m - floor_pos(m / two_pi) * two_pi - pi;
  return neg ? -m : m;
}

// Logarithmic series(p) on {1, 2, ...}: Kemp's (1981) second algorithm.
CN_HD int64_t logseries(Stream& s, double p) {
  if (p <= 0.0) return 1;
  const double r = log1p(-p);
  for (;;) {
    const double v = uniform_d(s);
    if (v >= p) return 1;
    const double u = uniform_d(s);
    const double q = -expm1(r * u);
    if (v <= q * q) {
      if (v == 0.0) continue;
      const double k = floor_pos(1.0 + log(v) / log(q));
      if (k < 1.0) continue;
      return (int64_t)k;
    }
    if (v >= q) return 1;
    return 2;
  }
}

// Zipf(a) on {1, 2, ...}: Devroye's rejection (1986, X.6).
CN_HD int64_t zipf(Stream& s, double a) {
  // (NumPy's bound: from 1025 on 2^(a-1) overflows and the loop would never end; a draw
  // above 1 has probability below 3e-309 there)
  if (a >= 1025.0) return 1;
  const double am1 = a - 1.0;
  const double b = pow_pos(2.0, am1);
  for (;;) {
    const double u = 1.0 - uniform_d(s);  // (0, 1]
    const double v = uniform_d(s);
    const double xr = pow_pos(u, -1.0 / am1);
    if (!(xr < 9.2e18) || xr < 1.0) continue;
    const double x = floor_pos(xr);
    const double t = pow_pos(1.0 + 1.0 / x, am1);
    if (v * x * (t - 1.0) / (b - 1.0) <= t / b) return (int64_t)x;
  }
}

// Hypergeometric(ngood, nbad, nsample): inversion searching outward from the mode, whose
// probability comes from log-factorials, by the pmf ratios: O(standard deviation) steps.
CN_HD int64_t hypergeometric(Stream& s, int64_t good, int64_t bad, int64_t n) {
  const int64_t lo = n - bad > 0 ? n - bad : 0;
  const int64_t hi = n < good ? n : good;
  if (lo >= hi) return lo;
  const double g = (double)good, b = (double)bad, nd = (double)n, tot = g + b;
  int64_t mode = (int64_t)((nd + 1.0) * (g + 1.0) / (tot + 2.0));
  if (mode < lo) mode = lo;
  if (mode > hi) mode = hi;
  const double md = (double)mode;
  const double lp = log_factorial(g) - log_factorial(md) - log_factorial(g - md) + log_factorial(b) -
                    log_factorial(nd - md) - log_factorial(b - nd + md) - log_factorial(tot) +
                    log_factorial(nd) + log_factorial(tot - nd);
  const double pmode = exp(lp);
  double u = uniform_d(s);
  if (u <= pmode) return mode;
  u -= pmode;
  int64_t l = mode - 1, r = mode + 1;
  double pl = pmode, pr = pmode;
  while (l >= lo || r <= hi) {
    if (r <= hi) {  // p(r) = p(r-1) (g-r+1)(n-r+1) / (r (b-n+r))
      const double k = (double)(r - 1);
      pr *= (g - k) * (nd - k) / ((k + 1.0) * (b - nd + k + 1.0));
      if (u <= pr) return r;
      u -= pr;
      ++r;
    }
    if (l >= lo) {  // p(l) = p(l+1) (l+1)(b-n+l+1) / ((g-l)(n-l))
      const double k = (double)l;
      pl *= (k + 1.0) * (b - nd + k + 1.0) / ((g - k) * (nd - k));
      if (u <= pl) return l;
      u -= pl;
      --l;
    }
  }
  return mode;  // u left over from rounding (probability ~1e-16)
}

// ---- random permutations (ops/random/sampling.cpp) ----------------------------------------
// A permutation of n is the stable argsort of the n 64-bit words R_e of a Bits64 draw (the
// words random_raw(n, uint64) returns): the order of (R_e, e). It is computed as the sort
// of the keys K_e = (top T bits of R_e, then e in the low 64 - T bits), which orders by
// (top T bits of R_e, e) on every backend (the CUDA radix sort skips the low digits),
// then perm_order puts every run of keys with equal top bits in the order of (R_e, e).
// T is chosen so that such runs are rare (2^T >= 16 n), and the result equals the argsort.

// R_e of the draw whose first counter is `offset`.
CN_HD uint64_t perm_word(const Key& key, uint64_t offset, int64_t e) {
  const u32x4 b = block(key, offset + (uint64_t)(e >> 1), 0);
  return (e & 1) ? (((uint64_t)b.v[2] << 32) | b.v[3]) : (((uint64_t)b.v[0] << 32) | b.v[1]);
}

// Position p of the permutation from the sorted keys w[0..n) (index below bit `shift`).
CN_HD int64_t perm_order(const Key& key, uint64_t offset, const uint64_t* w, int64_t n, int shift,
                         int64_t p) {
  const uint64_t mask = ((uint64_t)1 << shift) - 1;
  const uint64_t top = w[p] >> shift;
  int64_t s = p, t = p + 1;
  while (s > 0 && (w[s - 1] >> shift) == top) --s;
  while (t < n && (w[t] >> shift) == top) ++t;
  if (t - s == 1) return (int64_t)(w[p] & mask);
  // A run (2 or 3 keys, nearly always): its member of rank p - s in the order of (R, e).
  for (int64_t q = s; q < t; ++q) {
    const int64_t iq = (int64_t)(w[q] & mask);
    const uint64_t rq = perm_word(key, offset, iq);
    int64_t rank = 0;
    for (int64_t r = s; r < t; ++r) {
      const int64_t ir = (int64_t)(w[r] & mask);
      if (ir == iq) continue;
      const uint64_t rr = perm_word(key, offset, ir);
      if (rr < rq || (rr == rq && ir < iq)) ++rank;
    }
    if (rank == p - s) return iq;
  }
  return (int64_t)(w[p] & mask);  // not reached: the ranks of a run are 0 .. t - s - 1
}

// ---- distribution ids (the same numbers as detail::RandomDist in backend_tasks_random.hpp)
enum Dist {
  kRandom = 0,        // uniform [0, 1): p0 = low, p1 = high - low
  kNormal = 1,        // p0 + p1 * N(0, 1)
  kExponential = 2,   // p0 * Exp(1)
  kIntegers = 3,      // low + [0, range): i0 = low, u1 = range (0 = 2^64)
  kGamma = 4,         // p1 * Gamma(p0)
  kBeta = 5,          // Beta(p0, p1)
  kPoisson = 6,       // Poisson(p0)
  kBinomial = 7,      // Binomial(i0, p1)
  kGeometric = 8,     // Geometric(p0)
  kLognormal = 9,     // exp(p0 + p1 N)
  kLaplace = 10,      // p0 + p1 * Laplace
  kLogistic = 11,     // p0 + p1 * Logistic
  kGumbel = 12,       // p0 - p1 log(-log U)
  kRayleigh = 13,     // p0 * sqrt(-2 log U)
  kWeibull = 14,      // (-log U)^(1/p0)
  kPareto = 15,       // (U^(-1/p0)) - 1  (Lomax, NumPy's pareto)
  kPower = 16,        // (1 - U)^(1/p0) ... as NumPy: (1 - exp(-E))^(1/a)
  kCauchy = 17,       // N / N
  kStandardT = 18,    // N / sqrt(chisq(p0) / p0)
  kChisquare = 19,    // 2 Gamma(p0 / 2)
  kF = 20,            // (chisq(p0)/p0) / (chisq(p1)/p1)
  kNegBinomial = 21,  // Poisson(Gamma(p0, (1 - p1) / p1))
  kTriangular = 22,   // p0 left, p1 mode, p2 right
  kWald = 23,         // mean p0, scale p1
  kBits = 24,         // raw 32-bit words (bytes, keys for permutations)
  kBits64 = 25,       // raw 64-bit words
  kNoncentralChisquare = 26,  // df p0, nonc p1
  kNoncentralF = 27,          // dfnum p0, dfden p1, nonc p2
  kVonmises = 28,             // mu p0, kappa p1
  kLogseries = 29,            // p p0
  kZipf = 30,                 // a p0
  kHypergeometric = 31,       // ngood i0, nbad i1, nsample p0
  kPermKeys = 32,             // permutation keys: word e's top 64 - i0 bits, e below bit i0
  kPermOrder = 33,            // permutation from the sorted keys ia0 (e below bit i0)
  kDistCount = 34
};

// Values per counter of the group-based distributions (the rest: one element per counter).
CN_HD int group_size(int dist, int out_bytes, int wide) {
  if (dist == kBits) return 4;
  if (dist == kBits64 || dist == kPermKeys) return 2;
  if (dist == kRandom || dist == kNormal || dist == kExponential)
    return out_bytes <= 4 ? 4 : 2;
  if (dist == kIntegers) return wide ? 2 : 4;
  return 1;
}

// The parameters of a draw: each either an array of the output's size (C order) or a
// scalar. Float parameters are doubles, integer ones int64 (the ranges uint64).
struct Params {
  const double* a[3];
  double d[3];
  const int64_t* ia[2];
  int64_t i[2];
  CN_HD double f(int k, int64_t e) const { return a[k] ? a[k][e] : d[k]; }
  CN_HD int64_t n(int k, int64_t e) const { return ia[k] ? ia[k][e] : i[k]; }
};

template <class T> struct is_float_type { static const bool value = false; };
template <> struct is_float_type<float> { static const bool value = true; };
template <> struct is_float_type<double> { static const bool value = true; };

// Stores a computed value in the output type (float types by C conversion, integer
// distributions as int64 converted; half through its rounding).
template <class T, class V> CN_HD T store_as(V v) { return (T)v; }

// One element of a one-per-counter distribution, computed in double (integers: int64).
template <int D> CN_HD double draw_real(Stream& s, const Params& P, int64_t e) {
  if (D == kGamma) return gamma_d(s, P.f(0, e)) * P.f(1, e);
  if (D == kBeta) {
    const double a = P.f(0, e), b = P.f(1, e);
    if (a <= 1.0 && b <= 1.0) {
      // Johnk's algorithm: stable for small shapes, where X/(X+Y) of gammas underflows.
      for (;;) {
        const double u = uniform_d(s), v = uniform_d(s);
        const double x = exp(log(u) / a), y = exp(log(v) / b);
        const double xy = x + y;
        if (xy <= 1.0 && xy > 0.0) return x / xy;
        if (xy <= 1.0) {  // both underflowed: in logs
          double lx = log(u) / a, ly = log(v) / b;
          const double lm = lx > ly ? lx : ly;
          lx -= lm;
          ly -= lm;
          return exp(lx - log(exp(lx) + exp(ly)));
        }
      }
    }
    const double x = gamma_d(s, a), y = gamma_d(s, b);
    return x / (x + y);
  }
  if (D == kLognormal) return exp(P.f(0, e) + P.f(1, e) * normal_d(s));
  if (D == kLaplace) {
    double u = uniform_d(s);
    while (u <= 0.0) u = uniform_d(s);
    if (u >= 0.5) return P.f(0, e) - P.f(1, e) * log(2.0 - u - u);
    return P.f(0, e) + P.f(1, e) * log(u + u);
  }
  if (D == kLogistic) {
    double u = uniform_d(s);
    while (u <= 0.0) u = uniform_d(s);  // (0, 1): log(u / (1 - u)) stays finite
    return P.f(0, e) + P.f(1, e) * log(u / (1.0 - u));
  }
  if (D == kGumbel) {
    double u = 1.0 - uniform_d(s);
    while (u >= 1.0) u = 1.0 - uniform_d(s);  // (0, 1): log(-log u) stays finite
    return P.f(0, e) - P.f(1, e) * log(-log(u));
  }
  if (D == kRayleigh) return P.f(0, e) * sqrt_(-2.0 * log(uniform_open0_d(s)));
  if (D == kWeibull) {
    const double a = P.f(0, e);
    if (a == 0.0) return 0.0;
    return exp(log(-log(uniform_open0_d(s))) / a);
  }
  if (D == kPareto) return exp(-log(uniform_open0_d(s)) / P.f(0, e)) - 1.0;
  if (D == kPower) {
    // U^(1/a) with U in (0, 1]
    return exp(log(uniform_open0_d(s)) / P.f(0, e));
  }
  if (D == kCauchy) {
    double d = normal_d(s);
    while (d == 0.0) d = normal_d(s);
    return normal_d(s) / d;
  }
  if (D == kStandardT) {
    const double df = P.f(0, e);
    const double z = normal_d(s);
    const double g = gamma_d(s, df / 2.0);
    return sqrt_(df / 2.0) * z / sqrt_(g);
  }
  if (D == kChisquare) return 2.0 * gamma_d(s, P.f(0, e) / 2.0);
  if (D == kF) {
    const double a = P.f(0, e), b = P.f(1, e);
    const double x = 2.0 * gamma_d(s, a / 2.0) / a;
    const double y = 2.0 * gamma_d(s, b / 2.0) / b;
    return x / y;
  }
  if (D == kNoncentralChisquare) return noncentral_chisquare(s, P.f(0, e), P.f(1, e));
  if (D == kNoncentralF) {
    const double dfnum = P.f(0, e), dfden = P.f(1, e);
    const double t = noncentral_chisquare(s, dfnum, P.f(2, e)) * dfden;
    return t / (2.0 * gamma_d(s, dfden / 2.0) * dfnum);
  }
  if (D == kVonmises) return vonmises(s, P.f(0, e), P.f(1, e));
  if (D == kTriangular) {
    const double left = P.f(0, e), mode = P.f(1, e), right = P.f(2, e);
    const double base = right - left, lb = mode - left, rb = right - mode;
    const double ratio = lb / base;
    const double u = uniform_d(s);
    if (u <= ratio) return left + sqrt_(u * base * lb);
    return right - sqrt_((1.0 - u) * base * rb);
  }
  if (D == kWald) {
    const double mean = P.f(0, e), scale = P.f(1, e);
    const double z = normal_d(s);
    const double y = mean * z * z;
    const double x = mean + mean * (y - sqrt_(4.0 * scale * y + y * y)) / (2.0 * scale);
    const double u = uniform_d(s);
    return u <= mean / (mean + x) ? x : mean * mean / x;
  }
  return 0.0;
}

template <int D> CN_HD int64_t draw_int(Stream& s, const Params& P, int64_t e) {
  if (D == kPoisson) return poisson(s, P.f(0, e));
  if (D == kBinomial) return binomial(s, P.n(0, e), P.f(1, e));
  if (D == kGeometric) return geometric(s, P.f(0, e));
  if (D == kLogseries) return logseries(s, P.f(0, e));
  if (D == kZipf) return zipf(s, P.f(0, e));
  if (D == kHypergeometric) return hypergeometric(s, P.n(0, e), P.n(1, e), (int64_t)P.f(0, e));
  if (D == kNegBinomial) {
    const double n = P.f(0, e), p = P.f(1, e);
    if (p >= 1.0) return 0;
    return poisson(s, gamma_d(s, n) * ((1.0 - p) / p));
  }
  return 0;
}

// True when Random/Normal (p0 + p1 x) or Exponential (p0 x) have the scalar parameters
// that leave x as it is (then the map is skipped: standard_normal keeps a -0.0).
CN_HD bool identity_params(int dist, const Params& P) {
  if (P.a[0] || P.a[1]) return false;
  return dist == kExponential ? P.d[0] == 1.0 : (P.d[0] == 0.0 && P.d[1] == 1.0);
}

// The values of one counter's block for Random, Normal and Exponential with the identity
// maps: four float32 (a word each) or two float64 (two words each). group_values applies
// the parameters; the GPU's plain kernel stores these as they are.
template <int D> CN_HD void plain_values(const u32x4& b, float* fv) {
  if (D == kRandom) {
    for (int l = 0; l < 4; ++l) fv[l] = u01_f(b.v[l]);
  } else if (D == kNormal) {
    normal_pair_f(b.v[0], b.v[1], &fv[0], &fv[1]);
    normal_pair_f(b.v[2], b.v[3], &fv[2], &fv[3]);
  } else {  // -ln of the (0, 1] uniform (t + 1) 2^-24: half of -2 ln, exact
    for (int l = 0; l < 4; ++l) fv[l] = 0.5f * minus2_log_unit_f((float)((b.v[l] >> 8) + 1u));
  }
}
template <int D> CN_HD void plain_values(const u32x4& b, double* dv) {
  const uint64_t w0 = ((uint64_t)b.v[0] << 32) | b.v[1];
  const uint64_t w1 = ((uint64_t)b.v[2] << 32) | b.v[3];
  if (D == kRandom) {
    dv[0] = u01_d(w0);
    dv[1] = u01_d(w1);
  } else if (D == kNormal) {
    box_muller(u01_open0_d(w0), u01_d(w1), &dv[0], &dv[1]);
  } else {
    dv[0] = -log(u01_open0_d(w0));
    dv[1] = -log(u01_open0_d(w1));
  }
}

// The values of group g of a draw (elements g*G .. g*G+G, clipped to n) into v[0..G);
// returns how many there are. Full: the caller knows the group is whole (g*G + G <= n), so
// every loop has a constant trip count and v stays in registers on the GPU.
template <int D, class T, bool Full = false>
CN_HD int group_values(T* v, int64_t n, int64_t g, const Key& key, uint64_t offset,
                       const Params& P, int wide) {
  const int G = group_size(D, (int)sizeof(T), wide);
  const int64_t e0 = g * G;
  const int count = Full ? G : (int)(n - e0 < G ? n - e0 : G);
  const uint64_t ctr = offset + (uint64_t)g;
  if (D == kRandom || D == kNormal || D == kExponential) {
    const u32x4 b = block(key, ctr, 0);
    const bool ident = identity_params(D, P);
    if (G == 4) {  // 32-bit floats: one word per value
      float fv[4];
      plain_values<D>(b, fv);
      for (int l = 0; l < 4; ++l) {
        if (!Full && l >= count) break;
        const int64_t e = e0 + l;
        float r = fv[l];
        if (ident) {
        } else if (D == kRandom || D == kNormal) {
          r = (float)P.f(0, e) + (float)P.f(1, e) * r;
        } else {
          r = (float)P.f(0, e) * r;
        }
        v[l] = store_as<T>(r);
      }
    } else {  // 64-bit floats: two words per value
      double dv[2];
      plain_values<D>(b, dv);
      for (int l = 0; l < 2; ++l) {
        if (!Full && l >= count) break;
        const int64_t e = e0 + l;
        double r = dv[l];
        if (ident) {
        } else if (D == kRandom || D == kNormal) {
          r = P.f(0, e) + P.f(1, e) * r;
        } else {
          r = P.f(0, e) * r;
        }
        v[l] = store_as<T>(r);
      }
    }
  } else if (D == kBits || D == kBits64) {
    const u32x4 b = block(key, ctr, 0);
    if (D == kBits) {
      for (int l = 0; l < 4; ++l) {
        if (!Full && l >= count) break;
        v[l] = (T)b.v[l];
      }
    } else {
      for (int l = 0; l < 2; ++l) {
        if (!Full && l >= count) break;
        v[l] = (T)(((uint64_t)b.v[2 * l] << 32) | b.v[2 * l + 1]);
      }
    }
  } else if (D == kPermKeys) {
    const u32x4 b = block(key, ctr, 0);
    const uint64_t keep = ~(((uint64_t)1 << P.i[0]) - 1);  // the top T = 64 - i0 bits
    for (int l = 0; l < 2; ++l) {
      if (!Full && l >= count) break;
      const uint64_t r = ((uint64_t)b.v[2 * l] << 32) | b.v[2 * l + 1];
      v[l] = (T)((r & keep) | (uint64_t)(e0 + l));
    }
  } else if (D == kPermOrder) {
    v[0] = (T)perm_order(key, offset, (const uint64_t*)P.ia[0], n, (int)P.i[0], e0);
  } else if (D == kIntegers) {
    // Lemire's nearly divisionless method; a rejected lane redraws from block j = 1, 2, ...
    // of the same counter, so lanes stay independent.
    u32x4 b = block(key, ctr, 0);
    for (int l = 0; l < G; ++l) {
      if (!Full && l >= count) break;
      const int64_t e = e0 + l;
      const uint64_t low = (uint64_t)P.n(0, e);
      const uint64_t range = (uint64_t)P.n(1, e);  // 0: the whole 64-bit range
      uint64_t r;
      if (!wide) {
        const uint32_t rg = (uint32_t)range;  // 0: the whole 32-bit range
        uint32_t x = b.v[l];
        if (rg == 0) {
          r = x;
        } else {
          uint64_t m = (uint64_t)x * rg;
          uint32_t lo = (uint32_t)m;
          if (lo < rg) {
            const uint32_t t = (uint32_t)(0u - rg) % rg;
            uint32_t j = 1;
            while (lo < t) {
              x = block(key, ctr, j++).v[l];
              m = (uint64_t)x * rg;
              lo = (uint32_t)m;
            }
          }
          r = m >> 32;
        }
      } else {
        uint64_t x = ((uint64_t)b.v[2 * l] << 32) | b.v[2 * l + 1];
        if (range == 0) {
          r = x;
        } else {
          uint64_t lo = x * range;
          uint64_t hi = mulhi64(x, range);
          if (lo < range) {
            const uint64_t t = (0ull - range) % range;
            uint32_t j = 1;
            while (lo < t) {
              const u32x4 bb = block(key, ctr, j++);
              x = ((uint64_t)bb.v[2 * l] << 32) | bb.v[2 * l + 1];
              lo = x * range;
              hi = mulhi64(x, range);
            }
          }
          r = hi;
        }
      }
      v[l] = (T)(low + r);
    }
  } else if (D == kPoisson || D == kBinomial || D == kGeometric || D == kNegBinomial || D == kLogseries ||
             D == kZipf || D == kHypergeometric) {
    Stream s = make_stream(key, ctr);
    v[0] = (T)draw_int<D>(s, P, e0);
  } else {
    Stream s = make_stream(key, ctr);
    v[0] = store_as<T>(draw_real<D>(s, P, e0));
  }
  return count;
}

// Fills group g of a draw: out[g*G .. g*G+G) clipped to n.
template <int D, class T>
CN_HD void fill_group(T* out, int64_t n, int64_t g, const Key& key, uint64_t offset,
                      const Params& P, int wide) {
  T v[4];
  const int G = group_size(D, (int)sizeof(T), wide);
  const int c = group_values<D, T>(v, n, g, key, offset, P, wide);
  for (int l = 0; l < c; ++l) out[g * G + l] = v[l];
}

}  // namespace rnd
}  // namespace cn
