// repeat and resize: one count is a broadcast view copied once; per-element counts become
// runs of the source (slices joined by one concatenate, or one gather for many runs).
#include <string>

#include "along_axis.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/rearranging.hpp"

namespace cunumpy {

namespace {

// (a, axis) with NumPy's meaning of no axis (the flattened array); 0-d counts as 1-d.
std::pair<ndarray, int> along_axis_or_flat(const ndarray& a, std::optional<int64_t> axis) {
  const ndarray b = a.ndim() == 0 ? a.reshape(Shape{1}) : a;
  if (!axis) return {b.ravel(), 0};
  return {b, normalize_axis(*axis, b.ndim())};
}

}  // namespace

ndarray repeat(const ndarray& a_in, int64_t repeats, std::optional<int64_t> axis_in) {
  auto [a, axis] = along_axis_or_flat(a_in, axis_in);
  const int64_t n = a.shape()[axis];
  if (repeats < 0) {
    if (n) throw ValueError("negative dimensions are not allowed");
    repeats = 0;  // NumPy checks the count per element: none along an empty axis
  }
  // The result's length along the axis, checked: n * repeats may not fit in int64
  // (repeat(a, 2**62) was signed-overflow UB here, found by UBSan).
  int64_t length = 0;
  if (__builtin_mul_overflow(n, repeats, &length))
    throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
  const int64_t ax[1] = {axis + 1};
  Shape wide, result;
  for (int i = 0; i < a.ndim(); ++i) {
    wide.push_back(a.shape()[i]);
    result.push_back(i == axis ? length : a.shape()[i]);
    if (i == axis) wide.push_back(repeats);
  }
  return broadcast_to(expand_dims(a, ax), wide).reshape(result);
}

ndarray repeat(const ndarray& a_in, std::span<const int64_t> repeats, std::optional<int64_t> axis_in) {
  if (repeats.size() == 1) return repeat(a_in, repeats[0], axis_in);
  auto [a, axis] = along_axis_or_flat(a_in, axis_in);
  const int64_t n = a.shape()[axis];
  if (static_cast<int64_t>(repeats.size()) != n)
    throw ValueError("operands could not be broadcast together with shape (" + std::to_string(n) +
                     ",) (" + std::to_string(repeats.size()) + ",)");
  std::vector<std::pair<int64_t, int64_t>> runs;  // [start, stop) of the source, in order
  std::vector<int64_t> idx;
  for (int64_t i = 0; i < n; ++i) {
    if (repeats[i] < 0) throw ValueError("repeats may not contain negative values.");
    for (int64_t r = 0; r < repeats[i]; ++r) {
      idx.push_back(i);
      if (!runs.empty() && runs.back().second == i) ++runs.back().second;
      else runs.emplace_back(i, i + 1);
    }
  }
  if (idx.empty()) return rearranging::along(a, axis, Slice{0, 0, 1}).copy();
  if (runs.size() > 32) {  // many short runs: one gather kernel instead of many slices
    ndarray indices(Shape{static_cast<int64_t>(idx.size())}, int64, Order::C, a.device());
    indices.copy_from_host(idx.data());
    return take(a, indices, axis);
  }
  std::vector<ndarray> pieces;
  for (const auto& [start, stop] : runs) pieces.push_back(rearranging::along(a, axis, Slice{start, stop, 1}));
  return concatenate(pieces, axis);
}

ndarray resize(const ndarray& a, const Shape& shape) {
  for (int64_t d : shape)
    if (d < 0) throw ValueError("all elements of `new_shape` must be non-negative");
  const ndarray flat = a.ravel();
  const int64_t size = shape_size(shape);
  if (flat.size() == 0 || size == 0) return zeros(shape, a.dtype());
  const int64_t copies = (size + flat.size() - 1) / flat.size();
  const std::vector<ndarray> parts(static_cast<std::size_t>(copies), flat);
  return concatenate(parts, 0)[{Slice{0, size, 1}}].reshape(shape);
}

}  // namespace cunumpy
