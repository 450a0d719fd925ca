// Python face of sorting: _core.sort/argsort/_sort_with_indices and the ndarray methods
// sort() (in place) and argsort(), bound in C++ so that per-call work stays there. The
// Python package (python/cunumpy/_sorting.py) accepts array_like inputs and builds
// lexsort, partition, sort_complex, quantiles and sets on these.
#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>

#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/sorting.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;
using namespace cunumpy;

namespace {

std::optional<int64_t> sort_axis(nb::handle axis) {
  if (axis.is_none()) return std::nullopt;
  if (!PyIndex_Check(axis.ptr()))
    py::throw_not_an_integer(axis);
  return py::to_int64(axis);
}

// kind= is accepted for NumPy's sake (every sort here is stable); order= needs structured dtypes.
void check_kind(nb::handle kind, nb::handle order) {
  if (!kind.is_none()) {
    const std::string k = nb::cast<std::string>(nb::str(kind));
    if (k.empty() || std::string("qhsmQHSM").find(k[0]) == std::string::npos)
      throw ValueError("sort kind must be one of 'quick', 'heap', or 'stable' (got '" + k + "')");
  }
  if (!order.is_none()) throw ValueError("Cannot specify order when the array has no fields.");
}

// NumPy argsorts a 0-d array as a 1-d one: axis 0 or -1 (or None), another its AxisError.
std::optional<int64_t> argsort_axis(const ndarray& a, nb::handle axis) {
  const std::optional<int64_t> ax = sort_axis(axis);
  if (a.ndim() != 0) return ax;
  if (ax) (void)normalize_axis(*ax, 1);
  return std::nullopt;
}

}  // namespace

void bind_sorting(nb::module_& m) {
  nb::handle cls = nb::type<ndarray>();
  m.def("sort", [](const ndarray& a, nb::handle axis, nb::handle kind, nb::handle order) {
    check_kind(kind, order);
    return sort(a, sort_axis(axis));
  }, nb::arg("a"), nb::arg("axis").none() = -1, nb::arg("kind").none() = nb::none(), nb::arg("order").none() = nb::none());
  m.def("argsort", [](const ndarray& a, nb::handle axis, nb::handle kind, nb::handle order) {
    check_kind(kind, order);
    return argsort(a, argsort_axis(a, axis));
  }, nb::arg("a"), nb::arg("axis").none() = -1, nb::arg("kind").none() = nb::none(), nb::arg("order").none() = nb::none());
  m.def("_sort_with_indices", [](const ndarray& a, nb::handle axis) { return sort_with_indices(a, sort_axis(axis)); },
        nb::arg("a"), nb::arg("axis").none() = -1);
  nb::setattr(cls, "sort", nb::cpp_function([](ndarray& self, nb::handle axis, nb::handle kind, nb::handle order) {
    self.check_writeable();
    check_kind(kind, order);
    if (axis.is_none()) throw TypeError("'NoneType' object cannot be interpreted as an integer");
    self.assign(sort(self, sort_axis(axis)));
  }, nb::is_method(), nb::scope(cls), nb::name("sort"), nb::arg("axis") = -1, nb::arg("kind").none() = nb::none(),
     nb::arg("order").none() = nb::none()));
  nb::setattr(cls, "argsort", nb::cpp_function([](const ndarray& self, nb::handle axis, nb::handle kind, nb::handle order) {
    check_kind(kind, order);
    return argsort(self, argsort_axis(self, axis));
  }, nb::is_method(), nb::scope(cls), nb::name("argsort"), nb::arg("axis").none() = -1, nb::arg("kind").none() = nb::none(),
     nb::arg("order").none() = nb::none()));
}
