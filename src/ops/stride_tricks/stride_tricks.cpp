// as_strided and sliding_window_view: views built on the array's memory (the ndarray
// constructor checks them against the memory's size).
#include "cunumpy/ops/stride_tricks.hpp"

#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"

namespace cunumpy {

ndarray as_strided(const ndarray& x, const Shape& shape, const Strides& strides) {
  return ndarray(x.memory(), x.offset(), shape, strides, x.dtype(), x);
}

ndarray sliding_window_view(const ndarray& x, std::span<const int64_t> window_shape,
                            std::optional<std::span<const int64_t>> axes_in) {
  for (int64_t w : window_shape)
    if (w < 0) throw ValueError("`window_shape` cannot contain negative values");
  std::vector<int> axes;
  if (!axes_in) {
    if (static_cast<int>(window_shape.size()) != x.ndim())
      throw ValueError("Since axis is `None`, must provide window_shape for all dimensions of `x`; got " +
                       std::to_string(window_shape.size()) + " window_shape elements and `x.ndim` is " +
                       std::to_string(x.ndim()) + ".");
    for (int i = 0; i < x.ndim(); ++i) axes.push_back(i);
  } else {
    for (int64_t ax : *axes_in) axes.push_back(normalize_axis(ax, x.ndim()));
    if (window_shape.size() != axes.size())
      throw ValueError("Must provide matching length window_shape and axis; got " +
                       std::to_string(window_shape.size()) + " window_shape elements and " +
                       std::to_string(axes.size()) + " axes elements.");
  }
  Shape shape = x.shape();
  Strides strides = x.strides();
  for (std::size_t i = 0; i < axes.size(); ++i) {
    if (shape[axes[i]] < window_shape[i]) throw ValueError("window shape cannot be larger than input array shape");
    shape[axes[i]] -= window_shape[i] - 1;
  }
  for (std::size_t i = 0; i < axes.size(); ++i) {
    shape.push_back(window_shape[i]);
    strides.push_back(x.strides()[axes[i]]);
  }
  return as_strided(x, shape, strides);
}

}  // namespace cunumpy
