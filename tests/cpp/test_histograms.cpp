// bincount, histogram, histogram_bin_edges, histogramdd and histogram2d through the C++ API
// (histograms.hpp), on the default device; expected values are NumPy's.
#include <gtest/gtest.h>

#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {
namespace {

const std::vector<double> kData = {0.5, 1.5, 2.5, 2.5, 3.0, 9.0, -1.0, 4.0};

}  // namespace

TEST(Histograms, Bincount) {
  const ndarray c = bincount(from({0, 1, 1, 3, 7}, {5}, int32));
  EXPECT_EQ(c.dtype(), int64);
  expect_near(c, {1, 2, 0, 1, 0, 0, 0, 1});
  const ndarray w = bincount(from({0, 1, 1, 3}, {4}, uint8), from({0.5, 1, 2, 3}, {4}), 6);
  EXPECT_EQ(w.dtype(), float64);
  expect_near(w, {0.5, 3, 0, 3, 0, 0});
  EXPECT_EQ(bincount(from({}, {0}, int64), std::nullopt, 3).shape(), (Shape{3}));
  EXPECT_THROW(bincount(from({0, -1}, {2}, int64)), ValueError);
  EXPECT_THROW(bincount(from({0, 1}, {2})), TypeError);
  EXPECT_THROW(bincount(from({0, 1}, {1, 2}, int64)), ValueError);
  EXPECT_THROW(bincount(from({0, 1}, {2}, int64), from({1}, {1})), ValueError);
  EXPECT_THROW(bincount(from({0, 1}, {2}, int64), std::nullopt, -1), ValueError);
}

TEST(Histograms, EqualBinsEdgesRangeWeightsDensity) {
  const ndarray a = from(kData, {8});
  auto [h, e] = histogram(a, 4);
  EXPECT_EQ(h.dtype(), int64);
  expect_near(h, {2, 4, 1, 1});
  expect_near(e, {-1, 1.5, 4, 6.5, 9});
  auto [h2, e2] = histogram(a, HistogramBins(from({0, 1, 2.5, 4}, {4})));
  expect_near(h2, {1, 1, 4});  // the last bin closed: 4.0 counted
  expect_near(e2, {0, 1, 2.5, 4});
  const HistogramRange r{Operand(0), Operand(4)};  // Python ints: weak
  auto [h3, e3] = histogram(a, 4, r, false, seq({8}));
  EXPECT_EQ(h3.dtype(), float64);
  expect_near(h3, {0, 1, 5, 11});
  expect_near(e3, {0, 1, 2, 3, 4});
  expect_near(histogram(a, 4, std::nullopt, true).first, {0.1, 0.2, 0.05, 0.05});
  // A non-contiguous view, a negative stride: the same counts.
  const ndarray rev = from(kData, {8})[{Slice{std::nullopt, std::nullopt, int64_t{-1}}}];
  expect_near(histogram(rev, 4).first, {2, 4, 1, 1});
  EXPECT_THROW(histogram(a, 0), ValueError);
  EXPECT_THROW(histogram(a, HistogramBins(from({2, 1}, {2}))), ValueError);
  EXPECT_THROW(histogram(a, 4, HistogramRange{Operand(3.0), Operand(1.0)}), ValueError);
  EXPECT_THROW(histogram(a, "bogus"), ValueError);
  EXPECT_THROW(histogram(a, "auto", std::nullopt, false, seq({8})), TypeError);
}

TEST(Histograms, Estimators) {
  const ndarray a = from(kData, {8});
  expect_near(histogram_bin_edges(a, "sturges"), {-1, 1.5, 4, 6.5, 9});
  expect_near(histogram_bin_edges(a, "fd"), {-1, 1, 3, 5, 7, 9});
  for (const char* name : {"auto", "doane", "scott", "stone", "rice", "sqrt"}) {
    SCOPED_TRACE(name);
    const ndarray e = histogram_bin_edges(a, name);
    EXPECT_GE(e.size(), 2);
    EXPECT_DOUBLE_EQ(values(e).front(), -1);
    EXPECT_DOUBLE_EQ(values(e).back(), 9);
  }
  // Empty data: one bin over [0, 1].
  expect_near(histogram_bin_edges(from({}, {0}), "auto"), {0, 1});
}

TEST(Histograms, HistogramddAnd2d) {
  const ndarray s = from({0, 0, 1, 1, 1, 0, 2, 2}, {4, 2});
  auto [h, edges] = histogramdd(s, {HistogramBins(2)});
  EXPECT_EQ(h.shape(), (Shape{2, 2}));
  expect_near(h, {1, 0, 1, 2});
  ASSERT_EQ(edges.size(), 2u);
  expect_near(edges[0], {0, 1, 2});
  auto [h2, x, y] = histogram2d(from({0, 1, 1, 2}, {4}), from({0, 1, 0, 2}, {4}), {HistogramBins(2)});
  expect_near(h2, {1, 0, 1, 2});
  expect_near(y, {0, 1, 2});
  EXPECT_THROW(histogramdd(s, {HistogramBins(2), HistogramBins(2), HistogramBins(2)}), ValueError);
}

}  // namespace cunumpy::test
