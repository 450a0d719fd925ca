// interp: NumPy's piecewise-linear interpolation. One ElementwiseKernel (the same body on
// the CPU backend and, through NVRTC, one CUDA thread per point) does a binary search in
// xp and NumPy's interpolation rules; period= is a composition (remainder, argsort, take,
// concatenate) that makes xp periodic first, as NumPy's Python layer does.
#include <cmath>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/elementwise_kernel.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/searching.hpp"
#include "cunumpy/ops/sorting.hpp"

namespace cunumpy {

namespace {

// NumPy's rules between two samples: slope * (x - x0) + f0; when that is NaN (an infinite
// sample), from the other end; when still NaN and both samples are equal, the sample. A
// complex f is interpolated part by part with one reciprocal of the step, as NumPy does.
constexpr const char* kPreamble = R"(
__device__ double cn_interp_part(double x, double x0, double x1, double f0, double f1, double slope) {
    double r = slope * (x - x0) + f0;
    if (r != r) {
        r = slope * (x - x1) + f1;
        if (r != r && f0 == f1) r = f0;
    }
    return r;
}
__device__ double cn_interp_between(double x, double x0, double x1, double f0, double f1) {
    return cn_interp_part(x, x0, x1, f0, f1, (f1 - f0) / (x1 - x0));
}
template <class U>
__device__ complex<U> cn_interp_between(double x, double x0, double x1, const complex<U>& f0,
                                        const complex<U>& f1) {
    const double inv = 1.0 / (x1 - x0);
    const double re = cn_interp_part(x, x0, x1, f0.real(), f1.real(), (f1.real() - f0.real()) * inv);
    const double im = cn_interp_part(x, x0, x1, f0.imag(), f1.imag(), (f1.imag() - f0.imag()) * inv);
    return complex<U>(re, im);
}
)";

// x outside [xp[0], xp[n-1]] takes lval/rval; a NaN x is NaN (with one sample: the
// sample, NumPy's special case); x equal to a sample takes that sample's f.
constexpr const char* kBody = R"(
const double v = x;
if (n == 1) {
    y = v < xp[0] ? lval : (v > xp[0] ? rval : fp[0]);
} else if (v != v) {
    y = R(v);
} else if (v < xp[0]) {
    y = lval;
} else if (v > xp[n - 1]) {
    y = rval;
} else {
    long long lo = 0, hi = n;
    while (lo < hi) {
        long long m = lo + ((hi - lo) >> 1);
        if (!(v < xp[m])) lo = m + 1; else hi = m;
    }
    const long long j = lo - 1;
    if (j >= n - 1) y = fp[n - 1];
    else if (xp[j] == v) y = fp[j];
    else y = cn_interp_between(v, xp[j], xp[j + 1], fp[j], fp[j + 1]);
}
)";

const ElementwiseKernel& interp_kernel() {
  static const ElementwiseKernel k = [] {
    const detail::SearchKernelText t = detail::interp_kernel_text();
    ElementwiseKernelOptions o;
    o.name = t.name;
    o.preamble = t.preamble;
    return ElementwiseKernel(t.in_params, t.out_params, t.body, o);
  }();
  return k;
}

void check_one_dimensional(const ndarray& a, bool periodic) {
  if (a.ndim() == 1) return;
  if (periodic) throw ValueError("Data points must be 1-D sequences");
  throw ValueError(a.ndim() > 1 ? "object too deep for desired array"
                                : "object of too small depth for desired array");
}

ndarray to_float64(const ndarray& a, const char* name) {
  if (a.dtype().is_complex())
    throw TypeError(std::string("interp: ") + name + " must be real, not " + a.dtype().name());
  return a.dtype() == float64 ? a : a.astype(float64);
}

ndarray sample(const ndarray& a, int64_t i) { return a[{Slice{i, i == -1 ? std::nullopt : std::optional<int64_t>(i + 1), std::nullopt}}]; }

}  // namespace

detail::SearchKernelText detail::interp_kernel_text() {
  return {"cn_interp", "float64 x, raw float64 xp, raw R fp, int64 n, R lval, R rval", "R y", kBody,
          kPreamble};
}

ndarray interp(const ndarray& x_in, const ndarray& xp_in, const ndarray& fp_in,
               const std::optional<Scalar>& left, const std::optional<Scalar>& right,
               const std::optional<double>& period) {
  const bool periodic = period.has_value();
  check_one_dimensional(xp_in, periodic);
  check_one_dimensional(fp_in, periodic);
  if (xp_in.shape()[0] != fp_in.shape()[0])
    throw ValueError(periodic ? "fp and xp are not of the same length"
                              : "fp and xp are not of the same length.");
  const DType f_dtype = fp_in.dtype().is_complex() ? complex128 : float64;
  ndarray x = to_float64(x_in, "x");
  ndarray xp = to_float64(xp_in, "xp");
  ndarray fp = fp_in.dtype() == f_dtype ? fp_in : fp_in.astype(f_dtype);
  std::optional<Scalar> lval = left, rval = right;
  for (const std::optional<Scalar>* bound : {&lval, &rval})
    if (*bound && (*bound)->dtype().is_complex() && f_dtype != complex128)
      throw TypeError(std::string("interp: ") + (bound == &lval ? "left" : "right") +
                      " must be real for a real fp");
  if (periodic) {
    if (*period == 0.0) throw ValueError("period must be a non-zero value");
    const double p = std::fabs(*period);
    lval = rval = std::nullopt;  // NumPy ignores left and right with a period
    x = remainder(x, Operand(Scalar(p)));
    xp = remainder(xp, Operand(Scalar(p)));
    const ndarray order = argsort(xp);
    xp = take(xp, order, 0);
    fp = take(fp, order, 0);
    if (xp.shape()[0] > 0) {
      const std::vector<ndarray> xs = {subtract(sample(xp, -1), Operand(Scalar(p))), xp,
                                       add(sample(xp, 0), Operand(Scalar(p)))};
      const std::vector<ndarray> fs = {sample(fp, -1), fp, sample(fp, 0)};
      xp = concatenate(xs);
      fp = concatenate(fs);
    }
  }
  const int64_t n = xp.shape()[0];
  if (n == 0) throw ValueError("array of sample points is empty");
  // left and right default to the first and last sample (0-d views of fp).
  const ndarray lv = lval ? full(Shape{}, lval->cast(f_dtype), f_dtype) : sample(fp, 0).reshape(Shape{});
  const ndarray rv = rval ? full(Shape{}, rval->cast(f_dtype), f_dtype) : sample(fp, -1).reshape(Shape{});
  return interp_kernel()({x, xp, fp, Operand(Scalar(n)), lv, rv})[0];
}

}  // namespace cunumpy
