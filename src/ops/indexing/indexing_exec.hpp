// The tasks the indexing ops hand to a backend (internal header): an indexed copy (gather
// or scatter through per-axis index arrays) and a compaction (the positions, or the
// values, where a mask is true).
#pragma once
#include <cstdint>
#include <vector>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/indexing.hpp"

namespace cunumpy::detail {

// One advanced axis of the indexed array: its index array (int64, read through strides
// over the result's dimensions, 0 where it broadcasts), the axis length and byte stride.
struct IndexedAxis {
  const int64_t* data;
  Strides strides;  // bytes, one per result dimension
  int64_t length;
  int64_t stride;
  int axis;  // the axis of the user's array, for the IndexError message
};

// For every position of `shape` (C order): the element at
//   indexed + sum(pos[d] * indexed_strides[d]) + sum(index_k(pos) * axes[k].stride)
// is copied to (gather) or from (scatter) plain + sum(pos[d] * plain_strides[d]).
struct IndexedCopy {
  char* indexed = nullptr;
  char* plain = nullptr;
  int itemsize = 0;
  bool scatter = false;
  IndexMode mode = IndexMode::Raise;
  Shape shape;
  Strides indexed_strides, plain_strides;
  std::vector<IndexedAxis> axes;
};

[[noreturn]] void throw_out_of_bounds(int64_t index, int axis, int64_t length);

void run_indexed_copy_cpu(const IndexedCopy& task);
void run_indexed_copy_cuda(int device, const IndexedCopy& task);

// mask: C-contiguous bool. With `data` (C-contiguous, the mask's shape): a 1-D array of
// data's elements where the mask is true. Without: a (mask.ndim, count) int64 array, the
// coordinates of the true elements in C order.
ndarray compact_cpu(const ndarray& mask, const ndarray* data);
ndarray compact_cuda(const ndarray& mask, const ndarray* data);

}  // namespace cunumpy::detail
