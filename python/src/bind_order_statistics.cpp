// Python face of median and nanmedian (order_statistics.hpp), called by
// python/cunumpy/_quantiles.py.
#include <nanobind/nanobind.h>

#include "cunumpy/ops/order_statistics.hpp"
#include "py_convert.hpp"
#include "py_reduce_args.hpp"

namespace nb = nanobind;

namespace cunumpy::py {

void bind_order_statistics(nb::module_& m) {
  m.def("median", [](const ndarray& a, nb::handle axis, nb::handle o, bool keepdims) {
    return result(median(a, to_axes_opt(axis), keepdims, out_array(o)), o);
  }, nb::arg("a"), nb::arg("axis").none(), nb::arg("out").none(), nb::arg("keepdims"));
  m.def("nanmedian", [](const ndarray& a, nb::handle axis, nb::handle o, bool keepdims) {
    OpWarnings w;
    ndarray r = nanmedian(a, to_axes_opt(axis), keepdims, out_array(o), &w);
    issue_warnings(w);
    return result(std::move(r), o);
  }, nb::arg("a"), nb::arg("axis").none(), nb::arg("out").none(), nb::arg("keepdims"));
}

}  // namespace cunumpy::py
