// Counting (NumPy's names): bincount, histogram_bin_edges, histogram, histogram2d and
// histogramdd. Bin edges follow NumPy's formulas and dtypes (range= values keep NEP 50's
// weak/strong distinction: a Python number is a weak Operand, a NumPy scalar a strong one);
// the counting is one backend pass (core/backend.hpp's "histogram" entries).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/op_types.hpp"
#include "cunumpy/ops/op_warnings.hpp"

namespace cunumpy {

// numpy.histogram's bins=: a number of equal bins, an estimator's name ('auto', 'fd',
// 'doane', 'scott', 'stone', 'rice', 'sturges', 'sqrt') or the increasing edges.
struct HistogramBins {
  enum class Kind { Count, Estimator, Edges };
  Kind kind = Kind::Count;
  int64_t count = 10;
  std::string estimator;
  ndarray edges;

  HistogramBins(int64_t n = 10) : count(n) {}                                        // NOLINT
  HistogramBins(int n) : count(n) {}                                                 // NOLINT
  HistogramBins(std::string name) : kind(Kind::Estimator), estimator(std::move(name)) {}  // NOLINT
  HistogramBins(const char* name) : kind(Kind::Estimator), estimator(name) {}        // NOLINT
  HistogramBins(ndarray e) : kind(Kind::Edges), edges(std::move(e)) {}               // NOLINT
};

// numpy.histogram's range=: the outer edges (first <= last, both finite).
struct HistogramRange {
  Operand first, last;
};

// Number of occurrences of each value of the non-negative integer 1-d x (int64), or the
// float64 sums of `weights` per value; at least `minlength` bins. ValueError for a
// negative value, x not 1-d or weights of another length; TypeError for a non-integer x.
ndarray bincount(const ndarray& x, const std::optional<ndarray>& weights = std::nullopt,
                 int64_t minlength = 0);

// The edges numpy.histogram would use (a flattened; bool data counted as uint8).
// `warnings->suboptimal_bins` is set when 'stone' reaches its upper bound.
ndarray histogram_bin_edges(const ndarray& a, const HistogramBins& bins = 10,
                            const std::optional<HistogramRange>& range = std::nullopt,
                            const std::optional<ndarray>& weights = std::nullopt,
                            OpWarnings* warnings = nullptr);

// (counts, edges) as numpy.histogram: the last bin closed on the right; counts are int64,
// sums of weights have the weights' dtype; density divides by the bin widths and the total.
std::pair<ndarray, ndarray> histogram(const ndarray& a, const HistogramBins& bins = 10,
                                      const std::optional<HistogramRange>& range = std::nullopt,
                                      bool density = false,
                                      const std::optional<ndarray>& weights = std::nullopt,
                                      OpWarnings* warnings = nullptr);

// The D-dimensional histogram of the (N, D) sample (a 1-d sample is (N, 1)): one bins
// entry (a count or the edges of that dimension) per dimension or one for all, one range
// per dimension or none. float64 counts of shape (bins...), and the D edge arrays.
std::pair<ndarray, std::vector<ndarray>> histogramdd(
    const ndarray& sample, const std::vector<HistogramBins>& bins = {HistogramBins(10)},
    const std::vector<std::optional<HistogramRange>>& range = {}, bool density = false,
    const std::optional<ndarray>& weights = std::nullopt);

// histogramdd of the pairs (x, y): (counts, x edges, y edges).
std::tuple<ndarray, ndarray, ndarray> histogram2d(
    const ndarray& x, const ndarray& y, const std::vector<HistogramBins>& bins = {HistogramBins(10)},
    const std::vector<std::optional<HistogramRange>>& range = {}, bool density = false,
    const std::optional<ndarray>& weights = std::nullopt);

}  // namespace cunumpy
