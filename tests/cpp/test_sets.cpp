// The set routines through the C++ API (include/cunumpy/ops/sets.hpp) on the default
// device: unique with every output, along an axis and with NaNs, and the two-array
// operations. Expected values are NumPy's for the same calls.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {
namespace {

const double nan = std::numeric_limits<double>::quiet_NaN();

template <class T>
ndarray arr(const std::vector<T>& v, DType d) {
  ndarray a(Shape{static_cast<int64_t>(v.size())}, d);
  a.copy_from_host(v.data());
  return a;
}
ndarray i64(const std::vector<int64_t>& v) { return arr(v, int64); }
ndarray f64(const std::vector<double>& v) { return arr(v, float64); }
std::vector<int64_t> ints(const ndarray& a) { return a.to_vector<int64_t>(); }
std::vector<uint8_t> flags(const ndarray& a) { return a.to_vector<uint8_t>(); }

// Doubles compared with NaN equal to NaN.
void expect_doubles(const ndarray& a, const std::vector<double>& want) {
  std::vector<double> got = a.to_vector<double>();
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) EXPECT_TRUE(std::isnan(got[i])) << i;
    else EXPECT_EQ(got[i], want[i]) << i;
  }
}

}  // namespace

TEST(Unique, AllOutputsWithNaNsCollapsed) {
  ndarray x = f64({3, 1, nan, 3, 2, nan, 1});
  UniqueResult r = unique(x, true, true, true);
  expect_doubles(r.values, {1, 2, 3, nan});
  EXPECT_EQ(ints(r.indices), (std::vector<int64_t>{1, 4, 0, 2}));
  EXPECT_EQ(ints(r.inverse), (std::vector<int64_t>{2, 0, 3, 2, 1, 3, 0}));
  EXPECT_EQ(ints(r.counts), (std::vector<int64_t>{2, 1, 2, 2}));
  expect_doubles(unique(x, false, false, false, std::nullopt, false).values, {1, 2, 3, nan, nan});
  expect_doubles(unique_values(x), {1, 2, 3, nan, nan});
  EXPECT_FALSE(unique(x, false, false, false).indices.defined());
}

TEST(Unique, InverseKeepsTheInputShape) {
  ndarray x = i64({4, 2, 4, 2, 9, 4}).reshape(Shape{2, 3});
  UniqueResult r = unique_inverse(x);
  EXPECT_EQ(ints(r.values), (std::vector<int64_t>{2, 4, 9}));
  EXPECT_EQ(r.inverse.shape(), (Shape{2, 3}));
  EXPECT_EQ(ints(r.inverse), (std::vector<int64_t>{1, 0, 1, 0, 2, 1}));
  UniqueResult c = unique_counts(x);
  EXPECT_EQ(ints(c.counts), (std::vector<int64_t>{2, 3, 1}));
}

TEST(Unique, Empty) {
  UniqueResult r = unique(f64({}), true, true, true);
  EXPECT_EQ(r.values.size(), 0);
  EXPECT_EQ(r.indices.size(), 0);
  EXPECT_EQ(r.inverse.size(), 0);
  EXPECT_EQ(r.counts.size(), 0);
}

TEST(Unique, AlongAnAxis) {
  ndarray a = i64({1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0}).reshape(Shape{4, 3});
  UniqueResult r = unique(a, true, true, true, 0);
  EXPECT_EQ(r.values.shape(), (Shape{3, 3}));
  EXPECT_EQ(ints(r.values), (std::vector<int64_t>{0, 0, 0, 0, 1, 0, 1, 0, 1}));
  EXPECT_EQ(ints(r.indices), (std::vector<int64_t>{3, 1, 0}));
  EXPECT_EQ(ints(r.inverse), (std::vector<int64_t>{2, 1, 2, 0}));
  EXPECT_EQ(ints(r.counts), (std::vector<int64_t>{1, 1, 2}));
  UniqueResult cols = unique(a, false, false, true, -1);
  EXPECT_EQ(cols.values.shape(), (Shape{4, 2}));
  EXPECT_EQ(ints(cols.values.copy()), (std::vector<int64_t>{0, 1, 1, 0, 0, 1, 0, 0}));
  EXPECT_EQ(ints(cols.counts), (std::vector<int64_t>{1, 2}));
  EXPECT_THROW(unique(a, false, false, false, 2), AxisError);
}

TEST(SetOperations, IntersectUnionDiffXor) {
  ndarray a = i64({5, 1, 3, 3, 7});
  IntersectResult r = intersect1d(a, i64({3, 7, 7, 0}), false, true);
  EXPECT_EQ(ints(r.values), (std::vector<int64_t>{3, 7}));
  EXPECT_EQ(ints(r.indices1), (std::vector<int64_t>{2, 4}));
  EXPECT_EQ(ints(r.indices2), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(ints(union1d(i64({3, 1}), i64({2, 1, 5}))), (std::vector<int64_t>{1, 2, 3, 5}));
  EXPECT_EQ(ints(setdiff1d(a, i64({3, 0}))), (std::vector<int64_t>{1, 5, 7}));
  EXPECT_EQ(ints(setxor1d(i64({1, 2, 3, 3}), i64({3, 4, 1}))), (std::vector<int64_t>{2, 4}));
  EXPECT_EQ(setxor1d(i64({}), i64({})).size(), 0);
}

TEST(SetOperations, IsinKeepsTheShape) {
  ndarray e = i64({1, 2, 3, 4}).reshape(Shape{2, 2});
  ndarray r = isin(e, i64({4, 1, 9}));
  EXPECT_EQ(r.shape(), (Shape{2, 2}));
  EXPECT_EQ(r.dtype(), bool_);
  EXPECT_EQ(flags(r), (std::vector<uint8_t>{1, 0, 0, 1}));
  EXPECT_EQ(flags(in1d(i64({1, 2, 3}), i64({2}), false, true)), (std::vector<uint8_t>{1, 0, 1}));
  EXPECT_EQ(in1d(i64({}), i64({2})).size(), 0);
}

}  // namespace cunumpy::test
