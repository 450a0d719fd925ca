// Python face of copyto: _core.copyto. python/cunumpy/_arrays_misc.py checks a scalar or
// list source against NumPy's casting rules (which depend on Python scalars' values) and
// converts lists; this converts the operands and calls cunumpy::copyto.
#include <nanobind/nanobind.h>

#include "cunumpy/ops/copying.hpp"
#include "py_convert.hpp"
#include "py_fp_errors.hpp"

namespace nb = nanobind;
using namespace cunumpy;
using namespace cunumpy::py;

void bind_copying(nb::module_& m) {
  m.def("copyto", [](ndarray& dst, nb::handle src, nb::handle casting, nb::handle where) {
    std::optional<ndarray> mask;
    if (!where.is_none()) mask = as_ndarray(where);
    const Casting rule = to_casting(casting);
    if (is_ndarray(src)) {
      begin_fp_errors();
      copyto(dst, as_ndarray(src), rule, mask);
      report_fp_errors("cast");  // the cast into dst's dtype, as NumPy reports it
      return;
    }
    bool weak = false;
    const Scalar s = to_scalar(src, &weak);
    copyto(dst, Operand(s, weak), rule, mask);
  }, nb::arg("dst"), nb::arg("src"), nb::arg("casting"), nb::arg("where").none());
}
