// concatenate and stack: one output allocation, then one casting copy per input into its
// slice of the output (each a launch-plan copy on the output's device).
#include "cunumpy/ops/joining.hpp"

#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/manipulation.hpp"

namespace cunumpy {

ndarray concatenate(std::span<const ndarray> arrays_in, std::optional<int64_t> axis_in,
                    std::optional<DType> dtype, Casting casting) {
  if (arrays_in.empty()) throw ValueError("need at least one array to concatenate");
  std::vector<ndarray> arrays(arrays_in.begin(), arrays_in.end());
  if (!axis_in) {
    for (ndarray& a : arrays) a = a.ravel();
  }
  const int nd = arrays[0].ndim();
  if (nd == 0) throw ValueError("zero-dimensional arrays cannot be concatenated");
  const int axis = normalize_axis(axis_in.value_or(0), nd);
  Shape shape = arrays[0].shape();
  shape[axis] = 0;
  DType result = arrays[0].dtype();
  for (std::size_t i = 0; i < arrays.size(); ++i) {
    const ndarray& a = arrays[i];
    if (a.ndim() != nd)
      throw ValueError("all the input arrays must have same number of dimensions, but the array at index 0 has " +
                       std::to_string(nd) + " dimension(s) and the array at index " + std::to_string(i) +
                       " has " + std::to_string(a.ndim()) + " dimension(s)");
    for (int d = 0; d < nd; ++d) {
      if (d != axis && a.shape()[d] != arrays[0].shape()[d])
        throw ValueError("all the input array dimensions except for the concatenation axis must match exactly, "
                         "but along dimension " + std::to_string(d) + ", the array at index 0 has size " +
                         std::to_string(arrays[0].shape()[d]) + " and the array at index " + std::to_string(i) +
                         " has size " + std::to_string(a.shape()[d]));
    }
    shape[axis] += a.shape()[axis];
    if (i > 0) result = promote_types(result, a.dtype());
  }
  const DType out_dtype = dtype.value_or(result);
  for (const ndarray& a : arrays)
    if (!can_cast(a.dtype(), out_dtype, casting))
      throw TypeError(std::string("Cannot cast array data from dtype('") + a.dtype().name() + "') to dtype('" +
                      out_dtype.name() + "') according to the rule '" + casting_name(casting) + "'");
  ndarray out(shape, out_dtype, Order::C, arrays[0].device());
  int64_t start = 0;
  SmallVector<Index, 8> index(static_cast<std::size_t>(nd), Index(Slice{}));
  for (const ndarray& a : arrays) {
    const int64_t n = a.shape()[axis];
    index[axis] = Slice{start, start + n, 1};
    if (n > 0) out[std::span<const Index>(index.data(), index.size())].assign(a);
    start += n;
  }
  return out;
}

ndarray stack(std::span<const ndarray> arrays, int64_t axis, std::optional<DType> dtype, Casting casting) {
  if (arrays.empty()) throw ValueError("need at least one array to stack");
  for (const ndarray& a : arrays)
    if (a.shape() != arrays[0].shape()) throw ValueError("all input arrays must have the same shape");
  const int ax = normalize_axis(axis, arrays[0].ndim() + 1);
  std::vector<ndarray> expanded;
  for (const ndarray& a : arrays) expanded.push_back(expand_dims(a, ax));
  return concatenate(std::span<const ndarray>(expanded.data(), expanded.size()), ax, dtype, casting);
}

}  // namespace cunumpy
