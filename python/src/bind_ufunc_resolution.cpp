// _core.ufunc_resolve: NumPy 2 type resolution of a ufunc for given input dtypes, without
// calling it. Python asks the engine which loop a call would run (e.g. the dtype a
// ufunc.reduce computes in) instead of calling the ufunc on empty arrays.
#include <nanobind/nanobind.h>

#include <vector>

#include "cunumpy/ops/elementwise.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;
using namespace cunumpy;
using namespace cunumpy::py;

void bind_ufunc_resolution(nb::module_& m) {
  // index: the ufunc's registry position; dtypes: one per input, read as arrays (strong);
  // dtype: NumPy's dtype=. Returns the loop's output dtypes; TypeError as a call would raise.
  m.def("ufunc_resolve", [](int index, nb::handle dtypes, nb::handle dtype) {
    const Ufunc& uf = all_ufuncs()[static_cast<std::size_t>(index)];
    std::vector<Operand> inputs;
    for (nb::handle d : dtypes) inputs.emplace_back(Scalar(0).cast(to_dtype(d)), false);
    UfuncOptions options;
    options.dtype = to_optional_dtype(dtype);
    const Resolution r = resolve_ufunc(uf, inputs, options);
    nb::list out;
    for (int k = 0; k < uf.nout; ++k) out.append(dtype_object(r.loop->types[uf.nin + k]));
    return nb::tuple(out);
  }, nb::arg("index"), nb::arg("dtypes"), nb::arg("dtype").none() = nb::none());
}
