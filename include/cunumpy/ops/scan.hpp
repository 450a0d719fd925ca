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

}  // namespace cunumpy
