// Python face of the nan-functions (nan_reductions.hpp): _core.nansum ... _core.nancumprod,
// called by python/cunumpy/_reductions.py after its argument checks. The RuntimeWarnings
// the C++ functions report are issued here, attributed to the caller of the Python wrapper.
#include <nanobind/nanobind.h>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/nan_reductions.hpp"
#include "py_convert.hpp"
#include "py_fp_errors.hpp"
#include "py_reduce_args.hpp"

namespace nb = nanobind;

namespace cunumpy::py {
namespace {

using NanReduce = ndarray (*)(const ndarray&, const ReduceArgs&);
using NanWarnReduce = ndarray (*)(const ndarray&, const ReduceArgs&, OpWarnings*);
using NanMoment = ndarray (*)(const ndarray&, const ReduceArgs&, double, OpWarnings*);
using NanArg = ndarray (*)(const ndarray&, std::optional<int64_t>, bool, const ndarray&);
using NanScan = ndarray (*)(const ndarray&, std::optional<int64_t>, std::optional<DType>, const ndarray&);

// nanmean/nanvar/nanstd of an inexact array reduce through NumPy's sums (axis 0 or -1 of a
// 0-d array allowed, as scalar_axis); of any other dtype they are mean/var/std, for which
// that axis is an AxisError.
nb::handle moment_axis(const ndarray& a, nb::handle axis) {
  return a.dtype().is_inexact() ? scalar_axis(a, axis) : axis;
}

}  // namespace

void bind_nan_reductions(nb::module_& m) {
  auto a = nb::arg("a");
  const auto [axis, dtype, out, keepdims, initial, where, ddof] = reduce_keywords();

  auto def_sum = [&](const char* name, NanReduce fn) {
    m.def(name, [fn](const ndarray& a, nb::handle ax, nb::handle dt, nb::handle o, bool kd, nb::handle init,
                     nb::handle wh) {
      ReduceArgs args = make_args(a, scalar_axis(a, ax), dt, o, kd, init, wh);
      begin_fp_errors();
      ndarray r = fn(a, args);
      report_fp_errors("reduce");  // NumPy's nansum/nanprod: add/multiply.reduce of the NaN-zeroed values
      return result(std::move(r), o);
    }, a, axis, dtype, out, keepdims, initial, where);
  };
  def_sum("nansum", &nansum);
  def_sum("nanprod", &nanprod);

  auto def_extremum = [&](const char* name, NanWarnReduce fn) {
    m.def(name, [fn](const ndarray& a, nb::handle ax, nb::handle o, bool kd, nb::handle init, nb::handle wh) {
      OpWarnings w;
      ndarray r = fn(a, make_args(a, scalar_axis(a, ax), nb::none(), o, kd, init, wh), &w);
      issue_warnings(w);
      return result(std::move(r), o);
    }, a, axis, out, keepdims, initial, where);
  };
  def_extremum("nanmax", &nanmax);
  def_extremum("nanmin", &nanmin);

  auto def_arg = [&](const char* name, NanArg fn) {
    m.def(name, [fn](const ndarray& a, nb::handle ax, nb::handle o, bool kd) {
      return result(fn(a, to_axis_opt(scalar_axis(a, ax)), kd, out_array(o)), o);
    }, a, axis, out, keepdims);
  };
  def_arg("nanargmax", &nanargmax);
  def_arg("nanargmin", &nanargmin);

  m.def("nanmean", [](const ndarray& a, nb::handle ax, nb::handle dt, nb::handle o, bool kd, nb::handle wh) {
    OpWarnings w;
    ndarray r = nanmean(a, make_args(a, moment_axis(a, ax), dt, o, kd, nb::none(), wh), &w);
    issue_warnings(w);
    return result(std::move(r), o);
  }, a, axis, dtype, out, keepdims, where);

  auto def_moment = [&](const char* name, NanMoment fn) {
    m.def(name, [fn](const ndarray& a, nb::handle ax, nb::handle dt, nb::handle o, double dd, bool kd,
                     nb::handle wh) {
      OpWarnings w;
      ndarray r = fn(a, make_args(a, moment_axis(a, ax), dt, o, kd, nb::none(), wh), dd, &w);
      issue_warnings(w);
      return result(std::move(r), o);
    }, a, axis, dtype, out, ddof, keepdims, where);
  };
  def_moment("nanvar", &nanvar);
  def_moment("nanstd", &nanstd);

  auto def_scan = [&](const char* name, NanScan fn) {
    m.def(name, [fn](const ndarray& a, nb::handle ax, nb::handle dt, nb::handle o) {
      const auto axis = to_axis_opt(scalar_axis(a, ax));
      const auto dtype = to_optional_dtype(dt);
      const ndarray oa = out_array(o);
      begin_fp_errors();
      ndarray r = fn(a, axis, dtype, oa);
      report_fp_errors("accumulate");
      return result(std::move(r), o);
    }, a, axis, dtype, out);
  };
  def_scan("nancumsum", &nancumsum);
  def_scan("nancumprod", &nancumprod);
}

}  // namespace cunumpy::py
