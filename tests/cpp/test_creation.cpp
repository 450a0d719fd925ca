// Array creation (include/cunumpy/ops/creation.hpp): NumPy's defaults, dtypes, values of
// arange/linspace/logspace/eye/tri, the *_like forms and asarray's copy rules.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(Creation, FilledArrays) {
  EXPECT_EQ(zeros({2, 3}).dtype(), float64);
  EXPECT_EQ(values(zeros({2}, int8)), (std::vector<double>{0, 0}));
  EXPECT_EQ(values(ones({3}, uint16)), (std::vector<double>{1, 1, 1}));
  EXPECT_EQ(full({2}, Scalar(2.5)).dtype(), float64);
  EXPECT_EQ(full({2}, Scalar(true)).dtype(), bool_);
  EXPECT_EQ(full({2}, Scalar(7)).dtype(), int64);
  EXPECT_EQ(values(full({2}, Scalar(300), uint8)), (std::vector<double>{44, 44}));  // unsafe cast
  EXPECT_EQ(empty({0, 4}).shape(), (Shape{0, 4}));
  ndarray f = zeros({2, 3}, float32, Order::F);
  EXPECT_TRUE(f.f_contiguous());
  EXPECT_EQ(f.strides(), (Strides{4, 8}));
}

TEST(Creation, LikeFormsKeepDTypeAndLayout) {
  const ndarray f = zeros({2, 3}, int16, Order::F);
  ndarray e = empty_like(f);
  EXPECT_EQ(e.dtype(), int16);
  EXPECT_TRUE(e.f_contiguous());
  EXPECT_EQ(ones_like(f, float32).dtype(), float32);
  EXPECT_EQ(values(full_like(f, Scalar(3))), (std::vector<double>{3, 3, 3, 3, 3, 3}));
  EXPECT_EQ(zeros_like(f, std::nullopt, Order::K, Shape{4}).shape(), (Shape{4}));
}

TEST(Creation, ArangeLinspaceLogspace) {
  ndarray a = arange(Scalar(0), Scalar(1), Scalar(0.25));
  EXPECT_EQ(a.dtype(), float64);
  EXPECT_EQ(values(a), (std::vector<double>{0, 0.25, 0.5, 0.75}));
  EXPECT_EQ(arange(Scalar(5)).dtype(), int64);
  EXPECT_EQ(values(arange(Scalar(5), Scalar(0), Scalar(-2))), (std::vector<double>{5, 3, 1}));
  EXPECT_EQ(arange(Scalar(3), Scalar(1)).size(), 0);
  EXPECT_EQ(values(arange(Scalar(3), float32)), (std::vector<double>{0, 1, 2}));
  // 64-bit limits as NumPy: a uint64 bound promotes with intp to float64; the length is the
  // ceiling of the rounded quotient (2 values here, where the exact quotient is 2 + 5/2^62)
  const uint64_t big = uint64_t{1} << 63;
  const ndarray u = arange(Scalar(big), Scalar(big + 4096), Scalar(1024));
  EXPECT_EQ(u.dtype(), float64);
  EXPECT_EQ(u.size(), 4);
  const ndarray w = arange(Scalar(big), Scalar(big + 4096), Scalar(1024), uint64);
  EXPECT_EQ(w.copy().to_vector<uint64_t>(), (std::vector<uint64_t>{big, big + 1024, big + 2048, big + 3072}));
  EXPECT_EQ(arange(Scalar(5), Scalar(INT64_MIN), Scalar(-(int64_t{1} << 62))).size(), 2);
  EXPECT_EQ(values(linspace(Scalar(0), Scalar(1), 5)), (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
  double step = 0;
  EXPECT_EQ(values(linspace(Scalar(0), Scalar(1), 4, false, std::nullopt, &step)),
            (std::vector<double>{0, 0.25, 0.5, 0.75}));
  EXPECT_EQ(step, 0.25);
  EXPECT_EQ(linspace(Scalar(0), Scalar(10), 3, true, int32).dtype(), int32);
  std::vector<double> l = values(logspace(Scalar(0), Scalar(2), 3));
  EXPECT_DOUBLE_EQ(l[0], 1);
  EXPECT_DOUBLE_EQ(l[1], 10);
  EXPECT_DOUBLE_EQ(l[2], 100);
}

TEST(Creation, EyeIdentityTri) {
  EXPECT_EQ(values(eye(3, std::nullopt, 1)), (std::vector<double>{0, 1, 0, 0, 0, 1, 0, 0, 0}));
  EXPECT_EQ(eye(2, 3).shape(), (Shape{2, 3}));
  EXPECT_EQ(values(eye(2, 3, -1)), (std::vector<double>{0, 0, 0, 1, 0, 0}));
  EXPECT_EQ(values(identity(2, int8)), (std::vector<double>{1, 0, 0, 1}));
  EXPECT_EQ(values(tri(3)), (std::vector<double>{1, 0, 0, 1, 1, 0, 1, 1, 1}));
  EXPECT_EQ(values(tri(2, 3, 1)), (std::vector<double>{1, 1, 0, 1, 1, 1}));
  EXPECT_EQ(tri(2, 2, 0, bool_).dtype(), bool_);
  EXPECT_EQ(values(tri(2, 2, int64_t{1} << 62)), (std::vector<double>{1, 1, 1, 1}));  // k clamped
  EXPECT_THROW(tri(int64_t{1} << 40, int64_t{1} << 40), ValueError);
}

TEST(Creation, TrilTriuZeroTheOtherTriangle) {
  const ndarray a = seq({2, 3});  // [[0 1 2] [3 4 5]]
  EXPECT_EQ(values(tril(a)), (std::vector<double>{0, 0, 0, 3, 4, 0}));
  EXPECT_EQ(values(triu(a, 1)), (std::vector<double>{0, 1, 2, 0, 0, 5}));
  EXPECT_EQ(tril(a).dtype(), a.dtype());
  EXPECT_EQ(tril(seq({3})).shape(), (Shape{3, 3}));  // a 1-d m is a row repeated
  EXPECT_EQ(triu(seq({2, 2, 2})).shape(), (Shape{2, 2, 2}));
  EXPECT_THROW(tril(seq({1}).reshape(Shape{})), TypeError);
}

TEST(Creation, AsarrayCopiesOnlyWhenNeeded) {
  const ndarray a = seq({3});
  EXPECT_TRUE(asarray(a).same_handle(a) || asarray(a).memory() == a.memory());
  ndarray c = asarray(a, std::nullopt, true);
  EXPECT_NE(c.memory(), a.memory());
  EXPECT_EQ(asarray(a, int32).dtype(), int32);
  const ndarray t = seq({2, 3}).T();
  EXPECT_TRUE(ascontiguousarray(t).c_contiguous());
  EXPECT_EQ(values(ascontiguousarray(t)), (std::vector<double>{0, 3, 1, 4, 2, 5}));
  EXPECT_TRUE(asfortranarray(seq({2, 3})).f_contiguous());
  std::vector<float> host = {1, 2, 3, 4};
  ndarray h = array_from_host(host.data(), {2, 2}, {4, 8}, float32, a.device());  // F layout on the host
  EXPECT_EQ(values(h), (std::vector<double>{1, 3, 2, 4}));
}

}  // namespace cunumpy::test
