// CPU argmax/argmin of an (M, K) view along its last axis: rows on the thread pool, each
// row scanned in order keeping the first best (a NaN ends the scan: nothing beats it). A
// single long row is split into chunks whose winners are combined in chunk order.
#include <algorithm>
#include <memory>
#include <vector>

#include "backend/cpu/parallel.hpp"
#include "core/dtype_dispatch.hpp"
#include "scalar/cn_ops.h"
#include "backend/cpu/cpu_executors.hpp"

namespace cunumpy::cpu {
namespace {

template <class Beats, class T>
int64_t arg_run(const char* a, int64_t k0, int64_t k1, int64_t s, T* best_out) {
  T best = *reinterpret_cast<const T*>(a + k0 * s);
  int64_t bi = k0;
  for (int64_t k = k0 + 1; k < k1 && !cn::op::isnan::call(best); ++k) {
    const T v = *reinterpret_cast<const T*>(a + k * s);
    if (Beats::call(best, v)) {
      best = v;
      bi = k;
    }
  }
  *best_out = best;
  return bi;
}

template <class Beats, class T>
void arg_rows(const detail::ArgReduceTask& t) {
  const int64_t M = t.in.shape()[0], K = t.in.shape()[1];
  const int64_t sm = t.in.strides()[0], sk = t.in.strides()[1];
  const char* base = static_cast<const char*>(t.in.data());
  int64_t* out = static_cast<int64_t*>(t.out.data());
  constexpr int64_t kGrain = 1 << 16;
  if (M == 1 && K >= 2 * kGrain && num_threads() > 1) {
    const int64_t chunks = std::min<int64_t>(num_threads(), K / kGrain);
    const int64_t per = (K + chunks - 1) / chunks;
    std::unique_ptr<T[]> vals(new T[chunks]);  // not vector<T>: vector<bool> packs bits
    std::vector<int64_t> idx(static_cast<std::size_t>(chunks));
    parallel_for(chunks, 1, [&](int64_t b, int64_t e) {
      for (int64_t c = b; c < e; ++c)
        idx[c] = arg_run<Beats, T>(base, c * per, std::min(K, (c + 1) * per), sk, &vals[c]);
    });
    T best = vals[0];
    int64_t bi = idx[0];
    for (int64_t c = 1; c < chunks; ++c)
      if (Beats::call(best, vals[c])) {
        best = vals[c];
        bi = idx[c];
      }
    out[0] = bi;
    return;
  }
  parallel_for(M, std::max<int64_t>(1, kGrain / K), [&](int64_t b, int64_t e) {
    for (int64_t m = b; m < e; ++m) {
      T best;
      out[m] = arg_run<Beats, T>(base + m * sm, 0, K, sk, &best);
    }
  });
}

}  // namespace
}  // namespace cunumpy::cpu

namespace cunumpy::detail {

void run_argreduce_cpu(const ArgReduceTask& task) {
  dispatch_dtype(task.in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if (task.is_max) cpu::arg_rows<cn::op::argmax_beats, T>(task);
    else cpu::arg_rows<cn::op::argmin_beats, T>(task);
  });
}

}  // namespace cunumpy::detail
