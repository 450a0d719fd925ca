// gradient, trapezoid, interp and unwrap through the C++ API (calculus.hpp), on the default
// device; expected values are NumPy's.
#include <gtest/gtest.h>

#include <complex>
#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(Calculus, GradientSpacings) {
  const ndarray a = from({1, 4, 9, 16, 25}, {5});
  expect_near(gradient(a)[0], {3, 4, 6, 8, 9});
  const ndarray two = from({2.0}, {});
  expect_near(gradient(a, std::vector<ndarray>{two})[0], {1.5, 2, 3, 4, 4.5});
  const ndarray x = from({0, 1, 3, 4, 7}, {5});
  expect_near(gradient(a, std::vector<ndarray>{x})[0], {3, 2.8333333333333335, 5.5, 6, 3});
  expect_near(gradient(a, {}, std::nullopt, 2)[0], {2, 4, 6, 8, 10});
  const ndarray m = from({0, 1, 4, 9, 16, 25}, {2, 3});
  const std::vector<ndarray> g = gradient(m);
  ASSERT_EQ(g.size(), 2u);
  expect_near(g[0], {9, 15, 21, 9, 15, 21});
  expect_near(g[1], {1, 2, 3, 7, 8, 9});
  expect_near(gradient(m, {}, std::vector<int64_t>{-1})[0], {1, 2, 3, 7, 8, 9});
  EXPECT_EQ(gradient(from({1, 2, 4}, {3}, int64))[0].dtype(), float64);  // integers: float64
  EXPECT_EQ(gradient(from({1, 2, 4}, {3}, float32))[0].dtype(), float32);
}

TEST(Calculus, GradientErrors) {
  const ndarray m = seq({5, 6});
  const ndarray s = from({1.0}, {});
  EXPECT_THROW(gradient(m, std::vector<ndarray>{s, s, s}), TypeError);
  EXPECT_THROW(gradient(m, std::vector<ndarray>{seq({4})}, std::vector<int64_t>{0}), ValueError);
  EXPECT_THROW(gradient(m, {}, std::nullopt, 3), ValueError);
  EXPECT_THROW(gradient(seq({2, 6}), {}, std::nullopt, 2), ValueError);
  EXPECT_THROW(gradient(m, {}, std::vector<int64_t>{2}), AxisError);
  EXPECT_THROW(gradient(m, {}, std::vector<int64_t>{0, -2}), ValueError);
}

TEST(Calculus, Trapezoid) {
  const ndarray a = from({1, 4, 9, 16, 25}, {5});
  expect_near(trapezoid(a), {42});
  expect_near(trapezoid(a, from({0, 1, 3, 4, 7}, {5})), {89.5});
  expect_near(trapezoid(a, std::nullopt, 0.5), {21});
  expect_near(trapezoid(from({0, 1, 4, 9, 16, 25}, {2, 3}), std::nullopt, 1.0, 0), {4.5, 8.5, 14.5});
  EXPECT_THROW(trapezoid(a, std::nullopt, 1.0, 1), IndexError);
}

TEST(Calculus, Interp) {
  const ndarray xp = from({0, 1, 3}, {3}), fp = from({10, 20, 0}, {3});
  expect_near(interp(from({-1, 0.5, 2.5, 9}, {4}), xp, fp), {10, 15, 5, 0});
  expect_near(interp(from({-1, 9}, {2}), xp, fp, Scalar(-5.0), Scalar(7.0)), {-5, 7});
  expect_near(interp(from({7.5}, {1}), xp, fp, std::nullopt, std::nullopt, 4.0), {5});
  const ndarray c = interp(from({0.5}, {1}), from({0, 1}, {2}), from({0, 2}, {2}).astype(complex128) +
                                                                     from({1, 0}, {2}).astype(complex128) *
                                                                         Operand(std::complex<double>(0, 1)));
  EXPECT_EQ(c.dtype(), complex128);
  const std::vector<std::complex<double>> cv = c.to_vector<std::complex<double>>();
  EXPECT_DOUBLE_EQ(cv[0].real(), 1.0);
  EXPECT_DOUBLE_EQ(cv[0].imag(), 0.5);
  EXPECT_EQ(interp(from({1.5}, {}), xp, fp).ndim(), 0);
  EXPECT_THROW(interp(from({1}, {1}), from({}, {0}), from({}, {0})), ValueError);
  EXPECT_THROW(interp(from({1}, {1}), xp, from({1, 2}, {2})), ValueError);
  EXPECT_THROW(interp(from({1}, {1}), xp, fp, std::nullopt, std::nullopt, 0.0), ValueError);
}

TEST(Calculus, Unwrap) {
  expect_near(unwrap(from({0, 3, 6.5, 0.5}, {4})), {0, 3, 0.21681469282041377, 0.5});
  const ndarray r = unwrap(from({0, 7, 14}, {3}, int64), std::nullopt, -1, 6);
  EXPECT_EQ(r.dtype(), int64);
  EXPECT_EQ(r.to_vector<int64_t>(), (std::vector<int64_t>{0, 1, 2}));
  EXPECT_THROW(unwrap(from({1}, {})), ValueError);
  EXPECT_THROW(unwrap(seq({3}), std::nullopt, 1), AxisError);
}

}  // namespace cunumpy::test
