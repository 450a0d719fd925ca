// Python face of stride tricks: _core.as_strided, _core.sliding_window_view and
// _core.memory_overlap (0 none, 1 overlap, 2 too hard; shares_memory in _array_tests.py)
// (python/cunumpy/lib/stride_tricks.py turns shapes, strides and axes into lists of ints).
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/vector.h>

#include <vector>

#include "cunumpy/ops/memory_overlap.hpp"
#include "cunumpy/ops/stride_tricks.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;
using namespace cunumpy;

void bind_stride_tricks(nb::module_& m) {
  m.def("as_strided", [](const ndarray& x, const std::vector<int64_t>& shape, const std::vector<int64_t>& strides) {
    return as_strided(x, Shape(shape), Strides(strides));
  }, nb::arg("x"), nb::arg("shape"), nb::arg("strides"));
  m.def("sliding_window_view", [](const ndarray& x, const std::vector<int64_t>& window_shape,
                                  std::optional<std::vector<int64_t>> axes) {
    if (!axes) return sliding_window_view(x, window_shape);
    return sliding_window_view(x, window_shape, std::span<const int64_t>(*axes));
  }, nb::arg("x"), nb::arg("window_shape"), nb::arg("axes").none());
  m.def("memory_overlap", [](const ndarray& a, const ndarray& b, int64_t max_work) {
    return static_cast<int>(memory_overlap(a, b, max_work));
  }, nb::arg("a"), nb::arg("b"), nb::arg("max_work"));
}
