// The extension module cunumpy._core: the engine's Python face. The Python package
// (python/cunumpy) is a thin layer over it.
#include <nanobind/nanobind.h>

#include "py_convert.hpp"

namespace nb = nanobind;

namespace cunumpy::py {
void bind_errors(nb::module_& m);
void bind_ndarray(nb::module_& m);
void bind_creation(nb::module_& m);
void bind_raw_kernel(nb::module_& m);
void bind_indexing(nb::module_& m);
}  // namespace cunumpy::py
void bind_cuda(nb::module_& m);
void bind_ufuncs(nb::module_& m);
void bind_reductions(nb::module_& m);
void bind_sorting(nb::module_& m);
void bind_user_kernels(nb::module_& m);
void bind_linalg(nb::module_& m);

NB_MODULE(_core, m) {
  // Module-level objects (Stream.null, cached dtypes) live until interpreter teardown,
  // where nanobind cannot free them in order; its leak report would only be noise.
  nb::set_leak_warnings(false);
  cunumpy::py::init_convert();
  cunumpy::py::bind_errors(m);
  cunumpy::py::bind_ndarray(m);
  cunumpy::py::bind_creation(m);
  bind_cuda(m);
  bind_ufuncs(m);
  bind_reductions(m);
  bind_sorting(m);
  cunumpy::py::bind_raw_kernel(m);
  bind_user_kernels(m);
  cunumpy::py::bind_indexing(m);
  bind_linalg(m);
}
