// block through the C++ API (block.hpp); expected values are NumPy's.
#include <gtest/gtest.h>

#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(Block, Nesting) {
  using N = BlockNest;
  const ndarray a = from({1, 2, 3, 4}, {2, 2}), b = from({5, 6}, {2, 1}), c = from({7, 8, 9}, {1, 3});
  const ndarray r = block(N::list({N::list({N::leaf(a), N::leaf(b)}), N::list({N::leaf(c)})}));
  EXPECT_EQ(r.shape(), (Shape{3, 3}));
  expect_near(r, {1, 2, 5, 3, 4, 6, 7, 8, 9});
  const ndarray v = block(N::list({N::leaf(from({1}, {})), N::leaf(from({2, 3}, {2}))}));
  expect_near(v, {1, 2, 3});
  EXPECT_EQ(block(N::list({N::list({N::list({N::leaf(from({1}, {}))})})})).shape(), (Shape{1, 1, 1}));
  EXPECT_TRUE(block(N::leaf(a)).same_handle(a));
}

TEST(Block, Errors) {
  using N = BlockNest;
  EXPECT_THROW(block(N::list({})), ValueError);
  EXPECT_THROW(block(N::list({N::list({N::leaf(from({1}, {}))}), N::leaf(from({1}, {}))})), ValueError);
  EXPECT_THROW(block(N::list({N::leaf(from({1, 2}, {1, 2})), N::leaf(from({1, 2, 3}, {3, 1}))})), ValueError);
}

}  // namespace cunumpy::test
