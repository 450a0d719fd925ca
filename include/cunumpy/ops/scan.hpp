// Scans (NumPy's cumsum, cumprod and ufunc.accumulate of add, multiply, maximum, minimum):
// along one axis, or over the flattened array (C order) when axis is nullopt. dtype= as
// NumPy's cumsum (small integers widen to int64/uint64); `out` is written when defined.
#pragma once
#include <optional>

#include "cunumpy/core/dtype.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/reduction.hpp"

namespace cunumpy {

// `widen`: whether small integer inputs widen (cumsum/cumprod) or keep their dtype
// (ufunc.accumulate, whose result dtype is the input's unless `dtype` says otherwise).
ndarray scan(ReduceOp op, const ndarray& a, std::optional<int64_t> axis,
             std::optional<DType> dtype = std::nullopt, const ndarray& out = {}, bool widen = true);
ndarray cumsum(const ndarray& a, std::optional<int64_t> axis = std::nullopt,
               std::optional<DType> dtype = std::nullopt, const ndarray& out = {});
ndarray cumprod(const ndarray& a, std::optional<int64_t> axis = std::nullopt,
                std::optional<DType> dtype = std::nullopt, const ndarray& out = {});

// The array API's cumulative_sum / cumulative_prod (NumPy 2): a 0-d x is read as 1-D;
// axis may be omitted only for 1-D input (ValueError); include_initial prepends the
// identity (0 / 1) along the axis. `out` (the result's shape) is written when defined.
ndarray cumulative_sum(const ndarray& x, std::optional<int64_t> axis = std::nullopt,
                       std::optional<DType> dtype = std::nullopt, const ndarray& out = {},
                       bool include_initial = false);
ndarray cumulative_prod(const ndarray& x, std::optional<int64_t> axis = std::nullopt,
                        std::optional<DType> dtype = std::nullopt, const ndarray& out = {},
                        bool include_initial = false);

}  // namespace cunumpy
