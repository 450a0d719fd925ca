// Shape and stride helpers shared by every layer.
#include "cunumpy/core/shape.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>

#include "cunumpy/base/errors.hpp"

namespace cunumpy {

Order order_from_char(char c) {
  switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'C': return Order::C;
    case 'F': return Order::F;
    case 'A': return Order::A;
    case 'K': return Order::K;
  }
  throw ValueError(std::string("order must be one of 'C', 'F', 'A', or 'K' (got '") + c + "')");
}

int64_t shape_size(const Shape& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

Strides contiguous_strides(const Shape& shape, int64_t itemsize, Order order) {
  Strides s(shape.size());
  int64_t acc = itemsize;
  if (order == Order::F) {
    for (std::size_t i = 0; i < shape.size(); ++i) {
      s[i] = acc;
      acc *= shape[i] > 0 ? shape[i] : 1;
    }
  } else {
    for (std::size_t i = shape.size(); i-- > 0;) {
      s[i] = acc;
      acc *= shape[i] > 0 ? shape[i] : 1;
    }
  }
  return s;
}

Strides strides_like(const Shape& shape, const Strides& like, int64_t itemsize) {
  const std::size_t nd = shape.size();
  SmallVector<int64_t, 8> perm(nd);
  for (std::size_t i = 0; i < nd; ++i) perm[i] = static_cast<int64_t>(i);
  std::stable_sort(perm.begin(), perm.end(), [&](int64_t x, int64_t y) {
    return std::llabs(like[x]) > std::llabs(like[y]);
  });
  Strides out(nd);
  int64_t acc = itemsize;
  for (std::size_t k = nd; k-- > 0;) {
    out[perm[k]] = acc;
    acc *= shape[perm[k]] > 0 ? shape[perm[k]] : 1;
  }
  return out;
}

// NumPy's rule: dimensions of length 1 never break contiguity; empty arrays are contiguous.
bool is_c_contiguous(const Shape& shape, const Strides& strides, int64_t itemsize) {
  for (int64_t d : shape)
    if (d == 0) return true;
  int64_t expected = itemsize;
  for (std::size_t i = shape.size(); i-- > 0;) {
    if (shape[i] != 1) {
      if (strides[i] != expected) return false;
      expected *= shape[i];
    }
  }
  return true;
}

bool is_f_contiguous(const Shape& shape, const Strides& strides, int64_t itemsize) {
  for (int64_t d : shape)
    if (d == 0) return true;
  int64_t expected = itemsize;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] != 1) {
      if (strides[i] != expected) return false;
      expected *= shape[i];
    }
  }
  return true;
}

std::pair<int64_t, int64_t> byte_extent(const Shape& shape, const Strides& strides, int64_t itemsize) {
  int64_t lo = 0, hi = itemsize;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 0) return {0, 0};
    const int64_t span = strides[i] * (shape[i] - 1);
    if (span < 0) lo += span; else hi += span;
  }
  return {lo, hi};
}

std::string shape_str(const Shape& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1) s += ",";
  return s + ")";
}

Shape broadcast_shapes(const Shape& a, const Shape& b) {
  const std::size_t n = std::max(a.size(), b.size());
  Shape out(n);
  for (std::size_t i = 0; i < n; ++i) {
    int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
    int64_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (da != db && da != 1 && db != 1)
      throw ValueError("operands could not be broadcast together with shapes " + shape_str(a) +
                       " " + shape_str(b));
    out[i] = da == 1 ? db : da;
  }
  return out;
}

int normalize_axis(int64_t axis, int ndim) {
  if (axis < -ndim || axis >= ndim)
    throw AxisError("axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                    std::to_string(ndim));
  return static_cast<int>(axis < 0 ? axis + ndim : axis);
}

}  // namespace cunumpy
