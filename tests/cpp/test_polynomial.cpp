// vander, polyval, polyadd, polysub, polymul, polyder, polyint, polydiv, roots and poly
// (polynomial.hpp) and the power series of power_series.hpp through the C++ API; expected
// values are NumPy's.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(Polynomial, Vander) {
  const ndarray v = vander(from({1, 2, 3}, {3}, int64), 4);
  EXPECT_EQ(v.dtype(), int64);
  EXPECT_EQ(v.to_vector<int64_t>(), (std::vector<int64_t>{1, 1, 1, 1, 8, 4, 2, 1, 27, 9, 3, 1}));
  expect_near(vander(from({2, 3}, {2}), std::nullopt, true), {1, 2, 1, 3});
  EXPECT_EQ(vander(from({1}, {1}, float32)).dtype(), float64);  // promote_types(float32, int64)
  EXPECT_THROW(vander(seq({2, 2})), ValueError);
  EXPECT_THROW(vander(seq({2}), -1), ValueError);
}

TEST(Polynomial, PolyvalAndArithmetic) {
  const ndarray p = from({1, 2, 3}, {3}, int64);
  EXPECT_EQ(polyval(p, from({0, 1, 2}, {3}, int64)).to_vector<int64_t>(), (std::vector<int64_t>{3, 6, 11}));
  EXPECT_EQ(polyval(p, from({1}, {1}, float32)).dtype(), float64);  // p's int64 elements are strong
  EXPECT_THROW(polyval(from({1}, {}), p), TypeError);
  expect_near(polyadd(from({1, 2}, {2}), from({1, 1, 1}, {3})), {1, 2, 3});
  expect_near(polysub(from({1}, {1}), from({1, 2}, {2})), {-1, -1});
  expect_near(polymul(from({1, 1}, {2}), from({1, -1}, {2})), {1, 0, -1});
  expect_near(polymul(from({0, 0, 1}, {3}), from({0, 1, 1}, {3})), {1, 1});  // leading zeros trimmed
  EXPECT_THROW(polymul(seq({2, 2}), from({1}, {1})), ValueError);
}

TEST(Polynomial, DerivativeIntegralDivision) {
  const ndarray p = from({1, 2, 3}, {3}, int64);
  EXPECT_EQ(polyder(p).to_vector<int64_t>(), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(polyder(from({1, 2, 3}, {3}, float32)).dtype(), float64);  // float32 * int64
  EXPECT_EQ(polyder(p, 5).size(), 0);
  EXPECT_THROW(polyder(p, -1), ValueError);
  EXPECT_THROW(polyder(from({1}, {})), TypeError);
  expect_near(polyint(p), {1.0 / 3, 1, 3, 0});
  expect_near(polyint(from({1, 2}, {2}), 2, from({3, 4}, {2})), {1.0 / 6, 1, 3, 4});
  expect_near(polyint(from({1, 2}, {2}), 3, from({5}, {1})), {1.0 / 24, 1.0 / 3, 2.5, 5, 5});
  EXPECT_THROW(polyint(p, 3, from({1, 2}, {2})), ValueError);
  auto [q, r] = polydiv(from({1, 2, 3}, {3}, int64), from({1, 1}, {2}, int64));
  EXPECT_EQ(q.dtype(), float64);
  expect_near(q, {1, 1});
  expect_near(r, {2});
  auto [q2, r2] = polydiv(from({1, 0, -1}, {3}), from({1, -1}, {2}));
  expect_near(q2, {1, 1});
  expect_near(r2, {0});  // the remainder's zero terms trimmed to one
  EXPECT_THROW(polydiv(from({}, {0}), from({1}, {1})), IndexError);
  EXPECT_THROW(polydiv(seq({2, 2}), from({1}, {1})), ValueError);
}

TEST(PowerSeries, VanderCompanionValTrim) {
  const ndarray v = polynomial::polyvander(from({2, 3}, {2}, int64), 2);
  EXPECT_EQ(v.dtype(), float64);  // x + 0.0
  EXPECT_EQ(v.shape(), (Shape{2, 3}));
  expect_near(v.copy(), {1, 2, 4, 1, 3, 9});
  EXPECT_THROW(polynomial::polyvander(from({1}, {1}), -1), ValueError);
  expect_near(polynomial::polycompanion(from({1, 2, 3}, {3})), {0, -1.0 / 3, 1, -2.0 / 3});
  expect_near(polynomial::polycompanion(from({1, 2}, {2})), {-0.5});
  EXPECT_THROW(polynomial::polycompanion(from({1}, {1})), ValueError);
  // 1 + 2x + 3x^2 at 2 (a weak Python float) and at [0, 1]
  expect_near(polynomial::polyval(Operand::weak(Scalar(2.0)), from({1, 2, 3}, {3})), {17});
  EXPECT_EQ(polynomial::polyval(Operand::weak(Scalar(2.0)), from({1, 2}, {2}, float32)).dtype(), float32);
  expect_near(polynomial::polyval(from({0, 1}, {2}), from({1, 2, 3}, {3})), {1, 6});
  expect_near(polynomial::polyvalfromroots(from({0, 3}, {2}), from({1, 2}, {2})), {2, 2});
  EXPECT_THROW(polynomial::polyvalfromroots(from({0, 3}, {2}), from({1, 2}, {2}), false), ValueError);
  expect_near(polynomial::trimseq(from({1, 0, 0}, {3})), {1});
  expect_near(polynomial::trimseq(from({0, 0}, {2})), {0});
  expect_near(polynomial::trimcoef(from({0, 0, 1e-3, 0, 1e-5, 0}, {6}), 1e-3), {0});
  expect_near(polynomial::trimcoef(from({2, 7, 0, 1}, {4}), 1), {2, 7});
  EXPECT_THROW(polynomial::trimcoef(from({1}, {1}), -1), ValueError);
}

TEST(Polynomial, RootsAndPoly) {
  std::vector<double> r = values(roots(from({1, -3, 2}, {3})));
  std::sort(r.begin(), r.end());
  ASSERT_EQ(r.size(), 2u);
  EXPECT_NEAR(r[0], 1, 1e-12);
  EXPECT_NEAR(r[1], 2, 1e-12);
  EXPECT_EQ(roots(from({1, 0, 1}, {3})).dtype(), complex128);
  EXPECT_EQ(roots(from({0, 0}, {2})).size(), 0);
  expect_near(roots(from({0, 1, 0, 0}, {4})), {0, 0});  // trailing zeros are zero roots
  EXPECT_THROW(roots(seq({2, 2})), ValueError);
  expect_near(poly(from({1, 2}, {2})), {1, -3, 2});
  const ndarray c = poly(from({1, 1}, {2}).astype(complex128) * Operand(std::complex<double>(0, 1)) *
                         from({1, -1}, {2}));
  EXPECT_EQ(c.dtype(), float64);  // conjugate roots: real coefficients
  expect_near(c, {1, 0, 1});
  EXPECT_EQ(poly(from({}, {0})).ndim(), 0);
  EXPECT_THROW(poly(seq({2, 3})), ValueError);
}

}  // namespace cunumpy::test
