// median, nanmedian, quantile, percentile and nanquantile through the C++ API (order_statistics.hpp), on the default device;
// expected values are NumPy's.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {
namespace {

const double nan = std::numeric_limits<double>::quiet_NaN();

void expect_values(const ndarray& a, const std::vector<double>& want) {
  const std::vector<double> got = a.astype(float64).to_vector<double>();
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << i;
    } else {
      EXPECT_DOUBLE_EQ(got[i], want[i]) << i;
    }
  }
}
Axes along(int64_t axis) { return SmallVector<int64_t, 8>{axis}; }

}  // namespace

TEST(OrderStatistics, Median) {
  const ndarray a = from({3, 1, 2, 9, 7, 8, 4, 6}, {2, 4});
  expect_values(median(a, along(1)), {2.5, 6.5});
  expect_values(median(a), {5});
  expect_values(median(a, along(0)), {5, 4.5, 3, 7.5});
  EXPECT_EQ(median(a, along(1), true).shape(), (Shape{2, 1}));
  EXPECT_EQ(median(from({1, 2, 3}, {3}, int32)).dtype(), float64);
  EXPECT_EQ(median(from({1, 2, 3}, {3}, float32)).dtype(), float32);
  expect_values(median(from({1, nan, 3}, {3})), {nan});  // NaN propagates
  expect_values(median(a.T(), along(0)), {2.5, 6.5});     // a transposed view
  EXPECT_THROW(median(a, along(2)), AxisError);
}

TEST(OrderStatistics, NanMedian) {
  const ndarray a = from({3, nan, 1, nan, nan, nan, 5, 6, 7}, {3, 3});
  OpWarnings w;
  expect_values(nanmedian(a, along(1), false, {}, &w), {2, nan, 6});
  EXPECT_TRUE(w.all_nan_slice);
  OpWarnings none;
  expect_values(nanmedian(from({4, nan, 1, 2}, {4}), std::nullopt, false, {}, &none), {2});
  EXPECT_FALSE(none.any());
  expect_values(nanmedian(from({1, 2, 4}, {3}, int16)), {2});
  OpWarnings e;
  expect_values(nanmedian(ndarray(Shape{0}, float64), std::nullopt, false, {}, &e), {nan});
  EXPECT_TRUE(e.mean_of_empty_slice);
}

TEST(OrderStatistics, QuantileEveryMethod) {
  const ndarray a = from({3, 1, 2, 9, 7, 8, 4, 6, 5, 0}, {2, 5});
  const double q[3] = {0.1, 0.5, 0.85};
  const struct {
    const char* method;
    std::vector<double> want;  // NumPy's np.quantile(a, q, axis=1, method=...), shape (3, 2)
  } cases[] = {
      {"inverted_cdf", {1.0, 0.0, 3.0, 5.0, 9.0, 8.0}},
      {"averaged_inverted_cdf", {1.0, 0.0, 3.0, 5.0, 9.0, 8.0}},
      {"closest_observation", {1.0, 0.0, 2.0, 4.0, 7.0, 6.0}},
      {"interpolated_inverted_cdf", {1.0, 0.0, 2.5, 4.5, 7.5, 6.5}},
      {"hazen", {1.0, 0.0, 3.0, 5.0, 8.5, 7.5}},
      {"weibull", {1.0, 0.0, 3.0, 5.0, 9.0, 8.0}},
      {"linear", {1.4, 1.6, 3.0, 5.0, 7.8, 6.8}},
      {"median_unbiased", {1.0, 0.0, 3.0, 5.0, 8.733333333333334, 7.733333333333334}},
      {"normal_unbiased", {1.0, 0.0, 3.0, 5.0, 8.675, 7.675000000000001}},
      {"lower", {1.0, 0.0, 3.0, 5.0, 7.0, 6.0}},
      {"higher", {2.0, 4.0, 3.0, 5.0, 9.0, 8.0}},
      {"midpoint", {1.5, 2.0, 3.0, 5.0, 8.0, 7.0}},
      {"nearest", {1.0, 0.0, 3.0, 5.0, 7.0, 6.0}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.method);
    const ndarray r = quantile(a, q, Shape{3}, along(1), quantile_method(c.method));
    EXPECT_EQ(r.shape(), (Shape{3, 2}));
    const std::vector<double> got = r.astype(float64).to_vector<double>();
    for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], c.want[i], 1e-12) << i;
  }
  EXPECT_THROW(quantile_method("bogus"), ValueError);
}

TEST(OrderStatistics, QuantileScalarNaNAndErrors) {
  const double q = 0.3;
  const ndarray r = quantile(from({0, 1, 2, 3, 4}, {5}, int64), std::span<const double>(&q, 1));
  EXPECT_EQ(r.ndim(), 0);
  EXPECT_DOUBLE_EQ(r.item().to_double(), 1.2);
  const double h = 0.5;
  expect_values(quantile(from({1, nan, 2}, {3}), std::span<const double>(&h, 1)), {nan});
  EXPECT_EQ(quantile(from({1, 2, 3, 4}, {2, 2}), std::span<const double>(&h, 1), {}, std::nullopt,
                     QuantileMethod::Linear, true).shape(), (Shape{1, 1}));
  const double bad = 1.5;
  EXPECT_THROW(quantile(from({1, 2}, {2}), std::span<const double>(&bad, 1)), ValueError);
  EXPECT_THROW(quantile(from({1, 2}, {2}, complex128), std::span<const double>(&h, 1)), TypeError);
}

TEST(OrderStatistics, PercentileNanquantileWeights) {
  const double p[2] = {10, 95};
  expect_values(percentile(seq({10}), p, Shape{2}), {0.9, 8.549999999999999});
  const double q2[2] = {0.25, 0.5};
  const ndarray a = from({1, nan, 3, 4, 2, 2, nan, nan}, {2, 4});
  const ndarray r = nanquantile(a, q2, Shape{2}, along(1));
  EXPECT_EQ(r.shape(), (Shape{2, 2}));
  EXPECT_TRUE(r.c_contiguous());
  expect_values(r, {2, 2, 3, 2});
  OpWarnings w;
  expect_values(nanquantile(from({nan, nan}, {2}), std::span<const double>(q2, 1), {}, std::nullopt,
                            QuantileMethod::Linear, false, {}, float64, false, std::nullopt, &w),
                {nan});
  EXPECT_TRUE(w.all_nan_slice);
  const double h = 0.5;
  expect_values(quantile(seq({6}), std::span<const double>(&h, 1), {}, std::nullopt, QuantileMethod::InvertedCdf,
                         false, {}, float64, false, from({1, 1, 1, 1, 1, 5}, {6})),
                {4});
  EXPECT_THROW(quantile(seq({6}), std::span<const double>(&h, 1), {}, std::nullopt, QuantileMethod::Linear, false,
                        {}, float64, false, from({1, 1, 1, 1, 1, 5}, {6})),
               ValueError);
  // q's dtype and weakness: a Python float q keeps float32, a float64 array promotes.
  const ndarray f = from({1, 2, 3, 4}, {4}, float32);
  EXPECT_EQ(quantile(f, std::span<const double>(&h, 1), {}, std::nullopt, QuantileMethod::Linear, false, {}, float64,
                     true).dtype(), float32);
  EXPECT_EQ(quantile(f, std::span<const double>(&h, 1), Shape{1}).dtype(), float64);
  EXPECT_THROW(percentile(f, std::span<const double>(&p[0], 1), {}, along(3)), AxisError);
}

}  // namespace cunumpy::test
