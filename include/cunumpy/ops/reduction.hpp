// Reductions over axes (NumPy's sum, prod, max/amax, min/amin, mean): axis=None, an int or
// a tuple, keepdims, dtype=, with NumPy 2's result dtypes (sum of bool/int8/16/32 gives
// int64, of uint8/16/32 gives uint64; float16 accumulates in float32).
#pragma once
#include <optional>

#include "cunumpy/core/dtype.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/shape.hpp"

namespace cunumpy {

// The axes to reduce; std::nullopt reduces all of them.
using Axes = std::optional<SmallVector<int64_t, 8>>;

enum class ReduceOp : uint8_t { Sum, Prod, Max, Min };

ndarray sum(const ndarray& a, const Axes& axis = std::nullopt,
            std::optional<DType> dtype = std::nullopt, bool keepdims = false);
ndarray prod(const ndarray& a, const Axes& axis = std::nullopt,
             std::optional<DType> dtype = std::nullopt, bool keepdims = false);
// ValueError for an empty reduction (no identity), as NumPy.
ndarray max(const ndarray& a, const Axes& axis = std::nullopt, bool keepdims = false);
ndarray min(const ndarray& a, const Axes& axis = std::nullopt, bool keepdims = false);
inline ndarray amax(const ndarray& a, const Axes& axis = std::nullopt, bool keepdims = false) { return max(a, axis, keepdims); }
inline ndarray amin(const ndarray& a, const Axes& axis = std::nullopt, bool keepdims = false) { return min(a, axis, keepdims); }
// Integer and bool inputs give float64; float16 accumulates in float32.
ndarray mean(const ndarray& a, const Axes& axis = std::nullopt,
             std::optional<DType> dtype = std::nullopt, bool keepdims = false);

// The generic entry the functions above share.
ndarray reduce(ReduceOp op, const ndarray& a, const Axes& axis, std::optional<DType> dtype,
               bool keepdims);

}  // namespace cunumpy
