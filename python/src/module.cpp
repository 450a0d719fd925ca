// The extension module cunumpy._core: the engine's Python face. The Python package
// (python/cunumpy) is a thin layer over it.
#include <nanobind/nanobind.h>

#include "cunumpy/base/interrupt.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;

namespace {
// Ctrl-C during long C++ work: Python's handler only sets a flag, so the library asks
// between chunks. Only a thread holding the GIL may ask (PyErr_CheckSignals acts on the
// main thread only); the pending KeyboardInterrupt travels out as a python_error.
void python_interrupt_hook() {
  if (!PyGILState_Check()) return;
  if (PyErr_CheckSignals() != 0) throw nb::python_error();
}
}  // namespace

namespace cunumpy::py {
void bind_errors(nb::module_& m);
void bind_ndarray(nb::module_& m);
void bind_creation(nb::module_& m);
void bind_raw_kernel(nb::module_& m);
void bind_indexing(nb::module_& m);
// Statistics (cppapi-b): nan-functions, order statistics, correlation, ufunc methods.
void bind_nan_reductions(nb::module_& m);
void bind_statistics(nb::module_& m);
void bind_correlation(nb::module_& m);
void bind_ufunc_methods(nb::module_& m);
void bind_order_statistics(nb::module_& m);
void bind_config(nb::module_& m);
void bind_dlpack(nb::module_& m);
void bind_histograms(nb::module_& m);   // cppapi-d: counting
void bind_editing(nb::module_& m);      // cppapi-d: insert, delete, append, trim_zeros
}  // namespace cunumpy::py
void bind_cuda(nb::module_& m);
void bind_ufuncs(nb::module_& m);
void bind_reductions(nb::module_& m);
void bind_sorting(nb::module_& m);
void bind_padding(nb::module_& m);
void bind_rearranging(nb::module_& m);
void bind_copying(nb::module_& m);
void bind_ufunc_resolution(nb::module_& m);
void bind_stride_tricks(nb::module_& m);
void bind_joining(nb::module_& m);
void bind_user_kernels(nb::module_& m);
void bind_fft(nb::module_& m);
void bind_searching(nb::module_& m);
void bind_sets(nb::module_& m);
void bind_linalg(nb::module_& m);
void bind_random(nb::module_& m);
// NumPy breadth, numeric part (breadth-a): calculus, bits, windows, polynomials, block.
void bind_calculus(nb::module_& m);
void bind_bits(nb::module_& m);
void bind_windows(nb::module_& m);
void bind_polynomial(nb::module_& m);
void bind_block(nb::module_& m);
void bind_nccl(nb::module_& m);

NB_MODULE(_core, m) {
  // Module-level objects (Stream.null, cached dtypes) live until interpreter teardown,
  // where nanobind cannot free them in order; its leak report would only be noise.
  nb::set_leak_warnings(false);
  cunumpy::py::init_convert();
  cunumpy::set_interrupt_hook(&python_interrupt_hook);
  cunumpy::py::bind_errors(m);
  cunumpy::py::bind_ndarray(m);
  cunumpy::py::bind_creation(m);
  bind_cuda(m);
  bind_ufuncs(m);
  bind_reductions(m);
  bind_sorting(m);
  bind_padding(m);
  bind_rearranging(m);
  bind_copying(m);
  bind_ufunc_resolution(m);
  bind_stride_tricks(m);
  bind_joining(m);
  cunumpy::py::bind_raw_kernel(m);
  bind_user_kernels(m);
  bind_fft(m);
  cunumpy::py::bind_indexing(m);
  cunumpy::py::bind_nan_reductions(m);
  cunumpy::py::bind_statistics(m);
  cunumpy::py::bind_correlation(m);
  cunumpy::py::bind_ufunc_methods(m);
  cunumpy::py::bind_order_statistics(m);
  cunumpy::py::bind_config(m);
  bind_searching(m);
  bind_sets(m);
  cunumpy::py::bind_dlpack(m);
  bind_linalg(m);
  cunumpy::py::bind_histograms(m);
  cunumpy::py::bind_editing(m);
  bind_random(m);
  bind_calculus(m);
  bind_bits(m);
  bind_windows(m);
  bind_polynomial(m);
  bind_block(m);
  bind_nccl(m);
  // Printed as cunumpy.ndarray (CuPy's cupy.ndarray); set last, so that the methods bound
  // above keep cunumpy._core as their __module__ (nanobind copies the class's at binding,
  // and stubgen writes a member whose module differs as an import, not into the class).
  m.attr("ndarray").attr("__module__") = "cunumpy";
}
