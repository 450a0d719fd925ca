// CPU executor of RandomTask: the counter groups of the draw split into chunks over the
// thread pool; each group is cn::rnd::fill_group, the very code the CUDA kernel runs, so
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
  cpu::parallel_for(groups, kGrainGroups, [&](int64_t b, int64_t e) {
    for (int64_t g = b; g < e; ++g) cn::rnd::fill_group<D, T>(out, n, g, key, offset, P, wide);
  });
}

template <int D>
void run_dist(const RandomTask& t) {
  const DType dt = t.out.dtype();
  dispatch_dtype(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (D == cn::rnd::kBits) {
      if constexpr (std::is_same_v<T, uint32_t>) return fill<D, T>(t);
    } else if constexpr (D == cn::rnd::kBits64) {
      if constexpr (std::is_same_v<T, uint64_t>) return fill<D, T>(t);
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
