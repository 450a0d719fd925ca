// CPU loops of the transcendental and floating-point ufuncs, from the shared scalar ops.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include "backend/cpu/elementwise_cpu_loops.hpp"

namespace cunumpy::cpu {
namespace {

// float32 sin/cos for contiguous data, written so the compiler vectorizes it (no calls, no
// branches): Cephes' range reduction (pi/4 split in three parts) and minimax polynomials,
// within 2 ULP of the correctly rounded result for |x| <= kFastLimit.
// Larger, infinite and NaN inputs go through libm in a second pass. NumPy's own SIMD sin
// is equally fast; glibc's scalar sinf is not, hence this loop.
// Above this the three-part reduction loses accuracy near the zeros of sin and cos.
constexpr float kFastLimit = 256.0f;

template <bool Cos>
inline float sincos_small(float x) {
  constexpr float kFourOverPi = 1.27323954473516f;
  constexpr float kDP1 = 0.78515625f, kDP2 = 2.4187564849853515625e-4f, kDP3 = 3.77489497744594108e-8f;
  const uint32_t xb = std::bit_cast<uint32_t>(x);
  const float ax = std::bit_cast<float>(xb & 0x7fffffffu);
  // Only |x| <= kFastLimit is used; clamping to 8192 (as integer bit patterns, which order
  // like non-negative floats and vectorize) keeps the conversion defined for inf and NaN.
  const float clamped = std::bit_cast<float>(std::min(xb & 0x7fffffffu, 0x46000000u));
  int32_t j = static_cast<int32_t>(clamped * kFourOverPi);
  j += j & 1;  // to an even octant: reduce to [-pi/4, pi/4]
  const float y = static_cast<float>(j);
  const float z = ((ax - y * kDP1) - y * kDP2) - y * kDP3;
  const int32_t q = Cos ? (j + 2) & 7 : j & 7;
  const float zz = z * z;
  const float ps = ((-1.9515295891e-4f * zz + 8.3321608736e-3f) * zz - 1.6666654611e-1f) * zz * z + z;
  const float pc = ((2.443315711809948e-5f * zz - 1.388731625493765e-3f) * zz + 4.166664568298827e-2f) * zz * zz -
                   0.5f * zz + 1.0f;
  // Select the polynomial and the sign with bit masks (branch-free, so it vectorizes).
  const uint32_t use_cos = 0u - static_cast<uint32_t>((q >> 1) & 1);
  uint32_t r = (std::bit_cast<uint32_t>(pc) & use_cos) | (std::bit_cast<uint32_t>(ps) & ~use_cos);
  r ^= static_cast<uint32_t>(q & 4) << 29;
  if (!Cos) r ^= xb & 0x80000000u;
  return std::bit_cast<float>(r);
}

// AVX2 clone chosen at load time where the CPU has it (8 floats per instruction).
template <bool Cos>
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void sincos_f32_loop(char* const* p, const int64_t* s, int64_t n) {
  if (s[0] != 4 || s[1] != 4) {
    if (Cos) unary_loop<cn::op::cos, float, float>(p, s, n);
    else unary_loop<cn::op::sin, float, float>(p, s, n);
    return;
  }
  float* o = reinterpret_cast<float*>(p[0]);
  const float* a = reinterpret_cast<const float*>(p[1]);
  constexpr int64_t kBlock = 1024;  // second pass while the block is still in cache
  for (int64_t b = 0; b < n; b += kBlock) {
    const int64_t e = std::min(n, b + kBlock);
    for (int64_t i = b; i < e; ++i) o[i] = sincos_small<Cos>(a[i]);
    for (int64_t i = b; i < e; ++i)
      if (!(std::fabs(a[i]) <= kFastLimit)) o[i] = Cos ? std::cos(a[i]) : std::sin(a[i]);
  }
}

}  // namespace

void register_math_loops() {
  namespace op = cn::op;
  // With complex loops.
  reg_unary<op::sqrt, CN_FLOATS, CN_COMPLEX>("sqrt");
  reg_unary<op::exp, CN_FLOATS, CN_COMPLEX>("exp");
  reg_unary<op::log, CN_FLOATS, CN_COMPLEX>("log");
  reg_unary<op::sin, CN_FLOATS, CN_COMPLEX>("sin");
  reg_unary<op::cos, CN_FLOATS, CN_COMPLEX>("cos");
  reg_unary<op::tan, CN_FLOATS, CN_COMPLEX>("tan");
  reg_unary<op::tanh, CN_FLOATS, CN_COMPLEX>("tanh");
  reg_unary<op::rint, CN_FLOATS, CN_COMPLEX>("rint");
  register_ufunc_loop("sin", "f->f", &sincos_f32_loop<false>);
  register_ufunc_loop("cos", "f->f", &sincos_f32_loop<true>);
  reg_unary<op::exp2, CN_FLOATS, CN_COMPLEX>("exp2");
  reg_unary<op::expm1, CN_FLOATS, CN_COMPLEX>("expm1");
  reg_unary<op::log2, CN_FLOATS, CN_COMPLEX>("log2");
  reg_unary<op::log10, CN_FLOATS, CN_COMPLEX>("log10");
  reg_unary<op::log1p, CN_FLOATS, CN_COMPLEX>("log1p");
  reg_unary<op::sinh, CN_FLOATS, CN_COMPLEX>("sinh");
  reg_unary<op::cosh, CN_FLOATS, CN_COMPLEX>("cosh");
  reg_unary<op::arcsin, CN_FLOATS, CN_COMPLEX>("arcsin");
  reg_unary<op::arccos, CN_FLOATS, CN_COMPLEX>("arccos");
  reg_unary<op::arctan, CN_FLOATS, CN_COMPLEX>("arctan");
  reg_unary<op::arcsinh, CN_FLOATS, CN_COMPLEX>("arcsinh");
  reg_unary<op::arccosh, CN_FLOATS, CN_COMPLEX>("arccosh");
  reg_unary<op::arctanh, CN_FLOATS, CN_COMPLEX>("arctanh");
  // Real only.
  reg_unary<op::cbrt, CN_FLOATS>("cbrt");
  reg_binary<op::arctan2, CN_FLOATS>("arctan2");
  reg_binary<op::hypot, CN_FLOATS>("hypot");
  reg_binary<op::copysign, CN_FLOATS>("copysign");
  reg_unary_pred<op::signbit, CN_FLOATS>("signbit");
}

}  // namespace cunumpy::cpu
