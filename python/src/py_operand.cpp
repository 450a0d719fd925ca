// Python objects as ufunc operands: see py_operand.hpp.
#include "py_operand.hpp"

#include <string>

#include "cunumpy/base/errors.hpp"
#include "py_convert.hpp"

namespace cunumpy::py {

namespace {

nb::handle numpy_ndarray_type() {
  static nb::handle t = numpy_module().attr("ndarray").inc_ref();
  return t;
}

nb::handle cunumpy_asarray() {
  static nb::handle f = nb::module_::import_("cunumpy").attr("asarray").inc_ref();
  return f;
}

}  // namespace

Convert to_operand(nb::handle obj, Operand* out) {
  if (is_ndarray(obj)) {
    *out = Operand(as_ndarray(obj));
    return Convert::Ok;
  }
  PyObject* p = obj.ptr();
  // Exact Python scalars first: numpy.float64 subclasses float but is strong.
  const bool exact = PyFloat_CheckExact(p) || PyLong_CheckExact(p) || PyBool_Check(p) ||
                     PyComplex_CheckExact(p);
  if (!exact) {
    if (PyObject_IsInstance(p, numpy_ndarray_type().ptr()) == 1)
      throw TypeError("Unsupported type <class 'numpy.ndarray'>: convert NumPy arrays with "
                      "cunumpy.asarray() first (no implicit host-to-device copy)");
    if (is_numpy_scalar(obj)) {
      *out = Operand(to_scalar(obj), false);
      return Convert::Ok;
    }
  }
  if (exact || is_python_scalar(obj)) {
    if (PyLong_Check(p) && !PyBool_Check(p)) {
      int overflow = 0;
      PyLong_AsLongLongAndOverflow(p, &overflow);
      bool huge = overflow < 0;
      if (overflow > 0) {
        PyLong_AsUnsignedLongLong(p);
        huge = PyErr_Occurred() != nullptr;
        PyErr_Clear();
      }
      if (huge) {
        const double v = PyLong_AsDouble(p);  // OverflowError beyond float64
        if (v == -1.0 && PyErr_Occurred()) throw nb::python_error();
        *out = Operand::huge_int(v);
        return Convert::Ok;
      }
    }
    bool weak = false;
    Scalar s = to_scalar(obj, &weak);
    *out = Operand(s, weak);
    return Convert::Ok;
  }
  return Convert::Unknown;
}

Operand require_operand(nb::handle obj) {
  Operand op;
  if (to_operand(obj, &op) == Convert::Unknown)
    throw TypeError("Unsupported type " + std::string(nb::str(nb::handle(Py_TYPE(obj.ptr()))).c_str()));
  return op;
}

ndarray array_like(nb::handle obj) {
  if (is_ndarray(obj)) return as_ndarray(obj);
  nb::object a = cunumpy_asarray()(obj);
  return as_ndarray(a);
}

Operand array_like_operand(nb::handle obj) {
  if (is_ndarray(obj)) return Operand(as_ndarray(obj));
  PyObject* p = obj.ptr();
  const bool scalar = PyFloat_Check(p) || PyLong_Check(p) || PyComplex_Check(p) || is_numpy_scalar(obj);
  if (scalar) return require_operand(obj);
  return Operand(array_like(obj));
}

}  // namespace cunumpy::py
