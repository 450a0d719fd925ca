// ElementwiseKernel and ReductionKernel through the C++ API, on the default device (the
// CPU backend compiles the generated code with the host compiler; CUDA with NVRTC).
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <vector>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {
namespace {

ndarray seq(const Shape& shape, DType dtype) {
  std::vector<double> v(static_cast<std::size_t>(shape_size(shape)));
  std::iota(v.begin(), v.end(), 0.0);
  ndarray a(shape, float64);
  a.copy_from_host(v.data());
  return a.astype(dtype);
}

}  // namespace

TEST(ElementwiseKernel, SquaredDiffWithPlaceholderAndBroadcast) {
  ElementwiseKernel k("T x, T y", "T z", "z = (x - y) * (x - y)", {.name = "cpp_squared_diff"});
  ndarray x = seq({2, 5}, float32), y = seq({5}, float32);
  std::vector<ndarray> r = k({x, y});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].dtype(), float32);
  EXPECT_EQ(r[0].shape(), (Shape{2, 5}));
  std::vector<float> v = r[0].to_vector<float>();
  for (int i = 0; i < 10; ++i) EXPECT_FLOAT_EQ(v[i], float((i - i % 5) * (i - i % 5)));
  // A weak scalar takes T from the array.
  std::vector<ndarray> s = k({x, 1.5});
  EXPECT_EQ(s[0].dtype(), float32);
  EXPECT_FLOAT_EQ(s[0].to_vector<float>()[0], 2.25f);
}

TEST(ElementwiseKernel, RawParameterAndSize) {
  ElementwiseKernel k("raw T y", "T z", "z = y[_ind.size() - i - 1]", {.name = "cpp_reverse"});
  ndarray y = seq({6}, float64);
  const Operand args[] = {y};
  std::vector<ndarray> r = k(std::span<const Operand>(args, 1), 6);
  EXPECT_EQ(r[0].to_vector<double>(), (std::vector<double>{5, 4, 3, 2, 1, 0}));
}

TEST(ElementwiseKernel, ErrorsAreTypeErrors) {
  ElementwiseKernel k("T x, T y", "T z", "z = x + y", {.name = "cpp_add"});
  EXPECT_THROW(k({seq({3}, float32)}), TypeError);                      // argument count
  EXPECT_THROW(k({seq({3}, float32), seq({3}, float64)}), TypeError);   // T mismatch
  EXPECT_THROW(ElementwiseKernel("T", "T z", "z = 1"), ValueError);     // malformed params
  ElementwiseKernel bad("T x", "T y", "y = x +* 1", {.name = "cpp_broken"});
  EXPECT_THROW(bad({seq({3}, float32)}), CompileError);
}

TEST(ReductionKernel, L2NormOverAnAxis) {
  ReductionKernel l2("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", {.name = "cpp_l2norm"});
  ndarray x = seq({2, 5}, float64);
  const Operand args[] = {x};
  std::vector<ndarray> r = l2(std::span<const Operand>(args, 1), Axes(SmallVector<int64_t, 8>{1}));
  ASSERT_EQ(r[0].shape(), (Shape{2}));
  std::vector<double> v = r[0].to_vector<double>();
  EXPECT_NEAR(v[0], std::sqrt(0.0 + 1 + 4 + 9 + 16), 1e-12);
  EXPECT_NEAR(v[1], std::sqrt(25.0 + 36 + 49 + 64 + 81), 1e-12);
  std::vector<ndarray> all = l2(std::span<const Operand>(args, 1));
  EXPECT_EQ(all[0].ndim(), 0);
  EXPECT_NEAR(all[0].to_vector<double>()[0], std::sqrt(285.0), 1e-12);
}

}  // namespace cunumpy::test
