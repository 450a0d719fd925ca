// Small helpers the GoogleTest files share: arrays from host values, values back as doubles.
#pragma once
#include <gtest/gtest.h>

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
// Every element within `tol` of `want` (C order).
inline void expect_near(const ndarray& a, const std::vector<double>& want, double tol = 1e-12) {
  const std::vector<double> got = values(a);
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << i;
}

}  // namespace cunumpy::test
