// packbits, unpackbits, isposinf and isneginf through the C++ API (bits.hpp); expected
// values are NumPy's.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(Bits, Packbits) {
  const ndarray b = from({1, 0, 1, 1, 0, 0, 0, 1, 1}, {9}, bool_);
  EXPECT_EQ(packbits(b).to_vector<uint8_t>(), (std::vector<uint8_t>{177, 128}));
  EXPECT_EQ(packbits(b, std::nullopt, BitOrder::Little).to_vector<uint8_t>(), (std::vector<uint8_t>{141, 1}));
  const ndarray m = from({1, 0, 0, 1, 1, 1}, {2, 3}, int32);
  const ndarray p0 = packbits(m, 0);
  EXPECT_EQ(p0.shape(), (Shape{1, 3}));
  EXPECT_EQ(p0.to_vector<uint8_t>(), (std::vector<uint8_t>{192, 64, 64}));
  EXPECT_EQ(packbits(m.T(), -1).to_vector<uint8_t>(), (std::vector<uint8_t>{192, 64, 64}));  // a view
  EXPECT_EQ(packbits(from({5}, {}, int64)).to_vector<uint8_t>(), (std::vector<uint8_t>{128}));
  EXPECT_THROW(packbits(from({1.5}, {1})), TypeError);
  EXPECT_THROW(packbits(m, 2), AxisError);
}

TEST(Bits, Unpackbits) {
  const ndarray a = from({5, 160}, {2}, uint8);
  EXPECT_EQ(unpackbits(a, std::nullopt, 10).to_vector<uint8_t>(),
            (std::vector<uint8_t>{0, 0, 0, 0, 0, 1, 0, 1, 1, 0}));
  EXPECT_EQ(unpackbits(a, std::nullopt, -12).size(), 4);
  EXPECT_EQ(unpackbits(a, std::nullopt, 20).size(), 20);
  const ndarray little = unpackbits(from({1}, {1}, uint8), std::nullopt, std::nullopt, BitOrder::Little);
  EXPECT_EQ(little.to_vector<uint8_t>(), (std::vector<uint8_t>{1, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(unpackbits(from({3, 4}, {1, 2}, uint8), 1).shape(), (Shape{1, 16}));
  EXPECT_THROW(unpackbits(from({1}, {1}, int8)), TypeError);
  EXPECT_THROW(unpackbits(a, std::nullopt, -17), ValueError);
}

TEST(Bits, IsPosNegInf) {
  const double inf = std::numeric_limits<double>::infinity();
  const ndarray x = from({inf, -inf, std::nan(""), 1.0}, {4});
  EXPECT_EQ(values(isposinf(x)), (std::vector<double>{1, 0, 0, 0}));
  EXPECT_EQ(values(isneginf(x)), (std::vector<double>{0, 1, 0, 0}));
  ndarray out(Shape{4}, int32);
  isneginf(x, out);
  EXPECT_EQ(out.to_vector<int32_t>(), (std::vector<int32_t>{0, 1, 0, 0}));
  EXPECT_THROW(isposinf(x.astype(complex128)), TypeError);
}

}  // namespace cunumpy::test
