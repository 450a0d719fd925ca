// Python face of cov, corrcoef, correlate and convolve (correlation.hpp), called by
// python/cunumpy/_correlation.py after its argument conversion.
#include <nanobind/nanobind.h>

#include "cunumpy/ops/correlation.hpp"
#include "py_convert.hpp"
#include "py_fp_errors.hpp"
#include "py_reduce_args.hpp"

namespace nb = nanobind;

namespace cunumpy::py {
void bind_correlation(nb::module_& m) {
  m.def("cov", [](const ndarray& a, nb::handle y, bool rowvar, bool bias, nb::handle ddof, nb::handle fweights,
                  nb::handle aweights, nb::handle dtype) {
    CovArgs args;
    args.y = optional_ndarray(y);
    args.rowvar = rowvar;
    args.bias = bias;
    if (!ddof.is_none()) args.ddof = nb::cast<int64_t>(ddof);
    args.fweights = optional_ndarray(fweights);
    args.aweights = optional_ndarray(aweights);
    args.dtype = to_optional_dtype(dtype);
    OpWarnings w;
    ndarray r = fp_reported("divide", [&] { return cov(a, args, &w); });
    issue_warnings(w);
    return r;
  }, nb::arg("m"), nb::arg("y").none(), nb::arg("rowvar"), nb::arg("bias"), nb::arg("ddof").none(),
     nb::arg("fweights").none(), nb::arg("aweights").none(), nb::arg("dtype").none());
  m.def("corrcoef", [](const ndarray& x, nb::handle y, bool rowvar, nb::handle dtype) {
    OpWarnings w;
    ndarray r = fp_reported("divide", [&] { return corrcoef(x, optional_ndarray(y), rowvar, to_optional_dtype(dtype), &w); });
    issue_warnings(w);
    return r;
  }, nb::arg("x"), nb::arg("y").none(), nb::arg("rowvar"), nb::arg("dtype").none());
  m.def("correlate", [](const ndarray& a, const ndarray& v, int mode) {
    return correlate(a, v, static_cast<CorrelateMode>(mode));
  });
  m.def("convolve", [](const ndarray& a, const ndarray& v, int mode) {
    return convolve(a, v, static_cast<CorrelateMode>(mode));
  });
  m.def("_correlate_kernel_spec", [] {
    const KernelSpec s = correlate_kernel_spec();
    return nb::make_tuple(s.in_params, s.out_params, s.operation, s.preamble);
  });
}

}  // namespace cunumpy::py
