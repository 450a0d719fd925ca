// Python face of block.hpp: _core.block converts the nested Python lists into a BlockNest
// (lists only: a tuple is NumPy's TypeError, anything else a block through asarray).
#include <nanobind/nanobind.h>

#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/block.hpp"
#include "py_convert.hpp"
#include "py_operand.hpp"

namespace nb = nanobind;
using namespace cunumpy;

namespace {

constexpr int kMaxDepth = 64;  // NumPy's largest ndim: deeper lists cannot make an array

BlockNest to_nest(nb::handle h, const std::string& path, int depth) {
  if (PyList_Check(h.ptr())) {
    if (depth >= kMaxDepth)
      throw ValueError("maximum supported dimension for an ndarray is currently 64, found " +
                       std::to_string(depth + 1));
    std::vector<BlockNest> items;
    const Py_ssize_t n = PyList_GET_SIZE(h.ptr());
    items.reserve(static_cast<std::size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i)
      items.push_back(to_nest(PyList_GET_ITEM(h.ptr(), i), path + "[" + std::to_string(i) + "]", depth + 1));
    return BlockNest::list(std::move(items));
  }
  if (PyTuple_Check(h.ptr()))
    throw TypeError(path + " is a tuple. Only lists can be used to arrange blocks, and np.block does "
                           "not allow implicit conversion from tuple to ndarray.");
  return BlockNest::leaf(py::array_like(h));
}

}  // namespace

void bind_block(nb::module_& m) {
  m.def("block", [](nb::handle arrays) { return block(to_nest(arrays, "arrays", 0)); }, nb::arg("arrays"));
}
