// The contract between the reduction ops layer and the backends. Internal header.
#pragma once
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/reduction.hpp"

namespace cunumpy::detail {

// Reduces `in` (shape (M, K), any strides, dtype = the accumulation dtype) along its last
// axis into `out` (M elements, C-contiguous, the same dtype).
struct ReduceTask {
  ReduceOp op = ReduceOp::Sum;
  ndarray in;   // 2-D (M, K), K >= 1
  ndarray out;  // M elements
};

void run_reduce_cpu(const ReduceTask& task);
void run_reduce_cuda(const ReduceTask& task);

}  // namespace cunumpy::detail
