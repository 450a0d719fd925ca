// numpy.unwrap: the jumps between neighbours folded into [-period/2, period/2), the
// corrections accumulated along the axis and added to p[1:].
#include <cmath>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/base/fp_errors.hpp"
#include "cunumpy/ops/calculus.hpp"
#include "cunumpy/ops/copying.hpp"
#include "cunumpy/ops/differences.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/scan.hpp"
#include "ops/slice_axis.hpp"

namespace cunumpy {

ndarray unwrap(const ndarray& p, const std::optional<double>& discont, int64_t axis, const Operand& period) {
  // The steps' floating-point errors carry NumPy's names (fp_errors.hpp).
  const ndarray dd = diff(p, 1, axis);
  label_fp_errors("subtract");
  const int ax = normalize_axis(axis, p.ndim());
  const Operand ops[] = {dd, period};
  const DType dt = resolve_ufunc(get_ufunc("subtract"), ops).loop->types.back();
  const Scalar per = period.is_scalar() ? period.scalar() : period.array().item();
  Operand high, low;
  bool ambiguous = true;
  if (dt.is_integer()) {  // NumPy: divmod(period, 2)
    const int64_t pv = per.to_int64();
    const int64_t q = pv >= 0 ? pv / 2 : -((-pv + 1) / 2), rem = pv - 2 * q;
    high = Operand::weak(Scalar(q));
    low = Operand::weak(Scalar(-q));
    ambiguous = rem == 0;
  } else {
    const double h = per.to_double() / 2;
    high = Operand::weak(Scalar(h));
    low = Operand::weak(Scalar(-h));
  }
  const ndarray shifted = subtract(dd, low);  // NumPy's dd + interval_low
  label_fp_errors("add");
  const ndarray folded = remainder(shifted, period);
  label_fp_errors("remainder");
  ndarray ddmod = add(folded, low);
  label_fp_errors("add");
  if (ambiguous) {  // the jumps of exactly +period/2 keep their sign
    const ndarray fix = logical_and(equal(ddmod, low), greater(dd, 0));
    copyto(ddmod, high, Casting::Unsafe, fix);
  }
  ndarray correct = subtract(ddmod, dd);
  label_fp_errors("subtract");
  const double cut = discont ? *discont : per.to_double() / 2;
  copyto(correct, Operand(0), Casting::Unsafe, less(absolute(dd), Operand::weak(Scalar(cut))));
  ndarray up = p.astype(dt);
  using detail::slice_axis;
  ndarray tail = slice_axis(up, ax, 1, std::nullopt);
  const ndarray summed = cumsum(correct, ax);
  label_fp_errors("accumulate");
  tail.assign(add(slice_axis(p, ax, 1, std::nullopt), summed));
  label_fp_errors("add");
  return up;
}

}  // namespace cunumpy
