// Python face of linear algebra: _core.matmul (and the ndarray operators @, @=, reflected
// @), the product functions, and _core.linalg_* for the cunumpy.linalg package
// (python/cunumpy/linalg), which converts array_likes and keeps NumPy's signatures.
// cunumpy.linalg.LinAlgError is created here as a subclass of numpy.linalg.LinAlgError.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/linalg.hpp"
#include "cunumpy/runtime/cuda_info.hpp"
#include "py_convert.hpp"
#include "py_fp_errors.hpp"

namespace nb = nanobind;
using namespace cunumpy;

namespace {

nb::object not_implemented() { return nb::borrow(Py_NotImplemented); }

// The other operand of @: arrays take part, Python and NumPy scalars are 0-d operands
// (NumPy's ValueError), anything else defers (NotImplemented).
bool matmul_operand(nb::handle obj, ndarray* out) {
  if (py::is_ndarray(obj)) {
    *out = py::as_ndarray(obj);
    return true;
  }
  if (py::is_python_scalar(obj) || py::is_numpy_scalar(obj))
    throw ValueError("matmul: Input operand does not have enough dimensions (has 0, gufunc core with signature "
                     "(n?,k),(k,m?)->(n?,m?) requires 1)");
  return false;
}

template <class F>
void set_method(nb::handle cls, const char* name, F&& f) {
  nb::setattr(cls, name, nb::cpp_function(std::forward<F>(f), nb::is_method(), nb::scope(cls), nb::name(name)));
}

Casting casting_of(nb::handle c) {
  if (c.is_none()) return Casting::SameKind;
  return casting_from_string(nb::cast<std::string>(c));
}

}  // namespace

void bind_linalg_composites(nb::module_& m);  // bind_linalg_composites.cpp

void bind_linalg(nb::module_& m) {
  static nb::handle linalg_error = PyErr_NewException(
      "cunumpy.linalg.LinAlgError",
      nb::object(nb::module_::import_("numpy.linalg").attr("LinAlgError")).release().ptr(), nullptr);
  m.attr("LinAlgError") = nb::borrow(linalg_error);
  // Registered after bind_errors' translator, so tried first (LinAlgError is a ValueError).
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const LinAlgError& e) {
      PyErr_SetString(linalg_error.ptr(), e.what());
    }
  });

  m.def("matmul", [](const ndarray& a, const ndarray& b, std::optional<ndarray> out, nb::handle dtype,
                     nb::handle casting) {
    MatmulOptions o;
    if (out) o.out = *out;
    o.dtype = py::to_optional_dtype(dtype);
    o.casting = casting_of(casting);
    return py::fp_reported("matmul", [&] { return matmul(a, b, o); });
  }, nb::arg("a"), nb::arg("b"), nb::arg("out").none() = nb::none(), nb::arg("dtype").none() = nb::none(),
     nb::arg("casting").none() = nb::none());

  nb::handle cls = nb::type<ndarray>();
  set_method(cls, "__matmul__", [](const ndarray& self, nb::handle other) -> nb::typed<nb::object, ndarray> {
    ndarray b;
    if (!matmul_operand(other, &b)) return not_implemented();
    return nb::cast(py::fp_reported("matmul", [&] { return matmul(self, b); }));
  });
  set_method(cls, "__rmatmul__", [](const ndarray& self, nb::handle other) -> nb::typed<nb::object, ndarray> {
    ndarray a;
    if (!matmul_operand(other, &a)) return not_implemented();
    return nb::cast(py::fp_reported("matmul", [&] { return matmul(a, self); }));
  });
  set_method(cls, "__imatmul__", [](nb::handle self_obj, nb::handle other) -> nb::typed<nb::object, ndarray> {
    ndarray& self = py::as_ndarray(self_obj);
    ndarray b;
    if (!matmul_operand(other, &b)) return not_implemented();
    // NumPy: a @= b is matmul(a, b, out=a), which needs b square in its core dimensions.
    if (self.ndim() < 1 || b.ndim() < 2)
      throw ValueError("inplace matrix multiplication requires the first operand to have at least one and the "
                       "second at least two dimensions.");
    MatmulOptions o;
    o.out = self;
    py::fp_reported("matmul", [&] { return matmul(self, b, o); });
    return nb::borrow(self_obj);
  });

  m.def("dot", [](const ndarray& a, const ndarray& b, std::optional<ndarray> out) {
    return py::fp_reported("dot", [&] { return dot(a, b, out ? *out : ndarray()); });
  }, nb::arg("a"), nb::arg("b"), nb::arg("out").none() = nb::none());
  m.def("vdot", &vdot);
  m.def("inner", &inner);
  m.def("outer", [](const ndarray& a, const ndarray& b) { return py::fp_reported("multiply", [&] { return outer(a, b); }); });
  m.def("_tensordot_axes", [](const ndarray& a, const ndarray& b, std::vector<int64_t> ia, std::vector<int64_t> ib) {
    return tensordot(a, b, ia, ib);
  });
  m.def("_tensordot_n", [](const ndarray& a, const ndarray& b, int64_t n) { return tensordot(a, b, n); });
  m.def("kron", &kron);
  m.def("trace", [](const ndarray& a, int64_t offset, int64_t axis1, int64_t axis2, nb::handle dtype) {
    return trace(a, offset, axis1, axis2, py::to_optional_dtype(dtype));
  }, nb::arg("a"), nb::arg("offset") = 0, nb::arg("axis1") = 0, nb::arg("axis2") = 1,
     nb::arg("dtype").none() = nb::none());
  m.def("vecdot", [](const ndarray& a, const ndarray& b, int64_t axis) {
    return py::fp_reported("vecdot", [&] { return vecdot(a, b, axis); });
  }, nb::arg("x1"), nb::arg("x2"), nb::arg("axis") = -1);
  m.def("matvec", &matvec);
  m.def("vecmat", &vecmat);
  m.def("_einsum", [](const std::string& subscripts, std::vector<ndarray> ops, nb::handle dtype, bool greedy) {
    return einsum(subscripts, ops, py::to_optional_dtype(dtype), greedy);
  }, nb::arg("subscripts"), nb::arg("operands"), nb::arg("dtype").none(), nb::arg("greedy"));

  m.def("linalg_solve", &linalg::solve);
  m.def("linalg_inv", &linalg::inv);
  m.def("linalg_det", &linalg::det);
  m.def("linalg_slogdet", &linalg::slogdet);
  m.def("linalg_cholesky", &linalg::cholesky, nb::arg("a"), nb::arg("upper") = false);
  m.def("linalg_qr", &linalg::qr, nb::arg("a"), nb::arg("mode") = "reduced");
  m.def("linalg_eigh", &linalg::eigh, nb::arg("a"), nb::arg("UPLO") = "L");
  m.def("linalg_eigvalsh", &linalg::eigvalsh, nb::arg("a"), nb::arg("UPLO") = "L");
  m.def("linalg_svd", &linalg::svd, nb::arg("a"), nb::arg("full_matrices") = true, nb::arg("compute_uv") = true);
  m.def("linalg_svdvals", &linalg::svdvals);
  m.def("linalg_eig", &linalg::eig, nb::arg("a"), nb::arg("real_if_all_real") = false);
  m.def("linalg_eigvals", &linalg::eigvals, nb::arg("a"), nb::arg("real_if_all_real") = false);
  m.def("linalg_matrix_power", &linalg::matrix_power);
  m.def("linalg_matrix_transpose", &linalg::matrix_transpose);
  // This thread's cuBLAS / cuSOLVER handles of a device, as integers (CuPy's
  // Device.cublas_handle), with the device's current stream set.
  m.def("_cublas_handle", [](int device) { return reinterpret_cast<uintptr_t>(cuda_info::cublas_handle(device)); });
  m.def("_cusolver_handle", [](int device) { return reinterpret_cast<uintptr_t>(cuda_info::cusolver_handle(device)); });
  m.def("set_linalg_error_checks", &set_linalg_error_checks);
  m.def("linalg_error_checks", &linalg_error_checks);
  bind_linalg_composites(m);
}
