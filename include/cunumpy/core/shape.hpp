// Shapes and strides (strides in bytes, as NumPy reports them) and the helpers every
// layer shares: element counts, contiguity, broadcasting, axis normalization.
#pragma once
#include <cstdint>
#include <string>
#include <utility>

#include "cunumpy/core/small_vector.hpp"

namespace cunumpy {

using Shape = SmallVector<int64_t, 8>;
using Strides = SmallVector<int64_t, 8>;

enum class Order : uint8_t { C, F, A, K };
// 'C', 'F', 'A', 'K' (case-insensitive); ValueError otherwise.
Order order_from_char(char c);

int64_t shape_size(const Shape& shape);
// Contiguous strides for `shape` in C or F order.
Strides contiguous_strides(const Shape& shape, int64_t itemsize, Order order = Order::C);
// Contiguous strides that keep the memory order of `like` (NumPy's order 'K'): axes
// with larger |stride| stay outer.
Strides strides_like(const Shape& shape, const Strides& like, int64_t itemsize);
bool is_c_contiguous(const Shape& shape, const Strides& strides, int64_t itemsize);
bool is_f_contiguous(const Shape& shape, const Strides& strides, int64_t itemsize);

// Byte range [lo, hi) that elements of this layout touch, relative to the first element
// (lo <= 0 with negative strides); {0, 0} for an empty layout.
std::pair<int64_t, int64_t> byte_extent(const Shape& shape, const Strides& strides, int64_t itemsize);

// "(2, 3)" or "(5,)", as Python prints a shape tuple.
std::string shape_str(const Shape& shape);

// NumPy's broadcasting of two shapes; ValueError naming both shapes if they do not match.
Shape broadcast_shapes(const Shape& a, const Shape& b);
// Normalizes a possibly negative axis for `ndim` dimensions; AxisError naming the axis.
int normalize_axis(int64_t axis, int ndim);

}  // namespace cunumpy
