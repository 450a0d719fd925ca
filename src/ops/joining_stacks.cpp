// hstack, vstack, dstack, column_stack: each input reshaped by atleast_Nd (views), then
// one concatenate.
#include <vector>

#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/manipulation.hpp"

namespace cunumpy {

namespace {

template <class F>
std::vector<ndarray> each(std::span<const ndarray> arrays, F f) {
  std::vector<ndarray> out;
  out.reserve(arrays.size());
  for (const ndarray& a : arrays) out.push_back(f(a));
  return out;
}

}  // namespace

ndarray hstack(std::span<const ndarray> arrays, std::optional<DType> dtype, Casting casting) {
  const std::vector<ndarray> parts = each(arrays, [](const ndarray& a) { return atleast_1d(a); });
  const int64_t axis = !parts.empty() && parts[0].ndim() == 1 ? 0 : 1;
  return concatenate(parts, axis, dtype, casting);
}

ndarray vstack(std::span<const ndarray> arrays, std::optional<DType> dtype, Casting casting) {
  return concatenate(each(arrays, [](const ndarray& a) { return atleast_2d(a); }), 0, dtype, casting);
}

ndarray dstack(std::span<const ndarray> arrays) {
  return concatenate(each(arrays, [](const ndarray& a) { return atleast_3d(a); }), 2);
}

ndarray column_stack(std::span<const ndarray> arrays) {
  // A 0-d or 1-d input becomes a column, as NumPy's.
  return concatenate(each(arrays, [](const ndarray& a) { return a.ndim() < 2 ? atleast_2d(a).T() : a; }), 1);
}

}  // namespace cunumpy
