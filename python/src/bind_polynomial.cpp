// Python face of polynomial.hpp: _core.vander, polyval, polyadd, polysub, polymul, roots,
// poly, called by python/cunumpy/_polynomial.py (which adds polyfit and poly1d).
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>

#include "cunumpy/ops/polynomial.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;
using namespace cunumpy;

void bind_polynomial(nb::module_& m) {
  m.def("vander", &vander, nb::arg("x"), nb::arg("N").none(), nb::arg("increasing"));
  m.def("polyval", &polyval, nb::arg("p"), nb::arg("x"));
  m.def("polyadd", &polyadd, nb::arg("a1"), nb::arg("a2"));
  m.def("polysub", &polysub, nb::arg("a1"), nb::arg("a2"));
  m.def("polymul", &polymul, nb::arg("a1"), nb::arg("a2"));
  m.def("roots", &roots, nb::arg("p"));
  m.def("poly", &poly, nb::arg("seq_of_zeros"));
}
