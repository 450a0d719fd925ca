// Calculus and interpolation on sampled data (numpy.gradient, numpy.trapezoid,
// numpy.interp, numpy.unwrap).
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/op_types.hpp"

namespace cunumpy {

// The gradient of f along each of `axes` (all axes when nullopt; AxisError, ValueError for a
// repeated axis) by second-order central differences inside and first- or second-order
// (edge_order 1 or 2) one-sided differences at the ends. `spacing`: empty (unit steps), one
// entry for every axis, or one per axis; an entry is 0-d (a uniform step) or 1-D (the
// coordinates along that axis, of its length). Integer f computes in float64, otherwise in
// f's dtype. TypeError for another count of spacings; ValueError for an axis shorter than
// edge_order + 1, an edge_order outside {1, 2}, or a spacing that is not 0-d or of the
// axis' length.
std::vector<ndarray> gradient(const ndarray& f, std::span<const ndarray> spacing = {},
                              const std::optional<std::vector<int64_t>>& axes = std::nullopt,
                              int64_t edge_order = 1);

// The integral of y along `axis` by the trapezoidal rule, with sample points x (1-D of the
// axis' length, or of y's shape) or, without x, the spacing dx (a scalar or an array that
// broadcasts against the intervals). IndexError for an axis out of range, as NumPy.
ndarray trapezoid(const ndarray& y, const std::optional<ndarray>& x = std::nullopt,
                  const Operand& dx = 1.0, int64_t axis = -1);

// One-dimensional piecewise-linear interpolation of (xp, fp) at x (numpy.interp): float64,
// or complex128 for a complex fp. left/right (default fp[0] / fp[-1]) are the values
// outside [xp[0], xp[-1]]; with a period, x and xp are reduced modulo |period| and xp is
// sorted and wrapped (left/right are ignored). ValueError for xp/fp not 1-D, of different
// lengths or empty, and for period 0.
ndarray interp(const ndarray& x, const ndarray& xp, const ndarray& fp,
               const std::optional<Scalar>& left = std::nullopt,
               const std::optional<Scalar>& right = std::nullopt,
               const std::optional<double>& period = std::nullopt);

// p with the jumps between neighbours along `axis` larger than max(discont, period / 2)
// replaced by their complement modulo period (numpy.unwrap; discont defaults to
// period / 2). Integer p with an integer period stays integer.
ndarray unwrap(const ndarray& p, const std::optional<double>& discont = std::nullopt,
               int64_t axis = -1, const Operand& period = 6.283185307179586);

}  // namespace cunumpy
