// Reductions: NumPy's axis handling and result dtypes, then a backend reduces an (M, K)
// view along its last axis (reduced axes moved last, kept axes first).
#include <string>

#include "cunumpy/core/errors.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "ops/reduction/reduction_exec.hpp"

namespace cunumpy {
namespace {

const char* op_name(ReduceOp op) {
  switch (op) {
    case ReduceOp::Sum: return "add";
    case ReduceOp::Prod: return "multiply";
    case ReduceOp::Max: return "maximum";
    default: return "minimum";
  }
}

// NumPy's default result dtype of sum/prod: small integers widen to the platform integer.
DType sum_dtype(DType d) {
  if (d.is_bool() || (d.is_signed_integer() && d.itemsize() < 8)) return int64;
  if (d.is_unsigned_integer() && d.itemsize() < 8) return uint64;
  return d;
}

}  // namespace

ndarray reduce(ReduceOp op, const ndarray& a, const Axes& axis, std::optional<DType> dtype,
               bool keepdims) {
  if (!a.defined()) throw ValueError("reduction of an undefined array");
  const int nd = a.ndim();
  SmallVector<bool, 8> reduced(nd, !axis.has_value());
  if (axis) {
    for (int64_t ax : *axis) {
      int d = normalize_axis(ax, nd);
      if (reduced[d]) throw ValueError("duplicate value in 'axis'");
      reduced[d] = true;
    }
  }
  const bool extremum = op == ReduceOp::Max || op == ReduceOp::Min;
  const DType result = extremum ? a.dtype() : (dtype ? *dtype : sum_dtype(a.dtype()));
  // float16 accumulates in float32 (NumPy's half loops compute in float).
  const DType acc = result == float16 ? float32 : result;

  Shape out_shape, kept_shape;
  SmallVector<int64_t, 8> perm;
  int64_t M = 1, K = 1;
  for (int d = 0; d < nd; ++d) {
    if (!reduced[d]) {
      perm.push_back(d);
      kept_shape.push_back(a.shape()[d]);
      out_shape.push_back(a.shape()[d]);
      M *= a.shape()[d];
    } else if (keepdims) {
      out_shape.push_back(1);
    }
  }
  for (int d = 0; d < nd; ++d)
    if (reduced[d]) {
      perm.push_back(d);
      K *= a.shape()[d];
    }

  ndarray out(Shape{M}, acc, Order::C, a.device());
  if (M > 0 && K == 0) {
    if (extremum)
      throw ValueError(std::string("zero-size array to reduction operation ") + op_name(op) +
                       " which has no identity");
    out.fill(op == ReduceOp::Sum ? Scalar(0) : Scalar(1));
  } else if (M > 0) {
    detail::ReduceTask task;
    task.op = op;
    task.in = a.astype(acc, Order::K, Casting::Unsafe, /*copy=*/false)
                  .transpose(std::span<const int64_t>(perm.data(), perm.size()))
                  .reshape(Shape{M, K});
    task.out = out;
    if (a.device().is_cpu()) {
      detail::run_reduce_cpu(task);
    } else {
#ifdef CUNUMPY_HAVE_CUDA
      detail::run_reduce_cuda(task);
#else
      throw ValueError("cunumpy was built without the CUDA backend");
#endif
    }
  }
  if (acc != result) out = out.astype(result);
  return out.reshape(out_shape);
}

ndarray sum(const ndarray& a, const Axes& axis, std::optional<DType> dtype, bool keepdims) {
  return reduce(ReduceOp::Sum, a, axis, dtype, keepdims);
}
ndarray prod(const ndarray& a, const Axes& axis, std::optional<DType> dtype, bool keepdims) {
  return reduce(ReduceOp::Prod, a, axis, dtype, keepdims);
}
ndarray max(const ndarray& a, const Axes& axis, bool keepdims) {
  return reduce(ReduceOp::Max, a, axis, std::nullopt, keepdims);
}
ndarray min(const ndarray& a, const Axes& axis, bool keepdims) {
  return reduce(ReduceOp::Min, a, axis, std::nullopt, keepdims);
}

ndarray mean(const ndarray& a, const Axes& axis, std::optional<DType> dtype, bool keepdims) {
  // NumPy: integers average in float64; float16 sums in float32 and rounds back once.
  DType result = dtype ? *dtype : (a.dtype().is_inexact() ? a.dtype() : float64);
  DType acc = result == float16 ? float32 : result;
  ndarray s = reduce(ReduceOp::Sum, a, axis, acc, keepdims);
  int64_t count = s.size() == 0 ? 0 : a.size() / s.size();
  if (s.size() == 0) {  // count from the reduced axes themselves
    count = 1;
    for (int d = 0; d < a.ndim(); ++d) {
      bool r = !axis.has_value();
      if (axis)
        for (int64_t ax : *axis) r = r || normalize_axis(ax, a.ndim()) == d;
      if (r) count *= a.shape()[d];
    }
  }
  ndarray m = true_divide(s, static_cast<double>(count));
  return m.dtype() == result ? m : m.astype(result);
}

}  // namespace cunumpy
