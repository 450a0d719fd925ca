// Reductions: NumPy's axis handling, keywords and result dtypes, then a backend reduces an
// (M, K) view along its last axis (reduced axes moved last, kept axes first).
#include <cmath>
#include <string>

#include "cunumpy/base/errors.hpp"
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
    case ReduceOp::Min: return "minimum";
    case ReduceOp::FMax: return "fmax";
    default: return "fmin";
  }
}

// NumPy's default result dtype of sum/prod: small integers widen to the platform integer.
DType sum_dtype(DType d) {
  if (d.is_bool() || (d.is_signed_integer() && d.itemsize() < 8)) return int64;
  if (d.is_unsigned_integer() && d.itemsize() < 8) return uint64;
  return d;
}

// NumPy converts initial= to an integer loop dtype as a Python scalar: NaN, infinity and
// out-of-range Python integers raise instead of wrapping.
void check_initial(const Scalar& v, DType d) {
  if (!d.is_integer()) return;
  if (v.dtype().is_floating()) {
    const double f = v.to_double();
    if (std::isnan(f)) throw ValueError("cannot convert float NaN to integer");
    if (std::isinf(f)) throw OverflowError("cannot convert float infinity to integer");
    return;
  }
  if (v.dtype() != int64 && v.dtype() != uint64) return;
  const IInfo info = iinfo(d);
  const int64_t x = v.to_int64();
  const bool fits = v.dtype() == uint64 ? v.to_uint64() <= info.max
                                        : x >= info.min && (x < 0 || static_cast<uint64_t>(x) <= info.max);
  if (!fits) throw OverflowError("Python integer " + v.repr() + " out of bounds for " + d.name());
}

}  // namespace

namespace detail {

SmallVector<bool, 8> reduced_axes(const ndarray& a, const Axes& axis) {
  const int nd = a.ndim();
  SmallVector<bool, 8> reduced(nd, !axis.has_value());
  if (axis) {
    for (int64_t ax : *axis) {
      int d = normalize_axis(ax, nd);
      if (reduced[d]) throw ValueError("duplicate value in 'axis'");
      reduced[d] = true;
    }
  }
  return reduced;
}

ndarray reduce_core(ReduceOp op, const ndarray& x, const SmallVector<bool, 8>& reduced,
                    bool keepdims, const std::optional<Scalar>& empty_value) {
  const int nd = x.ndim();
  Shape out_shape;
  SmallVector<int64_t, 8> perm;
  int64_t M = 1, K = 1;
  for (int d = 0; d < nd; ++d) {
    if (!reduced[d]) {
      perm.push_back(d);
      out_shape.push_back(x.shape()[d]);
      M *= x.shape()[d];
    } else if (keepdims) {
      out_shape.push_back(1);
    }
  }
  for (int d = 0; d < nd; ++d)
    if (reduced[d]) {
      perm.push_back(d);
      K *= x.shape()[d];
    }
  // The result in its final shape: the executors read only its data (M elements, C order).
  ndarray out(out_shape, x.dtype(), Order::C, x.device());
  if (M > 0 && K == 0) {
    if (!empty_value)
      throw ValueError(std::string("zero-size array to reduction operation ") + op_name(op) +
                       " which has no identity");
    out.fill(*empty_value);
  } else if (M > 0) {
    ReduceTask task;
    task.op = op;
    // Views only where needed: most calls reduce trailing axes (perm is the identity), and
    // each view costs an allocation on the per-call path.
    bool identity = true;
    for (int d = 0; d < nd; ++d) identity = identity && perm[d] == d;
    const ndarray moved = identity ? x : x.transpose(std::span<const int64_t>(perm.data(), perm.size()));
    const bool is_mk = moved.ndim() == 2 && moved.shape()[0] == M && moved.shape()[1] == K;
    task.in = is_mk ? moved : moved.reshape(Shape{M, K});
    task.out = out;
    backend_for(x.device()).reduce(task);
  }
  return out;
}

// Writes `r` into `out` when it is given (its shape must be the result's; values are cast
// unsafely, as NumPy's reductions write out=) and returns what the caller gets back.
ndarray finish(const ndarray& r, const ndarray& out) {
  if (!out.defined()) return r;
  if (out.shape() != r.shape())
    throw ValueError("output parameter for reduction operation has shape " + shape_str(out.shape()) +
                     ", expected " + shape_str(r.shape()));
  ndarray o = out;
  o.assign(r);
  return o;
}

// `a` with the elements where `mask` is false replaced by `fill` (already in a's dtype).
ndarray masked(const ndarray& a, const ndarray& mask, const Scalar& fill) {
  const Operand in[3] = {Operand(mask.dtype() == bool_ ? mask : mask.astype(bool_)), Operand(a),
                         Operand(fill.cast(a.dtype()))};
  ndarray r = ufunc_call("_where", in)[0];
  if (r.shape() != a.shape())
    throw ValueError("operands could not be broadcast together: where= of shape " +
                     shape_str(mask.shape()) + " and an array of shape " + shape_str(a.shape()));
  return r;
}

}  // namespace detail

int64_t reduced_count(const ndarray& a, const Axes& axis) {
  SmallVector<bool, 8> reduced = detail::reduced_axes(a, axis);
  int64_t n = 1;
  for (int d = 0; d < a.ndim(); ++d)
    if (reduced[d]) n *= a.shape()[d];
  return n;
}

ndarray reduce(ReduceOp op, const ndarray& a, const ReduceArgs& args) {
  if (!a.defined()) throw ValueError("reduction of an undefined array");
  SmallVector<bool, 8> reduced = detail::reduced_axes(a, args.axis);
  const bool extremum = op != ReduceOp::Sum && op != ReduceOp::Prod;
  DType result = args.dtype ? *args.dtype : extremum ? a.dtype() : sum_dtype(a.dtype());
  // Without dtype=, NumPy's loop is chosen from out= and the input together: an inexact
  // out= makes an integer reduction compute in floating point (no integer overflow, a NaN
  // initial= stays NaN), max/min compare in the common type (initial=-3 with uint16 input
  // and an int8 out=). Integer sums and products are the same modulo 2**n in the wider
  // type they keep. initial= is checked against that common type.
  DType loop = result;
  if (!args.dtype && args.out.defined()) {
    loop = promote_types(args.out.dtype(), a.dtype());
    if (loop.is_inexact() || extremum) result = loop;
  }
  // float16 accumulates in float32 (NumPy's half loops compute in float).
  const DType acc = result == float16 ? float32 : result;
  std::optional<Scalar> identity;
  if (op == ReduceOp::Sum) identity = Scalar(0);
  if (op == ReduceOp::Prod) identity = Scalar(1);
  std::optional<Scalar> start = args.initial ? args.initial : identity;
  if (start) start = start->cast(acc);

  ndarray x = a.astype(acc, Order::K, Casting::Unsafe, /*copy=*/false);
  if (args.where) {
    if (!start)
      throw ValueError(std::string("reduction operation '") + op_name(op) +
                       "' does not have an identity, so to use a where mask one has to specify 'initial'");
    // Masked-out elements become the identity; max/min have none, but `initial` is as good
    // there (max(v, initial) is idempotent), and it joins every slice anyway.
    x = detail::masked(x, *args.where, identity ? identity->cast(acc) : *start);
  }
  // After where='s broadcast check, as NumPy orders them.
  if (args.initial) check_initial(*args.initial, loop == result ? acc : loop);
  ndarray r = detail::reduce_core(op, x, reduced, args.keepdims, start);
  if (args.initial && reduced_count(a, args.axis) > 0 && r.size() > 0) {
    const Operand in[2] = {Operand(r), Operand(*start)};
    UfuncOptions o;
    o.out.push_back(r);
    ufunc_call(op_name(op), in, o);
  }
  if (acc != result) r = r.astype(result);
  return detail::finish(r, args.out);
}

ndarray reduce(ReduceOp op, const ndarray& a, const Axes& axis, std::optional<DType> dtype,
               bool keepdims) {
  ReduceArgs args;
  args.axis = axis;
  args.dtype = dtype;
  args.keepdims = keepdims;
  return reduce(op, a, args);
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

namespace {

// all/any: min/max over the truth values (bool minimum is `and`, maximum is `or`).
ndarray truth_reduce(bool is_all, const ndarray& a, const ReduceArgs& args) {
  if (!a.defined()) throw ValueError("reduction of an undefined array");
  SmallVector<bool, 8> reduced = detail::reduced_axes(a, args.axis);
  ndarray x = a.astype(bool_, Order::K, Casting::Unsafe, /*copy=*/false);
  if (args.where) x = detail::masked(x, *args.where, Scalar(is_all));
  ndarray r = detail::reduce_core(is_all ? ReduceOp::Min : ReduceOp::Max, x, reduced,
                                  args.keepdims, Scalar(is_all));
  return detail::finish(r, args.out);
}

}  // namespace

ndarray all(const ndarray& a, const ReduceArgs& args) { return truth_reduce(true, a, args); }
ndarray any(const ndarray& a, const ReduceArgs& args) { return truth_reduce(false, a, args); }

ndarray count_nonzero(const ndarray& a, const Axes& axis, bool keepdims) {
  ndarray b = a.astype(bool_, Order::K, Casting::Unsafe, /*copy=*/false);
  return reduce(ReduceOp::Sum, b, axis, int64, keepdims);
}

}  // namespace cunumpy
