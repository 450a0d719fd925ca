// numpy.linalg's norms (norm, vector_norm, matrix_norm) and cond, NumPy's definitions
// composed from the reductions, ufuncs and svdvals/inv.
#include <cmath>
#include <limits>

#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/linalg.hpp"
#include "cunumpy/ops/linalg_composites.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "cunumpy/ops/searching.hpp"
#include "ops/linalg/linalg_common.hpp"

namespace cunumpy::linalg {
namespace {

using detail::max_from_zero;
using detail::sum_of_squares;

constexpr double kInf = std::numeric_limits<double>::infinity();

Axes axes_of(std::initializer_list<int64_t> axes) { return Axes(SmallVector<int64_t, 8>(axes)); }

std::string vector_order_message(const NormOrder& ord) {
  return "Invalid norm order '" + ord.text + "' for vectors";
}

ndarray vector_norm_axis(const ndarray& x, const NormOrder& ord, int64_t ax, bool keepdims) {
  const Axes axis = axes_of({ax});
  if (ord.kind == NormOrder::Kind::Default || ord.is(2)) return sqrt(sum_of_squares(x, axis, keepdims));
  if (ord.kind != NormOrder::Kind::Number) throw ValueError(vector_order_message(ord));
  if (ord.is(kInf)) return max_from_zero(absolute(x), axis, keepdims);
  if (ord.is(-kInf)) return min(absolute(x), axis, keepdims);
  if (ord.is(0)) return sum(not_equal(x, Operand(0)), axis, std::nullopt, keepdims).astype(real_dtype(x.dtype()));
  if (ord.is(1)) return sum(absolute(x), axis, std::nullopt, keepdims);
  // sum(|x|^p)^(1/p), the exponents of the result's dtype (NumPy's strong scalars).
  const ndarray a = absolute(x);
  const DType rt = a.dtype();
  const ndarray s = sum(power(a, Operand(Scalar(ord.value).cast(rt))), axis, std::nullopt, keepdims);
  return power(s, Operand(Scalar(1.0 / ord.value).cast(rt)));
}

ndarray matrix_norm_axes(const ndarray& x, const NormOrder& ord, int64_t row, int64_t col, bool keepdims) {
  const int nd = x.ndim();
  row = normalize_axis(row, nd);
  col = normalize_axis(col, nd);
  if (row == col) throw ValueError("Duplicate axes given.");
  ndarray r;
  if (ord.is(2) || ord.is(-2)) {
    const int64_t src[] = {row, col}, dst[] = {-2, -1};
    const ndarray s = svdvals(moveaxis(x, src, dst));
    r = ord.is(2) ? max_from_zero(s, axes_of({-1})) : min(s, axes_of({-1}));
  } else if (ord.is(1) || ord.is(-1)) {
    const int64_t c = col > row ? col - 1 : col;
    const ndarray s = sum(absolute(x), axes_of({row}));
    r = ord.is(1) ? max_from_zero(s, axes_of({c})) : min(s, axes_of({c}));
  } else if (ord.is(kInf) || ord.is(-kInf)) {
    const int64_t rr = row > col ? row - 1 : row;
    const ndarray s = sum(absolute(x), axes_of({col}));
    r = ord.is(kInf) ? max_from_zero(s, axes_of({rr})) : min(s, axes_of({rr}));
  } else if (ord.kind == NormOrder::Kind::Default || ord.kind == NormOrder::Kind::Fro) {
    r = sqrt(sum_of_squares(x, axes_of({row, col}), false));
  } else if (ord.kind == NormOrder::Kind::Nuc) {
    const int64_t src[] = {row, col}, dst[] = {-2, -1};
    r = sum(svdvals(moveaxis(x, src, dst)), axes_of({-1}));
  } else {
    throw ValueError("Invalid norm order for matrices.");
  }
  if (keepdims) {
    Shape shape = x.shape();
    shape[row] = 1;
    shape[col] = 1;
    r = r.reshape(shape);
  }
  return r;
}

}  // namespace
}  // namespace cunumpy::linalg

namespace cunumpy::detail {

// The real (imag=false) or imaginary part of a complex array, as a view.
ndarray complex_part(const ndarray& x, bool imag) {
  const DType r = real_dtype(x.dtype());
  return ndarray(x.memory(), x.offset() + (imag && x.size() > 0 ? r.itemsize() : 0), x.shape(), x.strides(), r,
                 x);
}

ndarray max_from_zero(const ndarray& x, const Axes& axis, bool keepdims) {
  ReduceArgs args;
  args.axis = axis;
  args.keepdims = keepdims;
  args.initial = Scalar(0);
  return reduce(ReduceOp::Max, x, args);
}

// sum(|x|^2) over `axis`: re*re + im*im for complex, as NumPy (no hypot rounding).
ndarray sum_of_squares(const ndarray& x, const Axes& axis, bool keepdims) {
  ndarray sq;
  if (x.dtype().is_complex()) {
    const ndarray re = complex_part(x, false), im = complex_part(x, true);
    sq = add(multiply(re, re), multiply(im, im));
  } else {
    sq = multiply(x, x);
  }
  return sum(sq, axis, std::nullopt, keepdims);
}

}  // namespace cunumpy::detail

namespace cunumpy::linalg {

ndarray norm(const ndarray& x_in, const NormOrder& ord, const std::optional<std::vector<int64_t>>& axis_in,
             bool keepdims) {
  ndarray x = x_in;
  if (!x.dtype().is_complex() && !(x.dtype() == float16 || x.dtype() == float32 || x.dtype() == float64))
    x = x.astype(float64);
  const int nd = x.ndim();
  std::vector<int64_t> axis;
  if (!axis_in) {
    const bool fro = ord.kind == NormOrder::Kind::Fro && nd == 2;
    if (ord.kind == NormOrder::Kind::Default || fro || (ord.is(2) && nd == 1)) {
      ndarray r = sqrt(sum_of_squares(x.ravel(), std::nullopt, false));
      if (keepdims) r = r.reshape(Shape(static_cast<size_t>(nd), 1));
      return r;
    }
    if (nd == 1) axis = {0};
    else if (nd == 2) axis = {0, 1};
    else throw ValueError("Improper number of dimensions to norm.");
  } else {
    axis = *axis_in;
  }
  if (axis.size() == 1) return vector_norm_axis(x, ord, axis[0], keepdims);
  if (axis.size() == 2) return matrix_norm_axes(x, ord, axis[0], axis[1], keepdims);
  throw ValueError("Improper number of dimensions to norm.");
}

ndarray vector_norm(const ndarray& x, const std::optional<std::vector<int64_t>>& axis, bool keepdims,
                    const NormOrder& ord) {
  const int nd = x.ndim();
  ndarray y;
  int64_t ax = -1;
  if (!axis) {
    y = x.ravel();
    ax = 0;
  } else if (axis->size() == 1) {
    y = x;
    ax = (*axis)[0];
  } else {
    // The norm axes moved last and flattened into one.
    std::vector<bool> is_norm_axis(static_cast<size_t>(nd), false);
    std::vector<int64_t> order;
    for (int64_t a : *axis) is_norm_axis[static_cast<size_t>(normalize_axis(a, nd))] = true;
    Shape kept;
    for (int i = 0; i < nd; ++i)
      if (!is_norm_axis[static_cast<size_t>(i)]) {
        order.push_back(i);
        kept.push_back(x.shape()[i]);
      }
    for (int64_t a : *axis) order.push_back(normalize_axis(a, nd));
    kept.push_back(-1);
    y = transpose(x, order).reshape(kept);
  }
  ndarray r = norm(y, ord, std::vector<int64_t>{ax}, false);
  if (keepdims) {
    Shape shape = x.shape();
    if (!axis) {
      for (auto& v : shape) v = 1;
    } else {
      for (int64_t a : *axis) shape[normalize_axis(a, nd)] = 1;
    }
    r = r.reshape(shape);
  }
  return r;
}

ndarray matrix_norm(const ndarray& x, bool keepdims, const NormOrder& ord) {
  return norm(x, ord, std::vector<int64_t>{-2, -1}, keepdims);
}

ndarray cond(const ndarray& x, const NormOrder& p) {
  // NumPy's first check (_is_empty_2d): before the dimensions and the dtype
  if (x.size() == 0 && (x.ndim() < 2 || x.shape()[x.ndim() - 1] * x.shape()[x.ndim() - 2] == 0))
    throw LinAlgError("cond is not defined on empty arrays");
  detail::check_stacked_2d(x);
  ndarray r;
  if (p.kind == NormOrder::Kind::Default || p.is(2) || p.is(-2)) {
    const ndarray s = svdvals(x);
    const int64_t k = s.shape().back();
    const ndarray first = s[{ellipsis, int64_t(0)}];
    const ndarray last = s[{ellipsis, k - 1}];
    r = p.is(-2) ? true_divide(last, first) : true_divide(first, last);
  } else {
    detail::check_square(x);
    // A singular matrix gives inf (below), not LinAlgError: invert without the checks.
    ndarray invx;
    {
      const bool was = linalg_error_checks();
      set_linalg_error_checks(false);
      try {
        invx = inv(x);
      } catch (...) {
        set_linalg_error_checks(was);
        throw;
      }
      set_linalg_error_checks(was);
    }
    const std::vector<int64_t> last2{-2, -1};
    r = multiply(norm(x, p, last2), norm(invx, p, last2));
  }
  // Singular matrices: NaN from inf/inf or 0/0 becomes inf, unless x itself has NaNs.
  ReduceArgs over_matrix;
  over_matrix.axis = axes_of({-2, -1});
  const ndarray x_nan = any(isnan(x), over_matrix);
  const ndarray fix = logical_and(isnan(r), logical_not(x_nan));
  return where(fix, Operand(kInf), r).astype(r.dtype());
}

}  // namespace cunumpy::linalg
