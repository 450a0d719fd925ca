// as_strided and sliding_window_view (include/cunumpy/ops/stride_tricks.hpp): views that
// share memory, NumPy's window shapes and strides, and the refusal of views past the end.
#include <gtest/gtest.h>

#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(AsStrided, OverlappingWindowsShareMemory) {
  ndarray x = seq({12}, int32);
  ndarray v = as_strided(x, {5, 3}, {8, 4});
  EXPECT_EQ(values(v), (std::vector<double>{0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 10}));
  ndarray every4 = as_strided(x, {3}, {16});
  every4.fill(Scalar(-1));
  EXPECT_EQ(values(x)[4], -1);
  EXPECT_EQ(values(x)[8], -1);
  // From a view's first element, not its memory's.
  EXPECT_EQ(values(as_strided(x[{Slice{2, std::nullopt, 1}}], {2}, {4})), (std::vector<double>{2, 3}));
  EXPECT_THROW(as_strided(x, {13}, {4}), ValueError);  // past the end
}

TEST(SlidingWindowView, ShapesAndStrides) {
  const ndarray b = seq({4, 6});
  const int64_t w23[2] = {2, 3};
  ndarray all = sliding_window_view(b, w23);
  EXPECT_EQ(all.shape(), (Shape{3, 4, 2, 3}));
  EXPECT_EQ(all.strides(), (Strides{48, 8, 48, 8}));
  const int64_t w3[1] = {3}, ax1[1] = {1};
  ndarray rows = sliding_window_view(b, w3, std::span<const int64_t>(ax1));
  EXPECT_EQ(rows.shape(), (Shape{4, 4, 3}));
  EXPECT_EQ(values(rows[{0, 1}]), (std::vector<double>{1, 2, 3}));
  const int64_t w22[2] = {2, 2}, ax00[2] = {0, 0};
  EXPECT_EQ(sliding_window_view(b, w22, std::span<const int64_t>(ax00)).shape(), (Shape{2, 6, 2, 2}));
}

TEST(SlidingWindowView, Errors) {
  const ndarray b = seq({4, 6});
  const int64_t w7[1] = {7}, ax0[1] = {0};
  EXPECT_THROW(sliding_window_view(b, w7, std::span<const int64_t>(ax0)), ValueError);
  const int64_t w2[1] = {2};
  EXPECT_THROW(sliding_window_view(b, w2), ValueError);  // one window per axis without axes
  const int64_t neg[2] = {-1, 1};
  EXPECT_THROW(sliding_window_view(b, neg), ValueError);
  const int64_t ax2[1] = {2};
  EXPECT_THROW(sliding_window_view(b, w2, std::span<const int64_t>(ax2)), AxisError);
}

}  // namespace cunumpy::test
