// Adding and removing entries along an axis (NumPy's names): insert, delete (delete_ in
// C++, `delete` being a keyword), append and trim_zeros. Where each source entry lands is
// planned on the host (index bookkeeping only); the data moves in one gather or a few
// copies on the array's device. repeat and resize: cunumpy/ops/rearranging.hpp.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/reduction.hpp"

namespace cunumpy {

// The obj= of insert and delete: one index, a slice, or an array of integer indices or a
// boolean mask (on any device; its values are read to the host).
using EditIndex = std::variant<int64_t, Slice, ndarray>;

// arr without the entries `obj` along `axis` (nullopt: of the flattened array), a new
// array. IndexError for an index out of bounds or a non-integer array, ValueError for a
// boolean mask of another length (NumPy's messages).
ndarray delete_(const ndarray& arr, const EditIndex& obj, std::optional<int64_t> axis = std::nullopt);

// arr with `values` (cast to arr's dtype) inserted before the indices `obj` along `axis`
// (nullopt: into the flattened array). One index inserts values as a block (its first axis
// along `axis`); several indices insert one entry each, values broadcast to them.
ndarray insert(const ndarray& arr, const EditIndex& obj, const ndarray& values,
               std::optional<int64_t> axis = std::nullopt);

// arr and values joined along `axis` (nullopt: both flattened first).
ndarray append(const ndarray& arr, const ndarray& values, std::optional<int64_t> axis = std::nullopt);

// filt without the leading ("f"), trailing ("b") or both ("fb", "bf") all-zero hyperplanes
// along `axis` (all axes when nullopt): a view of filt. ValueError for another `trim`.
ndarray trim_zeros(const ndarray& filt, std::string_view trim = "fb", const Axes& axis = std::nullopt);

}  // namespace cunumpy
