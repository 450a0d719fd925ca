// histogramdd and histogram2d as NumPy's: per dimension the edges (equal ones from the
// outer edges, NumPy's linspace) and searchsorted(side='right') with the last edge moved
// into the last bin; the flat index over the grid with an outlier slot on each end of every
// dimension is counted in one backend pass, then the outlier slots are cut off.
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/differences.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "cunumpy/ops/searching.hpp"
#include "ops/histograms/histogram_common.hpp"

namespace cunumpy {

std::pair<ndarray, std::vector<ndarray>> histogramdd(const ndarray& sample_in, const std::vector<HistogramBins>& bins_in,
                                                     const std::vector<std::optional<HistogramRange>>& range,
                                                     bool density, const std::optional<ndarray>& weights) {
  const ndarray sample = sample_in.ndim() < 2 ? sample_in.reshape(Shape{-1, 1}) : sample_in;
  if (sample.ndim() != 2) throw ValueError("histogramdd: the sample must be (N, D)");
  const int64_t N = sample.shape()[0], D = sample.shape()[1];
  std::vector<HistogramBins> bins = bins_in;
  if (bins.size() == 1 && D != 1 && bins[0].kind == HistogramBins::Kind::Count)
    bins.assign(static_cast<std::size_t>(D), bins[0]);
  if (static_cast<int64_t>(bins.size()) != D)
    throw ValueError("The dimension of bins must be equal to the dimension of the sample x.");
  if (!range.empty() && static_cast<int64_t>(range.size()) != D)
    throw ValueError("range argument must have one entry per dimension");
  std::vector<ndarray> edges(static_cast<std::size_t>(D)), dedges(static_cast<std::size_t>(D));
  std::vector<int64_t> nbin(static_cast<std::size_t>(D));
  for (int64_t i = 0; i < D; ++i) {
    const HistogramBins& b = bins[static_cast<std::size_t>(i)];
    const std::string at = "`bins[" + std::to_string(i) + "]`";
    const ndarray col = sample[{Slice{}, i}];
    if (b.kind == HistogramBins::Kind::Count) {
      if (b.count < 1) throw ValueError(at + " must be positive, when an integer");
      const auto [smin, smax] =
          hist::outer_edges(ascontiguousarray(col), range.empty() ? std::nullopt : range[static_cast<std::size_t>(i)]);
      edges[i] = hist::linspace_edges(smin, smax, b.count, std::nullopt, sample.device());
    } else if (b.kind == HistogramBins::Kind::Edges) {
      if (b.edges.ndim() != 1) throw ValueError(at + " must be a scalar or 1d array");
      if (b.edges.size() > 1) {
        const ndarray lo = b.edges[{Slice{std::nullopt, int64_t{-1}, std::nullopt}}];
        const ndarray hi = b.edges[{Slice{int64_t{1}, std::nullopt, std::nullopt}}];
        if (any(greater(lo, hi)).item().to_bool()) throw ValueError(at + " must be monotonically increasing, when an array");
      }
      edges[i] = b.edges;
    } else {
      throw TypeError(at + " must be an integer, when a scalar");
    }
    nbin[i] = edges[i].size() + 1;  // an outlier slot on each end
    dedges[i] = diff(edges[i]);
  }
  std::vector<int64_t> strides(static_cast<std::size_t>(D), 1);
  for (int64_t i = D - 2; i >= 0; --i) strides[i] = strides[i + 1] * nbin[i + 1];
  ndarray xy = empty(Shape{N}, int64, Order::C, sample.device());
  xy.fill(Scalar(0));
  for (int64_t i = 0; i < D; ++i) {
    const ndarray col = sample[{Slice{}, i}];
    ndarray c = searchsorted(edges[i], col, Side::Right);
    if (edges[i].size()) c = subtract(c, equal(col, edges[i][{int64_t{-1}}]).astype(int64));
    xy = add(xy, multiply(c, strides[i]));
  }
  int64_t total = 1;
  for (int64_t k : nbin) total *= k;
  std::optional<ndarray> w;
  if (weights) {
    if (weights->dtype().is_complex())
      throw TypeError(std::string("Cannot cast array data from dtype('") + weights->dtype().name() +
                      "') to dtype('float64') according to the rule 'safe'");
    if (weights->shape() != Shape{N}) throw ValueError("The weights and list don't have the same length.");
    w = weights->astype(float64);
  }
  Shape grid(nbin.begin(), nbin.end());
  ndarray h = hist::count_values(xy, total, w ? &*w : nullptr).reshape(grid).astype(float64);
  std::vector<Index> core(static_cast<std::size_t>(D), Slice{int64_t{1}, int64_t{-1}, std::nullopt});
  h = h[std::span<const Index>(core)];
  if (density) {
    const ndarray s = sum(h);
    for (int64_t i = 0; i < D; ++i) {
      Shape shape(static_cast<std::size_t>(D), 1);
      shape[i] = nbin[i] - 2;
      h = true_divide(h, dedges[i].reshape(shape));
    }
    h = true_divide(h, s);
  }
  return {h, edges};
}

std::tuple<ndarray, ndarray, ndarray> histogram2d(const ndarray& x, const ndarray& y,
                                                  const std::vector<HistogramBins>& bins,
                                                  const std::vector<std::optional<HistogramRange>>& range,
                                                  bool density, const std::optional<ndarray>& weights) {
  if (x.size() != y.size()) throw ValueError("all the input array dimensions except for the concatenation axis must match exactly");
  const ndarray xy[2] = {x.ravel(), y.ravel()};
  std::vector<HistogramBins> b = bins;
  if (b.size() == 1) b.assign(2, bins[0]);
  auto [h, e] = histogramdd(stack(xy, 1), b, range, density, weights);
  return {h, e[0], e[1]};
}

}  // namespace cunumpy
