// Python face of rearranging: _core.flip/rot90/roll/tile/array_split/split/repeat/resize.
// python/cunumpy/_rearrange.py and _editing.py keep NumPy's signatures and turn axis,
// shift and count arguments into ints and lists of ints; this calls the C++ functions.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/vector.h>

#include <vector>

#include "cunumpy/ops/rearranging.hpp"
#include "py_convert.hpp"
#include "py_reduce_args.hpp"

namespace nb = nanobind;
using namespace cunumpy;
using namespace cunumpy::py;

namespace {

std::optional<int64_t> optional_axis(nb::handle axis) { return to_axis_opt(axis); }

}  // namespace

void bind_rearranging(nb::module_& m) {
  m.def("flip", [](const ndarray& a, nb::handle axis) {
    if (axis.is_none()) return flip(a);
    auto axes = to_axes(axis);  // TypeError for a bool or a str, as NumPy
    return flip(a, std::vector<int64_t>(axes.begin(), axes.end()));
  }, nb::arg("a"), nb::arg("axes").none());
  m.def("fliplr", [](const ndarray& a) { return fliplr(a); }, nb::arg("a"));
  m.def("flipud", [](const ndarray& a) { return flipud(a); }, nb::arg("a"));
  m.def("rot90", [](const ndarray& a, int64_t k, std::pair<int64_t, int64_t> axes) { return rot90(a, k, axes); },
        nb::arg("a"), nb::arg("k"), nb::arg("axes"));
  m.def("roll", [](const ndarray& a, const std::vector<int64_t>& shifts, std::optional<std::vector<int64_t>> axes) {
    if (!axes) return roll(a, shifts, std::nullopt);
    return roll(a, shifts, std::span<const int64_t>(*axes));
  }, nb::arg("a"), nb::arg("shifts"), nb::arg("axes").none());
  m.def("tile", [](const ndarray& a, const std::vector<int64_t>& reps) { return tile(a, reps); },
        nb::arg("a"), nb::arg("reps"));
  m.def("array_split", [](const ndarray& a, int64_t sections, int64_t axis) { return array_split(a, sections, axis); },
        nb::arg("a"), nb::arg("sections"), nb::arg("axis"));
  m.def("array_split", [](const ndarray& a, const std::vector<int64_t>& indices, int64_t axis) {
    return array_split(a, indices, axis);
  }, nb::arg("a"), nb::arg("indices"), nb::arg("axis"));
  m.def("split", [](const ndarray& a, int64_t sections, int64_t axis) { return split(a, sections, axis); },
        nb::arg("a"), nb::arg("sections"), nb::arg("axis"));
  m.def("repeat", [](const ndarray& a, const std::vector<int64_t>& repeats, nb::handle axis) {
    return repeat(a, repeats, optional_axis(axis));
  }, nb::arg("a"), nb::arg("repeats"), nb::arg("axis").none());
  m.def("rollaxis", [](const ndarray& a, int64_t axis, int64_t start) { return rollaxis(a, axis, start); },
        nb::arg("a"), nb::arg("axis"), nb::arg("start"));
  m.def("meshgrid", [](const std::vector<ndarray>& xi, bool xy, bool sparse, bool copy) {
    return meshgrid(xi, xy, sparse, copy);
  }, nb::arg("xi"), nb::arg("xy_indexing"), nb::arg("sparse"), nb::arg("copy"));
  m.def("resize", [](const ndarray& a, const std::vector<int64_t>& shape) { return resize(a, Shape(shape)); },
        nb::arg("a"), nb::arg("new_shape"));
}
