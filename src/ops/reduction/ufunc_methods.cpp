// ufunc.reduce / accumulate / reduceat / outer for any binary ufunc, as NumPy applies them
// (see ufunc_methods.hpp): the engine's kernels where it has them, else ufunc calls.
#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/scan.hpp"
#include "cunumpy/ops/ufunc_methods.hpp"

namespace cunumpy {
namespace {

void require_binary(const Ufunc& uf, const char* method) {
  if (uf.nin != 2 || uf.nout != 1) throw ValueError(std::string(method) + " only supported for binary functions");
}

// The engine's reduction of this ufunc, if any.
std::optional<ReduceOp> engine_op(const Ufunc& uf) {
  if (uf.name == "add") return ReduceOp::Sum;
  if (uf.name == "multiply") return ReduceOp::Prod;
  if (uf.name == "maximum") return ReduceOp::Max;
  if (uf.name == "minimum") return ReduceOp::Min;
  if (uf.name == "fmax") return ReduceOp::FMax;
  if (uf.name == "fmin") return ReduceOp::FMin;
  return std::nullopt;
}

// Exact, associative and commutative ufuncs: any grouping gives NumPy's result, so their
// reduce halves the axis log2(n) times and reduces over several axes at once.
bool reorderable(const Ufunc& uf) {
  static constexpr std::string_view names[] = {"logical_and", "logical_or", "logical_xor", "bitwise_and",
                                               "bitwise_or", "bitwise_xor", "gcd", "fmax", "fmin",
                                               "maximum", "minimum"};
  return std::find(std::begin(names), std::end(names), uf.name) != std::end(names);
}

// Inexact ufuncs NumPy also reduces over several axes at once (in order, here).
bool multi_axis(const Ufunc& uf) {
  return uf.name == "hypot" || uf.name == "logaddexp" || uf.name == "logaddexp2";
}

// The ufunc's identity as NumPy prints it ("0", "1", "-1", "True", "-inf"); none for "".
std::optional<Scalar> identity(const Ufunc& uf) {
  const std::string& t = uf.identity;
  if (t.empty()) return std::nullopt;
  if (t == "True") return Scalar(true);
  if (t == "False") return Scalar(false);
  if (t == "-inf") return Scalar(-HUGE_VAL);
  return Scalar(static_cast<int64_t>(std::stoll(t)));
}

DType loop_output(const Ufunc& uf, DType x) {
  const Operand in[2] = {Operand(Scalar(0).cast(x)), Operand(Scalar(0).cast(x))};
  return resolve_ufunc(uf, in).loop->types[2];
}

[[noreturn]] void no_loop(const Ufunc& uf) {
  throw TypeError("No loop matching the specified signature and casting was found for ufunc " + uf.name);
}

// The dtype reduce/accumulate compute in: dtype=, else the output of uf's loop for two
// inputs of a's dtype, which NumPy requires to be a loop (T, T) -> T that a's dtype casts
// to safely (so equal.reduce of integers is a TypeError, as there).
DType method_dtype(const Ufunc& uf, std::optional<DType> dtype, DType a) {
  if (dtype) {
    if (loop_output(uf, *dtype) != *dtype) no_loop(uf);
    return *dtype;
  }
  const DType r = loop_output(uf, a);
  if (uf.logical) return r;  // NumPy's logical loops read any type and give bool
  if (!can_cast(a, r, Casting::Safe) || loop_output(uf, r) != r) no_loop(uf);
  return r;
}

ndarray call2(const Ufunc& uf, const ndarray& x, const ndarray& y, DType dtype, const ndarray& out = {},
              const std::optional<ndarray>& where = std::nullopt) {
  UfuncOptions o;
  o.dtype = dtype;
  o.inputs_in_dtype = true;
  o.casting = Casting::Unsafe;
  if (out.defined()) o.out = {out};
  o.where = where;
  const Operand in[2] = {Operand(x), Operand(y)};
  return ufunc_call(uf, in, o)[0];
}

ndarray at(const ndarray& x, int64_t i) {
  const Index idx[1] = {i};
  return x[std::span<const Index>(idx)];
}

ndarray range(const ndarray& x, std::optional<int64_t> lo, std::optional<int64_t> hi) {
  const Index idx[1] = {Slice{lo, hi, std::nullopt}};
  return x[std::span<const Index>(idx)];
}

int64_t checked_axis(int64_t ax, int nd) {
  if (ax < -nd || ax >= nd)
    throw AxisError("axis " + std::to_string(ax) + " is out of bounds for array of dimension " + std::to_string(nd));
  return ax < 0 ? ax + nd : ax;
}

ndarray generic_reduce(const Ufunc& uf, const ndarray& a, const ReduceArgs& args) {
  const int nd = a.ndim();
  std::vector<int64_t> axes;
  if (!args.axis) {
    for (int d = 0; d < nd; ++d) axes.push_back(d);
  } else {
    for (int64_t ax : *args.axis) axes.push_back(checked_axis(ax, nd));
  }
  for (std::size_t i = 0; i < axes.size(); ++i)
    if (std::count(axes.begin(), axes.end(), axes[i]) > 1) throw ValueError("duplicate value in 'axis'");
  const DType rdt = method_dtype(uf, args.dtype, a.dtype());
  if (axes.size() > 1 && !reorderable(uf) && !multi_axis(uf))
    throw ValueError("reduction operation '" + uf.name +
                     "' is not reorderable, so at most one axis may be specified");
  std::vector<int64_t> order = axes, kept;
  for (int d = 0; d < nd; ++d)
    if (std::find(axes.begin(), axes.end(), d) == axes.end()) kept.push_back(d);
  order.insert(order.end(), kept.begin(), kept.end());
  int64_t n = 1;
  for (int64_t ax : axes) n *= a.shape()[ax];
  Shape rest, lead{n};
  for (int64_t d : kept) rest.push_back(a.shape()[d]);
  for (int64_t e : rest) lead.push_back(e);
  const ndarray x = a.transpose(order).reshape(lead);
  const std::optional<Scalar> start = args.initial ? args.initial : identity(uf);
  ndarray r;
  if (args.where) {
    if (!start)
      throw ValueError("reduction operation '" + uf.name +
                       "' does not have an identity, so to use a where mask one has to specify 'initial'");
    const ndarray w = broadcast_to(args.where->dtype() == bool_ ? *args.where : args.where->astype(bool_), a.shape())
                          .transpose(order).reshape(lead);
    r = full(rest, start->cast(rdt), rdt);
    for (int64_t i = 0; i < n; ++i) call2(uf, r, at(x, i), rdt, r, at(w, i));
  } else if (n == 0) {
    if (!start) throw ValueError("zero-size array to reduction operation " + uf.name + " which has no identity");
    r = full(rest, start->cast(rdt), rdt);  // -1 of bitwise_and: all ones
  } else if (reorderable(uf) && !args.initial) {
    ndarray y = x.dtype() == rdt ? x : x.astype(rdt);
    while (y.shape()[0] > 1) {
      const int64_t m = y.shape()[0], h = m / 2;
      ndarray z = call2(uf, range(y, 0, h), range(y, h, 2 * h), rdt);
      if (m % 2) {
        const ndarray parts[2] = {z, range(y, 2 * h, std::nullopt)};
        z = concatenate(parts, 0);
      }
      y = z;
    }
    r = at(y, 0);
  } else {
    int64_t first = 1;
    if (args.initial) {
      r = full(rest, args.initial->cast(rdt), rdt);
      first = 0;
    } else {
      r = at(x, 0).astype(rdt);
    }
    for (int64_t i = first; i < n; ++i) r = call2(uf, r, at(x, i), rdt);
  }
  if (args.keepdims) {
    Shape s;
    for (int d = 0; d < nd; ++d)
      s.push_back(std::find(axes.begin(), axes.end(), d) != axes.end() ? 1 : a.shape()[d]);
    r = r.reshape(s);
  }
  if (!args.out.defined()) return r;
  ndarray o = args.out;
  o.assign(broadcast_to(r, o.shape()));
  return o;
}

}  // namespace

ndarray ufunc_reduce(const Ufunc& uf, const ndarray& a, const ReduceArgs& args) {
  require_binary(uf, "reduce");
  if (const auto op = engine_op(uf)) return reduce(*op, a, args);
  if ((uf.name == "logical_and" || uf.name == "logical_or") && (!args.dtype || *args.dtype == bool_) &&
      !args.initial)
    return uf.name == "logical_and" ? all(a, args) : any(a, args);
  return generic_reduce(uf, a, args);
}

ndarray ufunc_accumulate(const Ufunc& uf, const ndarray& a, int64_t axis, std::optional<DType> dtype,
                         const ndarray& out) {
  require_binary(uf, "accumulate");
  if (a.ndim() == 0) throw TypeError("cannot accumulate on a scalar");
  const auto op = engine_op(uf);
  if (op && *op != ReduceOp::FMax && *op != ReduceOp::FMin && (*op >= ReduceOp::Max || !out.defined()))
    return scan(*op, a, axis, dtype, out, !out.defined());  // add/multiply widen as cumsum without out=
  const int64_t ax = checked_axis(axis, a.ndim());
  const DType rdt = !dtype && out.defined() ? out.dtype() : method_dtype(uf, dtype, a.dtype());
  ndarray res = out.defined() ? out : empty(a.shape(), rdt);
  if (res.shape() != a.shape()) throw ValueError("accumulate: out has the wrong shape");
  const ndarray xs = ax ? a.swapaxes(ax, 0) : a;
  const ndarray rs = ax ? res.swapaxes(ax, 0) : res;
  const int64_t n = xs.shape()[0];
  if (n) {
    ndarray r0 = at(rs, 0);
    r0.assign(at(xs, 0));
  }
  for (int64_t i = 1; i < n; ++i) call2(uf, at(rs, i - 1), at(xs, i), rdt, at(rs, i));
  return res;
}

ndarray ufunc_reduceat(const Ufunc& uf, const ndarray& a, std::span<const int64_t> indices, int64_t axis,
                       std::optional<DType> dtype, const ndarray& out) {
  require_binary(uf, "reduceat");
  if (a.ndim() == 0) throw TypeError("reduceat does not support 0-d arrays");
  const int64_t ax = checked_axis(axis, a.ndim());
  const int64_t n = a.shape()[ax];
  for (int64_t v : indices)
    if (v < 0 || v >= n)
      throw IndexError("index " + std::to_string(v) + " out-of-bounds in " + uf.name + ".reduceat [0, " +
                       std::to_string(n) + ")");
  const ndarray x = ax ? a.swapaxes(0, ax) : a;
  ReduceArgs along0;
  along0.axis = SmallVector<int64_t, 8>{0};
  along0.dtype = dtype;
  const DType rdt = n ? ufunc_reduce(uf, range(x, 0, 1), along0).dtype() : a.dtype();
  std::vector<ndarray> parts;
  for (std::size_t i = 0; i < indices.size(); ++i) {
    const int64_t start = indices[i], end = i + 1 < indices.size() ? indices[i + 1] : n;
    ndarray r = start < end ? ufunc_reduce(uf, range(x, start, end), along0) : at(x, start);
    parts.push_back(r.dtype() == rdt ? r : r.astype(rdt));
  }
  Shape empty_shape{0};
  for (int d = 1; d < x.ndim(); ++d) empty_shape.push_back(x.shape()[d]);
  ndarray res = parts.empty() ? empty(empty_shape, rdt) : stack(parts, 0);
  if (ax) res = res.swapaxes(0, ax);
  if (!out.defined()) return res;
  ndarray o = out;
  o.assign(broadcast_to(res, o.shape()));
  return o;
}

std::vector<ndarray> ufunc_outer(const Ufunc& uf, const ndarray& A, const ndarray& B, const UfuncOptions& options) {
  if (uf.nin != 2) throw ValueError("outer product only supported for binary functions");
  Shape s = A.shape();
  for (int d = 0; d < B.ndim(); ++d) s.push_back(1);
  const Operand in[2] = {Operand(A.reshape(s)), Operand(B)};
  return ufunc_call(uf, in, options);
}

}  // namespace cunumpy
