// The contract between the sorting ops layer and the backends. Internal header.
#pragma once
#include "cunumpy/core/ndarray.hpp"

namespace cunumpy::detail {

// Stable sort of each row of `in` (M, K), K >= 1, any strides, in NumPy's order. `values`
// (M, K, the input's dtype) and `indices` (M, K, int64: the position within the row) are
// C-contiguous; either may be undefined when the caller does not want it.
struct SortTask {
  ndarray in;
  ndarray values;
  ndarray indices;
};

void run_sort_cpu(const SortTask& task);
void run_sort_cuda(const SortTask& task);

}  // namespace cunumpy::detail
