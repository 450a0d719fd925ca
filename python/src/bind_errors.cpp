// Maps the C++ exception classes to the Python exceptions NumPy and CuPy raise.
#include <nanobind/nanobind.h>

#include <typeinfo>

#include "cunumpy/base/errors.hpp"

namespace nb = nanobind;

namespace cunumpy::py {

void bind_errors(nb::module_& m) {
  // Classes of our own, re-exported where CuPy has them (cunumpy.cuda.memory, .driver, .compiler).
  // Plain handles, kept for the life of the process: Python objects must not be released
  // by C++ static destructors, which run after the interpreter has shut down.
  static nb::handle oom = PyErr_NewException("cunumpy._core.OutOfMemoryError", PyExc_MemoryError, nullptr);
  static nb::handle cuda_err = PyErr_NewException("cunumpy._core.CUDADriverError", PyExc_RuntimeError, nullptr);
  static nb::handle compile_err = PyErr_NewException("cunumpy._core.CompileException", PyExc_Exception, nullptr);
  static nb::handle axis_err = nb::object(nb::module_::import_("numpy").attr("exceptions").attr("AxisError")).release();
  m.attr("OutOfMemoryError") = nb::borrow(oom);
  m.attr("CUDADriverError") = nb::borrow(cuda_err);
  m.attr("CompileException") = nb::borrow(compile_err);

  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const TypeError& e) {
      PyErr_SetString(PyExc_TypeError, e.what());
    } catch (const IndexError& e) {
      PyErr_SetString(PyExc_IndexError, e.what());
    } catch (const AxisError& e) {
      PyErr_SetString(axis_err.ptr(), e.what());
    } catch (const ValueError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const NotImplementedError& e) {
      PyErr_SetString(PyExc_NotImplementedError, e.what());
    } catch (const ZeroDivisionError& e) {
      PyErr_SetString(PyExc_ZeroDivisionError, e.what());
    } catch (const OverflowError& e) {
      PyErr_SetString(PyExc_OverflowError, e.what());
    } catch (const OutOfMemoryError& e) {
      PyErr_SetString(oom.ptr(), e.what());
    } catch (const CudaError& e) {
      PyErr_SetString(cuda_err.ptr(), e.what());
    } catch (const CompileError& e) {
      PyErr_SetString(compile_err.ptr(), (std::string(e.what()) + "\n" + e.log).c_str());
    } catch (const std::bad_cast&) {
      // nb::cast of an argument of the wrong type (nanobind's cast_error): a TypeError, as
      // NumPy's argument parsing raises, not the RuntimeError nanobind makes of it.
      PyErr_SetString(PyExc_TypeError, "an argument has the wrong type (it could not be converted)");
    }
  });
}

}  // namespace cunumpy::py
