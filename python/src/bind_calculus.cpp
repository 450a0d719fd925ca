// Python face of calculus.hpp: _core.gradient, trapezoid, interp and unwrap, called by
// python/cunumpy/_calculus.py (which keeps NumPy's signatures and converts array_likes).
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/vector.h>

#include "cunumpy/ops/calculus.hpp"
#include "py_convert.hpp"
#include "py_fp_errors.hpp"
#include "py_operand.hpp"

namespace nb = nanobind;
using namespace cunumpy;

namespace {

std::optional<Scalar> opt_scalar(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return py::to_scalar(h);
}

}  // namespace

void bind_calculus(nb::module_& m) {
  m.def("gradient", [](const ndarray& f, const std::vector<ndarray>& spacing,
                       std::optional<std::vector<int64_t>> axes, int64_t edge_order) {
    return gradient(f, spacing, axes, edge_order);
  }, nb::arg("f"), nb::arg("spacing"), nb::arg("axes").none(), nb::arg("edge_order"));
  m.def("trapezoid", [](const ndarray& y, std::optional<ndarray> x, nb::handle dx, int64_t axis) {
    return trapezoid(y, x, py::array_like_operand(dx), axis);
  }, nb::arg("y"), nb::arg("x").none(), nb::arg("dx"), nb::arg("axis"));
  m.def("interp", [](const ndarray& x, const ndarray& xp, const ndarray& fp, nb::handle left,
                     nb::handle right, std::optional<double> period) {
    return interp(x, xp, fp, opt_scalar(left), opt_scalar(right), period);
  }, nb::arg("x"), nb::arg("xp"), nb::arg("fp"), nb::arg("left").none(), nb::arg("right").none(),
     nb::arg("period").none());
  m.def("unwrap", [](const ndarray& p, std::optional<double> discont, int64_t axis, nb::handle period) {
    Operand per = py::array_like_operand(period);
    return py::fp_reported("subtract", [&] { return unwrap(p, discont, axis, per); });
  }, nb::arg("p"), nb::arg("discont").none(), nb::arg("axis"), nb::arg("period"));
}
