// Python face of padding: _core.pad. python/cunumpy/_padding.py keeps numpy.pad's
// signature, checks the mode's keywords and plans the (before, after) pairs with NumPy's
// rules; this converts them and calls cunumpy::pad.
#include <nanobind/nanobind.h>

#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/padding.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;
using namespace cunumpy;
using namespace cunumpy::py;

namespace {

PadMode to_pad_mode(const std::string& m) {
  static const std::pair<const char*, PadMode> names[] = {
      {"constant", PadMode::Constant}, {"empty", PadMode::Empty}, {"edge", PadMode::Edge},
      {"wrap", PadMode::Wrap}, {"reflect", PadMode::Reflect}, {"symmetric", PadMode::Symmetric},
      {"linear_ramp", PadMode::LinearRamp}, {"maximum", PadMode::Maximum},
      {"minimum", PadMode::Minimum}, {"mean", PadMode::Mean}, {"median", PadMode::Median}};
  for (const auto& [name, mode] : names)
    if (m == name) return mode;
  throw ValueError("mode '" + m + "' is not supported");
}

// A fill value stored into `d`: Python ints out of range raise, as full() does (NEP 50).
Scalar fill_value(nb::handle v, DType d) {
  Scalar s = to_scalar(v);
  if (PyLong_Check(v.ptr()) && !PyBool_Check(v.ptr())) check_python_scalar_store(v, s, d);
  return s;
}

std::vector<std::pair<Scalar, Scalar>> value_pairs(nb::handle pairs, DType d) {
  std::vector<std::pair<Scalar, Scalar>> out;
  if (pairs.is_none()) return out;
  for (nb::handle p : pairs) out.emplace_back(fill_value(p[0], d), fill_value(p[1], d));
  return out;
}

std::optional<int64_t> optional_length(nb::handle v) {
  if (v.is_none()) return std::nullopt;
  return nb::cast<int64_t>(nb::int_(v));
}

}  // namespace

void bind_padding(nb::module_& m) {
  m.def("pad", [](const ndarray& a, nb::handle widths, const std::string& mode, nb::handle values,
                  nb::handle stat_length, bool odd_reflect) {
    std::vector<std::pair<int64_t, int64_t>> pw;
    for (nb::handle p : widths) pw.emplace_back(nb::cast<int64_t>(nb::int_(p[0])), nb::cast<int64_t>(nb::int_(p[1])));
    PadOptions o;
    o.mode = to_pad_mode(mode);
    if (o.mode == PadMode::Constant) o.constant_values = value_pairs(values, a.dtype());
    if (o.mode == PadMode::LinearRamp) o.end_values = value_pairs(values, a.dtype());
    if (!stat_length.is_none())
      for (nb::handle p : stat_length) o.stat_length.emplace_back(optional_length(p[0]), optional_length(p[1]));
    o.odd_reflect = odd_reflect;
    return pad(a, pw, o);
  }, nb::arg("a"), nb::arg("pad_width"), nb::arg("mode"), nb::arg("values").none() = nb::none(),
     nb::arg("stat_length").none() = nb::none(), nb::arg("odd_reflect") = false);
}
