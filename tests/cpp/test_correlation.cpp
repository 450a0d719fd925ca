// cov, corrcoef, correlate and convolve through the C++ API (correlation.hpp), on the
// default device; expected values are NumPy's.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {
TEST(Correlation, CovAndCorrcoef) {
  const ndarray m = from({0, 1, 2, 2, 1, 0}, {2, 3});
  expect_near(cov(m), {1, -1, -1, 1});
  expect_near(corrcoef(m), {1, -1, -1, 1});
  CovArgs f;
  f.fweights = from({1, 2, 1}, {3}, int64);
  expect_near(cov(m, f), {2.0 / 3, -2.0 / 3, -2.0 / 3, 2.0 / 3});
  CovArgs aw;
  aw.aweights = from({1, 2, 1}, {3});
  aw.ddof = 0;
  expect_near(cov(m, aw), {0.5, -0.5, -0.5, 0.5});
  CovArgs cols;
  cols.rowvar = false;
  EXPECT_EQ(cov(m, cols).shape(), (Shape{3, 3}));
  EXPECT_EQ(cov(from({1, 2, 3}, {3}, float32)).dtype(), float64);  // promoted with float64
  EXPECT_EQ(cov(from({1, 2, 3}, {3})).ndim(), 0);
  EXPECT_THROW(cov(ndarray(Shape{2, 2, 2}, float64)), ValueError);
  CovArgs bad;
  bad.fweights = from({1.5, 1, 1}, {3});
  EXPECT_THROW(cov(m, bad), TypeError);
  bad.fweights = from({1, 1}, {2});
  EXPECT_THROW(cov(m, bad), Error);  // NumPy's RuntimeError
}

TEST(Correlation, CovDegreesOfFreedomWarning) {
  OpWarnings w;
  CovArgs a;
  a.ddof = 3;
  const ndarray c = cov(from({0, 1, 2}, {3}), a, &w);
  EXPECT_TRUE(w.degrees_of_freedom);
  EXPECT_TRUE(std::isinf(c.item().to_double()));
}

TEST(Correlation, CorrelateConvolveModes) {
  const ndarray a = from({1, 2, 3}, {3}), v = from({0, 1, 0.5}, {3});
  expect_near(correlate(a, v), {3.5});
  expect_near(correlate(a, v, CorrelateMode::Full), {0.5, 2, 3.5, 3, 0});
  expect_near(convolve(a, v), {0, 1, 2.5, 4, 1.5});
  expect_near(convolve(a, v, CorrelateMode::Same), {1, 2.5, 4});
  EXPECT_EQ(correlate(from({1, 2}, {2}, int16), from({1}, {1}, int8)).dtype(), int16);
  EXPECT_THROW(correlate(ndarray(Shape{0}, float64), v), ValueError);
  EXPECT_THROW(correlate(from({1, 2, 3, 4}, {2, 2}), v), ValueError);
}

TEST(Correlation, CorrelateConjugatesComplex) {
  const ndarray a = from({1, 2}, {2}, complex128) + from({1, 0}, {2}) * std::complex<double>(0, 1);
  const ndarray v = from({0, 1}, {2}, complex128) + from({1, 0}, {2}) * std::complex<double>(0, 1);
  const ndarray r = correlate(a, v, CorrelateMode::Full);
  const std::vector<std::complex<double>> got = r.to_vector<std::complex<double>>();
  const std::vector<std::complex<double>> want = {{1, 1}, {3, -1}, {0, -2}};
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(std::abs(got[i] - want[i]), 0, 1e-12) << i;
}

}  // namespace cunumpy::test
