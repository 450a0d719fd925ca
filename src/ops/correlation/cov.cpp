// cov and corrcoef following NumPy's formulas line by line. X @ X^H is a broadcast product
// summed over the observations (no matmul yet), so the summation order, not the result,
// differs from NumPy's BLAS call. The weights are checked and combined on the host (one
// number per observation), as NumPy does.
#include <cmath>
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/base/fp_errors.hpp"
#include "cunumpy/ops/correlation.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/reduction.hpp"

namespace cunumpy {
namespace {

ndarray ndmin2(const ndarray& a, DType dtype) {
  const ndarray x = a.dtype() == dtype ? a : a.astype(dtype);
  return x.ndim() < 2 ? x.reshape(Shape{1, x.size()}) : x;
}

// NumPy's checks of fweights/aweights, on the host as float64.
std::vector<double> host_weights(const ndarray& w, const std::string& name, int64_t n) {
  const std::vector<double> v = w.astype(float64).to_vector<double>();
  if (name == "fweights")
    for (double x : v)
      if (x != std::nearbyint(x)) throw TypeError("fweights must be integer");
  if (w.ndim() > 1) throw Error("cannot handle multidimensional " + name);  // RuntimeError
  if (w.ndim() == 0 || w.shape()[0] != n) throw Error("incompatible numbers of samples and " + name);
  for (double x : v)
    if (x < 0) throw ValueError(name + " cannot be negative");
  return v;
}

// a[:, None, :]-style views: `axis` inserted as a new axis of length 1.
ndarray with_axis(const ndarray& a, int64_t axis) {
  Shape s;
  for (int d = 0; d < a.ndim(); ++d) {
    if (d == axis) s.push_back(1);
    s.push_back(a.shape()[d]);
  }
  if (axis == a.ndim()) s.push_back(1);
  return a.reshape(s);
}

}  // namespace

ndarray cov(const ndarray& m, const CovArgs& args, OpWarnings* warnings) {
  if (m.ndim() > 2) throw ValueError("m has more than 2 dimensions");
  if (args.y && args.y->ndim() > 2) throw ValueError("y has more than 2 dimensions");
  DType dtype = promote_types(m.dtype(), float64);
  if (args.y) dtype = promote_types(dtype, args.y->dtype());
  if (args.dtype) dtype = *args.dtype;
  ndarray X = ndmin2(m, dtype);
  if (!args.rowvar && m.ndim() != 1) X = X.T();
  if (X.shape()[0] == 0) return zeros(Shape{0, 0}, float64);
  if (args.y) {
    ndarray y = ndmin2(*args.y, dtype);
    if (!args.rowvar && y.shape()[0] != 1) y = y.T();
    const ndarray parts[2] = {X, y};
    X = concatenate(parts, 0);
  }
  const int64_t ddof = args.ddof ? *args.ddof : (args.bias ? 0 : 1);
  const int64_t n = X.shape()[1];
  std::vector<double> w, aw;
  if (args.fweights) w = host_weights(*args.fweights, "fweights", n);
  if (args.aweights) {
    aw = host_weights(*args.aweights, "aweights", n);
    if (!args.fweights) {
      w = aw;
    } else {
      for (std::size_t i = 0; i < w.size(); ++i) w[i] *= aw[i];
    }
  }
  const bool weighted = args.fweights || args.aweights;
  ndarray avg, wd;
  double fact;
  if (!weighted) {
    avg = mean(X, SmallVector<int64_t, 8>{1});
    fact = static_cast<double>(n - ddof);
  } else {
    double w_sum = 0;
    for (double x : w) w_sum += x;
    if (w_sum == 0) throw ZeroDivisionError("Weights sum to zero, can't be normalized");
    wd = array_from_host(w.data(), Shape{n}, Strides{static_cast<int64_t>(sizeof(double))}, float64,
                         X.device());
    // NumPy's average: multiply(a, wgt).sum(axis) / scl (its steps' error names)
    const ndarray weighted_x = multiply(X, wd);
    label_fp_errors("multiply");
    const ndarray weighted_sum = sum(weighted_x, SmallVector<int64_t, 8>{1});
    label_fp_errors("reduce");
    avg = true_divide(weighted_sum, w_sum);
    label_fp_errors("divide");
    if (ddof == 0) {
      fact = w_sum;
    } else if (!args.aweights) {
      fact = w_sum - static_cast<double>(ddof);
    } else {
      double waw = 0;
      for (std::size_t i = 0; i < w.size(); ++i) waw += w[i] * aw[i];
      fact = w_sum - static_cast<double>(ddof) * waw / w_sum;
    }
  }
  if (fact <= 0) {
    report(warnings, &OpWarnings::degrees_of_freedom);
    report(warnings, &OpWarnings::divide_by_zero);  // NumPy's true_divide(1, 0.0) below
    fact = 0.0;
  }
  // Each step's floating-point errors get the name of NumPy's step (fp_errors.hpp).
  X = subtract(X, with_axis(avg, 1)).astype(dtype);
  label_fp_errors("subtract");
  ndarray XT = weighted ? multiply(X, wd) : X;  // float64 weights promote, as NumPy's X*w
  label_fp_errors("multiply");
  if (X.dtype().is_complex()) XT = conjugate(XT);
  ndarray c = sum(multiply(with_axis(X, 1), with_axis(XT, 0)), SmallVector<int64_t, 8>{2});
  label_fp_errors("dot");
  UfuncOptions o;
  o.out = {c};  // in place, as NumPy: keeps c's dtype
  const double inv = fact == 0.0 ? HUGE_VAL : 1.0 / fact;
  multiply(c, Operand(Scalar(inv)), o);
  label_fp_errors("multiply");
  return c.squeeze();
}

ndarray corrcoef(const ndarray& x, const std::optional<ndarray>& y, bool rowvar, std::optional<DType> dtype,
                 OpWarnings* warnings) {
  CovArgs args;
  args.y = y;
  args.rowvar = rowvar;
  args.dtype = dtype;
  ndarray c = cov(x, args, warnings);
  if (c.ndim() < 2) return true_divide(c, c);  // a scalar covariance: 1, or nan as NumPy
  const ndarray d = diagonal(c);
  const ndarray stddev = sqrt(d.dtype().is_complex() ? d.astype(real_dtype(d.dtype())) : d);
  label_fp_errors("sqrt");
  c = true_divide(true_divide(c, with_axis(stddev, 1)), with_axis(stddev, 0));
  label_fp_errors("divide");
  // Clip to [-1, 1]: rounding can take |c| slightly past 1.
  if (c.dtype().is_complex()) {
    const ndarray parts = c.view(real_dtype(c.dtype()));  // (.., 2n): real, imag interleaved
    for (int64_t start : {0, 1}) {
      std::vector<Index> idx(static_cast<std::size_t>(parts.ndim()), Index(Slice{}));
      idx.back() = Slice{start, std::nullopt, 2};
      ndarray part = parts[std::span<const Index>(idx)];
      part.assign(minimum(maximum(part, -1), 1));
    }
  } else {
    c = minimum(maximum(c, Operand(Scalar(-1).cast(c.dtype()))), Operand(Scalar(1).cast(c.dtype())));
  }
  return c;
}

}  // namespace cunumpy
