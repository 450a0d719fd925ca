// cunumpy::pad (include/cunumpy/ops/padding.hpp): every mode against the values numpy.pad
// gives for the same calls, per-axis values, reflections wider than the array, integer
// rounding of statistics, NaN medians, and the errors.
#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {
namespace {

using Widths = std::vector<std::pair<int64_t, int64_t>>;

ndarray pad_with(const ndarray& a, const Widths& w, PadMode mode) {
  PadOptions o;
  o.mode = mode;
  return pad(a, w, o);
}

const std::vector<double> kThree = {1, 2, 3};

}  // namespace

TEST(Pad, ConstantTakesPerSideValues) {
  PadOptions o;
  o.constant_values = {{Scalar(7), Scalar(9)}};
  ndarray r = pad(from(kThree, {3}), Widths{{4, 5}}, o);
  EXPECT_EQ(r.shape(), (Shape{12}));
  EXPECT_EQ(values(r), (std::vector<double>{7, 7, 7, 7, 1, 2, 3, 9, 9, 9, 9, 9}));
  // Zeros by default; the dtype is kept.
  ndarray z = pad(seq({2}, int8), Widths{{1, 1}});
  EXPECT_EQ(z.dtype(), int8);
  EXPECT_EQ(values(z), (std::vector<double>{0, 0, 1, 0}));
}

TEST(Pad, ConstantPerAxisCornersBelongToTheLastAxis) {
  PadOptions o;
  o.constant_values = {{Scalar(1), Scalar(2)}, {Scalar(3), Scalar(4)}};
  ndarray r = pad(seq({2, 3}, int16), Widths{{1, 0}, {0, 2}}, o);
  EXPECT_EQ(r.shape(), (Shape{3, 5}));
  EXPECT_EQ(values(r), (std::vector<double>{1, 1, 1, 4, 4, 0, 1, 2, 4, 4, 3, 4, 5, 4, 4}));
}

TEST(Pad, EdgeWrapReflectSymmetric) {
  const ndarray a = from(kThree, {3});
  const Widths w{{4, 5}};
  EXPECT_EQ(values(pad_with(a, w, PadMode::Edge)), (std::vector<double>{1, 1, 1, 1, 1, 2, 3, 3, 3, 3, 3, 3}));
  EXPECT_EQ(values(pad_with(a, w, PadMode::Wrap)), (std::vector<double>{3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2}));
  EXPECT_EQ(values(pad_with(a, w, PadMode::Reflect)), (std::vector<double>{1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 3, 2}));
  EXPECT_EQ(values(pad_with(a, w, PadMode::Symmetric)), (std::vector<double>{3, 3, 2, 1, 1, 2, 3, 3, 2, 1, 1, 2}));
}

TEST(Pad, OddReflectionsWiderThanTheArray) {
  PadOptions o;
  o.odd_reflect = true;
  o.mode = PadMode::Reflect;
  const ndarray a = from(kThree, {3});
  EXPECT_EQ(values(pad(a, Widths{{4, 5}}, o)), (std::vector<double>{-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8}));
  o.mode = PadMode::Symmetric;
  EXPECT_EQ(values(pad(a, Widths{{4, 5}}, o)), (std::vector<double>{-1, -1, 0, 1, 1, 2, 3, 3, 4, 5, 5, 6}));
}

TEST(Pad, ReflectOfOneElementRepeatsIt) {
  EXPECT_EQ(values(pad_with(from({5}, {1}), Widths{{2, 1}}, PadMode::Reflect)), (std::vector<double>{5, 5, 5, 5}));
}

TEST(Pad, LinearRampAsNumPysLinspace) {
  PadOptions o;
  o.mode = PadMode::LinearRamp;
  o.end_values = {{Scalar(0), Scalar(10)}};
  std::vector<double> got = values(pad(from(kThree, {3}), Widths{{4, 5}}, o));
  const std::vector<double> want = {0.0, 0.25, 0.5, 0.75, 1, 2, 3, 4.4, 5.800000000000001, 7.2, 8.6, 10};
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_DOUBLE_EQ(got[i], want[i]) << i;
  // Integers: floored before the cast, as NumPy.
  o.end_values = {{Scalar(5), Scalar(-1)}};
  ndarray r = pad(from({0, 10}, {2}, int16), Widths{{3, 2}}, o);
  EXPECT_EQ(r.dtype(), int16);
  EXPECT_EQ(values(r), (std::vector<double>{5, 3, 1, 0, 10, 4, -1}));
}

TEST(Pad, Statistics) {
  const ndarray a = from(kThree, {3});
  const Widths w{{4, 5}};
  EXPECT_EQ(values(pad_with(a, w, PadMode::Maximum)), (std::vector<double>{3, 3, 3, 3, 1, 2, 3, 3, 3, 3, 3, 3}));
  EXPECT_EQ(values(pad_with(a, w, PadMode::Minimum)), (std::vector<double>{1, 1, 1, 1, 1, 2, 3, 1, 1, 1, 1, 1}));
  EXPECT_EQ(values(pad_with(a, w, PadMode::Median)), (std::vector<double>{2, 2, 2, 2, 1, 2, 3, 2, 2, 2, 2, 2}));
  PadOptions o;
  o.mode = PadMode::Mean;
  o.stat_length = {{2, 2}};
  EXPECT_EQ(values(pad(a, w, o)), (std::vector<double>{1.5, 1.5, 1.5, 1.5, 1, 2, 3, 2.5, 2.5, 2.5, 2.5, 2.5}));
}

TEST(Pad, IntegerStatisticsRoundHalfToEven) {
  ndarray m = pad_with(from({1, 2, 2, 4}, {4}, int32), Widths{{2, 2}}, PadMode::Mean);  // mean 2.25
  EXPECT_EQ(m.dtype(), int32);
  EXPECT_EQ(values(m), (std::vector<double>{2, 2, 1, 2, 2, 4, 2, 2}));
  ndarray md = pad_with(from({1, 2, 2, 5}, {4}, int32), Widths{{2, 2}}, PadMode::Median);
  EXPECT_EQ(values(md), (std::vector<double>{2, 2, 1, 2, 2, 5, 2, 2}));
  ndarray two = pad_with(seq({2, 3}, int16), Widths{{1, 1}, {1, 1}}, PadMode::Mean);
  EXPECT_EQ(values(two), (std::vector<double>{3, 2, 2, 4, 3, 1, 0, 1, 2, 1, 4, 3, 4, 5, 4, 3, 2, 2, 4, 3}));
}

TEST(Pad, MedianOfASliceWithNaNIsNaN) {
  std::vector<double> r = values(pad_with(from({1, NAN, 3}, {3}), Widths{{1, 1}}, PadMode::Median));
  ASSERT_EQ(r.size(), 5u);
  EXPECT_TRUE(std::isnan(r[0]) && std::isnan(r[2]) && std::isnan(r[4]));
  EXPECT_EQ(r[1], 1);
  EXPECT_EQ(r[3], 3);
}

TEST(Pad, NonContiguousAndNoPadding) {
  const ndarray a = seq({4}, float32)[{Slice{std::nullopt, std::nullopt, -1}}];  // 3 2 1 0
  EXPECT_EQ(values(pad_with(a, Widths{{1, 2}}, PadMode::Edge)), (std::vector<double>{3, 3, 2, 1, 0, 0, 0}));
  ndarray same = pad_with(a, Widths{{0, 0}}, PadMode::Wrap);
  EXPECT_FALSE(same.same_handle(a));  // a copy, as NumPy
  EXPECT_EQ(values(same), values(a));
  EXPECT_EQ(pad(from({2}, {}), Widths{}).shape(), (Shape{}));
}

TEST(Pad, EmptyArrays) {
  ndarray e = zeros({0, 3});
  EXPECT_EQ(pad_with(e, Widths{{0, 0}, {1, 1}}, PadMode::Edge).shape(), (Shape{0, 5}));
  EXPECT_EQ(pad(e, Widths{{2, 2}, {0, 0}}).shape(), (Shape{4, 3}));
  EXPECT_THROW(pad_with(e, Widths{{1, 1}, {1, 1}}, PadMode::Edge), ValueError);  // can't extend axis 0
}

TEST(Pad, Errors) {
  const ndarray a = seq({3});
  EXPECT_THROW(pad(a, Widths{{-1, 0}}), ValueError);
  EXPECT_THROW(pad(a, Widths{{1, 1}, {1, 1}}), ValueError);  // one pair per axis
  PadOptions o;
  o.mode = PadMode::Maximum;
  o.stat_length = {{0, 0}};
  EXPECT_THROW(pad(a, Widths{{1, 1}}, o), ValueError);
}

}  // namespace cunumpy::test
