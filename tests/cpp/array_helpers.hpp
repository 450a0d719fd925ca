// Small helpers the GoogleTest files share: arrays from host values, values back as doubles.
#pragma once
#include <complex>
#include <numeric>
#include <vector>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {

// An array of `shape` holding `v` (C order), cast to `dtype`.
inline ndarray from(const std::vector<double>& v, const Shape& shape, DType dtype = float64) {
  ndarray a(shape, float64);
  a.copy_from_host(v.data());
  return dtype == float64 ? a : a.astype(dtype);
}
// 0, 1, 2, ... in `shape`.
inline ndarray seq(const Shape& shape, DType dtype = float64) {
  std::vector<double> v(static_cast<std::size_t>(shape_size(shape)));
  std::iota(v.begin(), v.end(), 0.0);
  return from(v, shape, dtype);
}
// The elements in C order, as float64.
inline std::vector<double> values(const ndarray& a) { return a.astype(float64).to_vector<double>(); }

}  // namespace cunumpy::test
