// argmax / argmin: the axis moved last, an (M, K) view handed to the backend, int64 result.
#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "ops/reduction/reduction_exec.hpp"

namespace cunumpy {
namespace {

ndarray arg_reduce(bool is_max, const ndarray& a, std::optional<int64_t> axis, bool keepdims,
                   const ndarray& out) {
  if (!a.defined()) throw ValueError("reduction of an undefined array");
  const char* name = is_max ? "argmax" : "argmin";
  ndarray x;
  Shape result_shape;
  if (!axis) {
    x = a.reshape(Shape{1, a.size()});
    if (keepdims)
      for (int d = 0; d < a.ndim(); ++d) result_shape.push_back(1);
  } else {
    const int ax = normalize_axis(*axis, a.ndim());
    SmallVector<int64_t, 8> perm;
    int64_t M = 1;
    for (int d = 0; d < a.ndim(); ++d) {
      if (d == ax) {
        if (keepdims) result_shape.push_back(1);
        continue;
      }
      perm.push_back(d);
      result_shape.push_back(a.shape()[d]);
      M *= a.shape()[d];
    }
    perm.push_back(ax);
    x = a.transpose(std::span<const int64_t>(perm.data(), perm.size())).reshape(Shape{M, a.shape()[ax]});
  }
  const int64_t M = x.shape()[0], K = x.shape()[1];
  ndarray r(Shape{M}, int64, Order::C, a.device());
  if (M > 0) {
    if (K == 0) throw ValueError(std::string("attempt to get ") + name + " of an empty sequence");
    detail::ArgReduceTask task;
    task.is_max = is_max;
    task.in = x;
    task.out = r;
    backend_for(a.device()).arg_reduce(task);
  }
  r = r.reshape(result_shape);
  // NumPy reads out= as an int64 array (a copy written back, unsafe): any dtype that
  // casts safely to int64 (bool, the integers up to int64 but uint64).
  // A wrong shape is finish()'s ValueError first, as NumPy checks the shape first.
  if (out.defined() && out.shape() == r.shape() && !can_cast(out.dtype(), int64))
    throw TypeError(std::string("Cannot cast ") + name + " output from int64 to " + out.dtype().name());
  return detail::finish(r, out);
}

}  // namespace

ndarray argmax(const ndarray& a, std::optional<int64_t> axis, bool keepdims, const ndarray& out) {
  return arg_reduce(true, a, axis, keepdims, out);
}
ndarray argmin(const ndarray& a, std::optional<int64_t> axis, bool keepdims, const ndarray& out) {
  return arg_reduce(false, a, axis, keepdims, out);
}

}  // namespace cunumpy
