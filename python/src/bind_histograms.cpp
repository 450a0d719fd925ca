// Python face of the counting functions (include/cunumpy/ops/histograms.hpp): bincount,
// histogram_bin_edges, histogram, histogramdd. python/cunumpy/_histograms.py keeps NumPy's
// signatures and hands bins= over as a str (estimator), an int (count) or an ndarray
// (edges), range= as a pair of numbers (Python numbers weak, NumPy scalars strong).
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/histograms.hpp"
#include "py_convert.hpp"
#include "py_operand.hpp"
#include "py_reduce_args.hpp"

namespace nb = nanobind;

namespace cunumpy::py {
namespace {

std::optional<ndarray> opt_array(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return array_like(h);
}

HistogramBins to_bins(nb::handle b) {
  if (PyUnicode_Check(b.ptr())) return HistogramBins(nb::cast<std::string>(b));
  if (is_ndarray(b)) return HistogramBins(as_ndarray(b));
  return HistogramBins(static_cast<int64_t>(nb::cast<long long>(nb::handle(PyNumber_Index(b.ptr())))));
}

std::optional<HistogramRange> to_range(nb::handle r) {
  if (r.is_none()) return std::nullopt;
  nb::sequence s = nb::borrow<nb::sequence>(r);
  if (nb::len(s) != 2) throw ValueError("range must be a pair (min, max)");
  return HistogramRange{array_like_operand(s[0]), array_like_operand(s[1])};
}

}  // namespace

void bind_histograms(nb::module_& m) {
  m.def("bincount", [](const ndarray& x, nb::handle weights, int64_t minlength) {
    return bincount(x, opt_array(weights), minlength);
  }, nb::arg("x"), nb::arg("weights").none(), nb::arg("minlength"));
  m.def("histogram_bin_edges", [](const ndarray& a, nb::handle bins, nb::handle range, nb::handle weights) {
    OpWarnings w;
    ndarray e = histogram_bin_edges(a, to_bins(bins), to_range(range), opt_array(weights), &w);
    issue_warnings(w, 2);
    return e;
  }, nb::arg("a"), nb::arg("bins"), nb::arg("range").none(), nb::arg("weights").none());
  m.def("histogram", [](const ndarray& a, nb::handle bins, nb::handle range, bool density, nb::handle weights) {
    OpWarnings w;
    auto r = histogram(a, to_bins(bins), to_range(range), density, opt_array(weights), &w);
    issue_warnings(w, 2);
    return r;
  }, nb::arg("a"), nb::arg("bins"), nb::arg("range").none(), nb::arg("density"), nb::arg("weights").none());
  m.def("histogramdd", [](const ndarray& sample, nb::list bins, nb::handle range, bool density, nb::handle weights) {
    std::vector<HistogramBins> b;
    for (nb::handle x : bins) b.push_back(to_bins(x));
    std::vector<std::optional<HistogramRange>> r;
    if (!range.is_none())
      for (nb::handle x : range) r.push_back(to_range(x));
    return histogramdd(sample, b, r, density, opt_array(weights));
  }, nb::arg("sample"), nb::arg("bins"), nb::arg("range").none(), nb::arg("density"), nb::arg("weights").none());
}

}  // namespace cunumpy::py
