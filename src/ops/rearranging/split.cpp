// array_split and split: views between boundaries along one axis.
#include <string>

#include "along_axis.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/rearranging.hpp"

namespace cunumpy {

namespace {

// NumPy reads shape[axis] before normalizing the axis: an IndexError for one out of range.
int64_t axis_length(const ndarray& a, int64_t axis) {
  if (axis < -a.ndim() || axis >= a.ndim()) throw IndexError("tuple index out of range");
  return a.shape()[normalize_axis(axis, a.ndim())];
}

std::vector<ndarray> between(const ndarray& a, const std::vector<std::optional<int64_t>>& bounds, int64_t axis) {
  const int ax = normalize_axis(axis, a.ndim());
  std::vector<ndarray> out;
  for (std::size_t i = 0; i + 1 < bounds.size(); ++i)
    out.push_back(rearranging::along(a, ax, Slice{bounds[i], bounds[i + 1], 1}));
  return out;
}

}  // namespace

std::vector<ndarray> array_split(const ndarray& a, int64_t sections, int64_t axis) {
  const int64_t n = axis_length(a, axis);
  if (sections <= 0) throw ValueError("number sections must be larger than 0.");
  const int64_t each = n / sections, extra = n % sections;
  std::vector<std::optional<int64_t>> bounds{0};
  int64_t at = 0;
  for (int64_t i = 0; i < sections; ++i) bounds.emplace_back(at += each + (i < extra ? 1 : 0));
  return between(a, bounds, axis);
}

std::vector<ndarray> array_split(const ndarray& a, std::span<const int64_t> indices, int64_t axis) {
  const int64_t n = axis_length(a, axis);
  std::vector<std::optional<int64_t>> bounds{0};
  bounds.insert(bounds.end(), indices.begin(), indices.end());
  bounds.emplace_back(n);
  return between(a, bounds, axis);
}

std::vector<ndarray> split(const ndarray& a, int64_t sections, int64_t axis) {
  const int64_t n = axis_length(a, axis);
  if (sections == 0) throw ZeroDivisionError("integer modulo by zero");
  if (n % sections) throw ValueError("array split does not result in an equal division");
  return array_split(a, sections, axis);
}

}  // namespace cunumpy
