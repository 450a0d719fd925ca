// Python face of bits.hpp: _core.packbits, unpackbits, isposinf, isneginf, called by
// python/cunumpy/_bits.py (which checks bitorder and converts array_likes).
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>

#include "cunumpy/ops/bits.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;
using namespace cunumpy;

void bind_bits(nb::module_& m) {
  m.def("packbits", [](const ndarray& a, std::optional<int64_t> axis, bool little) {
    return packbits(a, axis, little ? BitOrder::Little : BitOrder::Big);
  }, nb::arg("a"), nb::arg("axis").none(), nb::arg("little"));
  m.def("unpackbits", [](const ndarray& a, std::optional<int64_t> axis, std::optional<int64_t> count, bool little) {
    return unpackbits(a, axis, count, little ? BitOrder::Little : BitOrder::Big);
  }, nb::arg("a"), nb::arg("axis").none(), nb::arg("count").none(), nb::arg("little"));
  m.def("isposinf", [](const ndarray& x, std::optional<ndarray> out) {
    return isposinf(x, out ? *out : ndarray());
  }, nb::arg("x"), nb::arg("out").none());
  m.def("isneginf", [](const ndarray& x, std::optional<ndarray> out) {
    return isneginf(x, out ? *out : ndarray());
  }, nb::arg("x"), nb::arg("out").none());
}
