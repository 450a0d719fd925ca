// Conversions of NumPy's reduction keywords (axis=, out=, where=, ...) shared by the
// binding files of the reductions and the statistics functions, and the warnings those
// functions report (op_warnings.hpp) issued as NumPy's RuntimeWarnings.
#pragma once
#include <nanobind/nanobind.h>

#include <optional>
#include <tuple>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/op_warnings.hpp"
#include "cunumpy/ops/reduction.hpp"

namespace cunumpy::py {
namespace nb = nanobind;

// None or an integer (TypeError for a bool or a non-integer, as NumPy).
std::optional<int64_t> to_axis_opt(nb::handle axis);
// NumPy lets an integer axis 0 or -1 through for a 0-d array in ufunc reductions, argmax/
// argmin and cumsum/cumprod (the whole array); returns None for those, else `axis`.
nb::handle scalar_axis(const ndarray& a, nb::handle axis);
// None, an integer or a tuple of integers.
Axes to_axes_opt(nb::handle axis);
// None (undefined), a cunumpy array or a 1-tuple of one.
ndarray out_array(nb::handle out);
// None (nullopt) or a cunumpy array: weights=, prepend=, y=, tol= and the like.
std::optional<ndarray> optional_ndarray(nb::handle obj);
// The call's result: the very `out` object when one was given, as NumPy returns it.
nb::object result(ndarray r, nb::handle out);
// where=: True (no mask), False, or a cunumpy bool array.
std::optional<ndarray> to_where(nb::handle where, const ndarray& a);
ReduceArgs make_args(const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out,
                     bool keepdims, nb::handle initial, nb::handle where);
// Issues NumPy's RuntimeWarning for each flag set, attributed `stacklevel` frames up
// (1: the Python function that called the binding). Raises when a filter makes it an error.
void issue_warnings(const OpWarnings& w, int stacklevel = 2);

// NumPy's reduction keywords with their defaults, as nanobind annotations, for the binding
// files that define reductions (bind_reduction.cpp, bind_nan_reductions.cpp):
//   const auto [axis, dtype, out, keepdims, initial, where, ddof] = reduce_keywords();
inline auto reduce_keywords() {
  return std::make_tuple(nb::arg("axis").none() = nb::none(), nb::arg("dtype").none() = nb::none(),
                         nb::arg("out").none() = nb::none(), nb::arg("keepdims") = false,
                         nb::arg("initial").none() = nb::none(), nb::arg("where").none() = nb::borrow(Py_True),
                         nb::arg("ddof") = 0.0);
}

}  // namespace cunumpy::py
