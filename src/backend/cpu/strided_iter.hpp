// Walks a LaunchPlan on the host: calls inner(ptrs, inner_strides, n) once per run along
// the innermost dimension, for the linear element range [begin, end).
#pragma once
#include <cstdint>

#include "cunumpy/core/launch_plan.hpp"

namespace cunumpy::cpu {

template <int NOps, class Inner>
void for_each_run(const LaunchPlan& plan, int64_t begin, int64_t end, Inner&& inner) {
  const int nd = plan.ndim();
  const int64_t inner_n = plan.shape[nd - 1];
  int64_t inner_strides[NOps];
  for (int k = 0; k < NOps; ++k) inner_strides[k] = plan.ops[k].strides[nd - 1];

  // Multi-index of `begin` in the outer dimensions.
  int64_t idx[64] = {0};
  int64_t rem = begin / inner_n;
  int64_t pos = begin % inner_n;
  for (int d = nd - 2; d >= 0; --d) {
    idx[d] = rem % plan.shape[d];
    rem /= plan.shape[d];
  }
  int64_t done = begin;
  while (done < end) {
    char* ptrs[NOps];
    for (int k = 0; k < NOps; ++k) {
      char* p = plan.ops[k].data;
      for (int d = 0; d < nd - 1; ++d) p += idx[d] * plan.ops[k].strides[d];
      ptrs[k] = p + pos * inner_strides[k];
    }
    const int64_t n = std::min(inner_n - pos, end - done);
    inner(ptrs, inner_strides, n);
    done += n;
    pos = 0;
    for (int d = nd - 2; d >= 0; --d) {  // increment the outer multi-index
      if (++idx[d] < plan.shape[d]) break;
      idx[d] = 0;
    }
  }
}

}  // namespace cunumpy::cpu
