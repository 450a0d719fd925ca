// The window functions and i0 through the C++ API (windows.hpp); expected values are
// NumPy's.
#include <gtest/gtest.h>

#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(Windows, Values) {
  expect_near(bartlett(5), {0, 0.5, 1, 0.5, 0});
  expect_near(hanning(4), {0, 0.75, 0.75, 0}, 1e-15);
  expect_near(hamming(3), {0.08, 1, 0.08}, 1e-15);
  expect_near(blackman(3), {0, 1, 0}, 1e-15);
  expect_near(kaiser(4, 5.0), {0.03671089, 0.7753221, 0.7753221, 0.03671089}, 1e-8);
  EXPECT_EQ(hanning(0).size(), 0);
  EXPECT_EQ(hanning(-2).dtype(), float64);
  expect_near(blackman(1), {1});
  expect_near(kaiser(1, 3.0), {1});
}

TEST(Windows, I0) {
  expect_near(i0(from({0, 1, 10, -10}, {4})), {1, 1.2660658777520082, 2815.716628466254, 2815.716628466254}, 1e-9);
  EXPECT_EQ(i0(from({1}, {1}, float32)).dtype(), float32);
  EXPECT_EQ(i0(from({1}, {1}, int32)).dtype(), float64);
  EXPECT_THROW(i0(from({1}, {1}, complex128)), TypeError);
}

}  // namespace cunumpy::test
