// where, searchsorted, digitize and interp through the C++ API (include/cunumpy/ops/searching.hpp)
// on the default device. Expected values are NumPy's for the same calls.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <vector>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {
namespace {

template <class T>
ndarray arr(const std::vector<T>& v, DType d) {
  ndarray a(Shape{static_cast<int64_t>(v.size())}, d);
  a.copy_from_host(v.data());
  return a;
}
ndarray bools(const std::vector<uint8_t>& v) { return arr(v, bool_); }
ndarray i64(const std::vector<int64_t>& v) { return arr(v, int64); }
ndarray f64(const std::vector<double>& v) { return arr(v, float64); }

}  // namespace

TEST(Where, OneArgumentIsNonzero) {
  ndarray c = bools({0, 1, 1, 0, 1, 0}).reshape(Shape{2, 3});
  std::vector<ndarray> idx = where(c);
  ASSERT_EQ(idx.size(), 2u);
  EXPECT_EQ(idx[0].to_vector<int64_t>(), (std::vector<int64_t>{0, 0, 1}));
  EXPECT_EQ(idx[1].to_vector<int64_t>(), (std::vector<int64_t>{1, 2, 1}));
}

TEST(Where, SelectsAndBroadcasts) {
  ndarray c = bools({1, 0, 1});
  ndarray x = i64({1, 2, 3});
  ndarray r = where(c, x, Operand(Scalar(int64_t{-7}), true));
  EXPECT_EQ(r.dtype(), int64);
  EXPECT_EQ(r.to_vector<int64_t>(), (std::vector<int64_t>{1, -7, 3}));
  // (2, 1) condition against (3,) values: a (2, 3) result.
  ndarray c2 = bools({1, 0}).reshape(Shape{2, 1});
  ndarray r2 = where(c2, x, Operand(Scalar(int64_t{0}), true));
  EXPECT_EQ(r2.shape(), (Shape{2, 3}));
  EXPECT_EQ(r2.to_vector<int64_t>(), (std::vector<int64_t>{1, 2, 3, 0, 0, 0}));
}

TEST(Where, PromotesAsNumPy) {
  ndarray c = bools({1, 0});
  ndarray x8 = arr(std::vector<int8_t>{1, 2}, int8);
  // int8 array with a weak Python int stays int8; with a weak float it becomes float64.
  EXPECT_EQ(where(c, x8, Operand(Scalar(int64_t{5}), true)).dtype(), int8);
  EXPECT_EQ(where(c, x8, Operand(Scalar(0.5), true)).dtype(), float64);
  // int8 with float32 arrays: float32; uint64 with int64: float64.
  ndarray f32 = arr(std::vector<float>{0.5f, 1.5f}, float32);
  EXPECT_EQ(where(c, x8, f32).dtype(), float32);
  ndarray u64 = arr(std::vector<uint64_t>{1, 2}, uint64);
  ndarray r = where(c, u64, i64({-1, -2}));
  EXPECT_EQ(r.dtype(), float64);
  EXPECT_EQ(r.to_vector<double>(), (std::vector<double>{1.0, -2.0}));
  // A non-bool condition is cast to bool.
  ndarray ci = i64({0, 3});
  EXPECT_EQ(where(ci, i64({1, 2}), i64({8, 9})).to_vector<int64_t>(), (std::vector<int64_t>{8, 2}));
  // A Python int that does not fit the result dtype: OverflowError, as NumPy 2.5's where
  // and every ufunc; with wrap_python_ints it wraps, as NumPy 2.4's where.
  EXPECT_THROW(where(c, x8, Operand(Scalar(int64_t{300}), true)), OverflowError);
  ndarray w = where(c, x8, Operand(Scalar(int64_t{300}), true), /*wrap_python_ints=*/true);
  EXPECT_EQ(w.dtype(), int8);
  EXPECT_EQ(w.to_vector<int8_t>(), (std::vector<int8_t>{1, 44}));
}

TEST(Searchsorted, LeftRightAndScalars) {
  ndarray a = f64({1, 2, 2, 3});
  ndarray v = f64({0, 2, 2.5, 4});
  EXPECT_EQ(searchsorted(a, v).to_vector<int64_t>(), (std::vector<int64_t>{0, 1, 3, 4}));
  EXPECT_EQ(searchsorted(a, v, Side::Right).to_vector<int64_t>(), (std::vector<int64_t>{0, 3, 3, 4}));
  ndarray s = searchsorted(a, Operand(Scalar(2.0), true), Side::Right);
  EXPECT_EQ(s.ndim(), 0);
  EXPECT_EQ(s.item().to_int64(), 3);
}

TEST(Searchsorted, NaNSortsLast) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  ndarray a = f64({1, 5, nan, nan});
  ndarray v = f64({nan, 5, 6});
  EXPECT_EQ(searchsorted(a, v).to_vector<int64_t>(), (std::vector<int64_t>{2, 1, 2}));
  EXPECT_EQ(searchsorted(a, v, Side::Right).to_vector<int64_t>(), (std::vector<int64_t>{4, 2, 2}));
}

TEST(Searchsorted, SorterAndIntegerRange) {
  ndarray a = i64({30, 10, 20});
  ndarray order = i64({1, 2, 0});
  EXPECT_EQ(searchsorted(a, i64({15, 30, 31}), Side::Left, order).to_vector<int64_t>(),
            (std::vector<int64_t>{1, 2, 3}));
  // -1 before every uint8 and 300 after: compared by value, not wrapped.
  ndarray u8 = arr(std::vector<uint8_t>{0, 10, 255}, uint8);
  EXPECT_EQ(searchsorted(u8, Operand(Scalar(int64_t{-1}), true)).item().to_int64(), 0);
  EXPECT_EQ(searchsorted(u8, Operand(Scalar(int64_t{300}), true)).item().to_int64(), 3);
}

TEST(Searchsorted, Errors) {
  ndarray a2 = f64({1, 2, 3, 4}).reshape(Shape{2, 2});
  EXPECT_THROW(searchsorted(a2, Operand(Scalar(1.0))), ValueError);
  ndarray a = f64({1, 2, 3});
  EXPECT_THROW(searchsorted(a, Operand(Scalar(1.0)), Side::Left, f64({0, 1, 2})), TypeError);
  EXPECT_THROW(searchsorted(a, Operand(Scalar(1.0)), Side::Left, i64({0, 1})), ValueError);
  EXPECT_THROW(searchsorted(a, Operand(Scalar(1.0)), Side::Left, i64({0, 1, 3})), ValueError);
}

TEST(Digitize, IncreasingAndDecreasingBins) {
  ndarray x = f64({0.2, 6.4, 3.0, 1.6});
  ndarray bins = f64({0.0, 1.0, 2.5, 4.0, 10.0});
  EXPECT_EQ(digitize(x, bins).to_vector<int64_t>(), (std::vector<int64_t>{1, 4, 3, 2}));
  ndarray xs = f64({1.0, 2.5, 4.0});
  EXPECT_EQ(digitize(xs, bins, true).to_vector<int64_t>(), (std::vector<int64_t>{1, 2, 3}));
  ndarray down = f64({10.0, 4.0, 2.5, 1.0, 0.0});
  EXPECT_EQ(digitize(x, down).to_vector<int64_t>(), (std::vector<int64_t>{4, 1, 2, 3}));
  EXPECT_EQ(digitize(xs, down, true).to_vector<int64_t>(), (std::vector<int64_t>{4, 3, 2}));
}

TEST(Digitize, Errors) {
  EXPECT_THROW(digitize(f64({1.0}), f64({1.0, 3.0, 2.0})), ValueError);
  EXPECT_THROW(digitize(f64({1.0}), f64({1, 2, 3, 4}).reshape(Shape{2, 2})), ValueError);
  EXPECT_THROW(digitize(f64({1.0}).astype(complex128), f64({1.0, 2.0})), TypeError);
}

TEST(Interp, InsideOutsideAndAtSamples) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  ndarray xp = f64({0.0, 1.0, 3.0});
  ndarray fp = f64({1.0, 3.0, -1.0});
  ndarray r = interp(f64({-1.0, 0.0, 0.5, 1.0, 2.0, 3.0, 4.0, nan}), xp, fp);
  EXPECT_EQ(r.dtype(), float64);
  const std::vector<double> got = r.to_vector<double>();
  const std::vector<double> want = {1.0, 1.0, 2.0, 3.0, 1.0, -1.0, -1.0};
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_DOUBLE_EQ(got[i], want[i]) << i;
  EXPECT_TRUE(std::isnan(got[7]));
  // left/right, an integer x (converted to float64), a 0-d x gives a 0-d result
  ndarray lr = interp(i64({-5, 9}), xp, fp, Scalar(-10.0), Scalar(10.0));
  EXPECT_EQ(lr.to_vector<double>(), (std::vector<double>{-10.0, 10.0}));
  EXPECT_EQ(interp(f64({0.5}).reshape(Shape{}), xp, fp).ndim(), 0);
}

TEST(Interp, ComplexSamplesAndPeriod) {
  ndarray xp = f64({0.0, 2.0});
  ndarray fp = f64({0.0, 2.0}).astype(complex128);
  ndarray r = interp(f64({1.0}), xp, fp);
  EXPECT_EQ(r.dtype(), complex128);
  EXPECT_EQ(r.to_vector<std::complex<double>>()[0], std::complex<double>(1.0, 0.0));
  // NumPy's example: xp = [190, -190, 350, -350], period 360
  ndarray p = interp(f64({-180.0, 365.0}), f64({190.0, -190.0, 350.0, -350.0}),
                     f64({5.0, 10.0, 3.0, 4.0}), std::nullopt, std::nullopt, 360.0);
  EXPECT_EQ(p.to_vector<double>(), (std::vector<double>{7.5, 3.75}));
}

TEST(Interp, Errors) {
  EXPECT_THROW(interp(f64({1.0}), f64({0.0, 1.0}), f64({1.0})), ValueError);
  EXPECT_THROW(interp(f64({1.0}), f64({}), f64({})), ValueError);
  EXPECT_THROW(interp(f64({1.0}), f64({0, 1, 2, 3}).reshape(Shape{2, 2}), f64({1, 2})), ValueError);
  EXPECT_THROW(interp(f64({1.0}).astype(complex128), f64({0.0, 1.0}), f64({0.0, 1.0})), TypeError);
  EXPECT_THROW(interp(f64({1.0}), f64({0.0, 1.0}), f64({0.0, 1.0}), std::nullopt, std::nullopt, 0.0),
               ValueError);
}

}  // namespace cunumpy::test
