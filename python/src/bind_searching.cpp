// Python face of searching and clip: _core.where (three arguments), _core.clip,
// _core.searchsorted, _core.digitize and _core.interp. Operands convert as a ufunc's do (Python scalars
// weak, NumPy scalars strong, anything array-like through cunumpy.asarray); the Python
// wrappers (python/cunumpy/_searching.py, _ufunc_functions.py) keep NumPy's signatures.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include <cstring>
#include <optional>
#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/clip.hpp"
#include "cunumpy/ops/searching.hpp"
#include "py_convert.hpp"
#include "py_operand.hpp"

namespace nb = nanobind;
using namespace cunumpy;

namespace {

std::optional<Operand> bound(nb::handle b) {
  if (b.is_none()) return std::nullopt;
  return py::array_like_operand(b);
}

// clip's ufunc keywords, as a ufunc call takes them (order= and subok= are accepted, the
// layout follows the inputs).
UfuncOptions clip_options(nb::handle out, nb::dict kwargs) {
  UfuncOptions o;
  if (!out.is_none()) {
    nb::handle target = out;
    if (PyTuple_Check(out.ptr())) {
      nb::tuple t = nb::borrow<nb::tuple>(out);
      if (t.size() != 1) throw ValueError("The 'out' tuple must have exactly 1 entries: one per ufunc output");
      target = t[0];
    }
    if (!target.is_none()) {
      if (!py::is_ndarray(target)) throw TypeError("return arrays must be of ArrayType");
      o.out.push_back(py::as_ndarray(target));
    }
  }
  for (auto [key, value] : kwargs) {
    const char* k = PyUnicode_AsUTF8(key.ptr());
    if (!k) throw nb::python_error();
    if (std::strcmp(k, "dtype") == 0) {
      o.dtype = py::to_optional_dtype(value);
    } else if (std::strcmp(k, "casting") == 0) {
      if (!value.is_none()) o.casting = py::to_casting(value);
    } else if (std::strcmp(k, "where") == 0) {
      if (value.ptr() != Py_True) {
        nb::object mask = py::is_ndarray(value) ? nb::borrow(value)
                                                : nb::module_::import_("cunumpy").attr("asarray")(value, "bool");
        o.where = py::as_ndarray(mask);
      }
    } else if (std::strcmp(k, "order") != 0 && std::strcmp(k, "subok") != 0) {
      throw TypeError(std::string("'") + k + "' is an invalid keyword to ufunc 'clip'");
    }
  }
  return o;
}

std::optional<ndarray> optional_array(nb::handle a) {
  if (a.is_none()) return std::nullopt;
  return py::array_like(a);
}

// NumPy 2's side=: exactly 'left' or 'right'.
Side to_side(nb::handle side) {
  if (!PyUnicode_Check(side.ptr()))
    throw TypeError(std::string("search side must be str, not ") + Py_TYPE(side.ptr())->tp_name);
  const char* t = PyUnicode_AsUTF8(side.ptr());
  if (!t) throw nb::python_error();
  if (std::strcmp(t, "left") == 0) return Side::Left;
  if (std::strcmp(t, "right") == 0) return Side::Right;
  throw ValueError(std::string("search side must be one of 'left' or 'right' (got ") + nb::repr(side).c_str() + ")");
}

}  // namespace

void bind_searching(nb::module_& m) {
  m.def("where", [](nb::handle condition, nb::handle x, nb::handle y, bool wrap_python_ints) {
    return where(py::array_like(condition), py::array_like_operand(x), py::array_like_operand(y),
                 wrap_python_ints);
  }, nb::arg("condition"), nb::arg("x"), nb::arg("y"), nb::arg("wrap_python_ints") = false);
  // a_min/a_max: None for no bound (the wrapper resolves NumPy's min=/max= spelling).
  m.def("clip", [](nb::handle a, nb::handle a_min, nb::handle a_max, nb::handle out, nb::kwargs kwargs) -> nb::object {
    ndarray r = clip(py::array_like(a), bound(a_min), bound(a_max), clip_options(out, kwargs));
    if (!out.is_none()) return PyTuple_Check(out.ptr()) ? nb::borrow(nb::borrow<nb::tuple>(out)[0]) : nb::borrow(out);
    return nb::cast(std::move(r));
  }, nb::arg("a"), nb::arg("a_min").none(), nb::arg("a_max").none(), nb::arg("out").none() = nb::none(), nb::arg("kwargs"));
  m.def("searchsorted", [](nb::handle a, nb::handle v, nb::handle side, nb::handle sorter) {
    const ndarray aa = py::array_like(a);
    // NumPy checks a's depth before side= (searchsorted raises for the depth).
    const Side s = aa.ndim() == 1 ? to_side(side) : Side::Left;
    return searchsorted(aa, py::array_like_operand(v), s, optional_array(sorter));
  }, nb::arg("a"), nb::arg("v"), nb::arg("side").none() = nb::str("left"), nb::arg("sorter").none() = nb::none());
  m.def("digitize", [](nb::handle x, nb::handle bins, bool right) {
    return digitize(py::array_like(x), py::array_like(bins), right);
  }, nb::arg("x"), nb::arg("bins"), nb::arg("right") = false);
  // left/right: Python or NumPy scalars or None (the wrapper takes 0-d arrays' items);
  // period: a float or None.
  m.def("interp", [](nb::handle x, nb::handle xp, nb::handle fp, nb::handle left, nb::handle right,
                     std::optional<double> period) {
    const std::optional<Scalar> l = left.is_none() ? std::nullopt : std::optional<Scalar>(py::to_scalar(left));
    const std::optional<Scalar> r = right.is_none() ? std::nullopt : std::optional<Scalar>(py::to_scalar(right));
    return interp(py::array_like(x), py::array_like(xp), py::array_like(fp), l, r, period);
  }, nb::arg("x"), nb::arg("xp"), nb::arg("fp"), nb::arg("left").none() = nb::none(),
     nb::arg("right").none() = nb::none(), nb::arg("period").none() = nb::none());
  // (name, in params, out params, body, preamble) of the four search kernels, for scripts/.
  m.def("_searchsorted_kernel_texts", []() {
    nb::list l;
    for (bool right : {false, true})
      for (bool sorter : {false, true}) {
        const detail::SearchKernelText t = detail::searchsorted_kernel_text(right, sorter);
        l.append(nb::make_tuple(t.name, t.in_params, t.out_params, t.body, t.preamble));
      }
    return l;
  });
  m.def("_interp_kernel_text", []() {
    const detail::SearchKernelText t = detail::interp_kernel_text();
    return nb::make_tuple(t.name, t.in_params, t.out_params, t.body, t.preamble);
  });
}
