// Set routines (NumPy's names), NumPy's sort-based algorithms: unique with its first
// indices, inverse and counts (flat or along an axis), the array-API unique_* forms, and
// intersect1d, union1d, setdiff1d, setxor1d, isin/in1d.
#pragma once
#include <optional>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy {

// What unique returns: the sorted unique values and, when asked for, the index of each
// value's first occurrence, the inverse (values[inverse] rebuilds the input: in the input's
// shape when flat, 1-D along an axis) and the counts, all int64; undefined when not asked.
struct UniqueResult {
  ndarray values, indices, inverse, counts;
};

// axis nullopt: over the flattened array; NaNs collapse into one when equal_nan. With an
// axis: the unique slices along it, sorted lexicographically. AxisError for a bad axis.
UniqueResult unique(const ndarray& ar, bool return_index, bool return_inverse, bool return_counts,
                    std::optional<int64_t> axis = std::nullopt, bool equal_nan = true);
ndarray unique(const ndarray& ar);
// The array API's forms (NaNs stay distinct).
ndarray unique_values(const ndarray& x);
UniqueResult unique_counts(const ndarray& x);   // values, counts
UniqueResult unique_inverse(const ndarray& x);  // values, inverse
UniqueResult unique_all(const ndarray& x);      // all four

// Sorted values in both arrays; with return_indices also the first index of each in ar1
// and ar2 (indices1, indices2).
struct IntersectResult {
  ndarray values, indices1, indices2;
};
IntersectResult intersect1d(const ndarray& ar1, const ndarray& ar2, bool assume_unique, bool return_indices);
ndarray intersect1d(const ndarray& ar1, const ndarray& ar2, bool assume_unique = false);
ndarray union1d(const ndarray& ar1, const ndarray& ar2);
ndarray setdiff1d(const ndarray& ar1, const ndarray& ar2, bool assume_unique = false);
ndarray setxor1d(const ndarray& ar1, const ndarray& ar2, bool assume_unique = false);
// Whether each element of `element` is in test_elements, in element's shape (in1d: flat).
ndarray isin(const ndarray& element, const ndarray& test_elements, bool assume_unique = false,
             bool invert = false);
ndarray in1d(const ndarray& ar1, const ndarray& ar2, bool assume_unique = false, bool invert = false);

}  // namespace cunumpy
