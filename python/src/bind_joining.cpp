// Python face of the stacking shorthands: _core.hstack/vstack/dstack/column_stack
// (python/cunumpy/_manipulation.py turns the sequence into arrays; concatenate and stack
// are bound in bind_creation.cpp).
#include <nanobind/nanobind.h>
#include <nanobind/stl/vector.h>

#include <vector>

#include "cunumpy/ops/joining.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;
using namespace cunumpy;
using namespace cunumpy::py;

void bind_joining(nb::module_& m) {
  m.def("hstack", [](const std::vector<ndarray>& arrays, nb::handle dtype, nb::handle casting) {
    return hstack(arrays, to_optional_dtype(dtype), to_casting(casting));
  }, nb::arg("arrays"), nb::arg("dtype").none(), nb::arg("casting"));
  m.def("vstack", [](const std::vector<ndarray>& arrays, nb::handle dtype, nb::handle casting) {
    return vstack(arrays, to_optional_dtype(dtype), to_casting(casting));
  }, nb::arg("arrays"), nb::arg("dtype").none(), nb::arg("casting"));
  m.def("dstack", [](const std::vector<ndarray>& arrays) { return dstack(arrays); }, nb::arg("arrays"));
  m.def("column_stack", [](const std::vector<ndarray>& arrays) { return column_stack(arrays); }, nb::arg("arrays"));
}
