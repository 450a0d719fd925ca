// median and nanmedian as NumPy's: a sort along the reduced axes, then the mean of the
// middle one or two values (the valid values' middle for nanmedian, counted on the host).
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/nan_reductions.hpp"
#include "cunumpy/ops/order_statistics.hpp"
#include "cunumpy/ops/sorting.hpp"

namespace cunumpy {
namespace {

// a with the reduced axes merged into the last one: (x, shape of the kept axes, the
// keepdims shape). NumPy's normalize_axis_tuple checks the axes.
struct ReducedLast {
  ndarray x;
  Shape rest, kept_dims;
};

ReducedLast reduced_last(const ndarray& a, const Axes& axis) {
  const int nd = a.ndim();
  if (!axis) return {a.reshape(Shape{a.size()}), Shape{}, Shape(static_cast<std::size_t>(nd), 1)};
  std::vector<int64_t> axes;
  for (int64_t ax : *axis) {
    if (ax < -nd || ax >= nd)
      throw AxisError("axis " + std::to_string(ax) + " is out of bounds for array of dimension " +
                      std::to_string(nd));
    const int64_t v = ax < 0 ? ax + nd : ax;
    if (std::find(axes.begin(), axes.end(), v) != axes.end()) throw ValueError("repeated axis");
    axes.push_back(v);
  }
  std::vector<int64_t> order;
  ReducedLast r;
  int64_t n = 1;
  for (int d = 0; d < nd; ++d) {
    const bool reduced = std::find(axes.begin(), axes.end(), d) != axes.end();
    if (!reduced) {
      order.push_back(d);
      r.rest.push_back(a.shape()[d]);
    } else {
      n *= a.shape()[d];
    }
    r.kept_dims.push_back(reduced ? 1 : a.shape()[d]);
  }
  order.insert(order.end(), axes.begin(), axes.end());
  Shape s = r.rest;
  s.push_back(n);
  r.x = a.transpose(order).reshape(s);
  return r;
}

ndarray last_slice(const ndarray& s, std::optional<int64_t> lo, std::optional<int64_t> hi) {
  const Index idx[2] = {ellipsis, Slice{lo, hi, std::nullopt}};
  return s[std::span<const Index>(idx)];
}

ndarray last_item(const ndarray& s, int64_t i) {
  const Index idx[2] = {ellipsis, i};
  return s[std::span<const Index>(idx)];
}

// dst = src where mask (NumPy's copyto(dst, src, casting='unsafe', where=mask)).
void copy_where(ndarray& dst, const Operand& src, const ndarray& mask) {
  UfuncOptions o;
  o.out = {dst};
  o.casting = Casting::Unsafe;
  const Operand in[3] = {Operand(mask), src, Operand(dst)};
  ufunc_call("_where", in, o);
}

ndarray finish(ndarray r, const ReducedLast& rl, bool keepdims, const ndarray& out) {
  if (keepdims) r = r.reshape(rl.kept_dims);
  if (!out.defined()) return r;
  ndarray o = out;
  o.assign(broadcast_to(r, o.shape()));
  return o;
}

ndarray mean_last(const ndarray& x) { return mean(x, SmallVector<int64_t, 8>{-1}); }

}  // namespace

ndarray median(const ndarray& a, const Axes& axis, bool keepdims, const ndarray& out) {
  const ReducedLast rl = reduced_last(a, axis);
  const int64_t n = rl.x.shape()[rl.x.ndim() - 1];
  const ndarray s = sort(rl.x, -1);
  const int64_t h = n / 2;
  const ndarray mid = n % 2 == 1 ? last_slice(s, h, h + 1) : last_slice(s, std::max<int64_t>(h - 1, 0), h + 1);
  ndarray r = mean_last(mid);
  if (a.dtype().is_inexact() && n > 0) {  // NaNs sort last: a slice holding one gives NaN
    const ndarray last = last_item(s, -1);
    copy_where(r, Operand(last), isnan(last));
  }
  return finish(r, rl, keepdims, out);
}

ndarray nanmedian(const ndarray& a, const Axes& axis, bool keepdims, const ndarray& out, OpWarnings* warnings) {
  if (a.size() == 0) {  // NumPy: np.nanmean of the empty array
    ReduceArgs m;
    m.axis = axis;
    m.keepdims = keepdims;
    m.out = out;
    return nanmean(a, m, warnings);
  }
  if (!a.dtype().is_inexact()) return median(a, axis, keepdims, out);
  const ReducedLast rl = reduced_last(a, axis);
  const ndarray s = sort(rl.x, -1);
  const int64_t n = s.shape()[s.ndim() - 1];
  // Valid values per slice (NaNs are last), read to the host to pick each slice's middle.
  const std::vector<int64_t> c =
      count_nonzero(logical_not(isnan(s)), SmallVector<int64_t, 8>{-1}).ravel().to_vector<int64_t>();
  const int64_t rows = static_cast<int64_t>(c.size());
  std::vector<int64_t> pick(static_cast<std::size_t>(2 * rows));
  std::vector<uint8_t> odd(c.size()), empty(c.size());
  bool any_empty = false;
  for (int64_t i = 0; i < rows; ++i) {
    const int64_t k = c[i], lo = std::max<int64_t>((k - 1) / 2, 0);
    const int64_t hi = k % 2 == 1 ? lo : std::max<int64_t>(k / 2, 0);
    pick[2 * i] = i * n + lo;
    pick[2 * i + 1] = i * n + hi;
    odd[i] = k % 2 == 1;
    empty[i] = k == 0;
    any_empty = any_empty || k == 0;
  }
  if (any_empty) report(warnings, &OpWarnings::all_nan_slice);
  const Device dev = s.device();
  const ndarray idx = array_from_host(pick.data(), Shape{2 * rows}, Strides{8}, int64, dev);
  Shape two_shape = rl.rest;
  two_shape.push_back(2);
  const ndarray two = take(s.reshape(Shape{s.size()}), idx, 0).reshape(two_shape);
  ndarray r = mean_last(two);
  const ndarray odd_mask = array_from_host(odd.data(), rl.rest, contiguous_strides(rl.rest, 1), bool_, dev);
  copy_where(r, Operand(last_item(two, 0)), odd_mask);  // one middle value: itself, in mean's dtype
  if (any_empty) {
    const ndarray empty_mask = array_from_host(empty.data(), rl.rest, contiguous_strides(rl.rest, 1), bool_, dev);
    copy_where(r, Operand(std::numeric_limits<double>::quiet_NaN()), empty_mask);
  }
  return finish(r, rl, keepdims, out);
}

}  // namespace cunumpy
