// clip as NumPy 2's _clip: bounds that cannot bind are dropped first, then one ufunc call
// (positive, minimum, maximum, or the 3-input _clip / _clip_keep loops).
#include "cunumpy/ops/clip.hpp"

#include "cunumpy/core/dtype.hpp"

namespace cunumpy {

namespace {

// A Python int at or beyond the integer dtype's end cannot bind (NumPy's _clip drops it,
// which also spares the OverflowError its conversion would raise).
bool python_int_past(const Operand& b, DType d, bool low) {
  if (!b.is_weak() || !d.is_integer()) return false;
  const IInfo info = iinfo(d);
  if (b.is_huge_int()) {
    const double v = b.scalar().to_double();
    return low ? v <= static_cast<double>(info.min) : v >= static_cast<double>(info.max);
  }
  const Scalar& s = b.scalar();
  if (s.dtype() == int64) {
    const int64_t v = s.to_int64();
    return low ? v <= info.min : (v >= 0 && static_cast<uint64_t>(v) >= info.max);
  }
  if (s.dtype() == uint64) return !low && s.to_uint64() >= info.max;  // always past any min
  return false;
}

bool scalar_bound(const Operand& b) { return b.is_scalar() || b.array().ndim() == 0; }

}  // namespace

ndarray clip(const ndarray& a, const std::optional<Operand>& a_min,
             const std::optional<Operand>& a_max, const UfuncOptions& options) {
  const DType d = a.dtype();
  const bool has_lo = a_min && !python_int_past(*a_min, d, true);
  const bool has_hi = a_max && !python_int_past(*a_max, d, false);
  if (!has_lo && !has_hi) {
    const Operand in[1] = {a};
    return ufunc_call("positive", in, options)[0];
  }
  if (!has_lo) {
    const Operand in[2] = {a, *a_max};
    return ufunc_call("minimum", in, options)[0];
  }
  if (!has_hi) {
    const Operand in[2] = {a, *a_min};
    return ufunc_call("maximum", in, options)[0];
  }
  static const Ufunc& clip3 = get_ufunc("_clip");
  static const Ufunc& clip_keep = get_ufunc("_clip_keep");
  // _clip_keep has float32/float64 loops only: not with another dtype= to compute in.
  const bool keep = d.is_floating() && d.itemsize() >= 4 && scalar_bound(*a_min) && scalar_bound(*a_max) &&
                    (!options.dtype || *options.dtype == d);
  const Operand in[3] = {a, *a_min, *a_max};
  return ufunc_call(keep ? clip_keep : clip3, in, options)[0];
}

}  // namespace cunumpy
