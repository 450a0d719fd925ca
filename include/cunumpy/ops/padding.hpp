// Padding (NumPy's pad): every mode of numpy.pad except a callable one.
#pragma once
#include <optional>
#include <span>
#include <utility>
#include <vector>
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/scalar.hpp"

namespace cunumpy {

enum class PadMode { Constant, Empty, Edge, Wrap, Reflect, Symmetric, LinearRamp, Maximum, Minimum, Mean, Median };

// NumPy's keywords of pad, one (before, after) pair per axis where they apply; an empty
// vector means NumPy's default (0 values, the whole axis for stat_length).
struct PadOptions {
  PadMode mode = PadMode::Constant;
  std::vector<std::pair<Scalar, Scalar>> constant_values;  // Constant
  std::vector<std::pair<Scalar, Scalar>> end_values;       // LinearRamp
  // Maximum/Minimum/Mean/Median: how many edge elements the statistic takes (nullopt: all).
  std::vector<std::pair<std::optional<int64_t>, std::optional<int64_t>>> stat_length;
  bool odd_reflect = false;                                // Reflect/Symmetric: reflect_type='odd'
};

// `a` padded by pad_width[axis] = (before, after) elements on each axis (one pair per
// axis, non-negative). Axes are padded in order, so the corners belong to the last axis,
// and reflections use NumPy's chunk schedule, so results (odd reflections' rounding
// included) match NumPy's. ValueError for an empty axis padded with a mode other than
// Constant/Empty and for a zero stat_length with Maximum/Minimum.
ndarray pad(const ndarray& a, std::span<const std::pair<int64_t, int64_t>> pad_width,
            const PadOptions& options = {});

}  // namespace cunumpy
