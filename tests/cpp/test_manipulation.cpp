// Shape manipulation (include/cunumpy/ops/manipulation.hpp): views with NumPy's shapes and
// strides, broadcasting rules and errors.
#include <gtest/gtest.h>

#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(Manipulation, ReshapeAndRavel) {
  const ndarray a = seq({2, 3});
  ndarray r = reshape(a, {3, -1});
  EXPECT_EQ(r.shape(), (Shape{3, 2}));
  EXPECT_EQ(r.memory(), a.memory());
  EXPECT_EQ(values(reshape(a, {3, 2}, Order::F)), (std::vector<double>{0, 4, 3, 2, 1, 5}));
  EXPECT_THROW(reshape(a, {4, 2}), ValueError);
  EXPECT_EQ(values(ravel(a.T())), (std::vector<double>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(values(ravel(a, Order::F)), (std::vector<double>{0, 3, 1, 4, 2, 5}));
}

TEST(Manipulation, TransposeSwapaxesMoveaxis) {
  const ndarray a = zeros({2, 3, 4});
  EXPECT_EQ(transpose(a).shape(), (Shape{4, 3, 2}));
  const int64_t perm[3] = {1, 0, 2};
  EXPECT_EQ(transpose(a, perm).shape(), (Shape{3, 2, 4}));
  EXPECT_EQ(transpose(a, perm).strides(), (Strides{32, 96, 8}));
  const int64_t bad[3] = {0, 0, 1};
  EXPECT_THROW(transpose(a, bad), ValueError);
  EXPECT_EQ(swapaxes(a, 0, -1).shape(), (Shape{4, 3, 2}));
  EXPECT_EQ(moveaxis(a, 0, -1).shape(), (Shape{3, 4, 2}));
  const int64_t src[2] = {0, 1}, dst[2] = {-1, -2};
  EXPECT_EQ(moveaxis(a, src, dst).shape(), (Shape{4, 3, 2}));
  EXPECT_THROW(moveaxis(a, 3, 0), AxisError);
}

TEST(Manipulation, SqueezeAndExpandDims) {
  const ndarray a = zeros({1, 3, 1});
  EXPECT_EQ(squeeze(a).shape(), (Shape{3}));
  const int64_t last[1] = {-1};
  EXPECT_EQ(squeeze(a, last).shape(), (Shape{1, 3}));
  const int64_t middle[1] = {1};
  EXPECT_THROW(squeeze(a, middle), ValueError);  // not of length one
  EXPECT_EQ(expand_dims(seq({3}), 0).shape(), (Shape{1, 3}));
  const int64_t two[2] = {0, -1};
  EXPECT_EQ(expand_dims(seq({3}), two).shape(), (Shape{1, 3, 1}));
  EXPECT_THROW(expand_dims(seq({3}), 3), AxisError);
}

TEST(Manipulation, Broadcasting) {
  ndarray b = broadcast_to(seq({3}), {2, 3});
  EXPECT_EQ(b.strides(), (Strides{0, 8}));
  EXPECT_EQ(values(b), (std::vector<double>{0, 1, 2, 0, 1, 2}));
  EXPECT_THROW(broadcast_to(seq({3}), {2, 4}), ValueError);
  const std::vector<Shape> shapes = {{3, 1}, {4}, {1, 1}};
  EXPECT_EQ(broadcast_shapes(shapes), (Shape{3, 4}));
  const std::vector<ndarray> arrays = {seq({3, 1}), seq({4})};
  std::vector<ndarray> both = broadcast_arrays(arrays);
  EXPECT_EQ(both[0].shape(), (Shape{3, 4}));
  EXPECT_EQ(both[1].shape(), (Shape{3, 4}));
}

TEST(Manipulation, Atleast) {
  const ndarray s = from({1}, {});
  EXPECT_EQ(atleast_1d(s).shape(), (Shape{1}));
  EXPECT_EQ(atleast_2d(seq({3})).shape(), (Shape{1, 3}));
  EXPECT_EQ(atleast_3d(seq({3})).shape(), (Shape{1, 3, 1}));
  EXPECT_EQ(atleast_3d(seq({2, 3})).shape(), (Shape{2, 3, 1}));
}

}  // namespace cunumpy::test
