// Advanced indexing and the functions built on it (NumPy's names): integer and boolean
// array indices mixed with basic ones, nonzero and friends, take and put.
#pragma once
#include <optional>
#include <span>
#include <variant>
#include <vector>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/op_types.hpp"

namespace cunumpy {

// One item of an index tuple: the basic items plus an array (integer or boolean).
using IndexItem = std::variant<int64_t, Slice, Ellipsis, NewAxis, ndarray>;

// a[items] as NumPy computes it: a view when every item is basic, else a new array.
ndarray index(const ndarray& a, std::span<const IndexItem> items, IndexMode mode = IndexMode::Raise);
// a[items] = value, value broadcast to the indexed shape and cast (unsafe) to a's dtype.
// With repeated indices one of the writes wins.
void index_assign(ndarray& a, std::span<const IndexItem> items, const ndarray& value,
                  IndexMode mode = IndexMode::Raise);

// On CUDA, IndexMode::Raise checks every index in the kernel and reads a flag back once
// per call (one synchronization). Turned off, out-of-range indices wrap, as in CuPy, and
// nothing waits. The CPU backend always checks. Process-wide; default on.
void set_cuda_index_checks(bool on);
bool cuda_index_checks();

std::vector<ndarray> nonzero(const ndarray& a);  // one int64 array per dimension
ndarray flatnonzero(const ndarray& a);
ndarray argwhere(const ndarray& a);              // (count, ndim) int64
// The elements of `a` where `condition` is true, in C order (1-D).
ndarray extract(const ndarray& condition, const ndarray& a);

ndarray take(const ndarray& a, const ndarray& indices, std::optional<int64_t> axis,
             IndexMode mode = IndexMode::Raise);
// a.flat[indices] = values (values repeated when shorter, as NumPy's put).
void put(ndarray& a, const ndarray& indices, const ndarray& values, IndexMode mode = IndexMode::Raise);

// The diagonal of the axis1/axis2 planes as a view (the other axes first, the diagonal
// last), as NumPy's diagonal.
ndarray diagonal(const ndarray& a, int64_t offset = 0, int64_t axis1 = 0, int64_t axis2 = 1);

}  // namespace cunumpy
