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
#include "py_fp_errors.hpp"
#include "py_reduce_args.hpp"

namespace nb = nanobind;
using namespace cunumpy;
using cunumpy::py::make_args;
using cunumpy::py::out_array;
using cunumpy::py::result;
using cunumpy::py::scalar_axis;
using cunumpy::py::to_axes_opt;
using cunumpy::py::to_axis_opt;

namespace {

// The signatures (and type stubs) say cunumpy.ndarray: a 0-d array for a full reduction.
using ArrayObject = nb::typed<nb::object, ndarray>;

ArrayObject py_reduce(ReduceOp op, const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out,
                     bool keepdims, nb::handle initial, nb::handle where) {
  ReduceArgs args = make_args(a, scalar_axis(a, axis), dtype, out, keepdims, initial, where);
  py::begin_fp_errors();
  ndarray r = reduce(op, a, args);
  py::report_fp_errors("reduce");  // NumPy's sum/prod are add.reduce/multiply.reduce
  return result(std::move(r), out);
}

ArrayObject py_truth(bool is_all, const ndarray& a, nb::handle axis, nb::handle out, bool keepdims,
                    nb::handle where) {
  ReduceArgs args = make_args(a, scalar_axis(a, axis), nb::none(), out, keepdims, nb::none(), where);
  return result(is_all ? all(a, args) : any(a, args), out);
}

ArrayObject py_arg(bool is_max, const ndarray& a, nb::handle axis, nb::handle out, bool keepdims) {
  const ndarray o = out_array(out);
  axis = scalar_axis(a, axis);
  return result(is_max ? argmax(a, to_axis_opt(axis), keepdims, o) : argmin(a, to_axis_opt(axis), keepdims, o), out);
}

ArrayObject py_mean(const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out, bool keepdims,
                   nb::handle where) {
  ReduceArgs args = make_args(a, axis, dtype, out, keepdims, nb::none(), where);
  py::begin_fp_errors();
  ndarray r = mean(a, args);
  py::report_fp_errors("reduce");  // NumPy's mean: add.reduce, then a division by the count
  return result(std::move(r), out);
}

ArrayObject py_var(bool is_std, const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out,
                  double ddof, bool keepdims, nb::handle where) {
  ReduceArgs args = make_args(a, axis, dtype, out, keepdims, nb::none(), where);
  py::begin_fp_errors();
  ndarray r = is_std ? cunumpy::std(a, args, ddof) : var(a, args, ddof);
  py::report_fp_errors("sqrt");  // the steps are labelled (moments.cpp); std's root is last
  return result(std::move(r), out);
}

ArrayObject py_scan(int op, const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out, bool widen) {
  if (op < 0 || op > 3) throw ValueError("bad scan op");
  const auto ax = to_axis_opt(scalar_axis(a, axis));
  const auto dt = py::to_optional_dtype(dtype);
  const ndarray o = out_array(out);
  py::begin_fp_errors();
  ndarray r = scan(static_cast<ReduceOp>(op), a, ax, dt, o, widen);
  py::report_fp_errors("accumulate");  // NumPy's cumsum/cumprod: add/multiply.accumulate
  return result(std::move(r), out);
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
  const auto [axis, dtype, out, keepdims, initial, where, ddof] = py::reduce_keywords();
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
