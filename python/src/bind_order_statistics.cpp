// Python face of median, nanmedian, quantile, percentile, nanquantile and nanpercentile
// (order_statistics.hpp), called by python/cunumpy/_quantiles.py, which hands q over as
// its float64 values, its shape and the dtype NumPy gives it.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <string>
#include <vector>

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
  // quantile, percentile, nanquantile, nanpercentile: one signature (kind 0..3).
  auto def_quantile = [&](const char* name, int kind) {
    m.def(name, [kind](const ndarray& a, const std::vector<double>& q, const std::vector<int64_t>& q_shape,
                       nb::handle q_dtype, bool weak_q, nb::handle axis, nb::handle o, const std::string& method,
                       bool keepdims, nb::handle weights) {
      const Shape qs(q_shape.begin(), q_shape.end());
      const DType qd = to_dtype(q_dtype);
      const QuantileMethod mt = quantile_method(method);
      std::optional<ndarray> w;
      if (!weights.is_none()) w = as_ndarray(weights);
      const ndarray out = out_array(o);
      OpWarnings warn;
      ndarray r;
      switch (kind) {
        case 0: r = quantile(a, q, qs, to_axes_opt(axis), mt, keepdims, out, qd, weak_q, w); break;
        case 1: r = percentile(a, q, qs, to_axes_opt(axis), mt, keepdims, out, qd, weak_q, w); break;
        case 2: r = nanquantile(a, q, qs, to_axes_opt(axis), mt, keepdims, out, qd, weak_q, w, &warn); break;
        default: r = nanpercentile(a, q, qs, to_axes_opt(axis), mt, keepdims, out, qd, weak_q, w, &warn); break;
      }
      issue_warnings(warn, 2);
      return result(std::move(r), o);
    }, nb::arg("a"), nb::arg("q"), nb::arg("q_shape"), nb::arg("q_dtype"), nb::arg("weak_q"), nb::arg("axis").none(),
       nb::arg("out").none(), nb::arg("method"), nb::arg("keepdims"), nb::arg("weights").none());
  };
  def_quantile("quantile", 0);
  def_quantile("percentile", 1);
  def_quantile("nanquantile", 2);
  def_quantile("nanpercentile", 3);
}

}  // namespace cunumpy::py
