// The contract between the ufunc layer (type resolution, allocation) and the backends that
// run a resolved loop. Internal header: the ops layer and the backends include it.
#pragma once
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/elementwise.hpp"

namespace cunumpy::detail {

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

// NumPy's signed integer power loops refuse a negative exponent: ValueError when one is
// computed over `shape` (empty: none), where `mask` (where=, optional) is true.
void check_integer_power(const Ufunc& uf, const UfuncLoop& loop, std::span<const Operand> inputs,
                         const Shape& shape, const ndarray* mask);

// ufunc.at on `target` (whose dtype is the loop's): b_array (1-D, loop dtype, length 1 or
// positions.size()) or b_scalar (loop dtype) for binary ufuncs.
void run_ufunc_at_cpu(const Ufunc& uf, const UfuncLoop& loop, ndarray& target,
                      std::span<const int64_t> positions, const ndarray& b_array,
                      const Scalar& b_scalar);
void run_ufunc_at_cuda(const Ufunc& uf, const UfuncLoop& loop, ndarray& target,
                       std::span<const int64_t> positions, const ndarray& b_array,
                       const Scalar& b_scalar);

// Backend executors. The CUDA one exists only in builds with the CUDA backend.
void run_elementwise_cpu(const ElementwiseTask& task);
void run_elementwise_cuda(const ElementwiseTask& task);

}  // namespace cunumpy::detail
