// What the reduction files of the ops layer share (their tasks are in
// core/backend_tasks.hpp). Internal header.
#pragma once
#include <optional>

#include "core/backend.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/reduction.hpp"

namespace cunumpy::detail {

// Which axes `axis` reduces (all when nullopt); AxisError / duplicate ValueError as NumPy.
SmallVector<bool, 8> reduced_axes(const ndarray& a, const Axes& axis);
// Reduces x (already in the accumulation dtype) over the flagged axes; an empty slice gives
// `empty_value`, or NumPy's "zero-size array" ValueError when there is none.
ndarray reduce_core(ReduceOp op, const ndarray& x, const SmallVector<bool, 8>& reduced,
                    bool keepdims, const std::optional<Scalar>& empty_value);
// Copies r into out when out is defined (shape checked) and returns what the call returns.
ndarray finish(const ndarray& r, const ndarray& out);
// a where mask is true, else fill (cast to a's dtype); mask broadcasts to a's shape.
ndarray masked(const ndarray& a, const ndarray& mask, const Scalar& fill);

}  // namespace cunumpy::detail
