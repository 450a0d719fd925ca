// The blocks of pad()'s modes, composed from the C++ ops (slices, concatenate, ufuncs,
// reductions, sort); only index bookkeeping runs on the host.
#include "pad_blocks.hpp"

#include <algorithm>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "cunumpy/ops/sorting.hpp"

namespace cunumpy::padding {

ndarray along(const ndarray& a, int axis, Slice s) {
  std::vector<Index> idx(static_cast<std::size_t>(axis), Index(Slice{}));
  idx.emplace_back(s);
  return a[std::span<const Index>(idx)];
}

Shape block_shape(const ndarray& a, int axis, int64_t width) {
  Shape s = a.shape();
  s[axis] = width;
  return s;
}

ndarray gather_runs(const ndarray& a, int axis, const std::vector<int64_t>& idx) {
  if (idx.empty()) return along(a, axis, Slice{0, 0, 1}).copy();
  std::vector<std::pair<int64_t, int64_t>> runs;  // [first, last] source indices
  for (int64_t i : idx) {
    if (!runs.empty() && i == runs.back().second + 1) runs.back().second = i;
    else runs.emplace_back(i, i);
  }
  if (runs.size() > 32) {  // many short runs: one gather kernel instead of many slices
    ndarray indices(Shape{static_cast<int64_t>(idx.size())}, int64, Order::C, a.device());
    indices.copy_from_host(idx.data());
    return take(a, indices, axis);
  }
  std::vector<ndarray> pieces;
  for (const auto& [first, last] : runs) pieces.push_back(along(a, axis, Slice{first, last + 1, 1}));
  return concatenate(pieces, axis);
}

ndarray join(const ndarray& left, const ndarray& a, const ndarray& right, int axis) {
  std::vector<ndarray> parts;
  for (const ndarray* p : {&left, &a, &right})
    if (p->defined()) parts.push_back(*p);
  return parts.size() > 1 ? concatenate(parts, axis) : a;
}

ndarray reflect(const ndarray& a, int axis, int64_t before, int64_t after, bool odd, bool symmetric) {
  const int64_t n = a.shape()[axis];
  ndarray cur = a;
  while (before > 0 || after > 0) {
    const int64_t length = cur.shape()[axis];
    // symmetric repeats the edge, reflect mirrors about it: the data usable per chunk.
    const int64_t usable = symmetric ? length / n * n : (length - 1) / (n - 1) * (n - 1);
    const int64_t edge_off = symmetric ? 1 : 0;
    ndarray left, right;
    if (before > 0) {  // reflect: cur[c] .. cur[1]; symmetric: cur[c-1] .. cur[0]
      const int64_t c = std::min(usable, before);
      left = along(cur, axis, Slice{c - edge_off, symmetric ? std::nullopt : std::optional<int64_t>(0), -1});
      if (odd)
        left = subtract(multiply(along(cur, axis, Slice{0, 1, 1}), 2), left)
                   .astype(a.dtype(), Order::K, Casting::Unsafe, false);
      before -= c;
    }
    if (after > 0) {  // reflect: cur[L-2] .. cur[L-1-c]; symmetric: cur[L-1] .. cur[L-c]
      const int64_t c = std::min(usable, after);
      const int64_t start = length - 2 + edge_off, stop = start - c;
      right = along(cur, axis, Slice{start, stop >= 0 ? std::optional<int64_t>(stop) : std::nullopt, -1});
      if (odd)
        right = subtract(multiply(along(cur, axis, Slice{length - 1, length, 1}), 2), right)
                    .astype(a.dtype(), Order::K, Casting::Unsafe, false);
      after -= c;
    }
    cur = join(left, cur, right, axis);
  }
  return cur;
}

namespace {

// numpy.linspace(start, stop, num, endpoint=False, dtype=dtype, axis=axis) for a scalar
// start and an array stop, with NumPy's arithmetic (in float64, or complex128).
ndarray linspace_to(const Scalar& start, const ndarray& stop_in, int64_t num, int axis, DType dtype) {
  const DType ct = promote_types(stop_in.dtype(), float64);
  const ndarray stop = stop_in.astype(ct, Order::K, Casting::Unsafe, false);
  const Operand first(start.cast(ct));  // a strong scalar of ct, as NumPy's ct.type(start)
  const ndarray delta = subtract(stop, first);
  Shape column{-1};
  for (int i = 0; i < delta.ndim(); ++i) column.push_back(1);
  ndarray y = arange(Scalar(0), Scalar(num), Scalar(1), ct).reshape(column);
  const ndarray step = true_divide(delta, num);
  if (any(equal(step, 0)).item().to_bool())
    y = multiply(true_divide(y, num), delta);
  else
    y = multiply(y, step);
  y = moveaxis(add(y, first), 0, axis);
  if (dtype.is_integer()) y = floor(y);
  return y.astype(dtype);
}

}  // namespace

std::pair<ndarray, ndarray> linear_ramp(const ndarray& a, int axis, int64_t before, int64_t after,
                                        const Scalar& left_value, const Scalar& right_value) {
  const int64_t n = a.shape()[axis];
  const int64_t ax[1] = {axis};
  ndarray left, right;
  if (before)
    left = linspace_to(left_value, along(a, axis, Slice{0, 1, 1}).squeeze(ax), before, axis, a.dtype());
  if (after)
    right = along(linspace_to(right_value, along(a, axis, Slice{n - 1, n, 1}).squeeze(ax), after, axis, a.dtype()),
                  axis, Slice{std::nullopt, std::nullopt, -1});
  return {left, right};
}

namespace {

// NumPy's median along `axis` (kept): the mean of the middle one or two sorted entries;
// NaN where the slice holds a NaN (sorted last).
ndarray median_keepdims(const ndarray& chunk, int axis) {
  const int64_t n = chunk.shape()[axis];
  const Axes ax = SmallVector<int64_t, 8>{axis};
  if (n == 0) return mean(chunk, ax, std::nullopt, true);  // NaN, as NumPy's
  const ndarray s = sort(chunk, axis);
  const int64_t lo = (n - 1) / 2, hi = n / 2;
  ndarray med = mean(along(s, axis, Slice{lo, hi + 1, 1}), ax, std::nullopt, true);
  if (chunk.dtype().is_inexact()) {
    const ndarray last = along(s, axis, Slice{n - 1, n, 1}).astype(med.dtype());
    const ndarray nan = isnan(last);
    const IndexItem mask[1] = {nan};
    if (any(nan).item().to_bool()) index_assign(med, mask, index(last, mask));
  }
  return med;
}

}  // namespace

std::pair<ndarray, ndarray> statistic(const ndarray& a, int axis, int64_t before, int64_t after,
                                      std::pair<std::optional<int64_t>, std::optional<int64_t>> length,
                                      PadMode mode) {
  const int64_t n = a.shape()[axis];
  const int64_t llen = !length.first || *length.first > n ? n : *length.first;
  const int64_t rlen = !length.second || *length.second > n ? n : *length.second;
  if ((mode == PadMode::Maximum || mode == PadMode::Minimum) && (llen == 0 || rlen == 0))
    throw ValueError("stat_length of 0 yields no value for padding");
  const Axes ax = SmallVector<int64_t, 8>{axis};
  auto stat = [&](const ndarray& chunk) {
    ndarray s;
    switch (mode) {
      case PadMode::Maximum: s = max(chunk, ax, true); break;
      case PadMode::Minimum: s = min(chunk, ax, true); break;
      case PadMode::Mean: s = mean(chunk, ax, std::nullopt, true); break;
      default: s = median_keepdims(chunk, axis); break;
    }
    // NumPy rounds a mean or median for an integer array (around: half to even).
    if (a.dtype().is_integer() && s.dtype().is_inexact()) s = rint(s);
    return s.astype(a.dtype());
  };
  const ndarray lstat = stat(along(a, axis, Slice{0, llen, 1}));
  const ndarray rstat = llen == n && rlen == n ? lstat : stat(along(a, axis, Slice{n - rlen, n, 1}));
  ndarray left, right;
  if (before) left = broadcast_to(lstat, block_shape(a, axis, before));
  if (after) right = broadcast_to(rstat, block_shape(a, axis, after));
  return {left, right};
}

}  // namespace cunumpy::padding
