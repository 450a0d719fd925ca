// Scans: the axis moved last and the input read as an (M, K) view in the accumulation
// dtype; the backend writes a C-contiguous (M, K) result, moved back to the input's axis order.
#include "cunumpy/ops/scan.hpp"

#include "cunumpy/base/errors.hpp"
#include "ops/axis_last.hpp"
#include "ops/reduction/reduction_exec.hpp"

namespace cunumpy {

ndarray scan(ReduceOp op, const ndarray& a, std::optional<int64_t> axis,
             std::optional<DType> dtype, const ndarray& out, bool widen) {
  if (!a.defined()) throw ValueError("scan of an undefined array");
  if (op == ReduceOp::FMax || op == ReduceOp::FMin) throw ValueError("scans take sum, prod, max and min");
  DType result = a.dtype();
  if (dtype) {
    result = *dtype;
  } else if (widen && (op == ReduceOp::Sum || op == ReduceOp::Prod)) {
    // cumsum/cumprod widen as sum/prod do (bool and small integers to int64/uint64).
    if (result.is_bool() || (result.is_signed_integer() && result.itemsize() < 8)) result = int64;
    if (result.is_unsigned_integer() && result.itemsize() < 8) result = uint64;
  }
  const DType acc = result == float16 ? float32 : result;
  ndarray x = a.astype(acc, Order::K, Casting::Unsafe, /*copy=*/false);
  if (!axis) x = x.reshape(Shape{x.size()});
  const int ax = normalize_axis(axis ? *axis : 0, x.ndim());
  const detail::AxisLast al(x, ax);
  const int64_t M = al.M, K = al.K;
  ndarray r(Shape{M, K}, acc, Order::C, a.device());
  if (M > 0 && K > 0) {
    detail::ScanTask task;
    task.op = op;
    task.in = al.rows(x);
    task.out = r;
    backend_for(a.device()).scan(task);
  }
  ndarray back = al.back(r);
  if (ax != x.ndim() - 1 || acc != result) back = back.astype(result, Order::C);
  return detail::finish(back, out);
}

ndarray cumsum(const ndarray& a, std::optional<int64_t> axis, std::optional<DType> dtype,
               const ndarray& out) {
  return scan(ReduceOp::Sum, a, axis, dtype, out);
}
ndarray cumprod(const ndarray& a, std::optional<int64_t> axis, std::optional<DType> dtype,
                const ndarray& out) {
  return scan(ReduceOp::Prod, a, axis, dtype, out);
}

}  // namespace cunumpy
