// Scans: the axis moved last and the input read as an (M, K) view in the accumulation
// dtype; the backend writes a C-contiguous (M, K) result, moved back to the input's axis order.
#include "cunumpy/ops/scan.hpp"

#include "cunumpy/core/errors.hpp"
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
  SmallVector<int64_t, 8> perm, inverse(x.ndim(), 0);
  Shape moved;
  int64_t M = 1;
  for (int d = 0; d < x.ndim(); ++d)
    if (d != ax) {
      perm.push_back(d);
      moved.push_back(x.shape()[d]);
      M *= x.shape()[d];
    }
  perm.push_back(ax);
  moved.push_back(x.shape()[ax]);
  for (int d = 0; d < x.ndim(); ++d) inverse[perm[d]] = d;
  const int64_t K = x.shape()[ax];
  ndarray r(Shape{M, K}, acc, Order::C, a.device());
  if (M > 0 && K > 0) {
    detail::ScanTask task;
    task.op = op;
    task.in = x.transpose(std::span<const int64_t>(perm.data(), perm.size())).reshape(Shape{M, K});
    task.out = r;
    if (a.device().is_cpu()) {
      detail::run_scan_cpu(task);
    } else {
#ifdef CUNUMPY_HAVE_CUDA
      detail::run_scan_cuda(task);
#else
      throw ValueError("cunumpy was built without the CUDA backend");
#endif
    }
  }
  ndarray back = r.reshape(moved).transpose(std::span<const int64_t>(inverse.data(), inverse.size()));
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
