// Python face of windows.hpp: _core.bartlett, blackman, hamming, hanning, kaiser and i0,
// called by python/cunumpy/_windows.py and _ufunc_functions.py (i0).
#include <nanobind/nanobind.h>

#include "cunumpy/ops/windows.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;
using namespace cunumpy;

void bind_windows(nb::module_& m) {
  m.def("bartlett", &bartlett, nb::arg("M"));
  m.def("blackman", &blackman, nb::arg("M"));
  m.def("hamming", &hamming, nb::arg("M"));
  m.def("hanning", &hanning, nb::arg("M"));
  m.def("kaiser", &kaiser, nb::arg("M"), nb::arg("beta"));
  m.def("i0", &i0, nb::arg("x"));
}
