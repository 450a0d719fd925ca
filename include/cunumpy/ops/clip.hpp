// clip (NumPy 2): limit values to [a_min, a_max]; an absent bound (nullopt) is no bound,
// a NaN anywhere propagates, Python ints past an integer array's range are no bound.
#pragma once
#include <optional>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/op_types.hpp"
#include "cunumpy/ops/elementwise.hpp"

namespace cunumpy {

// The ufunc keywords (out=, dtype=, casting=, where=) apply as to maximum/minimum. With
// both bounds absent the result is positive(a). Float arrays with scalar bounds keep x on
// ties (clip(-0.0, 0.0, 1.0) is -0.0), as NumPy's SIMD loop.
ndarray clip(const ndarray& a, const std::optional<Operand>& a_min,
             const std::optional<Operand>& a_max, const UfuncOptions& options = {});

}  // namespace cunumpy
