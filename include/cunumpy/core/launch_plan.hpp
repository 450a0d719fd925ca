// LaunchPlan: the one host-side plan every kernel family runs over (elementwise, copy,
// cast, fill). It broadcasts the operands to one iteration shape, drops size-1 dimensions,
// orders dimensions by the first operand's strides (innermost last), merges dimensions
// that are contiguous for every operand, and decides 32-bit indexing and vector width.
#pragma once
#include <cstdint>
#include <span>

#include "cunumpy/core/dtype.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/shape.hpp"

namespace cunumpy {

struct PlanOperand {
  char* data = nullptr;  // address of the first element
  DType dtype;
  Strides strides;       // bytes, one per plan dimension (0 where broadcast)
};

struct LaunchPlan {
  Shape shape;                      // iteration shape after coalescing; innermost last
  SmallVector<PlanOperand, 4> ops;  // outputs first, then inputs
  int64_t size = 0;                 // number of elements iterated
  bool contiguous = false;          // every operand dense in iteration order (1-D, unit stride)
  bool index32 = true;              // every element and byte offset fits in int32
  int vector_width = 1;             // elements per vectorized access on contiguous plans

  int ndim() const { return static_cast<int>(shape.size()); }
};

// Builds the plan for `operands` iterated over `shape`. Each operand's shape must
// broadcast to `shape` (ValueError naming both shapes otherwise). Operand 0 is the
// output whose stride order is followed, unless `keep_c_order` (user kernels, whose
// element index i must be the C-order index): then dimensions are only dropped and merged.
LaunchPlan make_launch_plan(const Shape& shape, std::span<const ndarray> operands,
                            bool keep_c_order = false);

}  // namespace cunumpy
