// The indexing functions of C++ (nonzero and friends, take, put, CUDA index checks); the
// array-function layer over them is python/cunumpy/_indexing.py.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;

namespace cunumpy::py {
namespace {

IndexMode to_index_mode(const std::string& mode) {
  if (mode == "raise") return IndexMode::Raise;
  if (mode == "wrap") return IndexMode::Wrap;
  if (mode == "clip") return IndexMode::Clip;
  throw ValueError("clipmode must be one of 'clip', 'raise', or 'wrap'");
}

nb::tuple as_tuple(const std::vector<ndarray>& arrays) {
  nb::list l;
  for (const ndarray& a : arrays) l.append(nb::cast(a));
  return nb::tuple(l);
}

}  // namespace

void bind_indexing(nb::module_& m) {
  m.def("nonzero", [](const ndarray& a) { return as_tuple(nonzero(a)); });
  m.def("flatnonzero", &flatnonzero);
  m.def("argwhere", &argwhere);
  m.def("extract", &extract, nb::arg("condition"), nb::arg("arr"));
  m.def("_take", [](const ndarray& a, const ndarray& indices, std::optional<int64_t> axis, const std::string& mode) {
    return take(a, indices, axis, to_index_mode(mode));
  });
  m.def("_put", [](ndarray& a, const ndarray& indices, const ndarray& values, const std::string& mode) {
    put(a, indices, values, to_index_mode(mode));
  });
  m.def("_set_cuda_index_checks", &set_cuda_index_checks);
  m.def("_cuda_index_checks", &cuda_index_checks);
}

}  // namespace cunumpy::py
