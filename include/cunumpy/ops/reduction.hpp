// Reductions over axes with NumPy's keywords: sum, prod, max/amax, min/amin, all, any,
// argmax/argmin, mean, var, std, count_nonzero. axis=None, an int or a tuple (negative
// counts from the end), keepdims, dtype=, out=, initial=, where=, with NumPy 2's result
// dtypes (sum of bool/int8/16/32 gives int64, of uint8/16/32 gives uint64; float16
// accumulates in float32; mean/var/std of integers give float64, var of complex is real).
#pragma once
#include <optional>

#include "cunumpy/core/dtype.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/op_types.hpp"
#include "cunumpy/core/scalar.hpp"
#include "cunumpy/core/shape.hpp"

namespace cunumpy {

// The axes to reduce; std::nullopt reduces all of them.
using Axes = std::optional<SmallVector<int64_t, 8>>;

// NumPy's keyword arguments of a reduction. `out`: undefined allocates; when given, its
// dtype is the accumulation dtype unless `dtype` says otherwise (as NumPy's ufunc.reduce).
// `initial` joins every reduced slice (it is the result of an empty one); `where` (bool,
// broadcast to the input) leaves elements out. max/min with `where` need `initial`.
struct ReduceArgs {
  Axes axis = std::nullopt;
  std::optional<DType> dtype = std::nullopt;
  bool keepdims = false;
  ndarray out;
  std::optional<Scalar> initial = std::nullopt;
  std::optional<ndarray> where = std::nullopt;
};

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

// The generic entry the functions above share (all keywords).
ndarray reduce(ReduceOp op, const ndarray& a, const ReduceArgs& args);
ndarray reduce(ReduceOp op, const ndarray& a, const Axes& axis, std::optional<DType> dtype,
               bool keepdims);

// Truth reductions: a bool result; an empty slice gives True (all) / False (any).
// `dtype` and `initial` of args are ignored.
ndarray all(const ndarray& a, const ReduceArgs& args = {});
ndarray any(const ndarray& a, const ReduceArgs& args = {});

// Index of the first maximum (minimum) along `axis` (the flattened array when nullopt), as
// int64; NaN counts as the largest (smallest), so the first NaN wins, as NumPy. ValueError
// on an empty slice. `out` (int64, the result's shape) is written when defined.
ndarray argmax(const ndarray& a, std::optional<int64_t> axis = std::nullopt, bool keepdims = false,
               const ndarray& out = {});
ndarray argmin(const ndarray& a, std::optional<int64_t> axis = std::nullopt, bool keepdims = false,
               const ndarray& out = {});

// mean with all keywords (`initial` is not a mean keyword and is ignored). An empty slice
// gives NaN, as NumPy (which also warns; the Python layer does).
ndarray mean(const ndarray& a, const ReduceArgs& args);
// Two-pass variance, as NumPy's _var: mean(|x - mean(x)|^2) * n / (n - ddof); n - ddof <= 0
// gives inf/NaN as NumPy. Complex inputs give the real dtype.
ndarray var(const ndarray& a, const ReduceArgs& args = {}, double ddof = 0);
ndarray std(const ndarray& a, const ReduceArgs& args = {}, double ddof = 0);

// Number of non-zero elements along the axes, as int64.
ndarray count_nonzero(const ndarray& a, const Axes& axis = std::nullopt, bool keepdims = false);

// The number of elements each result of a reduction over `axis` combines.
int64_t reduced_count(const ndarray& a, const Axes& axis);

}  // namespace cunumpy
