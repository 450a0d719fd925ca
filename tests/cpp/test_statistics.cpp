// average and ptp through the C++ API (statistics.hpp), on the default device; expected
// values are NumPy's.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {
TEST(Statistics, AverageWeightedAndReturned) {
  const ndarray x = from({1, 2, 3, 4, 5, 6}, {2, 3});
  ndarray scl;
  const ndarray avg = average(x, SmallVector<int64_t, 8>{1}, from({3, 1, 0}, {3}), false, &scl);
  expect_near(avg, {1.25, 4.25});
  expect_near(scl, {4, 4});
  EXPECT_DOUBLE_EQ(average(x).item().to_double(), 3.5);
  EXPECT_EQ(average(from({1, 2}, {2}, int32), std::nullopt, from({1, 1}, {2}, float32)).dtype(), float64);
  EXPECT_THROW(average(x, std::nullopt, from({1, 2, 3}, {3})), TypeError);  // shapes differ, no axis
  EXPECT_THROW(average(x, SmallVector<int64_t, 8>{1}, from({1, 2}, {2})), ValueError);
  EXPECT_THROW(average(x, SmallVector<int64_t, 8>{1}, from({1, -1, 0}, {3})), ZeroDivisionError);
  EXPECT_THROW(average(x, SmallVector<int64_t, 8>{2}), AxisError);
}

TEST(Statistics, AverageOfEmptyReportsMeanOfEmptySlice) {
  OpWarnings w;
  const ndarray r = average(ndarray(Shape{0}, float64), std::nullopt, std::nullopt, false, nullptr, &w);
  EXPECT_TRUE(w.mean_of_empty_slice);
  EXPECT_TRUE(std::isnan(r.item().to_double()));
}

TEST(Statistics, Ptp) {
  const ndarray x = from({1, 2, 3, 4, 5, 6}, {2, 3});
  expect_near(ptp(x, SmallVector<int64_t, 8>{0}), {3, 3, 3});
  EXPECT_DOUBLE_EQ(ptp(x).item().to_double(), 5.0);
  EXPECT_EQ(ptp(x, SmallVector<int64_t, 8>{1}, true).shape(), (Shape{2, 1}));
  ndarray out(Shape{3}, float32);
  const ndarray r = ptp(x, SmallVector<int64_t, 8>{0}, false, out);
  EXPECT_TRUE(r.same_handle(out) || r.data() == out.data());
  expect_near(out, {3, 3, 3});
  EXPECT_THROW(ptp(from({1, 0}, {2}, bool_)), TypeError);  // boolean subtract, as NumPy
}

}  // namespace cunumpy::test
