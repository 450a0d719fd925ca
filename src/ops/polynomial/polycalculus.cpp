// numpy.polyder, polyint and polydiv: the coefficient arrays' derivatives, antiderivatives
// and long division, step for step as NumPy computes them (so dtypes, empty results and
// errors match), each step an array operation on the coefficients' device.
#include <algorithm>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/base/fp_errors.hpp"
#include "cunumpy/ops/copying.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/editing.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/polynomial.hpp"
#include "cunumpy/runtime/device.hpp"

namespace cunumpy {
namespace {

int64_t length_of(const ndarray& p) {
  if (p.ndim() == 0) throw TypeError("len() of unsized object");
  return p.shape()[0];
}

// NumPy's arange(start, 0, -1) in int64 on p's device: start, start - 1, ..., 1.
ndarray countdown(int64_t start, const ndarray& p) {
  const DeviceGuard g(p.device());
  return arange(Scalar(start), Scalar(int64_t{0}), Scalar(int64_t{-1}), int64);
}

}  // namespace

ndarray polyder(const ndarray& p, int64_t m) {
  if (m < 0) throw ValueError("Order of derivative must be positive (see polyint)");
  // NumPy forms p[:-1] * arange(n, 0, -1) before looking at m, so a 0-d p or one that does
  // not broadcast with it fails even for m = 0.
  const int64_t n = length_of(p) - 1;
  const ndarray y = multiply(p[{Slice{std::nullopt, int64_t{-1}, std::nullopt}}], countdown(n, p));
  return m == 0 ? p : polyder(y, m - 1);
}

ndarray polyint(const ndarray& p, int64_t m, const std::optional<ndarray>& k_in) {
  if (m < 0) throw ValueError("Order of integral must be positive (see polyder)");
  ndarray k;
  {
    const DeviceGuard g(p.device());
    k = k_in ? atleast_1d(*k_in) : zeros(Shape{m}, float64);
    if (k.shape()[0] == 1 && m > 1) k = multiply(k[{int64_t{0}}], ones(Shape{m}, float64));
  }
  if (k.shape()[0] < m) throw ValueError("k must be a scalar or a rank-1 array of length 1 or >m.");
  ndarray y = p;
  for (int64_t i = 0; i < m; ++i) {  // NumPy's recursion, unrolled: y / arange(len, 0, -1), then k[i]
    const std::vector<ndarray> parts{true_divide(y, countdown(length_of(y), y)),
                                     k[{Slice{i, i + 1, std::nullopt}}].to(y.device())};
    y = concatenate(parts, 0);
  }
  return y;
}

std::pair<ndarray, ndarray> polydiv(const ndarray& u_in, const ndarray& v_in) {
  // NumPy: u = atleast_1d(u) + 0.0 (integers and bool to float64), likewise v, the work in
  // the type of u[0] + v[0].
  const ndarray u = add(atleast_1d(u_in), Operand::weak(Scalar(0.0)));
  label_fp_errors("add");
  const ndarray v = add(atleast_1d(v_in), Operand::weak(Scalar(0.0)));
  label_fp_errors("add");
  if (u.ndim() > 1 || v.ndim() > 1) throw ValueError("setting an array element with a sequence.");
  if (u.shape()[0] == 0 || v.shape()[0] == 0)
    throw IndexError("index 0 is out of bounds for axis 0 with size 0");
  const DType w = promote_types(u.dtype(), v.dtype());
  const int64_t m = u.shape()[0] - 1, n = v.shape()[0] - 1;
  const ndarray scale = true_divide(Operand::weak(Scalar(1.0)), v[{int64_t{0}}]);  // 1. / v[0]
  label_fp_errors("scalar divide");
  ndarray q;
  {
    const DeviceGuard g(u.device());
    q = zeros(Shape{std::max<int64_t>(m - n + 1, 1)}, w);
  }
  ndarray r = u.astype(w);
  for (int64_t k = 0; k <= m - n; ++k) {
    const ndarray d = multiply(scale, r[{k}]);
    label_fp_errors("scalar multiply");
    ndarray qk = q[{k}];
    copyto(qk, d);
    ndarray rk = r[{Slice{k, k + n + 1, std::nullopt}}];
    const ndarray dv = multiply(d, v);
    label_fp_errors("multiply");
    UfuncOptions o;
    o.out = {rk};
    subtract(rk, dv, o);
    label_fp_errors("subtract");
  }
  // while allclose(r[0], 0, rtol=1e-14) and len(r) > 1: r = r[1:]. |r[i]| <= 1e-8 (NaN is
  // not close); the first term that is not among all but the last: where the mask of
  // those without its leading falses starts.
  const int64_t len = r.shape()[0];
  if (len > 1) {
    const ndarray far = logical_not(less_equal(absolute(r[{Slice{std::nullopt, len - 1, std::nullopt}}]),
                                               Operand::weak(Scalar(1e-8))));
    const int64_t first = (len - 1) - trim_zeros(far, "f").shape()[0];
    if (first > 0) r = r[{Slice{first, std::nullopt, std::nullopt}}];
  }
  return {q, r};
}

}  // namespace cunumpy
