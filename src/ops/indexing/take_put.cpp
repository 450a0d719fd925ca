// take and put: one advanced index along one axis (take) or into the flattened array
// (put), with NumPy's mode= for out-of-range indices.
#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/indexing.hpp"

namespace cunumpy {
namespace {

void check_integer_indices(const ndarray& indices) {
  if (!indices.dtype().is_integer() && !indices.dtype().is_bool() && indices.size() != 0)
    throw TypeError(std::string("Cannot cast array data from dtype('") + indices.dtype().name() +
                    "') to dtype('int64') according to the rule 'same_kind'");
}

}  // namespace

ndarray take(const ndarray& a, const ndarray& indices, std::optional<int64_t> axis, IndexMode mode) {
  check_integer_indices(indices);
  const ndarray src = axis ? a : a.ravel();
  const int ax = axis ? normalize_axis(*axis, a.ndim()) : 0;
  if (src.shape()[ax] == 0 && indices.size() > 0)
    throw IndexError("cannot do a non-empty take from an empty axes.");
  // NumPy checks an index only as it copies a row: with no rows before the axis (an empty
  // outer extent), nothing is checked and the result is empty.
  int64_t outer = 1;
  for (int d = 0; d < ax; ++d) outer *= src.shape()[d];
  if (outer == 0) {
    Shape shape(src.shape().begin(), src.shape().begin() + ax);
    for (int64_t d : indices.shape()) shape.push_back(d);
    for (int d = ax + 1; d < src.ndim(); ++d) shape.push_back(src.shape()[d]);
    return ndarray(shape, src.dtype(), Order::C, src.device());
  }
  std::vector<IndexItem> items(static_cast<std::size_t>(ax), IndexItem(Slice{}));
  items.emplace_back(indices.dtype().is_integer() ? indices : indices.astype(int64));
  return index(src, items, mode);
}

void put(ndarray& a, const ndarray& indices, const ndarray& values, IndexMode mode) {
  a.check_writeable();
  check_integer_indices(indices);
  const ndarray idx = indices.dtype().is_integer() ? indices.ravel() : indices.ravel().astype(int64);
  if (values.size() == 0 || idx.size() == 0) return;
  if (a.size() == 0 && mode != IndexMode::Raise)
    throw IndexError("cannot replace elements of an empty array");
  ndarray vals = values.ravel();
  if (vals.size() != idx.size()) {  // NumPy repeats the values as needed
    ndarray cycle = arange(Scalar(0), Scalar(static_cast<long long>(idx.size())), Scalar(1), int64);
    vals = take(vals, cycle.device() == vals.device() ? cycle : cycle.to(vals.device()), std::nullopt, IndexMode::Wrap);
  }
  const bool view = a.c_contiguous();
  ndarray flat = view ? a.ravel() : a.copy(Order::C).ravel();
  const IndexItem item[1] = {idx};
  index_assign(flat, item, vals, mode);
  if (!view) a.assign(flat.reshape(a.shape()));
}

}  // namespace cunumpy
