// Python face of insert, delete, append and trim_zeros (include/cunumpy/ops/editing.hpp),
// called by python/cunumpy/_editing.py, which hands obj= over as an int, a slice or a
// cunumpy array.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include <optional>
#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/editing.hpp"
#include "py_convert.hpp"
#include "py_operand.hpp"
#include "py_reduce_args.hpp"

namespace nb = nanobind;

namespace cunumpy::py {
namespace {

std::optional<int64_t> opt_int(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return nb::cast<int64_t>(h);
}

std::optional<int64_t> slice_field(PyObject* v) {
  if (v == Py_None) return std::nullopt;
  return nb::cast<int64_t>(nb::handle(v));
}

EditIndex to_index(nb::handle obj) {
  if (PySlice_Check(obj.ptr())) {
    auto* s = reinterpret_cast<PySliceObject*>(obj.ptr());
    return Slice{slice_field(s->start), slice_field(s->stop), slice_field(s->step)};
  }
  if (is_ndarray(obj)) return as_ndarray(obj);
  return static_cast<int64_t>(nb::cast<int64_t>(obj));
}

}  // namespace

void bind_editing(nb::module_& m) {
  m.def("delete", [](const ndarray& arr, nb::handle obj, nb::handle axis) {
    return delete_(arr, to_index(obj), opt_int(axis));
  }, nb::arg("arr"), nb::arg("obj"), nb::arg("axis").none());
  m.def("insert", [](const ndarray& arr, nb::handle obj, const ndarray& values, nb::handle axis) {
    return insert(arr, to_index(obj), values, opt_int(axis));
  }, nb::arg("arr"), nb::arg("obj"), nb::arg("values"), nb::arg("axis").none());
  m.def("append", [](const ndarray& arr, const ndarray& values, nb::handle axis) {
    return append(arr, values, opt_int(axis));
  }, nb::arg("arr"), nb::arg("values"), nb::arg("axis").none());
  m.def("trim_zeros", [](const ndarray& filt, const std::string& trim, nb::handle axis) {
    return trim_zeros(filt, trim, to_axes_opt(axis));
  }, nb::arg("filt"), nb::arg("trim"), nb::arg("axis").none());
}

}  // namespace cunumpy::py
