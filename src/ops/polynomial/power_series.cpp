// numpy.polynomial.polynomial's polyvander, polycompanion, polyval, polyvalfromroots and
// polyutils' trimseq/trimcoef, step for step as NumPy computes them, as array operations on
// the coefficients' device.
#include "cunumpy/ops/power_series.hpp"

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/copying.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/editing.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "cunumpy/runtime/device.hpp"

namespace cunumpy::polynomial {
namespace {

// NumPy's c + 0.0 for the type codes '?bBhHiIlLqQpP' (bool and integers): float64.
ndarray inexact(const ndarray& c) {
  const DType d = c.dtype();
  return d == bool_ || d.is_integer() ? c.astype(float64) : c;
}

// x * 0 as NumPy computes it: on the array, or on the scalar with its dtype and weakness
// kept (Python's 2.5 * 0 is the weak 0.0; NaN and inf give NaN, -2.0 gives -0.0).
Operand times_zero(const Operand& x) {
  if (x.is_array()) return multiply(x.array(), Operand::weak(Scalar(int64_t{0})));
  const Scalar& s = x.scalar();
  const DType d = s.dtype();
  Scalar z;
  if (d.is_complex()) {
    const std::complex<double> v = s.to_complex();
    z = Scalar(std::complex<double>(v.real() * 0.0, v.imag() * 0.0)).cast(d);
  } else if (d.is_floating()) {
    z = Scalar(s.to_double() * 0.0).cast(d);
  } else {  // bool and integers: the integer 0 (Python's True * 0 is 0)
    z = Scalar(int64_t{0}).cast(d == bool_ ? int64 : d);
  }
  return Operand(z, x.is_weak());
}

// c reshaped to c.shape + (1,) * x.ndim (NumPy's tensor=True for an array x).
ndarray tensor_shape(const ndarray& c, const Operand& x, bool tensor) {
  if (!tensor || !x.is_array()) return c;
  Shape s = c.shape();
  for (int k = 0; k < x.array().ndim(); ++k) s.push_back(1);
  return c.reshape(s);
}

}  // namespace

ndarray polyvander(const ndarray& x_in, int64_t deg) {
  if (deg < 0) throw ValueError("deg must be non-negative");
  const ndarray x = add(atleast_1d(x_in), Operand::weak(Scalar(0.0)));
  Shape dims{deg + 1};
  for (int64_t n : x.shape()) dims.push_back(n);
  ndarray v(dims, x.dtype(), Order::C, x.device());
  ndarray row = add(times_zero(x).array(), Operand::weak(Scalar(int64_t{1})));  // x*0 + 1
  for (int64_t i = 0; i <= deg; ++i) {
    if (i == 1) row = x;
    if (i >= 2) row = multiply(row, x);  // v[i] = v[i-1] * x
    ndarray vi = v[{i}];
    copyto(vi, row);
  }
  return moveaxis(v, 0, -1);
}

ndarray polycompanion(const ndarray& c) {
  if (c.ndim() != 1) throw ValueError("Coefficient array is not 1-d");
  const int64_t len = c.shape()[0];
  if (len < 2) throw ValueError("Series must have maximum degree of at least 1.");
  const ndarray last = c[{len - 1}];
  if (len == 2) return negative(true_divide(c[{int64_t{0}}], last)).reshape(Shape{1, 1});
  const int64_t n = len - 1;
  ndarray mat;
  {
    const DeviceGuard g(c.device());
    mat = eye(n, std::nullopt, -1, c.dtype());  // NumPy: zeros, then ones on the subdiagonal
  }
  ndarray col = mat[{Slice{}, int64_t{-1}}];
  const ndarray ratio = true_divide(c[{Slice{std::nullopt, int64_t{-1}, std::nullopt}}], last);
  UfuncOptions o;
  o.out = {col};
  subtract(col, ratio, o);  // mat[:, -1] -= c[:-1] / c[-1]
  return mat;
}

ndarray polyval(const Operand& x, const ndarray& c_in, bool tensor) {
  const ndarray c = tensor_shape(inexact(atleast_1d(c_in)), x, tensor);
  const int64_t len = c.shape()[0];
  ndarray c0 = add(c[{len - 1}], times_zero(x));
  for (int64_t i = 2; i <= len; ++i) c0 = add(c[{len - i}], multiply(c0, x));
  return c0;
}

ndarray polyvalfromroots(const Operand& x, const ndarray& r_in, bool tensor) {
  ndarray r = inexact(atleast_1d(r_in));
  if (x.is_array()) {
    if (tensor) {
      r = tensor_shape(r, x, true);
    } else if (x.array().ndim() >= r.ndim()) {
      throw ValueError("x.ndim must be < r.ndim when tensor == False");
    }
  }
  return prod(subtract(x, r), Axes(SmallVector<int64_t, 8>{0}));
}

ndarray trimseq(const ndarray& seq) {
  if (seq.ndim() != 1) throw ValueError("trimseq takes a 1-d sequence");
  if (seq.shape()[0] <= 1) return seq;
  const ndarray kept = trim_zeros(seq, "b");
  return kept.shape()[0] ? kept : seq[{Slice{std::nullopt, int64_t{1}, std::nullopt}}];  // all zero: the first
}

ndarray trimcoef(const ndarray& c, double tol) {
  if (tol < 0) throw ValueError("tol must be non-negative");
  if (c.ndim() != 1) throw ValueError("Coefficient array is not 1-d");
  // The length up to the last |c| > tol: the mask without its trailing falses.
  const int64_t keep = trim_zeros(greater(absolute(c), Operand::weak(Scalar(tol))), "b").shape()[0];
  if (keep == 0) return multiply(c[{Slice{std::nullopt, int64_t{1}, std::nullopt}}], Operand::weak(Scalar(int64_t{0})));
  return c[{Slice{std::nullopt, keep, std::nullopt}}].copy();
}

}  // namespace cunumpy::polynomial
