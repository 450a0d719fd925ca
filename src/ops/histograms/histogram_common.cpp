// The host arithmetic of the histogram functions, typed as NumPy types it (each step's
// dtype by NEP 50 promotion, the value computed in double and rounded to that dtype, which
// is exact rounding for float16/float32 single operations), and the counting pass.
#include "ops/histograms/histogram_common.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "core/backend.hpp"
#include "core/backend_tasks_histogram.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/reduction.hpp"

namespace cunumpy::hist {
namespace {

// A weak Python int by its kind only: NumPy's result_type does not check its value.
Operand kind_only(const Operand& o) {
  return o.is_weak() && o.dtype().is_integer() ? Operand(Scalar(0), true) : o;
}

DType add_type(const Operand& a, const Operand& b) {
  static const Ufunc& add = get_ufunc("add");
  const Operand in[2] = {kind_only(a), kind_only(b)};
  return resolve_ufunc(add, in).loop->types[2];
}

// Python's str() of a number, as NumPy's messages print range values.
std::string str(const Scalar& s) {
  if (s.dtype().is_floating()) {
    const double v = s.to_double();
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  }
  return s.repr();
}

bool finite(const Scalar& s) { return !s.dtype().is_floating() || std::isfinite(s.to_double()); }

}  // namespace

Num num(const Operand& o) {
  if (o.is_array()) return Num{o.array().item(), false};
  return Num{o.scalar(), o.is_weak()};
}

long double value(const Scalar& s) {
  if (s.dtype().is_floating()) return s.to_double();
  if (s.dtype().is_unsigned_integer() || s.dtype().is_bool()) return static_cast<long double>(s.to_uint64());
  return static_cast<long double>(s.to_int64());
}

DType result_type(const Num& a, const Num& b) { return add_type(a.op(), b.op()); }
DType result_type(DType array, const Num& b) { return add_type(Operand(Scalar(0).cast(array)), b.op()); }

Num promote(const Num& a, const Num& b) { return Num{Scalar(0).cast(result_type(a, b)), a.weak && b.weak}; }

Num cast(const Num& x, DType d) { return Num{x.v.cast(d), false}; }

Num unsigned_subtract(const Num& last, const Num& first) {
  const DType dt = result_type(last, first);
  const Scalar l = last.v.cast(dt), f = first.v.cast(dt);
  if (dt.is_signed_integer()) {
    const uint64_t d = static_cast<uint64_t>(l.to_int64()) - static_cast<uint64_t>(f.to_int64());
    return Num{Scalar(d).cast(dtype_from_kind('u', dt.itemsize())), false};
  }
  if (dt.is_unsigned_integer()) return Num{Scalar(l.to_uint64() - f.to_uint64()).cast(dt), false};
  if (dt.is_bool()) throw TypeError("numpy boolean subtract, the `-` operator, is not supported");
  return Num{Scalar(l.to_double() - f.to_double()).cast(dt), false};
}

// x >= b (ge) or x <= b as NumPy 2 compares integers with a Python int past their range
// (the result is then all true or all false).
ndarray compare(const ndarray& x, const Num& b, bool ge) {
  if (b.weak && x.dtype().is_integer() && b.dtype().is_integer() &&
      hist::value(b.v.cast(x.dtype())) != hist::value(b.v)) {
    const bool above = hist::value(b.v) > 0;  // past the top of x's range, else below its bottom
    ndarray r = empty(x.shape(), bool_, Order::C, x.device());
    r.fill(Scalar(ge ? !above : above));
    return r;
  }
  return ge ? greater_equal(x, b.op()) : less_equal(x, b.op());
}

ndarray flat_data(const ndarray& a) {
  ndarray x = a.ravel();
  if (x.dtype().is_bool()) x = x.astype(uint8);
  return ascontiguousarray(x);
}

std::pair<Scalar, Scalar> min_max(const ndarray& x) {
  const DType d = x.dtype();
  if (d == float16 || d.is_complex()) return {min(x).item(), max(x).item()};
  Scalar lo, hi;
  detail::MinMaxTask t;
  t.x = x.c_contiguous() ? x : ascontiguousarray(x);
  t.min = &lo;
  t.max = &hi;
  backend_for(x.device()).min_max(t);
  return {lo, hi};
}

std::pair<Num, Num> outer_edges(const ndarray& x, const std::optional<HistogramRange>& range) {
  Num first, last;
  if (range) {
    first = num(range->first);
    last = num(range->last);
    if (value(first.v) > value(last.v)) throw ValueError("max must be larger than min in range parameter.");
    if (!finite(first.v) || !finite(last.v))
      throw ValueError("supplied range of [" + str(first.v) + ", " + str(last.v) + "] is not finite");
  } else if (x.size() == 0) {
    first = Num{Scalar(0), true};
    last = Num{Scalar(1), true};
  } else {
    const auto [lo, hi] = min_max(x);
    first = Num{lo, false};
    last = Num{hi, false};
    if (!finite(first.v) || !finite(last.v))
      throw ValueError("autodetected range of [" + str(first.v) + ", " + str(last.v) + "] is not finite");
  }
  if (value(first.v) == value(last.v)) {
    const Num half{Scalar(0.5), true};
    const DType dt = result_type(first, half);
    first = Num{Scalar(first.v.cast(dt).to_double() - 0.5).cast(dt), first.weak};
    last = Num{Scalar(last.v.cast(dt).to_double() + 0.5).cast(dt), last.weak};
  }
  return {first, last};
}

ndarray linspace_edges(const Num& first, const Num& last, int64_t n, std::optional<DType> dtype, Device device) {
  // NumPy's linspace: computed in result_type(start, stop) made inexact, then cast.
  DType dt = result_type(first, last);
  if (!dt.is_inexact()) dt = float64;
  auto round = [&](double v) { return Scalar(v).cast(dt).to_double(); };
  const double start = first.v.cast(dt).to_double(), stop = last.v.cast(dt).to_double();
  const double delta = round(stop - start);
  const double div = static_cast<double>(n);
  const double step = round(delta / div);
  const int64_t num = n + 1;
  std::vector<Scalar> y(static_cast<std::size_t>(num));
  const DType out = dtype.value_or(dt);
  for (int64_t i = 0; i < num; ++i) {
    const double fi = static_cast<double>(i);
    double v = step == 0 ? round(round(fi / div) * delta) : round(fi * step);
    v = round(v + start);
    if (i == n && n > 0) v = stop;
    y[static_cast<std::size_t>(i)] = Scalar(v).cast(out);
  }
  std::vector<unsigned char> host(static_cast<std::size_t>(num * out.itemsize()));
  for (int64_t i = 0; i < num; ++i) y[static_cast<std::size_t>(i)].store(host.data() + i * out.itemsize());
  return array_from_host(host.data(), Shape{num}, Strides{out.itemsize()}, out, device);
}

ndarray count_values(const ndarray& idx, int64_t n, const ndarray* weights) {
  const Device dev = idx.device();
  const DType dt = weights ? float64 : int64;
  ndarray out = empty(Shape{n}, dt, Order::C, dev);
  out.fill(Scalar(0).cast(dt));
  if (idx.size() == 0 || n == 0) return out;
  detail::HistogramTask t;
  t.binning = detail::HistogramBinning::Values;
  t.x = ascontiguousarray(idx);
  if (weights) t.weights = ascontiguousarray(*weights, float64);
  t.n = n;
  t.out = out;
  backend_for(dev).histogram(t);
  return out;
}

}  // namespace cunumpy::hist
