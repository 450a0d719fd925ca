// View-returning shape manipulation (no data moves).
#include "cunumpy/ops/manipulation.hpp"

#include <numeric>

#include "cunumpy/base/errors.hpp"

namespace cunumpy {

ndarray reshape(const ndarray& a, const Shape& shape, Order order) { return a.reshape(shape, order); }
ndarray ravel(const ndarray& a, Order order) { return a.ravel(order); }
ndarray transpose(const ndarray& a) { return a.transpose(); }
ndarray transpose(const ndarray& a, std::span<const int64_t> axes) { return a.transpose(axes); }
ndarray swapaxes(const ndarray& a, int64_t axis1, int64_t axis2) { return a.swapaxes(axis1, axis2); }
ndarray squeeze(const ndarray& a) { return a.squeeze(); }
ndarray squeeze(const ndarray& a, std::span<const int64_t> axes) { return a.squeeze(axes); }

ndarray moveaxis(const ndarray& a, std::span<const int64_t> source, std::span<const int64_t> destination) {
  const int nd = a.ndim();
  // NumPy's order: each list normalized (AxisError) and checked for repeats, then lengths.
  auto normalized = [nd](std::span<const int64_t> axes, const char* what) {
    SmallVector<int, 8> out;
    for (int64_t ax : axes) out.push_back(normalize_axis(ax, nd));
    for (std::size_t i = 0; i < out.size(); ++i)
      for (std::size_t j = i + 1; j < out.size(); ++j)
        if (out[i] == out[j]) throw ValueError(std::string("repeated axis in `") + what + "` argument");
    return out;
  };
  SmallVector<int, 8> src = normalized(source, "source"), dst = normalized(destination, "destination");
  if (src.size() != dst.size())
    throw ValueError("`source` and `destination` arguments must have the same number of elements");
  // NumPy's construction: the remaining axes in order, then each source inserted at its
  // destination, in order of increasing destination.
  SmallVector<int64_t, 8> order;
  for (int i = 0; i < nd; ++i)
    if (std::find(src.begin(), src.end(), i) == src.end()) order.push_back(i);
  SmallVector<int, 8> idx(src.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::sort(idx.begin(), idx.end(), [&](int x, int y) { return dst[x] < dst[y]; });
  for (int k : idx) order.insert(static_cast<std::size_t>(dst[k]), src[k]);
  return a.transpose(std::span<const int64_t>(order.data(), order.size()));
}

ndarray moveaxis(const ndarray& a, int64_t source, int64_t destination) {
  return moveaxis(a, std::span<const int64_t>(&source, 1), std::span<const int64_t>(&destination, 1));
}

ndarray expand_dims(const ndarray& a, std::span<const int64_t> axes) {
  const int out_nd = a.ndim() + static_cast<int>(axes.size());
  SmallVector<bool, 8> is_new(out_nd, false);
  for (int64_t ax : axes) {
    const int k = normalize_axis(ax, out_nd);
    if (is_new[k]) throw ValueError("repeated axis");
    is_new[k] = true;
  }
  Shape shape;
  int src = 0;
  for (int i = 0; i < out_nd; ++i) shape.push_back(is_new[i] ? 1 : a.shape()[src++]);
  return a.reshape(shape);  // NumPy's expand_dims is a reshape (its strides included)
}

ndarray expand_dims(const ndarray& a, int64_t axis) {
  return expand_dims(a, std::span<const int64_t>(&axis, 1));
}

ndarray broadcast_to(const ndarray& a, const Shape& shape) {
  const int nd = static_cast<int>(shape.size());
  auto fail = [&] {
    return ValueError("operands could not be broadcast together with remapped shapes "
                      "[original->remapped]: " + shape_str(a.shape()) + " and requested shape " +
                      shape_str(shape));
  };
  for (int64_t d : shape)
    if (d < 0) throw ValueError("all elements of broadcast shape must be non-negative");
  if (a.ndim() > nd) throw ValueError("input operand has more dimensions than allowed by the axis remapping");
  Strides strides(nd, 0);
  for (int i = 0; i < a.ndim(); ++i) {
    const int j = nd - a.ndim() + i;
    if (a.shape()[i] == shape[j] && shape[j] != 1) strides[j] = a.strides()[i];  // NumPy: 0 on length-1 axes
    else if (a.shape()[i] != 1) throw fail();
  }
  int64_t count = 1;  // NumPy's message for a broadcast too large to iterate
  for (int64_t d : shape)
    if (__builtin_mul_overflow(count, d, &count)) throw ValueError("iterator is too large");
  ndarray view(a.memory(), a.offset(), shape, strides, a.dtype(), a);
  view.set_writeable(false);  // NumPy: elements repeated in memory must not be written
  return view;
}

Shape broadcast_shapes(std::span<const Shape> shapes) {
  Shape out;
  for (const Shape& s : shapes) out = broadcast_shapes(out, s);
  return out;
}

std::vector<ndarray> broadcast_arrays(std::span<const ndarray> arrays) {
  SmallVector<Shape, 4> shapes;
  for (const ndarray& a : arrays) shapes.push_back(a.shape());
  const Shape shape = broadcast_shapes(std::span<const Shape>(shapes.data(), shapes.size()));
  std::vector<ndarray> out;
  for (const ndarray& a : arrays) {
    if (a.shape() == shape) {
      out.push_back(a);
      continue;
    }
    // NumPy 2 still hands back writeable broadcast_arrays results (with a warning).
    ndarray b = broadcast_to(a, shape);
    if (a.writeable()) b.set_writeable(true);
    out.push_back(b);
  }
  return out;
}

// NumPy's forms: reshape for 0-d, newaxis indexing otherwise (strides follow from that).
ndarray atleast_1d(const ndarray& a) { return a.ndim() >= 1 ? a : a.reshape(Shape{1}); }

ndarray atleast_2d(const ndarray& a) {
  if (a.ndim() >= 2) return a;
  if (a.ndim() == 1) return a[{newaxis, Slice{}}];
  return a.reshape(Shape{1, 1});
}

ndarray atleast_3d(const ndarray& a) {
  if (a.ndim() >= 3) return a;
  if (a.ndim() == 2) return a[{Slice{}, Slice{}, newaxis}];
  if (a.ndim() == 1) return a[{newaxis, Slice{}, newaxis}];
  return a.reshape(Shape{1, 1, 1});
}

}  // namespace cunumpy
