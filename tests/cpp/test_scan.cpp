// Scans through the C++ API (scan.hpp): cumsum/cumprod and the array API's
// cumulative_sum/cumulative_prod, on the default device; expected values are NumPy's.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {
TEST(Scan, CumsumCumprod) {
  const ndarray a = from({1, 2, 3, 4}, {2, 2}, int32);
  EXPECT_EQ(cumsum(a).dtype(), int64);
  expect_near(cumsum(a), {1, 3, 6, 10});
  expect_near(cumprod(a, 0), {1, 2, 3, 8});
}

TEST(Scan, CumulativeIncludeInitial) {
  const ndarray a = from({1, 2, 3, 4}, {2, 2}, int64);
  const ndarray r = cumulative_sum(a, 1, std::nullopt, {}, true);
  EXPECT_EQ(r.shape(), (Shape{2, 3}));
  EXPECT_EQ(r.to_vector<int64_t>(), (std::vector<int64_t>{0, 1, 3, 0, 3, 7}));
  const ndarray p = cumulative_prod(from({1, 2, 3}, {3}, int64), std::nullopt, std::nullopt, {}, true);
  EXPECT_EQ(p.to_vector<int64_t>(), (std::vector<int64_t>{1, 1, 2, 6}));
  expect_near(cumulative_sum(from({5}, {})), {5});  // 0-d reads as 1-D
  EXPECT_THROW(cumulative_sum(a), ValueError);       // 2-D needs an axis
  EXPECT_THROW(cumulative_sum(a, 2), AxisError);
  ndarray out(Shape{2, 2}, float64);
  cumulative_sum(a, 0, std::nullopt, out);
  expect_near(out, {1, 2, 4, 6});
}

}  // namespace cunumpy::test
