// diff and ediff1d as NumPy computes them: a ufunc of two shifted views per order.
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/differences.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/manipulation.hpp"

namespace cunumpy {
namespace {

// a[..., lo:hi, ...] along `axis` (a basic view).
ndarray slice_axis(const ndarray& a, int axis, std::optional<int64_t> lo, std::optional<int64_t> hi) {
  std::vector<Index> idx(static_cast<std::size_t>(a.ndim()), Index(Slice{}));
  idx[static_cast<std::size_t>(axis)] = Slice{lo, hi, std::nullopt};
  return a[std::span<const Index>(idx)];
}

}  // namespace

ndarray diff(const ndarray& a, int64_t n, int64_t axis, const std::optional<ndarray>& prepend,
             const std::optional<ndarray>& append) {
  if (n == 0) return a;
  if (n < 0) throw ValueError("order must be non-negative but got " + std::to_string(n));
  const int nd = a.ndim();
  if (nd == 0) throw ValueError("diff requires input that is at least one dimensional");
  if (axis < -nd || axis >= nd)
    throw AxisError("axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                    std::to_string(nd));
  const int ax = static_cast<int>(axis < 0 ? axis + nd : axis);
  ndarray x = a;
  if (prepend || append) {
    auto slab = [&](const ndarray& v) {
      if (v.ndim() != 0) return v;
      Shape s = a.shape();
      s[ax] = 1;
      return broadcast_to(v, s);
    };
    std::vector<ndarray> parts;
    if (prepend) parts.push_back(slab(*prepend));
    parts.push_back(a);
    if (append) parts.push_back(slab(*append));
    x = concatenate(parts, ax);
  }
  const bool is_bool = x.dtype() == bool_;
  for (int64_t k = 0; k < n; ++k) {
    const ndarray hi = slice_axis(x, ax, 1, std::nullopt), lo = slice_axis(x, ax, std::nullopt, -1);
    x = is_bool ? not_equal(hi, lo) : subtract(hi, lo);
  }
  return x;
}

ndarray ediff1d(const ndarray& ary, const std::optional<ndarray>& to_end,
                const std::optional<ndarray>& to_begin) {
  const ndarray flat = ary.ravel();
  const ndarray d = subtract(slice_axis(flat, 0, 1, std::nullopt), slice_axis(flat, 0, std::nullopt, -1));
  if (!to_end && !to_begin) return d;
  auto extra = [&](const ndarray& e) {
    if (!can_cast(e.dtype(), ary.dtype(), Casting::SameKind))
      throw TypeError("dtype of `to_begin`/`to_end` must be compatible with input `ary` under the "
                      "`same_kind` rule.");
    const ndarray r = e.ravel();
    return r.dtype() == ary.dtype() ? r : r.astype(ary.dtype());
  };
  std::vector<ndarray> parts;
  if (to_begin) parts.push_back(extra(*to_begin));
  parts.push_back(d);
  if (to_end) parts.push_back(extra(*to_end));
  return concatenate(parts, 0);
}

}  // namespace cunumpy
