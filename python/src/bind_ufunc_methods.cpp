// Python face of ufunc.reduce / accumulate / reduceat / outer (ufunc_methods.hpp), called
// by the methods of cunumpy.ufunc (python/cunumpy/_ufuncs.py) after their argument checks.
#include <nanobind/nanobind.h>

#include <cstring>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/ufunc_methods.hpp"
#include "py_convert.hpp"
#include "py_fp_errors.hpp"
#include "py_reduce_args.hpp"

namespace nb = nanobind;

namespace cunumpy::py {
namespace {

const Ufunc& ufunc_at_index(int index) {
  std::span<const Ufunc> all = all_ufuncs();
  if (index < 0 || index >= static_cast<int>(all.size())) throw ValueError("bad ufunc index");
  return all[index];
}

}  // namespace

void bind_ufunc_methods(nb::module_& m) {
  auto out = nb::arg("out").none() = nb::none();
  auto dtype = nb::arg("dtype").none() = nb::none();
  m.def("ufunc_reduce", [](int index, const ndarray& a, nb::handle axis, nb::handle dt, nb::handle o, bool keepdims,
                           nb::handle initial, nb::handle where) {
    const Ufunc& uf = ufunc_at_index(index);
    ReduceArgs args = make_args(a, scalar_axis(a, axis), dt, o, keepdims, initial, where);
    begin_fp_errors();
    ndarray r = ufunc_reduce(uf, a, args);
    report_fp_errors("reduce");
    return result(std::move(r), o);
  }, nb::arg("index"), nb::arg("a"), nb::arg("axis").none(), dtype, out, nb::arg("keepdims") = false,
     nb::arg("initial").none() = nb::none(), nb::arg("where").none() = nb::borrow(Py_True));
  m.def("ufunc_accumulate", [](int index, const ndarray& a, int64_t axis, nb::handle dt, nb::handle o) {
    const Ufunc& uf = ufunc_at_index(index);
    const auto dtype = to_optional_dtype(dt);
    const ndarray oa = out_array(o);
    begin_fp_errors();
    ndarray r = ufunc_accumulate(uf, a, axis, dtype, oa);
    report_fp_errors("accumulate");
    return result(std::move(r), o);
  }, nb::arg("index"), nb::arg("a"), nb::arg("axis"), dtype, out);
  // indices: the int64 values' bytes (converted on the host by the Python method).
  m.def("ufunc_reduceat", [](int index, const ndarray& a, nb::bytes indices, int64_t axis, nb::handle dt,
                             nb::handle o) {
    std::vector<int64_t> idx(indices.size() / sizeof(int64_t));
    if (!idx.empty()) std::memcpy(idx.data(), indices.c_str(), idx.size() * sizeof(int64_t));
    const Ufunc& uf = ufunc_at_index(index);
    const auto dtype = to_optional_dtype(dt);
    const ndarray oa = out_array(o);
    begin_fp_errors();
    ndarray r = ufunc_reduceat(uf, a, idx, axis, dtype, oa);
    report_fp_errors("reduceat");
    return result(std::move(r), o);
  }, nb::arg("index"), nb::arg("a"), nb::arg("indices"), nb::arg("axis"), dtype, out);
  m.def("ufunc_outer", [](int index, const ndarray& A, const ndarray& B, nb::handle o, nb::handle dt,
                          nb::handle casting, nb::handle where) {
    const Ufunc& uf = ufunc_at_index(index);
    UfuncOptions options;
    const ndarray oa = out_array(o);
    if (oa.defined()) options.out = {oa};
    options.dtype = to_optional_dtype(dt);
    if (!casting.is_none()) options.casting = to_casting(casting);
    if (where.ptr() != Py_True) options.where = as_ndarray(where);  // converted by the caller
    begin_fp_errors();
    std::vector<ndarray> r = ufunc_outer(uf, A, B, options);
    report_fp_errors(uf.name.c_str());
    if (uf.nout == 1) return result(std::move(r[0]), o);
    nb::list l;
    for (ndarray& x : r) l.append(nb::cast(std::move(x)));
    return nb::object(nb::tuple(l));
  }, nb::arg("index"), nb::arg("A"), nb::arg("B"), out, dtype, nb::arg("casting").none() = nb::none(),
     nb::arg("where").none() = nb::borrow(Py_True));
}

}  // namespace cunumpy::py
