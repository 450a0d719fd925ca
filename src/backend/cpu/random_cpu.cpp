// CPU executor of RandomTask: the counter groups of the draw split into chunks over the
// thread pool; each group is cn::rnd::group_values, the very code the CUDA kernel runs, so
// the values do not depend on the thread count. Compiled with -ffp-contract=off
// (CMakeLists.txt): no FMA contraction, so floating results equal the GPU's bit for bit.
#include "backend/cpu/random_cpu.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "backend/cpu/parallel.hpp"
#include "core/dtype_dispatch.hpp"
#include "cunumpy/base/errors.hpp"
#include "scalar/cn_random.h"

namespace cunumpy::detail {
namespace {

constexpr int64_t kGrainGroups = 1 << 12;

// Groups [b, e) of a draw: whole groups through group_values<..., true> (constant trip
// counts), the last, partial one clipped to n.
template <int D, class T>
inline void fill_range(T* out, int64_t n, int64_t b, int64_t e, const cn::rnd::Key& key,
                       uint64_t offset, const cn::rnd::Params& P, int wide) {
  const int G = cn::rnd::group_size(D, static_cast<int>(sizeof(T)), wide);
  const int64_t whole = n / G;
  int64_t g = b;
  for (; g < e && g < whole; ++g) {
    T v[4];
    cn::rnd::group_values<D, T, true>(v, n, g, key, offset, P, wide);
    for (int l = 0; l < G; ++l) out[g * G + l] = v[l];
  }
  for (; g < e; ++g) cn::rnd::fill_group<D, T>(out, n, g, key, offset, P, wide);
}

// The float32 normal's loop compiled for FMA hardware, everything inlined into it
// (flatten): cn_random.h's fma_ becomes one instruction instead of a call to libm's fmaf.
// Both round fma once, so the values are the same either way; -ffp-contract=off still keeps
// every other a*b+c unfused.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
template <int D, class T>
__attribute__((target("fma"), flatten)) void fill_range_fma(T* out, int64_t n, int64_t b, int64_t e,
                                                            const cn::rnd::Key& key, uint64_t offset,
                                                            const cn::rnd::Params& P, int wide) {
  fill_range<D, T>(out, n, b, e, key, offset, P, wide);
}
bool cpu_has_fma() {
  static const bool has = __builtin_cpu_supports("fma");
  return has;
}
#define CN_RANDOM_FMA_CLONE 1
#endif

template <int D, class T>
void fill(const RandomTask& t) {
  cn::rnd::Params P{};
  for (int k = 0; k < 3; ++k) {
    P.a[k] = t.fparam[k].defined() ? static_cast<const double*>(t.fparam[k].data()) : nullptr;
    P.d[k] = t.fscalar[k];
  }
  for (int k = 0; k < 2; ++k) {
    P.ia[k] = t.iparam[k].defined() ? static_cast<const int64_t*>(t.iparam[k].data()) : nullptr;
    P.i[k] = t.iscalar[k];
  }
  T* out = static_cast<T*>(t.out.data());
  const int64_t n = t.out.size();
  const int wide = t.wide ? 1 : 0;
  const int G = cn::rnd::group_size(D, static_cast<int>(sizeof(T)), wide);
  const int64_t groups = (n + G - 1) / G;
  const cn::rnd::Key key{t.key0, t.key1};
  const uint64_t offset = t.offset;
  // Only the float32 normal and exponential call fma_.
  constexpr bool uses_fma = (D == cn::rnd::kNormal || D == cn::rnd::kExponential) && std::is_same_v<T, float>;
#ifdef CN_RANDOM_FMA_CLONE
  const bool fma = uses_fma && cpu_has_fma();
#else
  const bool fma = false;
#endif
  cpu::parallel_for(groups, kGrainGroups, [&](int64_t b, int64_t e) {
#ifdef CN_RANDOM_FMA_CLONE
    if constexpr (uses_fma) {
      if (fma) return fill_range_fma<D, T>(out, n, b, e, key, offset, P, wide);
    }
#endif
    (void)fma;
    fill_range<D, T>(out, n, b, e, key, offset, P, wide);
  });
}

template <int D>
void run_dist(const RandomTask& t) {
  const DType dt = t.out.dtype();
  dispatch_dtype(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (D == cn::rnd::kBits) {
      if constexpr (std::is_same_v<T, uint32_t>) return fill<D, T>(t);
    } else if constexpr (D == cn::rnd::kBits64 || D == cn::rnd::kPermKeys) {
      if constexpr (std::is_same_v<T, uint64_t>) return fill<D, T>(t);
    } else if constexpr (D == cn::rnd::kPermOrder) {
      if constexpr (std::is_same_v<T, int64_t>) return fill<D, T>(t);
    } else if constexpr (D == cn::rnd::kIntegers || D == cn::rnd::kPoisson ||
                         D == cn::rnd::kBinomial || D == cn::rnd::kGeometric ||
                         D == cn::rnd::kNegBinomial || D == cn::rnd::kLogseries ||
                         D == cn::rnd::kZipf || D == cn::rnd::kHypergeometric) {
      if constexpr (cn::is_signed_int<T>::value || cn::is_unsigned_int<T>::value) return fill<D, T>(t);
    } else {
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) return fill<D, T>(t);
    }
    throw TypeError(std::string("random: unsupported output dtype ") + dt.name());
  });
}

using Runner = void (*)(const RandomTask&);

template <int... D>
constexpr auto make_table(std::integer_sequence<int, D...>) {
  return std::array<Runner, sizeof...(D)>{&run_dist<D>...};
}

}  // namespace

void run_random_cpu(const RandomTask& task) {
  static constexpr auto table = make_table(std::make_integer_sequence<int, cn::rnd::kDistCount>{});
  const int d = static_cast<int>(task.dist);
  if (d < 0 || d >= static_cast<int>(table.size())) throw ValueError("random: unknown distribution");
  if (task.out.size() == 0) return;
  table[static_cast<std::size_t>(d)](task);
}

}  // namespace cunumpy::detail
