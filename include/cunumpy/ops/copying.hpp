// copyto (NumPy's name): copies into an existing array.
#pragma once
#include <optional>
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/op_types.hpp"

namespace cunumpy {

// Copies `src` (broadcast) into `dst`, where `where` (bool, broadcast) is true when given.
// TypeError when src's dtype does not cast to dst's under `casting` (a scalar src is the
// caller's to check: NumPy's rules for Python scalars depend on their values) or when
// `where` is not bool.
void copyto(ndarray& dst, const Operand& src, Casting casting = Casting::SameKind,
            const std::optional<ndarray>& where = std::nullopt);

}  // namespace cunumpy
