// What numpy.linalg builds on the singular values: the Hermitian SVD (from eigh), pinv,
// lstsq and matrix_rank, composed from svd/eigh, matmul, reductions and ufuncs.
#include <algorithm>
#include <limits>

#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/linalg.hpp"
#include "cunumpy/ops/linalg_composites.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "cunumpy/ops/searching.hpp"
#include "cunumpy/ops/sorting.hpp"
#include "ops/linalg/linalg_common.hpp"

namespace cunumpy::linalg {
namespace {

Axes last_axis() { return Axes(SmallVector<int64_t, 8>{-1}); }

// numpy.finfo(d).eps of a float or complex dtype (its real part).
double machine_epsilon(DType d) {
  const DType r = d.is_complex() ? real_dtype(d) : d;
  if (r == float32) return std::numeric_limits<float>::epsilon();
  if (r == float16) return 0.0009765625;
  return std::numeric_limits<double>::epsilon();
}

// x[..., None]: a trailing unit axis, so that a per-matrix value meets its stack of
// singular values.
ndarray with_trailing_axis(const ndarray& x) { return expand_dims(x, int64_t(-1)); }

// An array of `value` on `device` (creation's functions allocate on the current device).
ndarray filled(const Shape& shape, DType dtype, Device device, const Scalar& value) {
  ndarray r(shape, dtype, Order::C, device);
  r.fill(value);
  return r;
}

// 1/s where `large`, else 0, in s's dtype.
ndarray inverted_where(const ndarray& large, const ndarray& s) {
  const ndarray safe = where(large, s, Operand(1));
  return where(large, true_divide(Operand(1), safe), Operand(0)).astype(s.dtype());
}

// `x` (B, n, n) with its last axis reordered by `order` (B, n) per matrix: one flat take.
ndarray take_last_axis(const ndarray& x, const ndarray& order) {
  const int64_t b = x.shape()[0], r = x.shape()[1], n = x.shape()[2];
  const Device dev = x.device();
  const ndarray batch = arange(Scalar(b), int64)
                            .to(dev)
                            .reshape(Shape{b, 1, 1});
  const ndarray rows = arange(Scalar(r), int64).to(dev).reshape(Shape{1, r, 1});
  const ndarray flat = add(add(multiply(batch, Operand(r * n)), multiply(rows, Operand(n))),
                           order.reshape(Shape{b, 1, n}));
  return take(x, flat, std::nullopt);
}

}  // namespace

std::tuple<ndarray, ndarray, ndarray> svd_hermitian(const ndarray& a, bool compute_uv) {
  if (!compute_uv) {
    const ndarray s = absolute(eigvalsh(a));
    return {ndarray(), negative(sort(negative(s), -1)), ndarray()};
  }
  auto [w, u] = eigh(a);
  const ndarray sgn = sign(w), s = absolute(w);
  const ndarray order = argsort(negative(s), -1);
  // Flatten the stack to (B, n) / (B, n, n) for the reordering.
  const Shape stack = w.shape();
  const int64_t n = stack.back();
  const int64_t batch = n == 0 ? 0 : w.size() / n;
  const ndarray order2 = order.reshape(Shape{batch, 1, n});
  const ndarray sgn_sorted = take_last_axis(sgn.reshape(Shape{batch, 1, n}), order2).reshape(stack);
  const ndarray s_sorted = take_last_axis(s.reshape(Shape{batch, 1, n}), order2).reshape(stack);
  const ndarray u_sorted = take_last_axis(u.reshape(Shape{batch, n, n}), order2).reshape(u.shape());
  const ndarray vh = conjugate(swapaxes(multiply(u_sorted, expand_dims(sgn_sorted, int64_t(-2))), -1, -2));
  return {u_sorted, s_sorted, vh};
}

ndarray pinv(const ndarray& a_in, const std::optional<ndarray>& rcond_in, bool hermitian) {
  detail::check_stacked_2d(a_in);
  const int nd = a_in.ndim();
  const int64_t m = a_in.shape()[nd - 2], n = a_in.shape()[nd - 1];
  if (a_in.size() == 0) {
    // NumPy: empty matrices give an empty result of a's own dtype (float16, integers);
    // an empty stack of non-empty ones, the linalg dtype.
    Shape shape = detail::shape_slice(a_in.shape(), 0, nd - 2);
    shape.push_back(n);
    shape.push_back(m);
    return empty(shape, m * n == 0 ? a_in.dtype() : detail::linalg_dtype(a_in.dtype()), Order::C, a_in.device());
  }
  const DType t = detail::linalg_dtype(a_in.dtype());
  const ndarray a = a_in.dtype().is_complex() ? conjugate(a_in) : a_in;
  ndarray u, s, vt;
  if (hermitian) std::tie(u, s, vt) = svd_hermitian(a, true);
  else std::tie(u, s, vt) = svd(a, false, true);
  ndarray rc;
  if (rcond_in) {
    rc = *rcond_in;
    if (!(rc.device() == a.device())) rc = rc.to(a.device());
  } else {
    rc = filled(Shape{}, float64, a.device(), Scalar(static_cast<double>(std::max(m, n)) * machine_epsilon(t)));
  }
  const ndarray cutoff = multiply(with_trailing_axis(rc), max(s, last_axis(), true));
  const ndarray sinv = inverted_where(greater(s, cutoff), s);
  return matmul(swapaxes(vt, -1, -2), multiply(with_trailing_axis(sinv), swapaxes(u, -1, -2)));
}

std::tuple<ndarray, ndarray, int64_t, ndarray> lstsq(const ndarray& a_in, const ndarray& b_in,
                                                     std::optional<double> rcond) {
  const bool is_1d = b_in.ndim() == 1;
  ndarray b = is_1d ? expand_dims(b_in, int64_t(1)) : b_in;
  if (a_in.ndim() != 2 || b.ndim() != 2)
    throw LinAlgError(std::to_string(a_in.ndim() != 2 ? a_in.ndim() : b.ndim()) +
                      "-dimensional array given. Array must be two-dimensional");
  const int64_t m = a_in.shape()[0], n = a_in.shape()[1];
  if (m != b.shape()[0]) throw LinAlgError("Incompatible dimensions");
  const DType t = promote_types(detail::linalg_dtype(a_in.dtype()), detail::linalg_dtype(b.dtype()));
  const DType rt = t.is_complex() ? real_dtype(t) : t;
  double rc = rcond ? *rcond : machine_epsilon(t) * static_cast<double>(std::max(m, n));
  // LAPACK's gelsd (NumPy's lstsq): an rcond <= 0 or >= 1 is its machine precision
  // (dlamch('E'), half the spacing of 1): rcond=-1 still cuts exact zeros.
  if (rc <= 0 || rc >= 1) rc = machine_epsilon(t) / 2;
  const ndarray a = a_in.astype(t);
  b = b.astype(t);
  const int64_t k = b.shape()[1];
  const Device dev = a.device();
  ndarray x, resids, s;
  int64_t rank = 0;
  if (std::min(m, n) == 0) {
    x = filled(Shape{n, k}, t, dev, Scalar(0));
    s = ndarray(Shape{0}, rt, Order::C, dev);
    // No unknowns: every column's residual is |b|^2.
    resids = m > 0 && n == 0 ? detail::sum_of_squares(b, Axes(SmallVector<int64_t, 8>{0}), false).astype(rt)
                             : ndarray(Shape{0}, rt, Order::C, dev);
  } else {
    ndarray u, vh;
    // NumPy's gelsd fails on an inf or NaN in a (where an SVD alone gives NaN): its text.
    if (t.is_inexact() && !all(isfinite(a)).item().to_bool())
      throw LinAlgError("SVD did not converge in Linear Least Squares");
    try {
      std::tie(u, s, vh) = svd(a, false, true);
    } catch (const LinAlgError&) {
      throw LinAlgError("SVD did not converge in Linear Least Squares");
    }
    const double cutoff = rc * max(s).item().to_double();
    const ndarray large = greater(s, Operand(cutoff));
    rank = count_nonzero(large).item().to_int64();
    const ndarray sinv = inverted_where(large, s).astype(rt);
    const ndarray uh = t.is_complex() ? conjugate(u.T()) : u.T();
    const ndarray v = t.is_complex() ? conjugate(vh.T()) : vh.T();
    x = matmul(v, multiply(expand_dims(sinv, int64_t(1)), matmul(uh, b)));
    resids = rank == n && m > n
                 ? detail::sum_of_squares(subtract(b, matmul(a, x)), Axes(SmallVector<int64_t, 8>{0}), false).astype(rt)
                 : ndarray(Shape{0}, rt, Order::C, dev);
  }
  if (is_1d) {
    x = x[{Slice{}, int64_t(0)}];
    if (resids.size() > 0) resids = resids.reshape(Shape{1});
  }
  return {x, resids, rank, s};
}

ndarray matrix_rank(const ndarray& a, const std::optional<ndarray>& tol_in, bool hermitian,
                    const std::optional<ndarray>& rtol_in) {
  if (a.ndim() < 2) return logical_not(all(equal(a, Operand(0)))).astype(int64);
  const ndarray s = hermitian ? std::get<1>(svd_hermitian(a, false)) : std::get<1>(svd(a, false, false));
  const Device dev = s.device();
  auto on_device = [&](const ndarray& v) { return v.device() == dev ? v : v.to(dev); };
  ndarray tol;
  if (tol_in) {
    tol = with_trailing_axis(on_device(*tol_in));
  } else if (rtol_in) {
    tol = multiply(detail::max_from_zero(s, last_axis(), true), with_trailing_axis(on_device(*rtol_in)));
  } else {
    const int nd = a.ndim();
    const double rtol =
        static_cast<double>(std::max(a.shape()[nd - 2], a.shape()[nd - 1])) * machine_epsilon(s.dtype());
    tol = multiply(detail::max_from_zero(s, last_axis(), true), Operand(rtol));
  }
  return count_nonzero(greater(s, tol), SmallVector<int64_t, 8>{-1});
}

}  // namespace cunumpy::linalg
