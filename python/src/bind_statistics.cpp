// Python face of average, ptp (statistics.hpp), diff, ediff1d (differences.hpp) and
// cumulative_sum/prod (scan.hpp), called by python/cunumpy/_reductions.py.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>

#include "cunumpy/ops/differences.hpp"
#include "cunumpy/ops/scan.hpp"
#include "cunumpy/ops/statistics.hpp"
#include "py_convert.hpp"
#include "py_fp_errors.hpp"
#include "py_reduce_args.hpp"

namespace nb = nanobind;

namespace cunumpy::py {
void bind_statistics(nb::module_& m) {
  auto axis = nb::arg("axis").none() = nb::none();
  auto out = nb::arg("out").none() = nb::none();
  m.def("average", [](const ndarray& a, nb::handle ax, nb::handle weights, bool returned, bool keepdims) {
    OpWarnings w;
    ndarray scl;
    ndarray avg = average(a, to_axes_opt(ax), optional_ndarray(weights), keepdims, returned ? &scl : nullptr, &w);
    issue_warnings(w);
    if (returned) return nb::object(nb::make_tuple(avg, scl));
    return nb::cast(std::move(avg));
  }, nb::arg("a"), axis, nb::arg("weights").none() = nb::none(), nb::arg("returned") = false,
     nb::arg("keepdims") = false);
  m.def("ptp", [](const ndarray& a, nb::handle ax, nb::handle o, bool keepdims) {
    return result(ptp(a, to_axes_opt(scalar_axis(a, ax)), keepdims, out_array(o)), o);
  }, nb::arg("a"), axis, out, nb::arg("keepdims") = false);
  m.def("diff", [](const ndarray& a, int64_t n, int64_t ax, nb::handle prepend, nb::handle append) {
    return fp_reported("subtract", [&] { return diff(a, n, ax, optional_ndarray(prepend), optional_ndarray(append)); });
  }, nb::arg("a"), nb::arg("n"), nb::arg("axis"), nb::arg("prepend").none(), nb::arg("append").none());
  m.def("ediff1d", [](const ndarray& a, nb::handle to_end, nb::handle to_begin) {
    return fp_reported("subtract", [&] { return ediff1d(a, optional_ndarray(to_end), optional_ndarray(to_begin)); });
  }, nb::arg("ary"), nb::arg("to_end").none(), nb::arg("to_begin").none());
  auto def_cumulative = [&](const char* name, bool is_sum) {
    m.def(name, [is_sum](const ndarray& x, nb::handle ax, nb::handle dt, nb::handle o, bool include_initial) {
      auto fn = is_sum ? &cumulative_sum : &cumulative_prod;
      return result(fn(x, to_axis_opt(ax), to_optional_dtype(dt), out_array(o), include_initial), o);
    }, nb::arg("x"), axis, nb::arg("dtype").none() = nb::none(), out, nb::arg("include_initial") = false);
  };
  def_cumulative("cumulative_sum", true);
  def_cumulative("cumulative_prod", false);
}

}  // namespace cunumpy::py
