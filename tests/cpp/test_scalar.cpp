// Scalar (include/cunumpy/core/scalar.hpp): the dtype each C++ value takes, NumPy's cast
// semantics (wrapping integers, truncating floats, dropping imaginary parts), raw storage.
#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <cstring>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {

TEST(Scalar, DTypesOfCppValues) {
  EXPECT_EQ(Scalar(true).dtype(), bool_);
  EXPECT_EQ(Scalar(3).dtype(), int64);
  EXPECT_EQ(Scalar(3u).dtype(), uint64);
  EXPECT_EQ(Scalar(1.5f).dtype(), float32);
  EXPECT_EQ(Scalar(1.5).dtype(), float64);
  EXPECT_EQ(Scalar(std::complex<double>(1, 2)).dtype(), complex128);
  EXPECT_EQ(Scalar(std::complex<float>(1, 2)).dtype(), complex64);
  EXPECT_EQ(Scalar().dtype(), float64);
}

TEST(Scalar, CastsAsNumPy) {
  EXPECT_EQ(Scalar(300).cast(uint8).to_int64(), 44);  // wraps
  EXPECT_EQ(Scalar(-1).cast(uint8).to_int64(), 255);
  EXPECT_EQ(Scalar(-1).cast(uint64).to_uint64(), UINT64_MAX);
  EXPECT_EQ(Scalar(2.7).cast(int32).to_int64(), 2);  // truncates
  EXPECT_EQ(Scalar(-2.7).cast(int32).to_int64(), -2);
  EXPECT_EQ(Scalar(std::complex<double>(1.5, 2)).cast(float64).to_double(), 1.5);
  EXPECT_EQ(Scalar(0.1).cast(float32).to_double(), static_cast<double>(0.1f));
  EXPECT_EQ(Scalar(0.1).cast(float16).cast(float64).to_double(), 0.0999755859375);
  EXPECT_TRUE(Scalar(0.5).cast(bool_).to_bool());
  EXPECT_FALSE(Scalar(0).cast(bool_).to_bool());
  EXPECT_EQ(Scalar(3).cast(complex64).to_complex(), std::complex<double>(3, 0));
}

TEST(Scalar, StoreAndLoadRoundTrip) {
  unsigned char buf[16] = {};
  Scalar(-5).cast(int16).store(buf);
  int16_t i16;
  std::memcpy(&i16, buf, 2);
  EXPECT_EQ(i16, -5);
  EXPECT_EQ(Scalar::load(buf, int16).to_int64(), -5);
  Scalar(std::complex<double>(1, -2)).store(buf);
  EXPECT_EQ(Scalar::load(buf, complex128).to_complex(), std::complex<double>(1, -2));
  Scalar(2.5f).store(buf);
  EXPECT_EQ(Scalar::load(buf, float32).to_double(), 2.5);
}

}  // namespace cunumpy::test
