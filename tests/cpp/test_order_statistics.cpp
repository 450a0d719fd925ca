// median and nanmedian through the C++ API (order_statistics.hpp), on the default device;
// expected values are NumPy's.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {
namespace {

const double nan = std::numeric_limits<double>::quiet_NaN();

ndarray from(const std::vector<double>& v, const Shape& shape, DType dtype = float64) {
  ndarray a(shape, float64);
  a.copy_from_host(v.data());
  return dtype == float64 ? a : a.astype(dtype);
}
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

}  // namespace cunumpy::test
