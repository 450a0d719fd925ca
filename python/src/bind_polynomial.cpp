// Python face of polynomial.hpp: _core.vander, polyval, polyadd, polysub, polymul, polyder,
// polyint, polydiv, roots, poly, polyfit, called by python/cunumpy/_polynomial.py (which
// adds poly1d); and of power_series.hpp: _core.series_*, called by
// python/cunumpy/polynomial/.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/polynomial.hpp"
#include "cunumpy/ops/power_series.hpp"
#include "py_convert.hpp"
#include "py_fp_errors.hpp"
#include "py_operand.hpp"

namespace nb = nanobind;
using namespace cunumpy;

void bind_polynomial(nb::module_& m) {
  m.def("vander", &vander, nb::arg("x"), nb::arg("N").none(), nb::arg("increasing"));
  m.def("polyval", &polyval, nb::arg("p"), nb::arg("x"));
  m.def("polyadd", &polyadd, nb::arg("a1"), nb::arg("a2"));
  m.def("polysub", &polysub, nb::arg("a1"), nb::arg("a2"));
  m.def("polymul", &polymul, nb::arg("a1"), nb::arg("a2"));
  // Their steps' floating-point errors warn (or raise) under NumPy's names (np.errstate).
  m.def("polyder", [](const ndarray& p, int64_t order) {
    return py::fp_reported("multiply", [&] { return polyder(p, order); });
  }, nb::arg("p"), nb::arg("m"));
  m.def("polyint", [](const ndarray& p, int64_t order, std::optional<ndarray> k) {
    return py::fp_reported("divide", [&] { return polyint(p, order, k); });
  }, nb::arg("p"), nb::arg("m"), nb::arg("k").none());
  m.def("polydiv", [](const ndarray& u, const ndarray& v) {
    auto [q, r] = py::fp_reported("subtract", [&] { return polydiv(u, v); });
    return nb::make_tuple(std::move(q), std::move(r));
  }, nb::arg("u"), nb::arg("v"));
  m.def("roots", &roots, nb::arg("p"));
  // numpy.polynomial.polynomial / polyutils (python/cunumpy/polynomial/)
  m.def("series_vander", &polynomial::polyvander, nb::arg("x"), nb::arg("deg"));
  m.def("series_companion", &polynomial::polycompanion, nb::arg("c"));
  m.def("series_val", [](nb::handle x, const ndarray& c, bool tensor) {
    const Operand xo = py::require_operand(x);
    return py::fp_reported("add", [&] { return polynomial::polyval(xo, c, tensor); });
  }, nb::arg("x"), nb::arg("c"), nb::arg("tensor"));
  m.def("series_valfromroots", [](nb::handle x, const ndarray& r, bool tensor) {
    const Operand xo = py::require_operand(x);
    return py::fp_reported("multiply", [&] { return polynomial::polyvalfromroots(xo, r, tensor); });
  }, nb::arg("x"), nb::arg("r"), nb::arg("tensor"));
  m.def("series_trimseq", &polynomial::trimseq, nb::arg("seq"));
  m.def("series_trimcoef", &polynomial::trimcoef, nb::arg("c"), nb::arg("tol"));
  m.def("poly", &poly, nb::arg("seq_of_zeros"));
  // polyfit(x, y, deg, rcond, w, cov: 0 none, 1 scaled, 2 unscaled) ->
  // (c, residuals, rank, s, rcond, cov or None)
  m.def("polyfit", [](const ndarray& x, const ndarray& y, int64_t deg, std::optional<double> rcond,
                      std::optional<ndarray> w, int cov) {
    if (cov < 0 || cov > 2) throw ValueError("bad polyfit cov");
    PolyfitResult r = polyfit(x, y, deg, rcond, w, static_cast<PolyfitCov>(cov));
    nb::object c = r.covariance.defined() ? nb::cast(std::move(r.covariance)) : nb::none();
    return nb::make_tuple(std::move(r.coefficients), std::move(r.residuals), r.rank,
                          std::move(r.singular_values), r.rcond, c);
  }, nb::arg("x"), nb::arg("y"), nb::arg("deg"), nb::arg("rcond").none(), nb::arg("w").none(), nb::arg("cov"));
}
