// The nan-functions as NumPy's _nanfunctions_impl.py composes them: NaN replaced by the
// reduction's identity (_replace_nan), then the plain reduction; nanmax/nanmin are the
// fmax/fmin reductions; nanmean/nanvar divide by the count of non-NaN values.
#include <cmath>
#include <complex>
#include <limits>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/nan_reductions.hpp"
#include "cunumpy/ops/scan.hpp"
#include "ops/reduction/reduction_exec.hpp"

namespace cunumpy {
namespace {

// where(mask, value, a), value a strong scalar of a's dtype (NumPy: a.dtype.type(value)).
ndarray replace(const ndarray& a, const ndarray& mask, const Scalar& value) {
  const Operand in[3] = {Operand(mask), Operand(value.cast(a.dtype())), Operand(a)};
  return ufunc_call("_where", in)[0];
}

// a with its NaN replaced by `value` (a itself when it cannot hold NaN).
ndarray without_nan(const ndarray& a, const Scalar& value) {
  return a.dtype().is_inexact() ? replace(a, isnan(a), value) : a;
}

bool any_true(const ndarray& m) { return m.size() != 0 && any(m).item().to_bool(); }

// NumPy: with an inexact input, nanmean/nanvar need an inexact dtype= and out=.
void check_inexact(const ReduceArgs& args) {
  if (args.dtype && !args.dtype->is_inexact()) throw TypeError("If a is inexact, then dtype must be inexact");
  if (args.out.defined() && !args.out.dtype().is_inexact())
    throw TypeError("If a is inexact, then out must be inexact");
}

// The sums nanmean/nanvar divide: (count of non-NaN values, sum of values) per slice.
std::pair<ndarray, ndarray> count_and_total(const ndarray& arr, const ndarray& mask,
                                            const ReduceArgs& args, bool keepdims) {
  ReduceArgs c;
  c.axis = args.axis;
  c.keepdims = keepdims;
  c.where = args.where;
  ReduceArgs t = c;
  c.dtype = int64;
  t.dtype = args.dtype;
  return {reduce(ReduceOp::Sum, logical_not(mask), c), reduce(ReduceOp::Sum, arr, t)};
}

// A keepdims count reshaped as the result without keepdims.
ndarray drop_kept(const ndarray& cnt, const ndarray& a, const Axes& axis) {
  SmallVector<bool, 8> reduced = detail::reduced_axes(a, axis);
  Shape s;
  for (int d = 0; d < a.ndim(); ++d)
    if (!reduced[d]) s.push_back(a.shape()[d]);
  return cnt.reshape(s);
}

// ddof as the Python number NumPy subtracts: an integer stays an integer operand.
Operand ddof_operand(double ddof) {
  if (ddof == std::floor(ddof) && std::abs(ddof) < 9e15) return Operand(static_cast<int64_t>(ddof));
  return Operand(ddof);
}

DType real_of(DType d) { return d == complex64 ? float32 : d == complex128 ? float64 : d; }

ndarray nan_extremum(ReduceOp op, const ndarray& a, const ReduceArgs& args, OpWarnings* w) {
  ReduceArgs r = args;
  r.axis = args.axis;
  ndarray res = reduce(op, a, r);
  if (!a.dtype().is_inexact() || !w) return res;
  // One value (the common whole-array call): read it instead of reducing isnan of it.
  bool nan;
  if (res.size() == 1) {
    const std::complex<double> v = res.item().to_complex();
    nan = std::isnan(v.real()) || std::isnan(v.imag());
  } else {
    nan = any_true(isnan(res));
  }
  if (nan) w->all_nan_slice = true;
  return res;
}

ndarray nan_arg(bool is_max, const ndarray& a, std::optional<int64_t> axis, bool keepdims,
                const ndarray& out) {
  ndarray x = a;
  if (a.dtype().is_inexact()) {
    const ndarray mask = isnan(a);
    if (mask.size() != 0) {  // an empty input is argmax's own ValueError, as NumPy
      ReduceArgs all_args;
      if (axis && !(a.ndim() == 0 && (*axis == 0 || *axis == -1)))
        all_args.axis = SmallVector<int64_t, 8>{*axis};
      if (any_true(all(mask, all_args))) throw ValueError("All-NaN slice encountered");
    }
    const double inf = std::numeric_limits<double>::infinity();
    x = replace(a, mask, Scalar(is_max ? -inf : inf));
  }
  return is_max ? argmax(x, axis, keepdims, out) : argmin(x, axis, keepdims, out);
}

}  // namespace

ndarray nansum(const ndarray& a, const ReduceArgs& args) {
  ReduceArgs r = args;
  r.axis = args.axis;
  return reduce(ReduceOp::Sum, without_nan(a, Scalar(0)), r);
}

ndarray nanprod(const ndarray& a, const ReduceArgs& args) {
  ReduceArgs r = args;
  r.axis = args.axis;
  return reduce(ReduceOp::Prod, without_nan(a, Scalar(1)), r);
}

ndarray nanmax(const ndarray& a, const ReduceArgs& args, OpWarnings* w) {
  return nan_extremum(ReduceOp::FMax, a, args, w);
}

ndarray nanmin(const ndarray& a, const ReduceArgs& args, OpWarnings* w) {
  return nan_extremum(ReduceOp::FMin, a, args, w);
}

ndarray nanargmax(const ndarray& a, std::optional<int64_t> axis, bool keepdims, const ndarray& out) {
  return nan_arg(true, a, axis, keepdims, out);
}

ndarray nanargmin(const ndarray& a, std::optional<int64_t> axis, bool keepdims, const ndarray& out) {
  return nan_arg(false, a, axis, keepdims, out);
}

ndarray nanmean(const ndarray& a, const ReduceArgs& args, OpWarnings* w) {
  if (!a.dtype().is_inexact()) {
    ndarray r = mean(a, args);
    if (!args.where && reduced_count(a, args.axis) == 0) report(w, &OpWarnings::mean_of_empty_slice);
    return r;
  }
  check_inexact(args);
  const ndarray mask = isnan(a);
  const ndarray arr = replace(a, mask, Scalar(0));
  auto [cnt, tot] = count_and_total(arr, mask, args, args.keepdims);
  ndarray avg = true_divide(tot, cnt);
  const DType want = args.dtype ? *args.dtype : tot.dtype();
  if (avg.dtype() != want) avg = avg.astype(want);
  if (w && any_true(equal(cnt, 0))) w->mean_of_empty_slice = true;
  return detail::finish(avg, args.out);
}

ndarray nanvar(const ndarray& a, const ReduceArgs& args, double ddof, OpWarnings* w) {
  if (!a.dtype().is_inexact()) {
    ndarray r = var(a, args, ddof);
    if (!args.where && static_cast<double>(reduced_count(a, args.axis)) - ddof <= 0)
      report(w, &OpWarnings::degrees_of_freedom);
    return r;
  }
  check_inexact(args);
  const ndarray mask = isnan(a);
  const ndarray arr = replace(a, mask, Scalar(0));
  auto [cnt, tot] = count_and_total(arr, mask, args, true);
  const ndarray avg = true_divide(tot, cnt).astype(tot.dtype());  // NumPy divides in place
  ndarray centered = subtract(arr, avg);
  if (centered.dtype() != arr.dtype()) centered = centered.astype(arr.dtype());  // in place there
  centered = replace(centered, mask, Scalar(0));
  const ndarray sqr = centered.dtype().is_complex()
                          ? multiply(centered, conjugate(centered)).astype(real_of(centered.dtype()))
                          : multiply(centered, centered);
  ReduceArgs s;
  s.axis = args.axis;
  s.dtype = args.dtype;
  s.keepdims = args.keepdims;
  s.where = args.where;
  ndarray v = reduce(ReduceOp::Sum, sqr, s);
  const ndarray dof = subtract(args.keepdims ? cnt : drop_kept(cnt, a, args.axis), ddof_operand(ddof));
  v = true_divide(v, dof);
  const ndarray bad = less_equal(dof, 0);
  if (any_true(bad)) {
    report(w, &OpWarnings::degrees_of_freedom);
    v = replace(v, bad, Scalar(std::numeric_limits<double>::quiet_NaN()));
  }
  // dtype= is the result's dtype, complex included (as var); else complex gives its real type.
  const DType want = args.dtype ? *args.dtype : real_of(arr.dtype());
  if (v.dtype() != want) v = v.astype(want);
  return detail::finish(v, args.out);
}

ndarray nanstd(const ndarray& a, const ReduceArgs& args, double ddof, OpWarnings* w) {
  ndarray v = nanvar(a, args, ddof, w);
  if (!args.out.defined() && v.ndim() == 0) {  // NumPy's scalar branch: var.dtype.type(sqrt(var))
    ndarray r = sqrt(v);
    return r.dtype() == v.dtype() ? r : r.astype(v.dtype());
  }
  UfuncOptions o;
  o.out = {v};  // in place, as NumPy: an integer variance is sqrt's casting TypeError
  return sqrt(v, o);
}

ndarray nancumsum(const ndarray& a, std::optional<int64_t> axis, std::optional<DType> dtype,
                  const ndarray& out) {
  return cumsum(without_nan(a, Scalar(0)), axis, dtype, out);
}

ndarray nancumprod(const ndarray& a, std::optional<int64_t> axis, std::optional<DType> dtype,
                   const ndarray& out) {
  return cumprod(without_nan(a, Scalar(1)), axis, dtype, out);
}

}  // namespace cunumpy
