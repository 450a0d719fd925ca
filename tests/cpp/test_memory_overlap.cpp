// memory_overlap (include/cunumpy/ops/memory_overlap.hpp): exact answers for interleaved,
// reversed and byte-reinterpreted views, the bounds-only mode and the work limit.
#include <gtest/gtest.h>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(MemoryOverlap, InterleavedViewsAreExact) {
  ndarray x = seq({10}, int32);
  ndarray even = as_strided(x, {5}, {8});
  ndarray odd = as_strided(x[{Slice{1, std::nullopt, 1}}], {5}, {8});
  EXPECT_EQ(memory_overlap(even, odd), MemoryOverlap::none);
  EXPECT_EQ(memory_overlap(even, odd, 0), MemoryOverlap::overlap);  // the bounds intersect
  EXPECT_EQ(memory_overlap(even, x), MemoryOverlap::overlap);
  EXPECT_EQ(memory_overlap(x, x), MemoryOverlap::overlap);
}

TEST(MemoryOverlap, ReversedAndSeparateArrays) {
  ndarray x = seq({8}, int64);
  ndarray rev = as_strided(x[{Slice{7, std::nullopt, 1}}], {4}, {-16});  // 7, 5, 3, 1
  ndarray even = as_strided(x, {4}, {16});                                 // 0, 2, 4, 6
  EXPECT_EQ(memory_overlap(rev, even), MemoryOverlap::none);
  EXPECT_EQ(memory_overlap(rev, x), MemoryOverlap::overlap);
  EXPECT_EQ(memory_overlap(x, seq({8}, int64)), MemoryOverlap::none);
}

TEST(MemoryOverlap, ItemsizesAndEmptyArrays) {
  ndarray x = seq({4}, int32);
  ndarray bytes = as_strided(x.view(uint8), {4}, {4});  // the first byte of each element
  ndarray third = as_strided(x.view(uint8)[{Slice{2, std::nullopt, 1}}], {3}, {4});
  EXPECT_EQ(memory_overlap(bytes, third), MemoryOverlap::none);
  EXPECT_EQ(memory_overlap(x, third), MemoryOverlap::overlap);
  EXPECT_EQ(memory_overlap(as_strided(x, {0}, {4}), x), MemoryOverlap::none);
}

TEST(MemoryOverlap, WorkLimit) {
  ndarray base = seq({20000}, int8);
  ndarray a = as_strided(base, {50, 50}, {199, 101});
  ndarray b = as_strided(base[{Slice{1, std::nullopt, 1}}], {50, 50}, {199, 101});
  EXPECT_EQ(memory_overlap(a, b, 1), MemoryOverlap::too_hard);
  EXPECT_NE(memory_overlap(a, b, -1), MemoryOverlap::too_hard);
}

}  // namespace cunumpy::test
