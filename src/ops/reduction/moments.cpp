// mean, var and std as NumPy's _methods.py computes them: a sum divided by the count, and
// the two-pass variance (mean of |x - mean|^2), with NumPy's result dtypes.
#include <cmath>
#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/base/fp_errors.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "ops/reduction/reduction_exec.hpp"

namespace cunumpy {
namespace {

// The dtype mean/var compute in: dtype= or the input's inexact dtype, else float64.
DType moment_dtype(const ndarray& a, const std::optional<DType>& dtype) {
  if (dtype) return *dtype;
  return a.dtype().is_inexact() ? a.dtype() : float64;
}

// The element count of each result: a number, or with where= an array (keepdims shape).
// Strong, as NumPy's intp count: float16/float32 sums are divided in float64 and rounded
// once (a float16 count above 65504 would be inf).
Operand slice_count(const ndarray& a, const ReduceArgs& args) {
  if (!args.where) return Operand(Scalar(static_cast<double>(reduced_count(a, args.axis))), false);
  ReduceArgs c;
  c.axis = args.axis;
  c.keepdims = true;
  c.dtype = int64;
  ndarray ones(a.shape(), bool_, Order::C, a.device());
  ones.fill(Scalar(true));
  return Operand(reduce(ReduceOp::Sum, detail::masked(ones, *args.where, Scalar(false)), c));
}

// count reshaped to the result of a reduction over args.axis without keepdims.
Operand drop_kept(const Operand& count, const ndarray& a, const ReduceArgs& args) {
  if (count.is_scalar() || args.keepdims) return count;
  SmallVector<bool, 8> reduced = detail::reduced_axes(a, args.axis);
  Shape s;
  for (int d = 0; d < a.ndim(); ++d)
    if (!reduced[d]) s.push_back(a.shape()[d]);
  return Operand(count.array().reshape(s));
}

}  // namespace

// How NumPy names the final division by the count in its floating-point errors: an array
// result is divided by true_divide ("divide"); a 0-d float64/complex128 one by the scalar's
// own arithmetic ("scalar divide"); other 0-d results go back through true_divide.
static const char* division_name(const ndarray& r, const ReduceArgs& args) {
  const bool scalar = r.ndim() == 0 && !args.out.defined() && (r.dtype() == float64 || r.dtype() == complex128);
  return scalar ? "scalar divide" : "divide";
}

ndarray mean(const ndarray& a, const ReduceArgs& args) {
  const DType result = moment_dtype(a, args.dtype);
  ReduceArgs s = args;
  s.dtype = result == float16 ? float32 : result;  // NumPy sums float16 in float32 here
  s.out = ndarray();
  s.initial.reset();
  ndarray total = reduce(ReduceOp::Sum, a, s);
  label_fp_errors("reduce");
  ndarray m = true_divide(total, drop_kept(slice_count(a, args), a, args));
  if (m.dtype() != result) m = m.astype(result);
  label_fp_errors(division_name(m, args));
  return detail::finish(m, args.out);
}

ndarray mean(const ndarray& a, const Axes& axis, std::optional<DType> dtype, bool keepdims) {
  ReduceArgs args;
  args.axis = axis;
  args.dtype = dtype;
  args.keepdims = keepdims;
  return mean(a, args);
}

ndarray var(const ndarray& a, const ReduceArgs& args, double ddof) {
  // As NumPy's _var: sums in `work` (float16 stays float16, accumulated in float32 inside
  // each sum), deviations in the dtype subtract gives.
  const DType work = moment_dtype(a, args.dtype);
  // dtype= is the result's dtype (complex included); else complex inputs give real results.
  const DType result = args.dtype ? *args.dtype
                       : work.is_complex() ? (work == complex64 ? float32 : float64)
                                           : work;
  const Operand count = slice_count(a, args);
  ReduceArgs s = args;
  s.dtype = work;
  s.keepdims = true;
  s.out = ndarray();
  s.initial.reset();
  // Each step's floating-point errors named as NumPy's _var reports them.
  ndarray sum_kept = reduce(ReduceOp::Sum, a, s);
  label_fp_errors("reduce");
  ndarray mean_kept = true_divide(sum_kept, count);
  if (mean_kept.dtype() != work) mean_kept = mean_kept.astype(work);  // NumPy divides in place
  label_fp_errors("divide");
  ndarray centered = subtract(a, mean_kept);
  label_fp_errors("subtract");
  // |x|^2 of complex values as NumPy: the real part of x * conj(x).
  ndarray sq = centered.dtype().is_complex()
                   ? multiply(centered, conjugate(centered))
                         .astype(centered.dtype() == complex64 ? float32 : float64)
                   : multiply(centered, centered);
  label_fp_errors("multiply");
  s.keepdims = args.keepdims;
  s.dtype = result;
  ndarray total = reduce(ReduceOp::Sum, sq, s);
  label_fp_errors("reduce");
  // max(n - ddof, 0): zero gives inf or NaN, as NumPy (which also warns).
  Operand kept = drop_kept(count, a, args);
  Operand denom = kept.is_scalar()
                      ? Operand(Scalar(std::fmax(kept.scalar().to_double() - ddof, 0.0)), false)
                      : Operand(maximum(subtract(kept.array().astype(float64), ddof), 0.0));
  ndarray v = true_divide(total, denom);
  if (v.dtype() != result) v = v.astype(result);
  label_fp_errors(division_name(v, args));
  return detail::finish(v, args.out);
}

ndarray std(const ndarray& a, const ReduceArgs& args, double ddof) {
  ReduceArgs v = args;
  v.out = ndarray();
  ndarray r = var(a, v, ddof);
  ndarray root = sqrt(r);
  // NumPy takes the root in place: an integer or bool result (dtype= or out=) cannot hold
  // it, except a 0-d one, which NumPy rounds through its scalar type.
  const DType target = args.out.defined() ? args.out.dtype() : r.dtype();
  // A wrong out= shape is finish()'s ValueError first, as NumPy checks it first.
  if (!target.is_inexact() && (!args.out.defined() || args.out.shape() == r.shape())) {
    if (args.out.defined() || r.ndim() > 0)
      throw TypeError(std::string("Cannot cast ufunc 'sqrt' output from dtype('") + root.dtype().name() +
                      "') to dtype('" + target.name() + "') with casting rule 'same_kind'");
    root = root.astype(target);
  }
  return detail::finish(root, args.out);
}

}  // namespace cunumpy
