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

}  // namespace cunumpy
