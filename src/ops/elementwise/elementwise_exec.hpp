// What the ufunc files of the ops layer share (the tasks they hand to a backend are in
// core/backend_tasks.hpp). Internal header.
#pragma once
#include "core/backend.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/elementwise.hpp"

namespace cunumpy::detail {

// NumPy's signed integer power loops refuse a negative exponent: ValueError when one is
// computed over `shape` (empty: none), where `mask` (where=, optional) is true.
void check_integer_power(const Ufunc& uf, const UfuncLoop& loop, std::span<const Operand> inputs,
                         const Shape& shape, const ndarray* mask);

}  // namespace cunumpy::detail
