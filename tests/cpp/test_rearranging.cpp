// include/cunumpy/ops/rearranging.hpp against NumPy's results for the same calls: flip,
// rot90, roll, tile, array_split/split, repeat, resize, rollaxis, meshgrid; views where
// NumPy returns views, and the errors.
#include <gtest/gtest.h>

#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(Flip, AxesAndViews) {
  const ndarray a = seq({2, 3});
  ndarray all = flip(a);
  EXPECT_EQ(values(all), (std::vector<double>{5, 4, 3, 2, 1, 0}));
  EXPECT_EQ(all.memory(), a.memory());  // a view
  const int64_t last[1] = {-1};
  EXPECT_EQ(values(flip(a, last)), (std::vector<double>{2, 1, 0, 5, 4, 3}));
  EXPECT_EQ(values(fliplr(a)), (std::vector<double>{2, 1, 0, 5, 4, 3}));
  EXPECT_EQ(values(flipud(a)), (std::vector<double>{3, 4, 5, 0, 1, 2}));
  const int64_t twice[2] = {0, -2};
  EXPECT_THROW(flip(a, twice), ValueError);  // repeated axis
  const int64_t out_of_range[1] = {2};
  EXPECT_THROW(flip(a, out_of_range), AxisError);
  EXPECT_THROW(fliplr(seq({3})), ValueError);
  EXPECT_THROW(flipud(from({1}, {})), ValueError);
}

TEST(Rot90, EveryQuarterTurn) {
  const ndarray a = seq({2, 3});
  ndarray r1 = rot90(a);
  EXPECT_EQ(r1.shape(), (Shape{3, 2}));
  EXPECT_EQ(values(r1), (std::vector<double>{2, 5, 1, 4, 0, 3}));
  EXPECT_EQ(values(rot90(a, 2)), (std::vector<double>{5, 4, 3, 2, 1, 0}));
  EXPECT_EQ(values(rot90(a, 3)), (std::vector<double>{3, 0, 4, 1, 5, 2}));
  EXPECT_EQ(values(rot90(a, -1)), (std::vector<double>{3, 0, 4, 1, 5, 2}));
  EXPECT_EQ(values(rot90(a, 4)), values(a));
  EXPECT_EQ(values(rot90(a, 1, {1, 0})), (std::vector<double>{3, 0, 4, 1, 5, 2}));
  EXPECT_THROW(rot90(a, 1, {0, 0}), ValueError);
  EXPECT_THROW(rot90(a, 1, {0, 2}), ValueError);
  EXPECT_THROW(rot90(seq({3})), ValueError);
}

TEST(Roll, AxesSumsAndFlattened) {
  const ndarray a = seq({2, 3});
  EXPECT_EQ(values(roll(a, 1)), (std::vector<double>{5, 0, 1, 2, 3, 4}));
  EXPECT_EQ(roll(a, 1).shape(), (Shape{2, 3}));
  EXPECT_EQ(values(roll(a, -1, 1)), (std::vector<double>{1, 2, 0, 4, 5, 3}));
  EXPECT_EQ(values(roll(a, 4, 1)), (std::vector<double>{2, 0, 1, 5, 3, 4}));
  const int64_t shifts[2] = {1, 1}, axes[2] = {1, 1};
  EXPECT_EQ(values(roll(a, shifts, std::span<const int64_t>(axes))), (std::vector<double>{1, 2, 0, 4, 5, 3}));
  const int64_t both[2] = {0, 1}, by[2] = {1, 2};
  EXPECT_EQ(values(roll(a, by, std::span<const int64_t>(both))), (std::vector<double>{4, 5, 3, 1, 2, 0}));
  ndarray same = roll(a, 3, 1);
  EXPECT_NE(same.memory(), a.memory());  // always a new array
  EXPECT_EQ(values(same), values(a));
  EXPECT_EQ(roll(zeros({0, 2}), 1, 0).shape(), (Shape{0, 2}));
  EXPECT_THROW(roll(a, 1, 2), AxisError);
}

TEST(Tile, RepsAlignedAtTheEnd) {
  const ndarray a = seq({2});
  const int64_t r2[1] = {2};
  EXPECT_EQ(values(tile(a, r2)), (std::vector<double>{0, 1, 0, 1}));
  const int64_t r22[2] = {2, 2};
  ndarray t = tile(a, r22);
  EXPECT_EQ(t.shape(), (Shape{2, 4}));
  EXPECT_EQ(values(t), (std::vector<double>{0, 1, 0, 1, 0, 1, 0, 1}));
  const int64_t r1[1] = {3};
  EXPECT_EQ(values(tile(seq({2, 2}), r1)), (std::vector<double>{0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3}));
  const int64_t ones[1] = {1};
  ndarray copy = tile(a, ones);
  EXPECT_NE(copy.memory(), a.memory());
  const int64_t neg[1] = {-1};
  EXPECT_THROW(tile(a, neg), ValueError);
  EXPECT_EQ(tile(zeros({0}), neg).shape(), (Shape{0}));  // NumPy only reshapes an empty array
}

TEST(Split, SectionsAndIndices) {
  const ndarray a = seq({7});
  std::vector<ndarray> parts = array_split(a, 3);
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(values(parts[0]), (std::vector<double>{0, 1, 2}));
  EXPECT_EQ(values(parts[1]), (std::vector<double>{3, 4}));
  EXPECT_EQ(values(parts[2]), (std::vector<double>{5, 6}));
  EXPECT_EQ(parts[1].memory(), a.memory());  // views
  const int64_t at[3] = {2, -2, 100};
  std::vector<ndarray> cut = array_split(a, at);
  ASSERT_EQ(cut.size(), 4u);
  EXPECT_EQ(values(cut[0]), (std::vector<double>{0, 1}));
  EXPECT_EQ(values(cut[1]), (std::vector<double>{2, 3, 4}));
  EXPECT_EQ(values(cut[2]), (std::vector<double>{5, 6}));
  EXPECT_EQ(cut[3].size(), 0);
  std::vector<ndarray> cols = split(seq({2, 4}), 2, 1);
  EXPECT_EQ(values(cols[1]), (std::vector<double>{2, 3, 6, 7}));
  EXPECT_THROW(split(a, 3), ValueError);  // not an equal division
  EXPECT_THROW(array_split(a, 0), ValueError);
  EXPECT_THROW(array_split(a, 2, 1), IndexError);  // NumPy reads shape[axis] first
}

TEST(Repeat, OneCountAndPerElementCounts) {
  const ndarray a = seq({2, 2}, int16);
  ndarray flat = repeat(a, 2);
  EXPECT_EQ(flat.dtype(), int16);
  EXPECT_EQ(values(flat), (std::vector<double>{0, 0, 1, 1, 2, 2, 3, 3}));
  EXPECT_EQ(values(repeat(a, 2, 0)), (std::vector<double>{0, 1, 0, 1, 2, 3, 2, 3}));
  const int64_t counts[2] = {0, 3};
  ndarray r = repeat(a, counts, 1);
  EXPECT_EQ(r.shape(), (Shape{2, 3}));
  EXPECT_EQ(values(r), (std::vector<double>{1, 1, 1, 3, 3, 3}));
  EXPECT_EQ(values(repeat(from({4}, {}), 3)), (std::vector<double>{4, 4, 4}));  // 0-d as 1-d
  EXPECT_EQ(repeat(a, 0, 1).shape(), (Shape{2, 0}));
  std::vector<int64_t> alternate(40);
  for (int i = 0; i < 40; ++i) alternate[i] = i % 2;  // many runs: the gather path
  ndarray g = repeat(seq({40}), alternate);
  EXPECT_EQ(g.size(), 20);
  EXPECT_EQ(values(g)[19], 39);
  EXPECT_THROW(repeat(a, -1), ValueError);
  const int64_t wrong[3] = {1, 2, 3};
  EXPECT_THROW(repeat(a, wrong, 0), ValueError);
  const int64_t negative[2] = {1, -1};
  EXPECT_THROW(repeat(a, negative, 0), ValueError);
  EXPECT_THROW(repeat(a, 2, 2), AxisError);
}

TEST(Resize, RepeatsInCOrder) {
  ndarray r = resize(seq({2, 2}), {3, 3});
  EXPECT_EQ(values(r), (std::vector<double>{0, 1, 2, 3, 0, 1, 2, 3, 0}));
  EXPECT_EQ(values(resize(seq({3}), {2})), (std::vector<double>{0, 1}));
  EXPECT_EQ(values(resize(zeros({0}), {2})), (std::vector<double>{0, 0}));
  EXPECT_EQ(resize(seq({3}, int8), {0}).dtype(), int8);
  EXPECT_THROW(resize(seq({3}), {-1}), ValueError);
}

TEST(Rollaxis, MovesBeforeStart) {
  const ndarray a = zeros({2, 3, 4});
  EXPECT_EQ(rollaxis(a, 2).shape(), (Shape{4, 2, 3}));
  EXPECT_EQ(rollaxis(a, 0, 3).shape(), (Shape{3, 4, 2}));
  EXPECT_EQ(rollaxis(a, 1, 1).shape(), (Shape{2, 3, 4}));
  EXPECT_EQ(rollaxis(a, -1, -2).shape(), (Shape{2, 4, 3}));
  EXPECT_THROW(rollaxis(a, 3), AxisError);
  EXPECT_THROW(rollaxis(a, 0, 4), AxisError);
}

TEST(Meshgrid, XyAndIjIndexing) {
  const std::vector<ndarray> xy = {seq({3}), from({10, 20}, {2})};
  std::vector<ndarray> g = meshgrid(xy);
  EXPECT_EQ(g[0].shape(), (Shape{2, 3}));
  EXPECT_EQ(values(g[0]), (std::vector<double>{0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(values(g[1]), (std::vector<double>{10, 10, 10, 20, 20, 20}));
  std::vector<ndarray> ij = meshgrid(xy, false);
  EXPECT_EQ(ij[0].shape(), (Shape{3, 2}));
  EXPECT_EQ(values(ij[1]), (std::vector<double>{10, 20, 10, 20, 10, 20}));
  std::vector<ndarray> sparse = meshgrid(xy, true, true);
  EXPECT_EQ(sparse[0].shape(), (Shape{1, 3}));
  EXPECT_EQ(sparse[1].shape(), (Shape{2, 1}));
  std::vector<ndarray> views = meshgrid(xy, true, true, false);
  EXPECT_EQ(views[0].memory(), xy[0].memory());
  const std::vector<ndarray> one = {seq({3})};
  EXPECT_EQ(meshgrid(one)[0].shape(), (Shape{3}));
}

}  // namespace cunumpy::test
