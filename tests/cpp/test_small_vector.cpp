// cunumpy/core/small_vector.hpp: the inline-storage vector behind Shape and Strides
// (no heap allocation up to N elements), checked as a std::vector would be.
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include <cunumpy/core/small_vector.hpp>

namespace cunumpy::test {

TEST(SmallVector, ConstructionForms) {
  const SmallVector<int64_t, 4> a;
  EXPECT_TRUE(a.empty());
  EXPECT_EQ(a.size(), 0u);
  const SmallVector<int64_t, 4> b(3, 7);
  EXPECT_EQ(b.size(), 3u);
  EXPECT_EQ(b[2], 7);
  const SmallVector<int64_t, 4> c{1, 2, 3};
  EXPECT_EQ(c.back(), 3);
  const std::vector<int64_t> v{4, 5, 6, 7, 8, 9};
  const SmallVector<int64_t, 4> d(v);
  EXPECT_EQ(d.size(), 6u);
  EXPECT_EQ(std::vector<int64_t>(d.begin(), d.end()), v);
  const SmallVector<int64_t, 4> e(v.begin() + 1, v.begin() + 3);
  EXPECT_EQ(e, (SmallVector<int64_t, 4>{5, 6}));
}

TEST(SmallVector, GrowsPastItsInlineCapacityKeepingValues) {
  SmallVector<int64_t, 2> s;
  for (int64_t i = 0; i < 100; ++i) s.push_back(i * i);
  ASSERT_EQ(s.size(), 100u);
  for (int64_t i = 0; i < 100; ++i) EXPECT_EQ(s[static_cast<std::size_t>(i)], i * i);
  s.resize(3);
  EXPECT_EQ(s, (SmallVector<int64_t, 2>{0, 1, 4}));
  s.resize(5, -1);
  EXPECT_EQ(s[4], -1);
}

TEST(SmallVector, CopiesAndMovesAreIndependent) {
  SmallVector<std::string, 2> a{"x", "y", "z"};  // spilled to the heap
  SmallVector<std::string, 2> b = a;
  b[0] = "changed";
  EXPECT_EQ(a[0], "x");
  SmallVector<std::string, 2> c = std::move(b);
  EXPECT_EQ(c[0], "changed");
  EXPECT_EQ(c.size(), 3u);
  SmallVector<std::string, 2> small{"p"};  // inline
  SmallVector<std::string, 2> moved = std::move(small);
  EXPECT_EQ(moved[0], "p");
  a = moved;
  EXPECT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0], "p");
}

TEST(SmallVector, InsertEraseAndShrink) {
  SmallVector<int64_t, 3> s{1, 2, 3};
  s.insert(0, 0);  // spills: four elements in a capacity of three
  s.insert(4, 4);
  EXPECT_EQ(s, (SmallVector<int64_t, 3>{0, 1, 2, 3, 4}));
  s.erase(2);
  EXPECT_EQ(s, (SmallVector<int64_t, 3>{0, 1, 3, 4}));
  s.pop_back();
  EXPECT_EQ(s.to_vector(), (std::vector<int64_t>{0, 1, 3}));
  s.clear();
  EXPECT_TRUE(s.empty());
  s.push_back(9);
  EXPECT_EQ(s.back(), 9);
}

TEST(SmallVector, ComparesElementwise) {
  EXPECT_EQ((SmallVector<int64_t, 4>{1, 2}), (SmallVector<int64_t, 4>{1, 2}));
  EXPECT_NE((SmallVector<int64_t, 4>{1, 2}), (SmallVector<int64_t, 4>{1, 2, 3}));
  EXPECT_NE((SmallVector<int64_t, 4>{1, 2}), (SmallVector<int64_t, 4>{2, 1}));
}

}  // namespace cunumpy::test
