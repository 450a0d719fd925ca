// diff and ediff1d through the C++ API (differences.hpp), on the default device; expected
// values are NumPy's.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {
TEST(Differences, DiffOrdersAndAxes) {
  const ndarray a = from({1, 4, 9, 16}, {4}, int64);
  EXPECT_EQ(diff(a).to_vector<int64_t>(), (std::vector<int64_t>{3, 5, 7}));
  EXPECT_EQ(diff(a, 2).to_vector<int64_t>(), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(diff(a, 0).size(), 4);
  const ndarray m = from({1, 2, 4, 7, 11, 16}, {2, 3});
  expect_near(diff(m, 1, 0), {6, 9, 12});
  expect_near(diff(m, 1, -1), {1, 2, 4, 5});
  expect_near(diff(m.T(), 1, 0), {1, 4, 2, 5});  // a transposed view
  EXPECT_EQ(diff(from({1, 0, 0}, {3}, bool_)).dtype(), bool_);  // not_equal for bool
  EXPECT_THROW(diff(a, -1), ValueError);
  EXPECT_THROW(diff(from({1}, {}), 1), ValueError);  // 0-d
  EXPECT_THROW(diff(m, 1, 2), AxisError);
}

TEST(Differences, DiffPrependAppend) {
  const ndarray a = from({1, 2}, {2}, int64);
  const ndarray r = diff(a, 1, -1, from({0}, {}, int64), from({5, 6}, {2}, int64));
  EXPECT_EQ(r.to_vector<int64_t>(), (std::vector<int64_t>{1, 1, 3, 1}));
}

TEST(Differences, Ediff1d) {
  const ndarray a = from({1, 3, 6}, {3}, int64);
  EXPECT_EQ(ediff1d(a).to_vector<int64_t>(), (std::vector<int64_t>{2, 3}));
  const ndarray r = ediff1d(a, from({7, 8}, {2}, int64), from({-1}, {}, int64));
  EXPECT_EQ(r.to_vector<int64_t>(), (std::vector<int64_t>{-1, 2, 3, 7, 8}));
  EXPECT_THROW(ediff1d(a, from({1.5}, {1})), TypeError);  // float into int64: not same_kind
  EXPECT_THROW(ediff1d(from({1, 0}, {2}, bool_)), TypeError);
}

}  // namespace cunumpy::test
