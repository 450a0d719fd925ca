// Shape manipulation functions that return views (NumPy's names).
#pragma once
#include <span>
#include <vector>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy {

ndarray reshape(const ndarray& a, const Shape& shape, Order order = Order::C);
ndarray ravel(const ndarray& a, Order order = Order::C);
ndarray transpose(const ndarray& a);
ndarray transpose(const ndarray& a, std::span<const int64_t> axes);
ndarray swapaxes(const ndarray& a, int64_t axis1, int64_t axis2);
ndarray moveaxis(const ndarray& a, std::span<const int64_t> source,
                 std::span<const int64_t> destination);
ndarray moveaxis(const ndarray& a, int64_t source, int64_t destination);
ndarray squeeze(const ndarray& a);
ndarray squeeze(const ndarray& a, std::span<const int64_t> axes);
ndarray expand_dims(const ndarray& a, std::span<const int64_t> axes);
ndarray expand_dims(const ndarray& a, int64_t axis);
// A read-only-by-convention view with stride 0 along broadcast dimensions.
ndarray broadcast_to(const ndarray& a, const Shape& shape);
std::vector<ndarray> broadcast_arrays(std::span<const ndarray> arrays);
Shape broadcast_shapes(std::span<const Shape> shapes);
ndarray atleast_1d(const ndarray& a);
ndarray atleast_2d(const ndarray& a);
ndarray atleast_3d(const ndarray& a);

}  // namespace cunumpy
