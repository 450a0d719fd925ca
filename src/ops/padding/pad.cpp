// pad(): one axis at a time, axis 0 first; each step joins a left block, the array so far
// and a right block with one concatenate, so the corners belong to the last axis, as in
// NumPy. The blocks of each mode are in pad_blocks.cpp.
#include "cunumpy/ops/padding.hpp"

#include <string>
#include <tuple>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "pad_blocks.hpp"

namespace cunumpy {

namespace {

template <class T>
T pair_for(const std::vector<T>& v, int axis, T dflt) {
  if (v.empty()) return dflt;
  if (static_cast<int>(v.size()) != 1 && axis >= static_cast<int>(v.size()))
    throw ValueError("pad: " + std::to_string(v.size()) + " (before, after) pairs for an array of more axes");
  return v.size() == 1 ? v[0] : v[static_cast<std::size_t>(axis)];
}

}  // namespace

ndarray pad(const ndarray& a, std::span<const std::pair<int64_t, int64_t>> pad_width,
            const PadOptions& options) {
  using namespace padding;
  if (!a.defined()) throw ValueError("pad: undefined array");
  const int nd = a.ndim();
  if (static_cast<int>(pad_width.size()) != nd)
    throw ValueError("pad: pad_width has " + std::to_string(pad_width.size()) +
                     " pairs for an array of " + std::to_string(nd) + " dimensions");
  for (const auto& [b, e] : pad_width)
    if (b < 0 || e < 0) throw ValueError("index can't contain negative values");
  const PadMode mode = options.mode;
  const bool fills = mode == PadMode::Constant || mode == PadMode::Empty;
  if (!fills)
    for (int axis = 0; axis < nd; ++axis)
      if (a.shape()[axis] == 0 && (pad_width[axis].first || pad_width[axis].second))
        throw ValueError("can't extend empty axis " + std::to_string(axis) +
                         " using modes other than 'constant' or 'empty'");
  Shape padded = a.shape();
  for (int axis = 0; axis < nd; ++axis) padded[axis] += pad_width[axis].first + pad_width[axis].second;
  if (a.size() == 0 && !fills) return empty(padded, a.dtype(), Order::C, a.device());

  ndarray out = a;
  bool padded_any = false;
  for (int axis = 0; axis < nd; ++axis) {
    const auto [before, after] = pad_width[axis];
    if (!before && !after) continue;
    padded_any = true;
    const int64_t n = out.shape()[axis];
    ndarray left, right;
    switch (mode) {
      case PadMode::Constant: {
        const auto v = pair_for(options.constant_values, axis, std::pair<Scalar, Scalar>(Scalar(0), Scalar(0)));
        if (before) left = full(block_shape(out, axis, before), v.first, out.dtype());
        if (after) right = full(block_shape(out, axis, after), v.second, out.dtype());
        break;
      }
      case PadMode::Empty:
        if (before) left = empty(block_shape(out, axis, before), out.dtype(), Order::C, out.device());
        if (after) right = empty(block_shape(out, axis, after), out.dtype(), Order::C, out.device());
        break;
      case PadMode::Wrap: {
        std::vector<int64_t> idx;
        for (int64_t j = -before; j < 0; ++j) idx.push_back(((j % n) + n) % n);
        if (before) left = gather_runs(out, axis, idx);
        idx.clear();
        for (int64_t j = n; j < n + after; ++j) idx.push_back(j % n);
        if (after) right = gather_runs(out, axis, idx);
        break;
      }
      case PadMode::Reflect:
      case PadMode::Symmetric:
        if (!(mode == PadMode::Reflect && n == 1)) {
          out = reflect(out, axis, before, after, options.odd_reflect, mode == PadMode::Symmetric);
          continue;
        }
        [[fallthrough]];  // reflecting one element repeats it
      case PadMode::Edge:
        if (before) left = broadcast_to(along(out, axis, Slice{0, 1, 1}), block_shape(out, axis, before));
        if (after) right = broadcast_to(along(out, axis, Slice{n - 1, n, 1}), block_shape(out, axis, after));
        break;
      case PadMode::LinearRamp: {
        const auto v = pair_for(options.end_values, axis, std::pair<Scalar, Scalar>(Scalar(0), Scalar(0)));
        std::tie(left, right) = linear_ramp(out, axis, before, after, v.first, v.second);
        break;
      }
      case PadMode::Maximum:
      case PadMode::Minimum:
      case PadMode::Mean:
      case PadMode::Median: {
        using Length = std::pair<std::optional<int64_t>, std::optional<int64_t>>;
        std::tie(left, right) = statistic(out, axis, before, after,
                                          pair_for(options.stat_length, axis, Length{}), mode);
        break;
      }
    }
    out = join(left, out, right, axis);
  }
  return padded_any ? out : a.copy();
}

}  // namespace cunumpy
