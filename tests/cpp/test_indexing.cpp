// Advanced indexing through the C++ API: integer and boolean index arrays mixed with basic
// items, assignment with broadcasting and casting, nonzero, take/put modes and the
// IndexError NumPy raises. Expected values are NumPy's for the same expressions.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {
namespace {

ndarray ints(const std::vector<int64_t>& v, const Shape& shape) {
  ndarray a(shape, int64);
  a.copy_from_host(v.data());
  return a;
}
ndarray iota(const Shape& shape) {
  std::vector<int64_t> v(static_cast<std::size_t>(shape_size(shape)));
  std::iota(v.begin(), v.end(), 0);
  return ints(v, shape);
}

}  // namespace

TEST(Indexing, AdjacentArraysReplaceTheirAxesInPlace) {
  ndarray a = iota({2, 3, 4});
  const IndexItem items[] = {Slice{}, ints({2, 0}, {2}), ints({1, 3}, {2})};
  ndarray r = index(a, items);  // a[:, [2, 0], [1, 3]]
  EXPECT_EQ(r.shape(), (Shape{2, 2}));
  EXPECT_EQ(r.to_vector<int64_t>(), (std::vector<int64_t>{9, 3, 21, 15}));
}

TEST(Indexing, SeparatedArraysGoFirst) {
  ndarray a = iota({2, 3, 4});
  const IndexItem items[] = {ints({1, 0}, {2}), Slice{}, int64_t{-1}};
  ndarray r = index(a, items);  // a[[1, 0], :, -1]
  EXPECT_EQ(r.shape(), (Shape{2, 3}));
  EXPECT_EQ(r.to_vector<int64_t>(), (std::vector<int64_t>{15, 19, 23, 3, 7, 11}));
}

TEST(Indexing, MaskSelectsInCOrderAndAssigns) {
  ndarray a = iota({3, 4});
  ndarray mask = a.astype(bool_);  // every element but the first
  const IndexItem items[] = {mask};
  EXPECT_EQ(index(a, items).size(), 11);
  ndarray zero(Shape{}, int64);
  zero.fill(Scalar(0));
  index_assign(a, items, zero);
  EXPECT_EQ(nonzero(a)[0].size(), 0);
}

TEST(Indexing, AssignBroadcastsAndCasts) {
  ndarray a = iota({3, 2});
  ndarray v(Shape{2}, float64);
  const double vals[] = {7.9, -1.2};
  v.copy_from_host(vals);
  const IndexItem items[] = {ints({2, 0}, {2})};
  index_assign(a, items, v);  // a[[2, 0]] = [7.9, -1.2] (rows broadcast, truncated)
  EXPECT_EQ(a.to_vector<int64_t>(), (std::vector<int64_t>{7, -1, 2, 3, 7, -1}));
}

TEST(Indexing, OutOfBoundsNamesIndexAxisAndSize) {
  ndarray a = iota({5});
  const IndexItem items[] = {ints({1, 10}, {2})};
  try {
    index(a, items);
    FAIL() << "no IndexError";
  } catch (const IndexError& e) {
    EXPECT_STREQ(e.what(), "index 10 is out of bounds for axis 0 with size 5");
  }
}

TEST(Indexing, TakeModesAndPut) {
  ndarray a = iota({5});
  ndarray idx = ints({-1, 7}, {2});
  EXPECT_EQ(take(a, idx, std::nullopt, IndexMode::Wrap).to_vector<int64_t>(), (std::vector<int64_t>{4, 2}));
  EXPECT_EQ(take(a, idx, std::nullopt, IndexMode::Clip).to_vector<int64_t>(), (std::vector<int64_t>{0, 4}));
  EXPECT_THROW(take(a, idx, std::nullopt), IndexError);
  put(a, ints({0, 1, 2}, {3}), ints({9}, {1}));  // values repeat
  EXPECT_EQ(a.to_vector<int64_t>(), (std::vector<int64_t>{9, 9, 9, 3, 4}));
  EXPECT_EQ(diagonal(iota({3, 3}), 1).to_vector<int64_t>(), (std::vector<int64_t>{1, 5}));
}

}  // namespace cunumpy::test
