// Python face of numpy.linalg's composites (include/cunumpy/ops/linalg_composites.hpp):
// _core.linalg_norm, linalg_vector_norm, linalg_matrix_norm, linalg_cond, linalg_pinv,
// linalg_lstsq, linalg_matrix_rank, linalg_svd_hermitian, linalg_multi_dot,
// linalg_tensorinv, linalg_tensorsolve and cross. python/cunumpy/linalg converts
// array_likes and axes and keeps NumPy's signatures; the norm order is read here.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <cmath>
#include <string>
#include <vector>

#include "cunumpy/ops/linalg_composites.hpp"
#include "py_convert.hpp"
#include "py_fp_errors.hpp"
#include "py_reduce_args.hpp"

namespace nb = nanobind;
using namespace cunumpy;

namespace {

// NumPy's ord= of the norms: None, 'fro'/'f', 'nuc', a number; anything else is kept as
// text for the error message the norm raises.
linalg::NormOrder norm_order(nb::handle ord) {
  if (ord.is_none()) return linalg::NormOrder::none();
  if (nb::isinstance<nb::str>(ord)) {
    const std::string s = nb::cast<std::string>(ord);
    if (s == "fro" || s == "f") return linalg::NormOrder::fro(s);
    if (s == "nuc") return linalg::NormOrder::nuc();
    return linalg::NormOrder::invalid(s);
  }
  const double v = PyFloat_AsDouble(ord.ptr());
  if (v == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    return linalg::NormOrder::invalid(nb::cast<std::string>(nb::str(ord)));
  }
  return linalg::NormOrder::number(v);
}

// Whether NumPy computes this vector norm as sum(|x| ** ord) ** (1 / ord), whose power
// steps it reports ("overflow encountered in power"); its other norms go through dot,
// max/min or a sum of |x| (not reported here yet).
bool general_p_norm(nb::handle ord) {
  if (ord.is_none() || nb::isinstance<nb::str>(ord)) return false;
  const double v = PyFloat_AsDouble(ord.ptr());
  if (v == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    return false;
  }
  return !(std::isinf(v) || v == 0 || v == 1 || v == -1 || v == 2 || v == -2);
}

using OptionalAxes = std::optional<std::vector<int64_t>>;

}  // namespace

void bind_linalg_composites(nb::module_& m) {
  m.def("linalg_norm", [](const ndarray& x, nb::handle ord, OptionalAxes axis, bool keepdims) {
    const linalg::NormOrder o = norm_order(ord);
    if (!general_p_norm(ord)) return linalg::norm(x, o, axis, keepdims);
    return py::fp_reported("power", [&] { return linalg::norm(x, o, axis, keepdims); });
  }, nb::arg("x"), nb::arg("ord").none(), nb::arg("axis").none(), nb::arg("keepdims"));
  m.def("linalg_vector_norm", [](const ndarray& x, OptionalAxes axis, bool keepdims, nb::handle ord) {
    const linalg::NormOrder o = norm_order(ord);
    if (!general_p_norm(ord)) return linalg::vector_norm(x, axis, keepdims, o);
    return py::fp_reported("power", [&] { return linalg::vector_norm(x, axis, keepdims, o); });
  }, nb::arg("x"), nb::arg("axis").none(), nb::arg("keepdims"), nb::arg("ord").none());
  m.def("linalg_matrix_norm", [](const ndarray& x, bool keepdims, nb::handle ord) {
    return linalg::matrix_norm(x, keepdims, norm_order(ord));
  }, nb::arg("x"), nb::arg("keepdims"), nb::arg("ord").none());
  m.def("linalg_cond", [](const ndarray& x, nb::handle p) { return linalg::cond(x, norm_order(p)); },
        nb::arg("x"), nb::arg("p").none());
  m.def("linalg_svd_hermitian", [](const ndarray& a, bool compute_uv) -> nb::object {
    auto [u, s, vh] = linalg::svd_hermitian(a, compute_uv);
    if (!compute_uv) return nb::cast(s);
    return nb::make_tuple(u, s, vh);
  }, nb::arg("a"), nb::arg("compute_uv"));
  m.def("linalg_pinv", [](const ndarray& a, nb::handle rcond, bool hermitian) {
    return linalg::pinv(a, py::optional_ndarray(rcond), hermitian);
  }, nb::arg("a"), nb::arg("rcond").none(), nb::arg("hermitian"));
  m.def("linalg_lstsq", &linalg::lstsq, nb::arg("a"), nb::arg("b"), nb::arg("rcond").none());
  m.def("linalg_matrix_rank", [](const ndarray& a, nb::handle tol, bool hermitian, nb::handle rtol) {
    return linalg::matrix_rank(a, py::optional_ndarray(tol), hermitian, py::optional_ndarray(rtol));
  }, nb::arg("a"), nb::arg("tol").none(), nb::arg("hermitian"), nb::arg("rtol").none());
  m.def("linalg_multi_dot", [](std::vector<ndarray> arrays, std::optional<ndarray> out) {
    return linalg::multi_dot(arrays, out ? *out : ndarray());
  }, nb::arg("arrays"), nb::arg("out").none());
  m.def("linalg_tensorinv", &linalg::tensorinv, nb::arg("a"), nb::arg("ind"));
  m.def("linalg_tensorsolve", &linalg::tensorsolve, nb::arg("a"), nb::arg("b"), nb::arg("axes").none());
  m.def("cross", [](const ndarray& a, const ndarray& b, int64_t axisa, int64_t axisb, int64_t axisc, bool allow_2d) {
    return py::fp_reported("multiply", [&] { return cross(a, b, axisa, axisb, axisc, allow_2d); });
  }, nb::arg("a"), nb::arg("b"), nb::arg("axisa"), nb::arg("axisb"), nb::arg("axisc"), nb::arg("allow_2d"));
}
