// Views with chosen strides (NumPy's numpy.lib.stride_tricks names).
#pragma once
#include <optional>
#include <span>
#include "cunumpy/core/ndarray.hpp"

namespace cunumpy {

// A view of x's memory starting at x's first element, with `shape` and byte `strides`.
// Unlike NumPy, ValueError when the view reaches outside the memory (on a GPU it would fault).
ndarray as_strided(const ndarray& x, const Shape& shape, const Strides& strides);
// Every window of `window_shape` over `axes` (every axis, in order, without them; an axis
// may repeat): x's shape with each axis shortened by its window - 1, then the window axes.
ndarray sliding_window_view(const ndarray& x, std::span<const int64_t> window_shape,
                            std::optional<std::span<const int64_t>> axes = std::nullopt);

}  // namespace cunumpy
