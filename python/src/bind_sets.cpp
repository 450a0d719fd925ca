// Python face of the set routines: _core.unique (every return_* flag, axis, equal_nan),
// intersect1d, union1d, setdiff1d, setxor1d and in1d/isin. Results come back as NumPy
// returns them: one array, or a tuple when more than the values were asked for. The
// wrappers (python/cunumpy/_sets.py) keep the signatures and the array-API result types.
#include <nanobind/nanobind.h>

#include <optional>

#include "cunumpy/ops/sets.hpp"
#include "py_convert.hpp"
#include "py_operand.hpp"

namespace nb = nanobind;
using namespace cunumpy;

namespace {

std::optional<int64_t> unique_axis(nb::handle axis) {
  if (axis.is_none()) return std::nullopt;
  if (PyBool_Check(axis.ptr())) throw TypeError("an integer is required for the axis");
  if (!PyIndex_Check(axis.ptr()))
    py::throw_not_an_integer(axis);
  return nb::cast<int64_t>(axis);
}

}  // namespace

void bind_sets(nb::module_& m) {
  m.def("unique", [](nb::handle ar, bool return_index, bool return_inverse, bool return_counts, nb::handle axis,
                     bool equal_nan) -> nb::object {
    UniqueResult r = unique(py::array_like(ar), return_index, return_inverse, return_counts, unique_axis(axis),
                            equal_nan);
    if (!return_index && !return_inverse && !return_counts) return nb::cast(std::move(r.values));
    nb::list l;
    l.append(nb::cast(std::move(r.values)));
    if (return_index) l.append(nb::cast(std::move(r.indices)));
    if (return_inverse) l.append(nb::cast(std::move(r.inverse)));
    if (return_counts) l.append(nb::cast(std::move(r.counts)));
    return nb::tuple(l);
  }, nb::arg("ar"), nb::arg("return_index") = false, nb::arg("return_inverse") = false,
     nb::arg("return_counts") = false, nb::arg("axis").none() = nb::none(), nb::arg("equal_nan") = true);
  m.def("intersect1d", [](nb::handle ar1, nb::handle ar2, bool assume_unique, bool return_indices) -> nb::object {
    IntersectResult r = intersect1d(py::array_like(ar1), py::array_like(ar2), assume_unique, return_indices);
    if (!return_indices) return nb::cast(std::move(r.values));
    return nb::make_tuple(std::move(r.values), std::move(r.indices1), std::move(r.indices2));
  }, nb::arg("ar1"), nb::arg("ar2"), nb::arg("assume_unique") = false, nb::arg("return_indices") = false);
  m.def("union1d", [](nb::handle ar1, nb::handle ar2) { return union1d(py::array_like(ar1), py::array_like(ar2)); },
        nb::arg("ar1"), nb::arg("ar2"));
  m.def("setdiff1d", [](nb::handle ar1, nb::handle ar2, bool assume_unique) {
    return setdiff1d(py::array_like(ar1), py::array_like(ar2), assume_unique);
  }, nb::arg("ar1"), nb::arg("ar2"), nb::arg("assume_unique") = false);
  m.def("setxor1d", [](nb::handle ar1, nb::handle ar2, bool assume_unique) {
    return setxor1d(py::array_like(ar1), py::array_like(ar2), assume_unique);
  }, nb::arg("ar1"), nb::arg("ar2"), nb::arg("assume_unique") = false);
  m.def("in1d", [](nb::handle ar1, nb::handle ar2, bool assume_unique, bool invert) {
    return in1d(py::array_like(ar1), py::array_like(ar2), assume_unique, invert);
  }, nb::arg("ar1"), nb::arg("ar2"), nb::arg("assume_unique") = false, nb::arg("invert") = false);
  m.def("isin", [](nb::handle element, nb::handle test_elements, bool assume_unique, bool invert) {
    return isin(py::array_like(element), py::array_like(test_elements), assume_unique, invert);
  }, nb::arg("element"), nb::arg("test_elements"), nb::arg("assume_unique") = false, nb::arg("invert") = false);
}
