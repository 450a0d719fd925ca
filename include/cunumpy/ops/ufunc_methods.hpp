// The methods of NumPy's ufunc objects for any binary ufunc: reduce, accumulate, reduceat
// and outer. add, multiply, maximum, minimum, fmax and fmin (and logical_and/or as all/any)
// reduce and scan with the engine's own kernels; every other ufunc is applied as NumPy
// applies it: pairwise halving for exact, reorderable ufuncs (bitwise_*, logical_*, gcd,
// maximum-like), else once per position along the axis, in order.
#pragma once
#include <cstdint>
#include <optional>
#include <span>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/op_types.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/reduction.hpp"

namespace cunumpy {

// uf.reduce(a, axis, dtype, out, keepdims, initial, where). ValueError for a non-binary
// ufunc, an empty reduction without identity or initial, a where mask without either, or
// several axes of a non-reorderable ufunc; TypeError when no loop (T, T) -> T fits.
ndarray ufunc_reduce(const Ufunc& uf, const ndarray& a, const ReduceArgs& args);
// uf.accumulate(a, axis, dtype, out): the partial results of reduce along one axis.
ndarray ufunc_accumulate(const Ufunc& uf, const ndarray& a, int64_t axis,
                         std::optional<DType> dtype = std::nullopt, const ndarray& out = {});
// uf.reduceat(a, indices, axis, dtype, out): reductions over [indices[i], indices[i+1])
// (the last to the end); where indices[i] >= indices[i+1] the result is a[indices[i]].
// IndexError for an index outside [0, a.shape[axis]); TypeError for a 0-d a.
ndarray ufunc_reduceat(const Ufunc& uf, const ndarray& a, std::span<const int64_t> indices,
                       int64_t axis = 0, std::optional<DType> dtype = std::nullopt,
                       const ndarray& out = {});
// uf.outer(A, B): uf(A[..., None, ...], B) over every pair of elements.
std::vector<ndarray> ufunc_outer(const Ufunc& uf, const ndarray& A, const ndarray& B,
                                 const UfuncOptions& options = {});

}  // namespace cunumpy
