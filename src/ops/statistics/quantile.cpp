// numpy.quantile/percentile and their nan-variants as NumPy's _function_base_impl computes
// them: each quantile's virtual index into the sorted slice (host arithmetic on q, rounded
// to q's dtype at every step as NumPy's array arithmetic is), the two neighbouring
// positions and the weight between them, then NumPy's _lerp on the device. Direct methods
// (inverted_cdf, closest_observation, lower, higher, nearest, and linear for integer q)
// read one position. The nan-variants plan each slice with its own count of valid values
// (the NaNs sort last); weights (inverted_cdf) walk the weights' normalized cdf.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/nan_reductions.hpp"
#include "cunumpy/ops/order_statistics.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "cunumpy/ops/scan.hpp"
#include "cunumpy/ops/searching.hpp"
#include "cunumpy/ops/sorting.hpp"

namespace cunumpy {
namespace {

constexpr const char* kNames[] = {"inverted_cdf", "averaged_inverted_cdf", "closest_observation",
                                  "interpolated_inverted_cdf", "hazen", "weibull", "linear",
                                  "median_unbiased", "normal_unbiased", "lower", "higher", "midpoint",
                                  "nearest"};

bool direct(QuantileMethod m, DType qd) {
  return m == QuantileMethod::InvertedCdf || m == QuantileMethod::ClosestObservation || m == QuantileMethod::Lower ||
         m == QuantileMethod::Higher || m == QuantileMethod::Nearest ||
         (m == QuantileMethod::Linear && !qd.is_inexact());  // an integer virtual index
}

// One quantile's positions in a sorted slice of n values: prev == next for direct methods,
// -1 meaning the slice's last value.
struct Pick {
  int64_t prev = 0, next = 0;
  double gamma = 0;
};

Pick plan(QuantileMethod m, int64_t count, double q, DType qd) {
  const DType d = qd.is_inexact() ? qd : float64;  // integer q: NumPy's float64 arithmetic
  auto R = [&](double v) { return d == float64 ? v : Scalar(v).cast(d).to_double(); };
  const double n = static_cast<double>(count);
  auto boundaries = [&](double index, bool odd_rule) {  // _discrete_interpolation_to_boundaries
    const double prev = std::floor(index), gamma = R(index - prev);
    const bool take_prev = gamma == 0 && (!odd_rule || std::fmod(prev, 2.0) != 0);
    const int64_t r = static_cast<int64_t>(take_prev ? prev : prev + 1);
    return std::max<int64_t>(r, 0);
  };
  auto one = [](int64_t i) { return Pick{i, i, 0}; };
  const double lin = R((n - 1) * q);
  switch (m) {
    case QuantileMethod::InvertedCdf: return one(boundaries(R(R(n * q) - 1), false));
    case QuantileMethod::ClosestObservation: return one(boundaries(R(R(R(n * q) - 1) - 0.5), true));
    case QuantileMethod::Lower: return one(static_cast<int64_t>(std::floor(lin)));
    case QuantileMethod::Higher: return one(static_cast<int64_t>(std::ceil(lin)));
    case QuantileMethod::Nearest: return one(static_cast<int64_t>(std::nearbyint(lin)));  // half to even
    default: break;
  }
  if (m == QuantileMethod::Linear && !qd.is_inexact()) return one(static_cast<int64_t>((count - 1) * static_cast<int64_t>(q)));
  auto hf = [&](double alpha, double beta) {  // n q + (alpha + q (1 - alpha - beta)) - 1
    return R(R(R(n * q) + R(alpha + R(q * (1 - alpha - beta)))) - 1);
  };
  double v = lin;
  switch (m) {
    case QuantileMethod::AveragedInvertedCdf: v = R(R(n * q) - 1); break;
    case QuantileMethod::InterpolatedInvertedCdf: v = hf(0, 1); break;
    case QuantileMethod::Hazen: v = hf(0.5, 0.5); break;
    case QuantileMethod::Weibull: v = hf(0, 0); break;
    case QuantileMethod::MedianUnbiased: v = hf(1 / 3.0, 1 / 3.0); break;
    case QuantileMethod::NormalUnbiased: v = hf(3 / 8.0, 3 / 8.0); break;
    case QuantileMethod::Midpoint: v = R(0.5 * R(std::floor(lin) + std::ceil(lin))); break;
    default: break;  // linear
  }
  double p = std::floor(v), x = p + 1;  // NumPy's _get_indexes
  if (v >= n - 1) p = x = -1;
  if (v < 0) p = x = 0;
  if (std::isnan(v)) p = x = -1;
  double gamma = R(v - p);  // NumPy's _get_gamma and the method's fix-up
  if (m == QuantileMethod::AveragedInvertedCdf) gamma = gamma == 0 ? 0.5 : 1.0;
  if (m == QuantileMethod::Midpoint) gamma = std::fmod(v, 1.0) == 0 ? 0.0 : 0.5;
  return Pick{static_cast<int64_t>(p), static_cast<int64_t>(x), gamma};
}

// a with the reduced axes merged last: (rest..., n), the kept axes' shape and the
// keepdims shape (q's axes first).
struct Merged {
  ndarray x;
  Shape rest, kept_dims;
  int64_t n = 1;
  std::vector<int64_t> order;
};

Merged merge(const ndarray& a, const Axes& axis, const Shape& q_shape) {
  const int nd = a.ndim();
  SmallVector<bool, 8> reduced(static_cast<std::size_t>(nd), !axis);
  std::vector<int64_t> axes;
  if (axis)
    for (int64_t ax : *axis) {
      if (ax < -nd || ax >= nd)
        throw AxisError("axis " + std::to_string(ax) + " is out of bounds for array of dimension " + std::to_string(nd));
      const int64_t v = ax < 0 ? ax + nd : ax;
      if (reduced[v]) throw ValueError("repeated axis");
      reduced[v] = true;
      axes.push_back(v);
    }
  Merged m;
  m.kept_dims = q_shape;
  for (int d = 0; d < nd; ++d) {
    if (!reduced[d]) {
      m.order.push_back(d);
      m.rest.push_back(a.shape()[d]);
    } else {
      m.n *= a.shape()[d];
    }
    m.kept_dims.push_back(reduced[d] ? 1 : a.shape()[d]);
  }
  for (int d = 0; d < nd; ++d)
    if (reduced[d]) m.order.push_back(d);
  Shape xs = m.rest;
  xs.push_back(m.n);
  m.x = a.transpose(m.order).reshape(xs);
  return m;
}

// Moves the trailing `nq` axes (after the kept axes) to the front, as NumPy orders them.
ndarray q_first(const ndarray& r, int nq) {
  if (nq == 0 || r.ndim() == nq) return r;
  std::vector<int64_t> order;
  for (int d = r.ndim() - nq; d < r.ndim(); ++d) order.push_back(d);
  for (int d = 0; d < r.ndim() - nq; ++d) order.push_back(d);
  return r.transpose(order);
}

ndarray host_array(const std::vector<int64_t>& v, const Shape& shape, Device dev) {
  return array_from_host(v.data(), shape, contiguous_strides(shape, 8), int64, dev);
}

// The interpolation weights as a strong array of q's dtype (float64 for integer q).
ndarray gamma_array(const std::vector<double>& g, const Shape& shape, DType qd, Device dev) {
  const ndarray t = array_from_host(g.data(), shape, contiguous_strides(shape, 8), float64, dev);
  return qd.is_inexact() && qd != float64 ? t.astype(qd) : t;
}

// NumPy's _lerp: a + (b - a) t, from b's side (b - (b - a)(1 - t)) where t >= 0.5.
ndarray lerp(const ndarray& lo, const ndarray& hi, const ndarray& t, const ndarray& one_minus_t,
             const ndarray& from_b_mask) {
  const ndarray diff = subtract(hi, lo);
  ndarray r = add(lo, multiply(diff, t));
  const ndarray from_b = subtract(hi, multiply(diff, one_minus_t));
  UfuncOptions o;
  o.out = {r};
  o.casting = Casting::Unsafe;
  const Operand in[3] = {Operand(from_b_mask), Operand(from_b), Operand(r)};
  ufunc_call("_where", in, o);
  return r;
}

// _lerp with a weak scalar weight (NumPy's float(gamma)).
ndarray lerp_weak(const ndarray& lo, const ndarray& hi, double t) {
  const ndarray diff = subtract(hi, lo);
  if (t >= 0.5) {
    const ndarray r = add(lo, multiply(diff, t));
    return subtract(hi, multiply(diff, 1 - t)).astype(r.dtype());
  }
  return add(lo, multiply(diff, t));
}

// dst = src where mask (copyto(dst, src, casting='unsafe', where=mask)).
void copy_where(ndarray& dst, const Operand& src, const ndarray& mask) {
  UfuncOptions o;
  o.out = {dst};
  o.casting = Casting::Unsafe;
  const Operand in[3] = {Operand(mask), src, Operand(dst)};
  ufunc_call("_where", in, o);
}

ndarray last_of(const ndarray& s) {
  const Index li[2] = {ellipsis, int64_t{-1}};
  return s[std::span<const Index>(li)];
}

ndarray finish(ndarray r, const Merged& m, const Shape& q_shape, bool keepdims, const ndarray& out) {
  Shape full = q_shape;
  for (int64_t e : m.rest) full.push_back(e);
  r = r.reshape(keepdims ? m.kept_dims : full);
  if (!out.defined()) return r.c_contiguous() ? r : ascontiguousarray(r);
  ndarray o = out;
  o.assign(broadcast_to(r, o.shape()));
  return o;
}

void check_q(std::span<const double> q, const Shape& q_shape, bool percent) {
  for (double v : q)
    if (!(v >= 0 && v <= (percent ? 100 : 1)))
      throw ValueError(percent ? "Percentiles must be in the range [0, 100]" : "Quantiles must be in the range [0, 1]");
  if (static_cast<int64_t>(q.size()) != shape_size(q_shape)) throw ValueError("q's size does not match q_shape");
  if (q_shape.size() > 2) throw ValueError("q must be a scalar or 1d");
}

// q / 100 in q's dtype (NumPy's true_divide of the percentiles).
std::vector<double> percent_to_unit(std::span<const double> q, DType qd) {
  std::vector<double> r(q.size());
  for (std::size_t i = 0; i < q.size(); ++i) {
    const double v = q[i] / 100;
    r[i] = qd.is_inexact() && qd != float64 ? Scalar(v).cast(qd).to_double() : v;
  }
  return r;
}

// NumPy's _weights_are_valid: weights of a's shape, or of a's shape along the axes (in the
// order given), broadcast along them.
ndarray full_weights(const ndarray& a, const ndarray& w, const Axes& axis) {
  if (w.shape() == a.shape()) return w;
  if (!axis) throw TypeError("Axis must be specified when shapes of a and weights differ.");
  const int nd = a.ndim();
  std::vector<int64_t> axes;
  Shape along;
  for (int64_t ax : *axis) {
    const int64_t v = ax < 0 ? ax + nd : ax;
    axes.push_back(v);
    along.push_back(v >= 0 && v < nd ? a.shape()[v] : -1);
  }
  if (w.shape() != along)
    throw ValueError("Shape of weights must be consistent with shape of a along specified axis.");
  std::vector<int64_t> perm(axes.size());  // argsort(axis): w's axes in a's order
  for (std::size_t i = 0; i < perm.size(); ++i) perm[i] = static_cast<int64_t>(i);
  std::sort(perm.begin(), perm.end(), [&](int64_t x, int64_t y) { return axes[x] < axes[y]; });
  Shape bshape(static_cast<std::size_t>(nd), 1);
  for (int64_t v : axes) bshape[v] = a.shape()[v];
  return broadcast_to(w.transpose(perm).reshape(bshape), a.shape());
}

// method='inverted_cdf' with weights: per slice the first sorted position whose normalized
// cumulative weight reaches q (NumPy's searchsorted of the cdf, counted here).
ndarray weighted(const ndarray& a, std::span<const double> q, const Shape& q_shape, const Axes& axis,
                 bool keepdims, const ndarray& out, DType qd, const ndarray& weights, bool ignore_nan,
                 OpWarnings* warnings) {
  ndarray w = full_weights(a, weights, axis);
  if (any(less(w, 0)).item().to_bool()) throw ValueError("Weights must be non-negative.");
  const Merged m = merge(a, axis, q_shape);
  const Merged mw = merge(w, axis, q_shape);
  const bool nans = a.dtype().is_inexact();
  ndarray x = m.x, wx = mw.x;
  ndarray empty_rows;
  if (ignore_nan && nans) {  // NaNs weigh nothing; a slice of NaNs only gives NaN
    const ndarray isn = isnan(x);
    wx = where(isn, Operand(0.0), Operand(wx));
    ReduceArgs along_last;
    along_last.axis = SmallVector<int64_t, 8>{-1};
    empty_rows = all(isn, along_last);
    if (any(empty_rows).item().to_bool()) {
      report(warnings, &OpWarnings::all_nan_slice);
      Shape es = m.rest;
      es.push_back(1);
      wx = where(empty_rows.reshape(es), Operand(1.0), Operand(wx));
    }
  }
  const int64_t n = m.n;
  const ndarray order = argsort(x, -1);
  // Row-major flat positions of the sorted order: take_along_axis through one flat take.
  const int64_t rows = shape_size(m.rest);
  Shape rs = m.rest;
  rs.push_back(1);
  const ndarray base = arange(Scalar(0), Scalar(rows * n), Scalar(n), int64).reshape(rs);
  const ndarray flat_order = add(order, base);
  const ndarray s = take(ascontiguousarray(x).reshape(Shape{rows * n}), flat_order.reshape(Shape{-1}), 0).reshape(x.shape());
  const ndarray ws = take(ascontiguousarray(wx).reshape(Shape{rows * n}), flat_order.reshape(Shape{-1}), 0).reshape(x.shape());
  ndarray cdf = cumsum(ws, -1, float64);
  const Index li[2] = {ellipsis, Slice{int64_t{-1}, std::nullopt, std::nullopt}};
  cdf = true_divide(cdf, cdf[std::span<const Index>(li)]);
  if (any(isnan(last_of(cdf))).item().to_bool()) throw ValueError("Weights included NaN, inf or were all zero.");
  if (qd.is_floating()) cdf = cdf.astype(qd);
  cdf = where(equal(cdf, 0), Operand(-1.0), Operand(cdf));  // leading zero weights never picked
  const std::size_t nq = q.size();
  const ndarray qa = gamma_array(std::vector<double>(q.begin(), q.end()), Shape{static_cast<int64_t>(nq)},
                                 qd.is_inexact() ? qd : float64, a.device());
  Shape cs = m.rest;
  cs.push_back(1);
  cs.push_back(n);
  const ndarray below = less(cdf.reshape(cs), qa.reshape(Shape{static_cast<int64_t>(nq), 1}));
  const ndarray idx = minimum(count_nonzero(below, SmallVector<int64_t, 8>{-1}), n - 1);  // (rest..., nq)
  const ndarray flat_idx = add(idx, base.reshape(rs));
  ndarray r = take(s.reshape(Shape{rows * n}), flat_idx.reshape(Shape{-1}), 0);
  Shape r_shape = m.rest;
  r_shape.push_back(static_cast<int64_t>(nq));
  r = ascontiguousarray(q_first(r.reshape(r_shape), 1));
  if (nans && !ignore_nan) {
    const ndarray last = last_of(s);
    copy_where(r, Operand(last), isnan(last));
  }
  if (empty_rows.defined()) copy_where(r, Operand(std::numeric_limits<double>::quiet_NaN()), empty_rows);
  return finish(r, m, q_shape, keepdims, out);
}

ndarray quantile_impl(const ndarray& a, std::span<const double> q, const Shape& q_shape, const Axes& axis,
                      QuantileMethod method, bool keepdims, const ndarray& out, DType qd, bool weak_q,
                      const std::optional<ndarray>& weights) {
  if (weights) return weighted(a, q, q_shape, axis, keepdims, out, qd, *weights, false, nullptr);
  const Merged m = merge(a, axis, q_shape);
  const ndarray s = sort(m.x, -1);
  const std::size_t nq = q.size();
  const int nqd = static_cast<int>(q_shape.size()) > 0 ? 1 : 0;
  Shape gshape{static_cast<int64_t>(nq)};
  for (std::size_t d = 0; d < m.rest.size(); ++d) gshape.push_back(1);
  ndarray r;
  std::vector<int64_t> prev(nq), next(nq);
  std::vector<double> gamma(nq);
  for (std::size_t i = 0; i < nq; ++i) {
    const Pick p = plan(method, m.n, q[i], qd);
    prev[i] = p.prev;
    next[i] = p.next;
    gamma[i] = p.gamma;
  }
  const Device dev = s.device();
  const ndarray lo = q_first(take(s, host_array(prev, Shape{static_cast<int64_t>(nq)}, dev), -1), 1);
  if (direct(method, qd)) {
    r = lo;
  } else {
    const ndarray hi = q_first(take(s, host_array(next, Shape{static_cast<int64_t>(nq)}, dev), -1), 1);
    // NumPy's float(gamma) for a Python-number q: a weak scalar t.
    if (weak_q) {
      r = lerp_weak(lo, hi, gamma[0]);
    } else {
      const ndarray t = gamma_array(gamma, gshape, qd, dev);
      r = lerp(lo, hi, t, subtract(1, t), greater_equal(t, 0.5));
    }
  }
  (void)nqd;
  r = ascontiguousarray(r);
  if (a.dtype().is_inexact() && m.n > 0) {  // NaNs sort last: a slice holding one gives NaN
    const ndarray last = last_of(s);
    copy_where(r, Operand(last), isnan(last));
  }
  return finish(r, m, q_shape, keepdims, out);
}

ndarray nanquantile_impl(const ndarray& a, std::span<const double> q, const Shape& q_shape, const Axes& axis,
                         QuantileMethod method, bool keepdims, const ndarray& out, DType qd, bool weak_q,
                         const std::optional<ndarray>& weights, OpWarnings* warnings) {
  if (a.size() == 0) {  // NumPy: nanmean of the empty array, whatever q
    ReduceArgs args;
    args.axis = axis;
    args.keepdims = keepdims;
    args.out = out;
    return nanmean(a, args, warnings);
  }
  if (!a.dtype().is_inexact()) return quantile_impl(a, q, q_shape, axis, method, keepdims, out, qd, weak_q, weights);
  if (weights) return weighted(a, q, q_shape, axis, keepdims, out, qd, *weights, true, warnings);
  const Merged m = merge(a, axis, q_shape);
  const ndarray s = sort(m.x, -1);
  const int64_t n = m.n;
  // Valid values per slice (NaNs sort last), read to the host to plan each slice.
  const std::vector<int64_t> c =
      count_nonzero(logical_not(isnan(s)), SmallVector<int64_t, 8>{-1}).ravel().to_vector<int64_t>();
  const int64_t rows = static_cast<int64_t>(c.size());
  const std::size_t nq = q.size();
  std::vector<int64_t> prev(nq * rows), next(nq * rows);
  std::vector<double> gamma(nq * rows);
  std::vector<uint8_t> empty(static_cast<std::size_t>(rows));
  bool any_empty = false;
  auto clip = [&](int64_t i, int64_t k) { return std::clamp<int64_t>(i < 0 ? k - 1 : i, 0, n - 1); };
  for (int64_t i = 0; i < rows; ++i) {
    empty[i] = c[i] == 0;
    any_empty = any_empty || c[i] == 0;
    for (std::size_t j = 0; j < nq; ++j) {
      const Pick p = plan(method, c[i], q[j], qd);
      const std::size_t at = j * rows + i;  // q-major: reshapes to (q..., rest...)
      prev[at] = i * n + clip(p.prev, c[i]);
      next[at] = i * n + clip(p.next, c[i]);
      gamma[at] = std::isnan(p.gamma) ? 0 : p.gamma;
    }
  }
  if (any_empty) report(warnings, &OpWarnings::all_nan_slice);
  const Device dev = s.device();
  Shape rshape{static_cast<int64_t>(nq)};
  for (int64_t e : m.rest) rshape.push_back(e);
  const ndarray flat = s.reshape(Shape{rows * n});
  const ndarray lo = take(flat, host_array(prev, Shape{static_cast<int64_t>(nq * rows)}, dev), 0).reshape(rshape);
  ndarray r;
  if (direct(method, qd)) {
    r = lo;
  } else {
    const ndarray hi = take(flat, host_array(next, Shape{static_cast<int64_t>(nq * rows)}, dev), 0).reshape(rshape);
    if (weak_q) {
      // A Python-number q: each slice's weight is NumPy's float(gamma), a weak scalar: t and
      // 1 - t are taken in double and then meet the data's dtype.
      const DType wd = a.dtype().is_floating() ? a.dtype() : float64;
      std::vector<double> om(gamma.size());
      std::vector<uint8_t> from_b(gamma.size());
      for (std::size_t i = 0; i < gamma.size(); ++i) {
        om[i] = 1 - gamma[i];
        from_b[i] = gamma[i] >= 0.5;
      }
      const ndarray t = gamma_array(gamma, rshape, float64, dev).astype(wd);
      const ndarray one_minus = gamma_array(om, rshape, float64, dev).astype(wd);
      const ndarray mask = array_from_host(from_b.data(), rshape, contiguous_strides(rshape, 1), bool_, dev);
      r = lerp(lo, hi, t, one_minus, mask);
    } else {
      const ndarray t = gamma_array(gamma, rshape, qd, dev);
      r = lerp(lo, hi, t, subtract(1, t), greater_equal(t, 0.5));
    }
  }
  r = ascontiguousarray(r);
  if (any_empty) {
    const ndarray mask = array_from_host(empty.data(), m.rest, contiguous_strides(m.rest, 1), bool_, dev);
    copy_where(r, Operand(std::numeric_limits<double>::quiet_NaN()), mask);
  }
  return finish(r, m, q_shape, keepdims, out);
}

void check_args(const ndarray& a, QuantileMethod method, const std::optional<ndarray>& weights) {
  if (a.dtype().is_complex()) throw TypeError("a must be an array of real numbers");
  if (weights && method != QuantileMethod::InvertedCdf)
    throw ValueError(std::string("Only method 'inverted_cdf' supports weights. Got: ") +
                     kNames[static_cast<int>(method)] + ".");
}

}  // namespace

QuantileMethod quantile_method(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kNames); ++i)
    if (name == kNames[i]) return static_cast<QuantileMethod>(i);
  std::string all;
  for (const char* n : kNames) all += std::string(all.empty() ? "" : ", ") + "'" + n + "'";
  throw ValueError("'" + std::string(name) + "' is not a valid method. Use one of: " + all);
}

ndarray quantile(const ndarray& a, std::span<const double> q, const Shape& q_shape, const Axes& axis,
                 QuantileMethod method, bool keepdims, const ndarray& out, DType q_dtype, bool weak_q,
                 const std::optional<ndarray>& weights) {
  check_args(a, method, weights);
  check_q(q, q_shape, false);
  return quantile_impl(a, q, q_shape, axis, method, keepdims, out, q_dtype, weak_q, weights);
}

ndarray percentile(const ndarray& a, std::span<const double> q, const Shape& q_shape, const Axes& axis,
                   QuantileMethod method, bool keepdims, const ndarray& out, DType q_dtype, bool weak_q,
                   const std::optional<ndarray>& weights) {
  check_args(a, method, weights);
  check_q(q, q_shape, true);
  const std::vector<double> u = percent_to_unit(q, q_dtype);
  return quantile_impl(a, u, q_shape, axis, method, keepdims, out, q_dtype, weak_q, weights);
}

ndarray nanquantile(const ndarray& a, std::span<const double> q, const Shape& q_shape, const Axes& axis,
                    QuantileMethod method, bool keepdims, const ndarray& out, DType q_dtype, bool weak_q,
                    const std::optional<ndarray>& weights, OpWarnings* warnings) {
  check_args(a, method, weights);
  check_q(q, q_shape, false);
  return nanquantile_impl(a, q, q_shape, axis, method, keepdims, out, q_dtype, weak_q, weights, warnings);
}

ndarray nanpercentile(const ndarray& a, std::span<const double> q, const Shape& q_shape, const Axes& axis,
                      QuantileMethod method, bool keepdims, const ndarray& out, DType q_dtype, bool weak_q,
                      const std::optional<ndarray>& weights, OpWarnings* warnings) {
  check_args(a, method, weights);
  check_q(q, q_shape, true);
  const std::vector<double> u = percent_to_unit(q, q_dtype);
  return nanquantile_impl(a, u, q_shape, axis, method, keepdims, out, q_dtype, weak_q, weights, warnings);
}

}  // namespace cunumpy
