// The contract between the reduction ops layer and the backends, and the helpers the ops
// files share. Internal header.
#pragma once
#include <optional>

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

// Index (int64) of the first maximum / minimum of each row of `in` (M, K), K >= 1, any
// strides, the input's own dtype; NaN beats every number.
struct ArgReduceTask {
  bool is_max = true;
  ndarray in;   // 2-D (M, K)
  ndarray out;  // M int64 elements, C-contiguous
};

// Inclusive scan of each row of `in` (M, K), any strides, into `out` (M, K), C-contiguous,
// the same dtype (the accumulation dtype). Sum/Prod/Max/Min.
struct ScanTask {
  ReduceOp op = ReduceOp::Sum;
  ndarray in;
  ndarray out;
};

void run_reduce_cpu(const ReduceTask& task);
void run_reduce_cuda(const ReduceTask& task);
void run_argreduce_cpu(const ArgReduceTask& task);
void run_argreduce_cuda(const ArgReduceTask& task);
void run_scan_cpu(const ScanTask& task);
void run_scan_cuda(const ScanTask& task);

// Which axes `axis` reduces (all when nullopt); AxisError / duplicate ValueError as NumPy.
SmallVector<bool, 8> reduced_axes(const ndarray& a, const Axes& axis);
// Reduces x (already in the accumulation dtype) over the flagged axes; an empty slice gives
// `empty_value`, or NumPy's "zero-size array" ValueError when there is none.
ndarray reduce_core(ReduceOp op, const ndarray& x, const SmallVector<bool, 8>& reduced,
                    bool keepdims, const std::optional<Scalar>& empty_value);
// Copies r into out when out is defined (shape checked) and returns what the call returns.
ndarray finish(const ndarray& r, const ndarray& out);
// a where mask is true, else fill (cast to a's dtype); mask broadcasts to a's shape.
ndarray masked(const ndarray& a, const ndarray& mask, const Scalar& fill);

}  // namespace cunumpy::detail
