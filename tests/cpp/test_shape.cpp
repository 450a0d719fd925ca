// Shapes and strides (include/cunumpy/core/shape.hpp) and SmallVector
// (include/cunumpy/core/small_vector.hpp): NumPy's layouts, contiguity, broadcasting and
// axis normalization; the inline-then-heap vector.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {

TEST(Shape, SizesAndContiguousStrides) {
  EXPECT_EQ(shape_size({2, 3, 4}), 24);
  EXPECT_EQ(shape_size({}), 1);
  EXPECT_EQ(shape_size({0, 5}), 0);
  EXPECT_EQ(contiguous_strides({2, 3, 4}, 8), (Strides{96, 32, 8}));
  EXPECT_EQ(contiguous_strides({2, 3, 4}, 8, Order::F), (Strides{8, 16, 48}));
  EXPECT_TRUE(is_c_contiguous({2, 3}, {24, 8}, 8));
  EXPECT_FALSE(is_f_contiguous({2, 3}, {24, 8}, 8));
  EXPECT_TRUE(is_f_contiguous({2, 3}, {8, 16}, 8));
  EXPECT_TRUE(is_c_contiguous({1, 3}, {999, 8}, 8));  // a unit axis's stride does not matter
  // Order K keeps the memory order of the axes.
  EXPECT_EQ(strides_like({2, 3}, {8, 16}, 4), (Strides{4, 8}));
}

TEST(Shape, ByteExtent) {
  EXPECT_EQ(byte_extent({3}, {8}, 8), (std::pair<int64_t, int64_t>{0, 24}));
  EXPECT_EQ(byte_extent({3}, {-8}, 8), (std::pair<int64_t, int64_t>{-16, 8}));
  EXPECT_EQ(byte_extent({0, 3}, {24, 8}, 8), (std::pair<int64_t, int64_t>{0, 0}));
}

TEST(Shape, StrBroadcastAndAxes) {
  EXPECT_EQ(shape_str({2, 3}), "(2, 3)");
  EXPECT_EQ(shape_str({5}), "(5,)");
  EXPECT_EQ(shape_str({}), "()");
  EXPECT_EQ(broadcast_shapes(Shape{3, 1}, Shape{4}), (Shape{3, 4}));
  EXPECT_EQ(broadcast_shapes(Shape{}, Shape{2, 0}), (Shape{2, 0}));
  EXPECT_THROW(broadcast_shapes(Shape{3}, Shape{4}), ValueError);
  EXPECT_EQ(normalize_axis(-1, 3), 2);
  EXPECT_EQ(normalize_axis(0, 1), 0);
  EXPECT_THROW(normalize_axis(3, 3), AxisError);
  EXPECT_THROW(normalize_axis(-4, 3), AxisError);
  EXPECT_EQ(order_from_char('F'), Order::F);
  EXPECT_EQ(order_from_char('C'), Order::C);
}

TEST(SmallVector, InlineThenHeap) {
  SmallVector<int64_t, 4> v{1, 2, 3};
  EXPECT_EQ(v.size(), 3u);
  for (int64_t i = 4; i <= 20; ++i) v.push_back(i);  // past the inline capacity
  EXPECT_EQ(v.size(), 20u);
  EXPECT_EQ(v[19], 20);
  v.insert(0, 0);
  EXPECT_EQ(v[0], 0);
  EXPECT_EQ(v[1], 1);
  v.erase(0);
  v.pop_back();
  EXPECT_EQ(v.back(), 19);
  SmallVector<int64_t, 4> copy = v;
  SmallVector<int64_t, 4> moved = std::move(v);
  EXPECT_EQ(copy, moved);
  EXPECT_EQ(moved.to_vector(), (std::vector<int64_t>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}));
  copy.resize(2);
  EXPECT_EQ(copy, (SmallVector<int64_t, 4>{1, 2}));
  copy.clear();
  EXPECT_TRUE(copy.empty());
}

}  // namespace cunumpy::test
