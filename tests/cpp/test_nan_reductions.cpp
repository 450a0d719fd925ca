// The nan-functions through the C++ API (nan_reductions.hpp), on the default device:
// values, dtypes, the warnings they report and the errors NumPy raises. Expected values
// are NumPy's for the same calls.
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
  const std::vector<double> got = values(a);
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << i;
    } else {
      EXPECT_DOUBLE_EQ(got[i], want[i]) << i;
    }
  }
}
ReduceArgs along(int64_t axis, bool keepdims = false) {
  ReduceArgs r;
  r.axis = SmallVector<int64_t, 8>{axis};
  r.keepdims = keepdims;
  return r;
}
// [[1, nan, 3], [nan, nan, nan]]
ndarray sample() { return from({1, nan, 3, nan, nan, nan}, {2, 3}); }

}  // namespace

TEST(NanReductions, SumAndProdSkipNaN) {
  expect_values(nansum(sample(), along(1)), {4, 0});
  expect_values(nanprod(sample(), along(1)), {3, 1});
  EXPECT_DOUBLE_EQ(nansum(sample()).item().to_double(), 4.0);
  EXPECT_EQ(nansum(from({1, 2}, {2}, int8)).dtype(), int64);  // plain sum's dtype for integers
  EXPECT_EQ(nansum(sample(), along(0, true)).shape(), (Shape{1, 3}));
}

TEST(NanReductions, MaxMinReportAllNaNSlices) {
  OpWarnings w;
  expect_values(nanmax(sample(), along(1), &w), {3, nan});
  EXPECT_TRUE(w.all_nan_slice);
  OpWarnings w2;
  expect_values(nanmin(from({2, nan, 1}, {3}), {}, &w2), {1});
  EXPECT_FALSE(w2.any());
  expect_values(nanmin(sample(), along(0)), {1, nan, 3});  // no warnings asked for
  EXPECT_THROW(nanmax(ndarray(Shape{0}, float64)), ValueError);  // fmax has no identity
}

TEST(NanReductions, ArgMaxArgMin) {
  const ndarray b = from({4, nan, 1, 2, 3, nan}, {2, 3});
  EXPECT_EQ(nanargmax(b, 1).to_vector<int64_t>(), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(nanargmin(b, 1).to_vector<int64_t>(), (std::vector<int64_t>{2, 0}));
  EXPECT_EQ(nanargmax(b).item().to_int64(), 0);
  EXPECT_THROW(nanargmax(sample(), 1), ValueError);  // "All-NaN slice encountered"
  EXPECT_EQ(nanargmax(from({1, 5, 2}, {3}, int32)).item().to_int64(), 1);
}

TEST(NanReductions, MeanVarStd) {
  OpWarnings w;
  expect_values(nanmean(sample(), along(1), &w), {2, nan});
  EXPECT_TRUE(w.mean_of_empty_slice);
  OpWarnings v;
  expect_values(nanvar(sample(), along(1), 0, &v), {1, nan});
  EXPECT_TRUE(v.degrees_of_freedom);
  expect_values(nanstd(sample(), along(1)), {1, nan});
  expect_values(nanvar(from({1, 2, nan}, {3}), {}, 1), {0.5});
  OpWarnings d;
  expect_values(nanvar(from({1, nan}, {2}), {}, 1, &d), {nan});  // one value, ddof 1
  EXPECT_TRUE(d.degrees_of_freedom);
  EXPECT_EQ(nanmean(from({1, 2}, {2}, float32)).dtype(), float32);
  EXPECT_EQ(nanvar(from({1, 2}, {2}, complex64)).dtype(), float32);
  EXPECT_EQ(nanmean(from({1, 2}, {2}, int16)).dtype(), float64);
  ReduceArgs int_dtype;
  int_dtype.dtype = int64;
  EXPECT_THROW(nanmean(sample(), int_dtype), TypeError);  // inexact input needs inexact dtype=
}

TEST(NanReductions, Scans) {
  expect_values(nancumsum(sample(), 1), {1, 1, 4, 0, 0, 0});
  expect_values(nancumprod(from({1, nan, 3}, {3})), {1, 1, 3});
  EXPECT_EQ(nancumsum(from({1, 2}, {2}, int8)).dtype(), int64);
}

TEST(NanReductions, NonContiguousInput) {
  const ndarray a = from({1, nan, 3, nan, 5, 6}, {2, 3}).T();  // (3, 2) view
  expect_values(nansum(a, along(1)), {1, 5, 9});
  expect_values(nanmax(a, along(0)), {3, 6});
}

}  // namespace cunumpy::test
