// The tasks the ops layer hands to a backend: each one a resolved, shape-checked piece of
// work (dtypes chosen, outputs allocated, axes moved) that a device executes. One header
// for every family, below ops and backend, so that both sides include only this.
// Internal header.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/op_types.hpp"

namespace cunumpy::detail {

// ---- elementwise -----------------------------------------------------------------------
// One resolved ufunc call. Inputs are read as their own dtype and converted to the loop's
// input dtype element by element; results are converted from the loop's output dtype to
// the output arrays' dtype. Scalar inputs arrive already converted to the loop dtype.
struct ElementwiseTask {
  const Ufunc* ufunc = nullptr;
  const UfuncLoop* loop = nullptr;  // loop->types: nin inputs, then nout outputs
  Shape shape;                      // iteration (broadcast) shape; size > 0
  SmallVector<ndarray, 4> outputs;  // nout arrays of `shape`, any dtype and strides
  struct Input {
    ndarray array;  // defined for array inputs (broadcastable to shape)
    Scalar value;   // scalar inputs: value of dtype loop->types[i]
    bool is_scalar() const { return !array.defined(); }
  };
  SmallVector<Input, 4> inputs;     // nin entries
};

// ufunc.at: target.flat[p] = uf(target.flat[p], b[k]) for each k, in order. `target` has
// the loop's dtype; b_array (1-D, loop dtype, length 1 or positions.size()) or b_scalar
// (loop dtype) for binary ufuncs.
struct UfuncAtTask {
  const Ufunc* ufunc = nullptr;
  const UfuncLoop* loop = nullptr;
  ndarray target;
  std::span<const int64_t> positions;
  ndarray b_array;
  Scalar b_scalar;
};

// ---- reductions and scans --------------------------------------------------------------
// Reduces `in` (shape (M, K), any strides, dtype = the accumulation dtype) along its last
// axis into `out` (M elements, C-contiguous, the same dtype).
struct ReduceTask {
  ReduceOp op = ReduceOp::Sum;
  ndarray in;   // 2-D (M, K), K >= 1
  ndarray out;  // M elements
};

// Index (int64) of the first maximum / minimum of each row of `in` (M, K), K >= 1, any
// strides, the input's own dtype; NaN beats every number.
struct ArgReduceTask {
  bool is_max = true;
  ndarray in;   // 2-D (M, K)
  ndarray out;  // M int64 elements, C-contiguous
};

// Inclusive scan of each row of `in` (M, K), any strides, into `out` (M, K), C-contiguous,
// the same dtype (the accumulation dtype). Sum/Prod/Max/Min.
struct ScanTask {
  ReduceOp op = ReduceOp::Sum;
  ndarray in;
  ndarray out;
};

// ---- sorting ---------------------------------------------------------------------------
// Stable sort of each row of `in` (M, K), K >= 1, any strides, in NumPy's order. `values`
// (M, K, the input's dtype) and `indices` (M, K, int64: the position within the row) are
// C-contiguous; either may be undefined when the caller does not want it.
struct SortTask {
  ndarray in;
  ndarray values;
  ndarray indices;
  // Values-only sorts of one row of unsigned integers (random permutations): keys that tie
  // above their `skip_low_bytes` low bytes already come in the order of those bytes, so a
  // radix sort may start its passes above them (the result is the same). A backend may
  // ignore it and sort every byte.
  int skip_low_bytes = 0;
};

// ---- indexing --------------------------------------------------------------------------
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

// IndexError for an out-of-range index, NumPy's message (shared by the executors).
[[noreturn]] void throw_out_of_bounds(int64_t index, int axis, int64_t length);

// mask: C-contiguous bool. With `data` (C-contiguous, the mask's shape): the result is a
// 1-D array of data's elements where the mask is true. Without: a (mask.ndim, count)
// int64 array, the coordinates of the true elements in C order.
struct CompactTask {
  ndarray mask;
  const ndarray* data = nullptr;
};

// ---- user kernels ----------------------------------------------------------------------
// How a user-kernel launch spreads its `items`: a grid-stride loop over items
// (Elementwise), or one block (CUDA) / one sequential task (CPU) per item (Blocks).
enum class LaunchKind { Elementwise, Blocks };

struct UserLaunch {
  void* function = nullptr;  // from Backend::compile_user_function
  void** args = nullptr;     // pointers to each argument's value, as cuLaunchKernel takes them
  int64_t items = 0;
  LaunchKind kind = LaunchKind::Elementwise;
  int64_t cpu_grain = 0;     // items per CPU task at least (0: a default)
};

}  // namespace cunumpy::detail
