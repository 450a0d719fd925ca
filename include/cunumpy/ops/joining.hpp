// Joining arrays: concatenate and stack (NumPy's names and errors).
#pragma once
#include <optional>
#include <span>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy {

// Joins `arrays` along `axis` (nullopt: flatten each first). The result dtype is `dtype`
// when given, else the promotion of the inputs; each input is cast with `casting`.
ndarray concatenate(std::span<const ndarray> arrays, std::optional<int64_t> axis = 0,
                    std::optional<DType> dtype = std::nullopt, Casting casting = Casting::SameKind);
// Joins arrays of one shape along a new axis.
ndarray stack(std::span<const ndarray> arrays, int64_t axis = 0,
              std::optional<DType> dtype = std::nullopt, Casting casting = Casting::SameKind);

// NumPy's stacking shorthands over concatenate: hstack joins 1-d inputs along axis 0 and
// others along axis 1, vstack joins them as rows (at least 2-d), dstack along the third
// axis (at least 3-d), column_stack turns 1-d inputs into columns.
ndarray hstack(std::span<const ndarray> arrays, std::optional<DType> dtype = std::nullopt,
               Casting casting = Casting::SameKind);
ndarray vstack(std::span<const ndarray> arrays, std::optional<DType> dtype = std::nullopt,
               Casting casting = Casting::SameKind);
ndarray dstack(std::span<const ndarray> arrays);
ndarray column_stack(std::span<const ndarray> arrays);

}  // namespace cunumpy
