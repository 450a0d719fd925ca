// insert, delete_, append and trim_zeros through the C++ API (editing.hpp), on the default
// device; expected values are NumPy's.
#include <gtest/gtest.h>

#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(Editing, Delete) {
  const ndarray a = seq({3, 4});
  expect_near(delete_(a, int64_t{1}, 1), {0, 2, 3, 4, 6, 7, 8, 10, 11});
  EXPECT_EQ(delete_(a, int64_t{-1}, 0).shape(), (Shape{2, 4}));
  expect_near(delete_(a, Slice{int64_t{1}, std::nullopt, int64_t{2}}), {0, 2, 4, 6, 8, 10});  // flattened
  expect_near(delete_(seq({5}), from({0, 3}, {2}, int64)), {1, 2, 4});
  expect_near(delete_(seq({4}), from({1, 0, 1, 0}, {4}, bool_)), {1, 3});
  EXPECT_THROW(delete_(seq({4}), int64_t{4}), IndexError);
  EXPECT_THROW(delete_(seq({4}), from({1, 0}, {2}, bool_)), ValueError);
  EXPECT_THROW(delete_(seq({4}), from({1.5}, {1})), IndexError);
  EXPECT_THROW(delete_(a, int64_t{0}, 2), AxisError);
}

TEST(Editing, Insert) {
  expect_near(insert(seq({4}), int64_t{1}, from({9}, {})), {0, 9, 1, 2, 3});
  expect_near(insert(seq({4}), from({1, 1, 4}, {3}, int64), from({7, 8, 9}, {3})), {0, 7, 8, 1, 2, 3, 9});
  const ndarray b = insert(seq({2, 2}), int64_t{1}, from({5, 6}, {2}), 1);  // a block along axis 1
  EXPECT_EQ(b.shape(), (Shape{2, 3}));
  expect_near(b, {0, 5, 1, 2, 6, 3});
  EXPECT_EQ(insert(seq({3}, int32), int64_t{0}, from({2.7}, {})).dtype(), int32);  // cast to arr's dtype
  EXPECT_THROW(insert(seq({3}), int64_t{5}, from({1}, {})), IndexError);
}

TEST(Editing, AppendAndTrimZeros) {
  expect_near(append(seq({2, 2}), seq({2})), {0, 1, 2, 3, 0, 1});
  EXPECT_EQ(append(seq({2, 2}), seq({1, 2}), 0).shape(), (Shape{3, 2}));
  const ndarray f = from({0, 0, 1, 2, 0, 3, 0}, {7});
  expect_near(trim_zeros(f), {1, 2, 0, 3});
  expect_near(trim_zeros(f, "f"), {1, 2, 0, 3, 0});
  expect_near(trim_zeros(f, "b"), {0, 0, 1, 2, 0, 3});
  EXPECT_EQ(trim_zeros(from({0, 0}, {2})).size(), 0);
  const ndarray g = from({0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0}, {4, 3});
  EXPECT_EQ(trim_zeros(g).shape(), (Shape{2, 2}));
  EXPECT_EQ(trim_zeros(g, "fb", SmallVector<int64_t, 8>{0}).shape(), (Shape{2, 3}));
  EXPECT_THROW(trim_zeros(f, "x"), ValueError);
}

}  // namespace cunumpy::test
