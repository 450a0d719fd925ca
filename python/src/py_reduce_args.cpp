// The reduction keywords' conversions (py_reduce_args.hpp).
#include "py_reduce_args.hpp"

#include <string>

#include "cunumpy/base/errors.hpp"
#include "py_convert.hpp"

namespace cunumpy::py {

std::optional<int64_t> to_axis_opt(nb::handle axis) {
  if (axis.is_none()) return std::nullopt;
  if (PyBool_Check(axis.ptr())) throw TypeError("an integer is required for the axis");
  if (!PyIndex_Check(axis.ptr()))
    throw_not_an_integer(axis);
  return py::to_int64(axis);
}

// NumPy lets an integer axis 0 or -1 through for a 0-d array in ufunc reductions, argmax/
// argmin and cumsum/cumprod (legacy behaviour: the whole array is reduced or scanned); a
// tuple axis must still be in range. Returns None for those, else `axis` itself.
nb::handle scalar_axis(const ndarray& a, nb::handle axis) {
  if (a.ndim() != 0 || axis.is_none() || PyTuple_Check(axis.ptr()) || PyBool_Check(axis.ptr()) ||
      !PyIndex_Check(axis.ptr()))
    return axis;
  const int64_t v = py::to_int64(axis);
  return v == 0 || v == -1 ? nb::none() : axis;
}

// An integer or a tuple of integers, as NumPy's reductions take (a list or a bool is a
// TypeError there).
Axes to_axes_opt(nb::handle axis) {
  if (axis.is_none()) return std::nullopt;
  if (PyTuple_Check(axis.ptr())) return py::to_axes(axis);
  return SmallVector<int64_t, 8>{*to_axis_opt(axis)};
}

std::optional<ndarray> optional_ndarray(nb::handle obj) {
  if (obj.is_none()) return std::nullopt;
  return as_ndarray(obj);
}

ndarray out_array(nb::handle out) {
  if (out.is_none()) return ndarray();
  if (PyTuple_Check(out.ptr()) && PyTuple_GET_SIZE(out.ptr()) == 1) out = PyTuple_GET_ITEM(out.ptr(), 0);
  if (!py::is_ndarray(out)) throw TypeError("out must be a cunumpy array");
  return py::as_ndarray(out);
}

// The call's result: the very `out` object when one was given, as NumPy returns it.
nb::object result(ndarray r, nb::handle out) {
  if (out.is_none()) return nb::cast(std::move(r));
  if (PyTuple_Check(out.ptr())) return nb::borrow(PyTuple_GET_ITEM(out.ptr(), 0));
  return nb::borrow(out);
}

// where=: True (no mask), False, or a cunumpy bool array.
std::optional<ndarray> to_where(nb::handle where, const ndarray& a) {
  if (where.ptr() == Py_True) return std::nullopt;
  if (where.ptr() == Py_False) {
    ndarray m(Shape{}, bool_, Order::C, a.device());
    m.fill(Scalar(false));
    return m;
  }
  if (!py::is_ndarray(where)) throw TypeError("where= must be a bool or a cunumpy array");
  return py::as_ndarray(where);
}

ReduceArgs make_args(const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out,
                     bool keepdims, nb::handle initial, nb::handle where) {
  ReduceArgs args;
  args.axis = to_axes_opt(axis);
  args.dtype = py::to_optional_dtype(dtype);
  args.keepdims = keepdims;
  args.out = out_array(out);
  if (!initial.is_none()) args.initial = py::to_scalar(initial);
  args.where = to_where(where, a);
  return args;
}

void issue_warnings(const OpWarnings& w, int stacklevel) {
  auto warn = [&](const char* msg) {
    if (PyErr_WarnEx(PyExc_RuntimeWarning, msg, stacklevel) < 0) throw nb::python_error();
  };
  if (w.all_nan_slice) warn("All-NaN slice encountered");
  if (w.mean_of_empty_slice) warn("Mean of empty slice");
  if (w.degrees_of_freedom) warn("Degrees of freedom <= 0 for slice");
  // A floating-point error, which NumPy's error state governs (np.errstate(divide=...)).
  if (w.divide_by_zero)
    nb::module_::import_("cunumpy._errstate")
        .attr("report_fp_errors")(1, "divide", stacklevel + 1);  // NumPy's bit 1: divide
  if (w.suboptimal_bins) warn("The number of bins estimated may be suboptimal.");
}

}  // namespace cunumpy::py
