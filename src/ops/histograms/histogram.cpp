// bincount, histogram_bin_edges and histogram. The counting is one backend pass
// (core/backend.hpp's histogram entry) that computes each element's bin itself: the value
// (bincount), NumPy's equal-bin arithmetic in the dtypes NumPy's own expression has
// (resolved here), or a binary search of the edges. What the pass leaves out (float16 data,
// a Python int bound past the data's type, float16/bool comparison types) computes the
// same index with ufuncs and counts it with one extra overflow slot.
#include <algorithm>
#include <string>
#include <vector>

#include "core/backend.hpp"
#include "core/backend_tasks_histogram.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/differences.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "cunumpy/ops/scan.hpp"
#include "cunumpy/ops/searching.hpp"
#include "cunumpy/ops/sorting.hpp"
#include "ops/histograms/histogram_common.hpp"

namespace cunumpy {
namespace {

using hist::Num;

std::string dtype_repr(DType d) { return std::string("dtype('") + d.name() + "')"; }

bool pass_dtype(DType d) { return (d.is_integer() || d == float32 || d == float64); }

ndarray first_n(const ndarray& a, int64_t n) { return a[{Slice{std::nullopt, n, std::nullopt}}]; }

// Equal bins: the task's dtypes as NumPy's expression has them, false where the pass does
// not apply (NumPy's _search_sorted-free branch, see numpy/lib/_histograms_impl.py).
bool equal_task(const ndarray& x, const hist::BinEdges& be, detail::HistogramTask& t) {
  const DType te = be.edges.dtype();
  const Num width = hist::unsigned_subtract(be.last, be.first);
  const DType k = hist::result_type(x.dtype(), hist::promote(be.first, be.last));
  const DType s = hist::result_type(te, be.first);
  const Operand div_in[2] = {Operand(Scalar(0).cast(s)), width.op()};
  const DType d = resolve_ufunc(get_ufunc("true_divide"), div_in).loop->types[2];
  auto fast = [](DType t) { return t == float32 || t == float64; };
  if (!pass_dtype(x.dtype()) || k == float16 || !fast(te) || !fast(s) || !fast(d)) return false;
  if (k != hist::result_type(x.dtype(), be.first) || k != hist::result_type(x.dtype(), be.last)) return false;
  for (const Num* b : {&be.first, &be.last})  // a Python int past k's range: NumPy's OverflowError path
    if (k.is_integer() && b->weak && hist::value(b->v.cast(k)) != hist::value(b->v)) return false;
  t.binning = detail::HistogramBinning::EqualBins;
  t.range_type = k;
  t.offset_type = s;
  t.scale_type = d;
  t.lo = be.first.v.cast(k);
  t.hi = be.last.v.cast(k);
  t.first = be.first.v.cast(s);
  t.width = width.v.cast(d);
  return true;
}

// The same index with ufuncs (NumPy's expression step by step), n for elements outside.
ndarray equal_index(const ndarray& x, const hist::BinEdges& be) {
  const int64_t n = be.n;
  const ndarray& edges = be.edges;
  const ndarray keep = logical_and(hist::compare(x, be.first, true), hist::compare(x, be.last, false));
  const ndarray ta = x.dtype() == edges.dtype() ? x : x.astype(edges.dtype());
  const Num denom = hist::unsigned_subtract(be.last, be.first);
  const ndarray f = multiply(true_divide(subtract(ta, be.first.op()), denom.op()), n);
  ndarray idx = minimum(maximum(f.astype(int64), 0), n - 1);
  idx = maximum(subtract(idx, less(ta, take(edges, idx, 0)).astype(int64)), 0);
  const ndarray inc = logical_and(greater_equal(ta, take(edges, add(idx, 1), 0)), not_equal(idx, n - 1));
  idx = add(idx, inc.astype(int64));
  return where(keep, Operand(idx), Operand(Scalar(n)));
}

// Bin of each element for increasing edges ([e_i, e_i+1), the last bin closed), n outside.
ndarray edges_index(const ndarray& x, const ndarray& edges) {
  const int64_t n = std::max<int64_t>(edges.size() - 1, 0);
  ndarray idx = subtract(searchsorted(edges, x, Side::Right), 1);
  if (n >= 1) {
    const ndarray last = edges[{int64_t{-1}}];
    idx = where(equal(x, last), Operand(Scalar(n - 1)), Operand(idx));
  }
  const ndarray outside = logical_or(less(idx, 0), greater_equal(idx, n));
  return where(outside, Operand(Scalar(n)), Operand(idx));
}

ndarray bin_index(const ndarray& x, const hist::BinEdges& be) {
  return be.equal ? equal_index(x, be) : edges_index(x, be.edges);
}

// Counts (int64) or float64 sums of the float64 weights w per bin: one pass when it
// applies, else the ufunc index and an overflow slot.
ndarray bin_counts(const ndarray& x, const hist::BinEdges& be, const ndarray* w) {
  const int64_t n = be.equal ? be.n : std::max<int64_t>(be.edges.size() - 1, 0);
  detail::HistogramTask t;
  bool pass = false;
  if (n >= 1 && pass_dtype(x.dtype())) {
    if (be.equal) {
      pass = equal_task(x, be, t);
      if (pass) t.edges = ascontiguousarray(be.edges);
    } else {
      const DType c = promote_types(x.dtype(), be.edges.dtype());  // searchsorted's comparison type
      if (c.is_integer() || c == float32 || c == float64) {
        t.binning = detail::HistogramBinning::Edges;
        t.edges = ascontiguousarray(be.edges, c);
        pass = true;
      }
    }
  }
  if (!pass) return first_n(hist::count_values(bin_index(x, be), n + 1, w), n);
  const DType dt = w ? float64 : int64;
  t.out = empty(Shape{n}, dt, Order::C, x.device());
  t.out.fill(Scalar(0).cast(dt));
  t.x = x;
  t.n = n;
  if (w) t.weights = ascontiguousarray(*w, float64);
  backend_for(x.device()).histogram(t);
  return t.out;
}

// Sums of integer weights per bin, wrapping in the weights' dtype as NumPy's histogram with
// bin edges computes them (differences of cumulative sums of the weights sorted by bin).
ndarray wrapping_sums(const ndarray& x, const hist::BinEdges& be, const ndarray& w) {
  const int64_t n = std::max<int64_t>(be.edges.size() - 1, 0);
  const ndarray idx = bin_index(x, be);
  const ndarray order = argsort(idx, -1);
  const ndarray cw = cumsum(take(w, order, 0));
  const ndarray parts[2] = {zeros_like(cw, std::nullopt, Order::C, Shape{1}), cw};
  const ndarray cws = concatenate(parts);
  const ndarray cum =
      take(cws, searchsorted(take(idx, order, 0), arange(Scalar(0), Scalar(n + 1), Scalar(1), int64)), 0)
          .astype(w.dtype());
  return subtract(cum[{Slice{int64_t{1}, std::nullopt, std::nullopt}}],
                  cum[{Slice{std::nullopt, int64_t{-1}, std::nullopt}}]);
}

}  // namespace

ndarray bincount(const ndarray& x, const std::optional<ndarray>& weights, int64_t minlength) {
  if (x.ndim() != 1)
    throw ValueError(x.ndim() > 1 ? "object too deep for desired array" : "object of too small depth for desired array");
  if (!x.dtype().is_integer() && !x.dtype().is_bool())
    throw TypeError("Cannot cast array data from " + dtype_repr(x.dtype()) + " to dtype('int64') according to the rule 'safe'");
  if (minlength < 0) throw ValueError("'minlength' must not be negative");
  if (x.size() == 0) {  // NumPy returns before it looks at the weights: integer zeros
    ndarray z = empty(Shape{minlength}, int64, Order::C, x.device());
    z.fill(Scalar(0));
    return z;
  }
  const ndarray xc = ascontiguousarray(x);
  const auto [lo, hi] = hist::min_max(xc);
  if (hist::value(lo) < 0) throw ValueError("'list' argument must have no negative elements");
  std::optional<ndarray> w;
  if (weights) {
    if (weights->dtype().is_complex())
      throw TypeError("Cannot cast array data from " + dtype_repr(weights->dtype()) +
                      " to dtype('float64') according to the rule 'safe'");
    if (weights->shape() != x.shape()) throw ValueError("The weights and list don't have the same length.");
    w = ascontiguousarray(*weights, float64);
  }
  const int64_t n = std::max<int64_t>(minlength, static_cast<int64_t>(hist::value(hi)) + 1);
  return hist::count_values(xc, n, w ? &*w : nullptr);
}

ndarray histogram_bin_edges(const ndarray& a, const HistogramBins& bins, const std::optional<HistogramRange>& range,
                            const std::optional<ndarray>& weights, OpWarnings* warnings) {
  if (weights && weights->shape() != a.shape()) throw ValueError("weights should have the same shape as a.");
  return hist::bin_edges(hist::flat_data(a), bins, range, weights.has_value(), warnings).edges;
}

std::pair<ndarray, ndarray> histogram(const ndarray& a, const HistogramBins& bins,
                                      const std::optional<HistogramRange>& range, bool density,
                                      const std::optional<ndarray>& weights, OpWarnings* warnings) {
  const ndarray x = hist::flat_data(a);
  std::optional<ndarray> w;
  if (weights) {
    if (weights->shape() != a.shape()) throw ValueError("weights should have the same shape as a.");
    w = ascontiguousarray(weights->ravel());
  }
  const hist::BinEdges be = hist::bin_edges(x, bins, range, w.has_value(), warnings);
  const int64_t n = be.equal ? be.n : std::max<int64_t>(be.edges.size() - 1, 0);
  ndarray counts;
  if (!w) {
    counts = bin_counts(x, be, nullptr);
  } else if (!be.equal && (w->dtype().is_integer() || w->dtype().is_bool())) {
    if (w->dtype().is_bool())  // NumPy adds int64 cumulative sums into a bool result
      throw TypeError("Cannot cast ufunc 'add' output from dtype('int64') to dtype('bool') with casting rule 'same_kind'");
    counts = wrapping_sums(x, be, *w);
  } else if (w->dtype().is_complex()) {
    const DType part = real_dtype(w->dtype());
    const ndarray parts = w->view(part).reshape(Shape{w->size(), 2});
    const ndarray re = parts[{Slice{}, int64_t{0}}], im = parts[{Slice{}, int64_t{1}}];
    counts = empty(Shape{n}, w->dtype(), Order::C, x.device());
    ndarray out = counts.view(part).reshape(Shape{n, 2});
    out[{Slice{}, int64_t{0}}].assign(bin_counts(x, be, &re));
    out[{Slice{}, int64_t{1}}].assign(bin_counts(x, be, &im));
  } else {
    counts = bin_counts(x, be, &*w);
    if (w->dtype() != float64) counts = counts.astype(w->dtype());
  }
  if (!density) return {counts, be.edges};
  const ndarray widths = diff(be.edges).astype(float64);
  return {true_divide(true_divide(counts, widths), sum(counts)), be.edges};
}

}  // namespace cunumpy
