// numpy.quantile's methods as NumPy's _function_base_impl computes them: each quantile's
// virtual index into the sorted slice (host arithmetic on q, in float64 as for NumPy's
// float q), the two neighbouring positions and the weight between them, then NumPy's _lerp
// on the device. Direct methods (inverted_cdf, closest_observation, lower, higher, nearest)
// read one position.
#include <cmath>
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/order_statistics.hpp"
#include "cunumpy/ops/sorting.hpp"

namespace cunumpy {
namespace {

constexpr const char* kNames[] = {"inverted_cdf", "averaged_inverted_cdf", "closest_observation",
                                  "interpolated_inverted_cdf", "hazen", "weibull", "linear",
                                  "median_unbiased", "normal_unbiased", "lower", "higher", "midpoint",
                                  "nearest"};

bool direct(QuantileMethod m) {
  return m == QuantileMethod::InvertedCdf || m == QuantileMethod::ClosestObservation || m == QuantileMethod::Lower ||
         m == QuantileMethod::Higher || m == QuantileMethod::Nearest;
}

// H&F's continuous methods: n q + (alpha + q (1 - alpha - beta)) - 1.
double hf_index(double n, double q, double alpha, double beta) { return n * q + (alpha + q * (1 - alpha - beta)) - 1; }

// The one position a direct method reads (NumPy's _discrete_interpolation_to_boundaries
// and the floor/ceil/around of lower/higher/nearest).
int64_t direct_index(QuantileMethod m, double n, double q) {
  auto boundaries = [](double index, bool odd_rule) {
    const double prev = std::floor(index), gamma = index - prev;
    const bool take_prev = gamma == 0 && (!odd_rule || std::fmod(std::floor(index), 2.0) == 1.0);
    const int64_t r = static_cast<int64_t>(take_prev ? prev : prev + 1);
    return r < 0 ? 0 : r;
  };
  switch (m) {
    case QuantileMethod::InvertedCdf: return boundaries(n * q - 1, false);
    case QuantileMethod::ClosestObservation: return boundaries(n * q - 1 - 0.5, true);
    case QuantileMethod::Lower: return static_cast<int64_t>(std::floor((n - 1) * q));
    case QuantileMethod::Higher: return static_cast<int64_t>(std::ceil((n - 1) * q));
    default: return static_cast<int64_t>(std::nearbyint((n - 1) * q));  // nearest: half to even
  }
}

double virtual_index(QuantileMethod m, double n, double q) {
  switch (m) {
    case QuantileMethod::AveragedInvertedCdf: return n * q - 1;
    case QuantileMethod::InterpolatedInvertedCdf: return hf_index(n, q, 0, 1);
    case QuantileMethod::Hazen: return hf_index(n, q, 0.5, 0.5);
    case QuantileMethod::Weibull: return hf_index(n, q, 0, 0);
    case QuantileMethod::MedianUnbiased: return hf_index(n, q, 1.0 / 3, 1.0 / 3);
    case QuantileMethod::NormalUnbiased: return hf_index(n, q, 3.0 / 8, 3.0 / 8);
    case QuantileMethod::Midpoint: return 0.5 * (std::floor((n - 1) * q) + std::ceil((n - 1) * q));
    default: return (n - 1) * q;  // linear
  }
}

// NumPy's method-specific gamma fix-up.
double fix_gamma(QuantileMethod m, double gamma, double vindex) {
  if (m == QuantileMethod::AveragedInvertedCdf) return gamma == 0 ? 0.5 : 1.0;
  if (m == QuantileMethod::Midpoint) return std::fmod(vindex, 1.0) == 0 ? 0.0 : 0.5;
  return gamma;
}

ndarray gather_last(const ndarray& s, const std::vector<int64_t>& idx) {
  const ndarray i = array_from_host(idx.data(), Shape{static_cast<int64_t>(idx.size())}, Strides{8}, int64, s.device());
  return take(s, i, -1);
}

// Moves the quantile axis (last, after the kept axes) to the front, as NumPy orders them.
ndarray q_first(const ndarray& r) {
  if (r.ndim() < 2) return r;
  std::vector<int64_t> order{r.ndim() - 1};
  for (int d = 0; d + 1 < r.ndim(); ++d) order.push_back(d);
  return r.transpose(order);
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
                 QuantileMethod method, bool keepdims, const ndarray& out) {
  if (a.dtype().is_complex()) throw TypeError("a must be an array of real numbers");
  for (double v : q)
    if (!(v >= 0 && v <= 1)) throw ValueError("Quantiles must be in the range [0, 1]");
  if (static_cast<int64_t>(q.size()) != shape_size(q_shape)) throw ValueError("q's size does not match q_shape");
  // The reduced axes merged last, as median does: (kept..., n).
  const int nd = a.ndim();
  SmallVector<bool, 8> reduced(static_cast<std::size_t>(nd), !axis);
  if (axis)
    for (int64_t ax : *axis) {
      if (ax < -nd || ax >= nd)
        throw AxisError("axis " + std::to_string(ax) + " is out of bounds for array of dimension " + std::to_string(nd));
      if (reduced[ax < 0 ? ax + nd : ax]) throw ValueError("repeated axis");
      reduced[ax < 0 ? ax + nd : ax] = true;
    }
  std::vector<int64_t> order;
  Shape rest, kept_dims = q_shape;
  int64_t n = 1;
  for (int d = 0; d < nd; ++d) {
    if (!reduced[d]) {
      order.push_back(d);
      rest.push_back(a.shape()[d]);
    } else {
      n *= a.shape()[d];
    }
    kept_dims.push_back(reduced[d] ? 1 : a.shape()[d]);
  }
  for (int d = 0; d < nd; ++d)
    if (reduced[d]) order.push_back(d);
  Shape xs = rest;
  xs.push_back(n);
  const ndarray s = sort(a.transpose(order).reshape(xs), -1);
  const double dn = static_cast<double>(n);
  const std::size_t nq = q.size();
  ndarray r;
  if (direct(method)) {
    std::vector<int64_t> idx(nq);
    for (std::size_t i = 0; i < nq; ++i) idx[i] = direct_index(method, dn, q[i]);
    r = q_first(gather_last(s, idx));
  } else {
    std::vector<int64_t> prev(nq), next(nq);
    std::vector<double> gamma(nq);
    for (std::size_t i = 0; i < nq; ++i) {
      const double v = virtual_index(method, dn, q[i]);
      double p = std::floor(v), x = p + 1;
      if (v >= dn - 1) p = x = -1;  // NumPy's _get_indexes: the last value
      if (v < 0) p = x = 0;
      if (std::isnan(v)) p = x = -1;
      prev[i] = static_cast<int64_t>(p);
      next[i] = static_cast<int64_t>(x);
      gamma[i] = fix_gamma(method, v - p, v);
    }
    const ndarray lo = q_first(gather_last(s, prev)), hi = q_first(gather_last(s, next));
    // NumPy's _lerp: a + (b - a) t, from b's side (b - (b - a)(1 - t)) where t >= 0.5.
    Shape gshape{static_cast<int64_t>(nq)};
    for (std::size_t d = 0; d < rest.size(); ++d) gshape.push_back(1);
    const ndarray t = array_from_host(gamma.data(), gshape, contiguous_strides(gshape, 8), float64, s.device());
    const Operand tt = q_shape.empty() ? Operand(gamma[0]) : Operand(t.reshape(gshape));  // a scalar q is weak
    const Operand one_minus = q_shape.empty() ? Operand(1 - gamma[0]) : Operand(subtract(1.0, t));
    const ndarray diff = subtract(hi, lo);
    r = add(lo, multiply(diff, tt));
    const ndarray from_b = subtract(hi, multiply(diff, one_minus));
    UfuncOptions o;
    o.out = {r};
    o.casting = Casting::Unsafe;
    const ndarray mask = q_shape.empty() ? full(Shape{}, Scalar(gamma[0] >= 0.5), bool_)
                                         : greater_equal(t, 0.5);
    const Operand in[3] = {Operand(mask), Operand(from_b), Operand(r)};
    ufunc_call("_where", in, o);
  }
  if (q_shape.empty()) r = r.reshape(rest);
  else {
    Shape full_shape = q_shape;
    for (int64_t e : rest) full_shape.push_back(e);
    r = r.reshape(full_shape);
  }
  if (a.dtype().is_floating() && n > 0) {  // NaNs sort last: a slice holding one gives NaN
    const Index li[2] = {ellipsis, int64_t{-1}};
    const ndarray last = s[std::span<const Index>(li)];
    UfuncOptions o;
    o.out = {r};
    o.casting = Casting::Unsafe;
    const Operand in[3] = {Operand(isnan(last)), Operand(last), Operand(r)};
    ufunc_call("_where", in, o);
  }
  if (keepdims) r = r.reshape(kept_dims);
  if (!out.defined()) return r;
  ndarray o = out;
  o.assign(broadcast_to(r, o.shape()));
  return o;
}

}  // namespace cunumpy
