// clip through the C++ API (include/cunumpy/ops/clip.hpp) on the default device: both
// bounds, one bound, Python ints past the dtype's range, ties on -0.0 and out=.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
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
Operand weak_int(int64_t v) { return Operand(Scalar(v), true); }
Operand weak_float(double v) { return Operand(Scalar(v), true); }

}  // namespace

TEST(Clip, BothBoundsAndOne) {
  ndarray x = arr(std::vector<int64_t>{-2, 0, 5, 9}, int64);
  EXPECT_EQ(clip(x, weak_int(0), weak_int(6)).to_vector<int64_t>(), (std::vector<int64_t>{0, 0, 5, 6}));
  ndarray f = arr(std::vector<double>{-2, 0, 5, 9}, float64);
  EXPECT_EQ(clip(f, std::nullopt, weak_float(1)).to_vector<double>(), (std::vector<double>{-2, 0, 1, 1}));
  EXPECT_EQ(clip(f, weak_float(1), std::nullopt).to_vector<double>(), (std::vector<double>{1, 1, 5, 9}));
  // No bound at all: a copy.
  ndarray same = clip(f, std::nullopt, std::nullopt);
  EXPECT_FALSE(same.same_handle(f));
  EXPECT_EQ(same.to_vector<double>(), f.to_vector<double>());
}

TEST(Clip, PythonIntsPastTheRangeAreNoBound) {
  ndarray u = arr(std::vector<uint8_t>{1, 200}, uint8);
  ndarray r = clip(u, weak_int(-5), weak_int(1000));
  EXPECT_EQ(r.dtype(), uint8);
  EXPECT_EQ(r.to_vector<uint8_t>(), (std::vector<uint8_t>{1, 200}));
  EXPECT_EQ(clip(u, weak_int(10), weak_int(1000)).to_vector<uint8_t>(), (std::vector<uint8_t>{10, 200}));
}

TEST(Clip, TiesKeepTheValueAndNaNPropagates) {
  ndarray f = arr(std::vector<double>{-0.0, 2.0, NAN}, float64);
  std::vector<double> r = clip(f, weak_float(0.0), weak_float(1.0)).to_vector<double>();
  EXPECT_EQ(r[0], 0.0);
  EXPECT_TRUE(std::signbit(r[0]));
  EXPECT_EQ(r[1], 1.0);
  EXPECT_TRUE(std::isnan(r[2]));
}

TEST(Clip, ArrayBoundsAndOut) {
  ndarray x = arr(std::vector<float>{0.f, 5.f, 10.f}, float32);
  ndarray lo = arr(std::vector<float>{1.f, 1.f, 1.f}, float32);
  ndarray hi = arr(std::vector<float>{2.f, 6.f, 8.f}, float32);
  UfuncOptions o;
  ndarray out(Shape{3}, float32);
  o.out.push_back(out);
  ndarray r = clip(x, lo, hi, o);
  EXPECT_EQ(r.data(), out.data());
  EXPECT_EQ(out.to_vector<float>(), (std::vector<float>{1.f, 5.f, 8.f}));
}

}  // namespace cunumpy::test
