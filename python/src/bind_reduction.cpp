// Python face of the reductions and scans: _core.sum/prod/max/min/all/any/argmax/argmin/
// mean/var/std/count_nonzero/cumsum/cumprod/scan and the ndarray methods of the same names,
// bound in C++ so that `x.sum()` costs a few microseconds. The Python package wraps the
// module functions to accept array_like inputs (python/cunumpy/_reductions.py).
#include <nanobind/nanobind.h>

#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "cunumpy/ops/scan.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;
using namespace cunumpy;
namespace cunumpy::py {
int64_t to_int64(nb::handle obj);  // py_convert.cpp
}

namespace {

std::optional<int64_t> to_axis_opt(nb::handle axis) {
  if (axis.is_none()) return std::nullopt;
  if (PyBool_Check(axis.ptr())) throw TypeError("an integer is required for the axis");
  if (!PyIndex_Check(axis.ptr()))
    throw TypeError("'" + std::string(nb::str(nb::handle(Py_TYPE(axis.ptr()))).c_str()) +
                    "' object cannot be interpreted as an integer");
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

nb::object py_reduce(ReduceOp op, const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out,
                     bool keepdims, nb::handle initial, nb::handle where) {
  return result(reduce(op, a, make_args(a, scalar_axis(a, axis), dtype, out, keepdims, initial, where)), out);
}

nb::object py_truth(bool is_all, const ndarray& a, nb::handle axis, nb::handle out, bool keepdims,
                    nb::handle where) {
  ReduceArgs args = make_args(a, scalar_axis(a, axis), nb::none(), out, keepdims, nb::none(), where);
  return result(is_all ? all(a, args) : any(a, args), out);
}

nb::object py_arg(bool is_max, const ndarray& a, nb::handle axis, nb::handle out, bool keepdims) {
  const ndarray o = out_array(out);
  axis = scalar_axis(a, axis);
  return result(is_max ? argmax(a, to_axis_opt(axis), keepdims, o) : argmin(a, to_axis_opt(axis), keepdims, o), out);
}

nb::object py_mean(const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out, bool keepdims,
                   nb::handle where) {
  return result(mean(a, make_args(a, axis, dtype, out, keepdims, nb::none(), where)), out);
}

nb::object py_var(bool is_std, const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out,
                  double ddof, bool keepdims, nb::handle where) {
  ReduceArgs args = make_args(a, axis, dtype, out, keepdims, nb::none(), where);
  return result(is_std ? cunumpy::std(a, args, ddof) : var(a, args, ddof), out);
}

nb::object py_scan(int op, const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out, bool widen) {
  if (op < 0 || op > 3) throw ValueError("bad scan op");
  return result(scan(static_cast<ReduceOp>(op), a, to_axis_opt(scalar_axis(a, axis)), py::to_optional_dtype(dtype),
                     out_array(out), widen), out);
}

nb::object py_count_nonzero(const ndarray& a, nb::handle axis, bool keepdims) {
  return nb::cast(count_nonzero(a, to_axes_opt(scalar_axis(a, axis)), keepdims));
}

// Binds `fn` as _core.<name>(a, ...) and as the method ndarray.<name>(...).
template <class F, class... Extra>
void def_both(nb::module_& m, nb::handle cls, const char* name, F fn, const Extra&... extra) {
  m.def(name, fn, nb::arg("a"), extra...);
  nb::setattr(cls, name, nb::cpp_function(fn, nb::is_method(), nb::scope(cls), nb::name(name), extra...));
}

}  // namespace

void bind_reductions(nb::module_& m) {
  nb::handle cls = nb::type<ndarray>();
  auto axis = nb::arg("axis").none() = nb::none();
  auto dtype = nb::arg("dtype").none() = nb::none();
  auto out = nb::arg("out").none() = nb::none();
  auto keepdims = nb::arg("keepdims") = false;
  auto initial = nb::arg("initial").none() = nb::none();
  auto where = nb::arg("where").none() = nb::borrow(Py_True);
  def_both(m, cls, "sum", [](const ndarray& a, nb::handle ax, nb::handle dt, nb::handle o, bool kd, nb::handle init, nb::handle wh) {
    return py_reduce(ReduceOp::Sum, a, ax, dt, o, kd, init, wh);
  }, axis, dtype, out, keepdims, initial, where);
  def_both(m, cls, "prod", [](const ndarray& a, nb::handle ax, nb::handle dt, nb::handle o, bool kd, nb::handle init, nb::handle wh) {
    return py_reduce(ReduceOp::Prod, a, ax, dt, o, kd, init, wh);
  }, axis, dtype, out, keepdims, initial, where);
  def_both(m, cls, "max", [](const ndarray& a, nb::handle ax, nb::handle o, bool kd, nb::handle init, nb::handle wh) {
    return py_reduce(ReduceOp::Max, a, ax, nb::none(), o, kd, init, wh);
  }, axis, out, keepdims, initial, where);
  def_both(m, cls, "min", [](const ndarray& a, nb::handle ax, nb::handle o, bool kd, nb::handle init, nb::handle wh) {
    return py_reduce(ReduceOp::Min, a, ax, nb::none(), o, kd, init, wh);
  }, axis, out, keepdims, initial, where);
  // ufunc.reduce's form: maximum/minimum with dtype=.
  m.def("_reduce", [](int op, const ndarray& a, nb::handle ax, nb::handle dt, nb::handle o, bool kd, nb::handle init, nb::handle wh) {
    if (op < 0 || op > 5) throw ValueError("bad reduce op");
    return py_reduce(static_cast<ReduceOp>(op), a, ax, dt, o, kd, init, wh);
  }, nb::arg("op"), nb::arg("a"), axis, dtype, out, keepdims, initial, where);
  def_both(m, cls, "all", [](const ndarray& a, nb::handle ax, nb::handle o, bool kd, nb::handle wh) {
    return py_truth(true, a, ax, o, kd, wh);
  }, axis, out, keepdims, where);
  def_both(m, cls, "any", [](const ndarray& a, nb::handle ax, nb::handle o, bool kd, nb::handle wh) {
    return py_truth(false, a, ax, o, kd, wh);
  }, axis, out, keepdims, where);
  def_both(m, cls, "argmax", [](const ndarray& a, nb::handle ax, nb::handle o, bool kd) {
    return py_arg(true, a, ax, o, kd);
  }, axis, out, keepdims);
  def_both(m, cls, "argmin", [](const ndarray& a, nb::handle ax, nb::handle o, bool kd) {
    return py_arg(false, a, ax, o, kd);
  }, axis, out, keepdims);
  def_both(m, cls, "mean", &py_mean, axis, dtype, out, keepdims, where);
  auto ddof = nb::arg("ddof") = 0.0;
  def_both(m, cls, "var", [](const ndarray& a, nb::handle ax, nb::handle dt, nb::handle o, double dd, bool kd, nb::handle wh) {
    return py_var(false, a, ax, dt, o, dd, kd, wh);
  }, axis, dtype, out, ddof, keepdims, where);
  def_both(m, cls, "std", [](const ndarray& a, nb::handle ax, nb::handle dt, nb::handle o, double dd, bool kd, nb::handle wh) {
    return py_var(true, a, ax, dt, o, dd, kd, wh);
  }, axis, dtype, out, ddof, keepdims, where);
  def_both(m, cls, "cumsum", [](const ndarray& a, nb::handle ax, nb::handle dt, nb::handle o) {
    return py_scan(0, a, ax, dt, o, true);
  }, axis, dtype, out);
  def_both(m, cls, "cumprod", [](const ndarray& a, nb::handle ax, nb::handle dt, nb::handle o) {
    return py_scan(1, a, ax, dt, o, true);
  }, axis, dtype, out);
  m.def("_scan", &py_scan, nb::arg("op"), nb::arg("a"), axis, dtype, out, nb::arg("widen"));
  m.def("count_nonzero", &py_count_nonzero, nb::arg("a"), axis, keepdims);
}
