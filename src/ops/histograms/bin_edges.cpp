// numpy.histogram's bin edges (_get_bin_edges): a count of equal bins, the given edges,
// or one of NumPy's estimators of the bin width ('auto', 'fd', 'doane', 'scott', 'stone',
// 'rice', 'sturges', 'sqrt'), each computed from the data's statistics on the device and
// a few host numbers typed as NumPy types them.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/order_statistics.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "ops/histograms/histogram_common.hpp"

namespace cunumpy::hist {
namespace {

constexpr const char* kEstimators[] = {"stone", "auto", "doane", "fd", "rice", "scott", "sqrt", "sturges"};

// a <op> b as NumPy scalars: the result dtype by the ufunc's resolution, the value
// computed in double and rounded to it.
Num arith(const char* ufunc, const Num& a, const Num& b) {
  const Operand in[2] = {a.op(), b.op()};
  const DType d = resolve_ufunc(get_ufunc(ufunc), in).loop->types[2];
  const double x = a.v.cast(d).to_double(), y = b.v.cast(d).to_double();
  const std::string u = ufunc;
  const double r = u == "true_divide" ? x / y : u == "multiply" ? x * y : u == "add" ? x + y : x - y;
  return Num{Scalar(r).cast(d), a.weak && b.weak};
}
Num f64(double v) { return Num{Scalar(v), false}; }     // a NumPy float64 scalar
Num weak(double v) { return Num{Scalar(v), true}; }     // a Python float

Num ptp(const ndarray& x) {
  const auto [lo, hi] = min_max(x);
  return unsigned_subtract(Num{hi, false}, Num{lo, false});
}

Num std_of(const ndarray& x) { return Num{std(x).item(), false}; }

double size_d(const ndarray& x) { return static_cast<double>(x.size()); }

Num sqrt_width(const ndarray& x) { return arith("true_divide", ptp(x), f64(std::sqrt(size_d(x)))); }
Num sturges(const ndarray& x) { return arith("true_divide", ptp(x), f64(std::log2(size_d(x)) + 1.0)); }
Num rice(const ndarray& x) { return arith("true_divide", ptp(x), weak(2.0 * std::pow(size_d(x), 1.0 / 3))); }
Num scott(const ndarray& x) {
  return arith("multiply", weak(std::pow(24.0 * std::pow(M_PI, 0.5) / size_d(x), 1.0 / 3.0)), std_of(x));
}

Num fd(const ndarray& x) {
  const double q[2] = {0.75, 0.25};
  const ndarray p = quantile(x, q, Shape{2});
  const Scalar p75 = p[{int64_t{0}}].item(), p25 = p[{int64_t{1}}].item();
  const Num iqr = arith("subtract", Num{p75, false}, Num{p25, false});
  return arith("multiply", arith("multiply", weak(2.0), iqr), weak(std::pow(size_d(x), -1.0 / 3.0)));
}

Num doane(const ndarray& x) {
  const double n = size_d(x);
  const double sg1 = std::sqrt(6.0 * (n - 2) / ((n + 1.0) * (n + 3)));
  const Num sigma = std_of(x);
  if (!(value(sigma.v) > 0.0)) return weak(0.0);
  ndarray temp = subtract(x, Operand(mean(x).item()));
  UfuncOptions in_place;
  in_place.out = {temp};
  true_divide(temp, Operand(sigma.v), in_place);
  power(temp, 3, in_place);
  const double g1 = std::fabs(mean(temp).item().to_double());
  return arith("true_divide", ptp(x), f64(1.0 + std::log2(n) + std::log2(1.0 + g1 / sg1)));
}

Num stone(const ndarray& x, const std::pair<Num, Num>& range, OpWarnings* warnings) {
  const int64_t n = x.size();
  const Num p = ptp(x);
  if (n <= 1 || value(p.v) == 0) return Num{Scalar(0), true};
  const HistogramRange r{range.first.op(), range.second.op()};
  auto jhat = [&](int64_t nbins) {
    const double hh = arith("true_divide", p, Num{Scalar(nbins), true}).v.to_double();
    const std::vector<int64_t> c = histogram(x, HistogramBins(nbins), r).first.to_vector<int64_t>();
    double dot = 0;
    for (int64_t k : c) {
      const double pk = static_cast<double>(k) / static_cast<double>(n);
      dot += pk * pk;
    }
    return (2 - static_cast<double>(n + 1) * dot) / hh;
  };
  const int64_t upper = std::max<int64_t>(100, static_cast<int64_t>(std::sqrt(static_cast<double>(n))));
  int64_t best = 1;
  double best_j = jhat(1);
  for (int64_t k = 2; k <= upper; ++k) {
    const double j = jhat(k);
    if (j < best_j) {
      best_j = j;
      best = k;
    }
  }
  if (best == upper) report(warnings, &OpWarnings::suboptimal_bins);
  return arith("true_divide", p, Num{Scalar(best), true});
}

bool truthy(const Num& w) { return value(w.v) != 0 || std::isnan(w.v.to_double()); }

Num width_of(const std::string& name, const ndarray& x, const std::pair<Num, Num>& range, OpWarnings* warnings) {
  if (name == "sqrt") return sqrt_width(x);
  if (name == "sturges") return sturges(x);
  if (name == "rice") return rice(x);
  if (name == "scott") return scott(x);
  if (name == "fd") return fd(x);
  if (name == "doane") return doane(x);
  if (name == "stone") return stone(x, range, warnings);
  const Num f = fd(x), s = sturges(x);  // auto
  if (!truthy(f)) return s;
  return value(s.v) < value(f.v) ? s : f;
}

}  // namespace

BinEdges bin_edges(const ndarray& x, const HistogramBins& bins, const std::optional<HistogramRange>& range,
                   bool weighted, OpWarnings* warnings) {
  BinEdges r;
  if (bins.kind == HistogramBins::Kind::Edges) {
    const ndarray& e = bins.edges;
    if (e.ndim() != 1) throw ValueError("`bins` must be 1d, when an array");
    if (e.size() > 1) {
      const ndarray lo = e[{Slice{std::nullopt, int64_t{-1}, std::nullopt}}];
      const ndarray hi = e[{Slice{int64_t{1}, std::nullopt, std::nullopt}}];
      if (any(greater(lo, hi)).item().to_bool())
        throw ValueError("`bins` must increase monotonically, when an array");
    }
    r.edges = e;
    return r;
  }
  int64_t n = 0;
  std::pair<Num, Num> outer;
  if (bins.kind == HistogramBins::Kind::Estimator) {
    const std::string& name = bins.estimator;
    if (std::find(std::begin(kEstimators), std::end(kEstimators), name) == std::end(kEstimators))
      throw ValueError("'" + name + "' is not a valid estimator for `bins`");
    if (weighted) throw TypeError("Automated estimation of the number of bins is not supported for weighted data");
    outer = outer_edges(x, range);
    ndarray data = x;
    if (range) {
      const ndarray keep = logical_and(compare(x, outer.first, true), compare(x, outer.second, false));
      if (!all(keep).item().to_bool()) data = extract(keep, x);
    }
    n = 1;
    if (data.size() != 0) {
      Num width = width_of(name, data, outer, warnings);
      if (truthy(width)) {
        if (data.dtype().is_integer() && value(width.v) < 1) width = Num{Scalar(1), true};
        const Num span = arith("true_divide", unsigned_subtract(outer.second, outer.first), width);
        n = static_cast<int64_t>(std::ceil(span.v.to_double()));
      }
    }
  } else {
    n = bins.count;
    if (n < 1) throw ValueError("`bins` must be positive, when an integer");
    outer = outer_edges(x, range);
  }
  DType bin_type = result_type(x.dtype(), promote(outer.first, outer.second));
  if (bin_type.is_integer() || bin_type.is_bool()) bin_type = float64;
  r.edges = linspace_edges(outer.first, outer.second, n, bin_type, x.device());
  const ndarray lo = r.edges[{Slice{std::nullopt, int64_t{-1}, std::nullopt}}];
  const ndarray hi = r.edges[{Slice{int64_t{1}, std::nullopt, std::nullopt}}];
  if (any(greater_equal(lo, hi)).item().to_bool())
    throw ValueError("Too many bins for data range. Cannot create " + std::to_string(n) + " finite-sized bins.");
  r.equal = true;
  r.first = outer.first;
  r.last = outer.second;
  r.n = n;
  return r;
}

}  // namespace cunumpy::hist
