// numpy.block: an array assembled from nested lists of blocks.
#pragma once
#include <vector>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy {

// One level of block's nesting: a list of nests, or an array (a leaf).
struct BlockNest {
  bool is_list = false;
  ndarray array;                 // the leaf
  std::vector<BlockNest> items;  // the list's elements

  static BlockNest leaf(const ndarray& a) { return BlockNest{false, a, {}}; }
  static BlockNest list(std::vector<BlockNest> items) { return BlockNest{true, ndarray(), std::move(items)}; }
};

// The innermost lists joined along the last axis, the next ones along the second last, and
// so on, after every block is given max(list depth, largest block ndim) dimensions
// (leading 1s). A leaf at the top is returned as it is. ValueError naming the place
// ("arrays[1][0]") for an empty list or leaves at different depths, and concatenate's
// ValueError for blocks that do not fit.
ndarray block(const BlockNest& arrays);

}  // namespace cunumpy
