// numpy.gradient: per axis, central differences of shifted views written straight into
// the output's interior (uniform steps), or the three-point formula for coordinates, and
// one-sided differences at both ends.
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/calculus.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/differences.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "ops/slice_axis.hpp"

namespace cunumpy {
namespace {

using detail::slice_axis;

// The step along one axis: a uniform value, or the differences of the coordinates.
struct Step {
  bool uniform = true;
  Scalar h = Scalar(1.0);
  ndarray dx;  // 1-D, when !uniform
};

Step step_of(const ndarray& s, int64_t len) {
  Step st;
  if (s.ndim() == 0) {
    const Scalar v = s.item();
    st.h = v.dtype().is_complex() ? v : Scalar(v.to_double());
    return st;
  }
  if (s.ndim() != 1) throw ValueError("distances must be either scalars or 1d");
  if (s.shape()[0] != len)
    throw ValueError("when 1d, distances must match the length of the corresponding dimension");
  const ndarray c = s.dtype().is_integer() || s.dtype().is_bool() ? s.astype(float64) : s;
  st.dx = diff(c);
  // Equal differences: the uniform formulas, as NumPy (one read back of a bool).
  if (st.dx.size() > 0 && all(equal(st.dx, slice_axis(st.dx, 0, 0, 1))).item().to_bool()) {
    st.h = slice_axis(st.dx, 0, 0, 1).item();
    if (!st.h.dtype().is_complex()) st.h = Scalar(st.h.to_double());
    return st;
  }
  st.uniform = false;
  return st;
}

// An array of the non-uniform coefficients shaped to broadcast along `axis` of ndim dims.
ndarray along(const ndarray& v, int axis, int ndim) {
  Shape s(static_cast<std::size_t>(ndim), 1);
  s[axis] = v.shape()[0];
  return v.reshape(s);
}

// c * h and c / h for the step h, on the host (no device round trip).
Scalar times(double c, const Scalar& h) {
  return h.dtype().is_complex() ? Scalar(c * h.to_complex()) : Scalar(c * h.to_double());
}
Scalar over(double c, const Scalar& h) {
  return h.dtype().is_complex() ? Scalar(c / h.to_complex()) : Scalar(c / h.to_double());
}

UfuncOptions into(const ndarray& dst) {
  UfuncOptions o;
  o.out = {dst};
  o.casting = Casting::Unsafe;  // NumPy assigns the float64 formulas into f's dtype
  return o;
}

void gradient_axis(const ndarray& f, ndarray& out, int ax, const Step& st, int64_t edge_order) {
  const int nd = f.ndim();
  auto sl = [&](const ndarray& a, std::optional<int64_t> lo, std::optional<int64_t> hi) {
    return slice_axis(a, ax, lo, hi);
  };
  const ndarray interior = sl(out, 1, -1), first = sl(out, 0, 1), last = sl(out, -1, std::nullopt);
  if (st.uniform) {
    const Operand h = Operand::weak(st.h);
    subtract(sl(f, 2, std::nullopt), sl(f, std::nullopt, -2), into(interior));
    true_divide(interior, Operand::weak(times(2.0, st.h)), into(interior));
    if (edge_order == 1) {  // any other order takes the second-order ends, as NumPy
      subtract(sl(f, 1, 2), sl(f, 0, 1), into(first));
      true_divide(first, h, into(first));
      subtract(sl(f, -1, std::nullopt), sl(f, -2, -1), into(last));
      true_divide(last, h, into(last));
    } else {
      auto h_scaled = [&](double c) { return Operand::weak(over(c, st.h)); };
      const ndarray r0 = add(add(multiply(sl(f, 0, 1), h_scaled(-1.5)), multiply(sl(f, 1, 2), h_scaled(2.0))),
                             multiply(sl(f, 2, 3), h_scaled(-0.5)));
      positive(r0, into(first));
      const ndarray r1 = add(add(multiply(sl(f, -3, -2), h_scaled(0.5)), multiply(sl(f, -2, -1), h_scaled(-2.0))),
                             multiply(sl(f, -1, std::nullopt), h_scaled(1.5)));
      positive(r1, into(last));
    }
    return;
  }
  const ndarray& dx = st.dx;
  const ndarray dx1 = slice_axis(dx, 0, 0, -1), dx2 = slice_axis(dx, 0, 1, std::nullopt);
  const ndarray sum12 = add(dx1, dx2);
  const ndarray a = along(true_divide(negative(dx2), multiply(dx1, sum12)), ax, nd);
  const ndarray b = along(true_divide(subtract(dx2, dx1), multiply(dx1, dx2)), ax, nd);
  const ndarray c = along(true_divide(dx1, multiply(dx2, sum12)), ax, nd);
  positive(add(add(multiply(a, sl(f, std::nullopt, -2)), multiply(b, sl(f, 1, -1))), multiply(c, sl(f, 2, std::nullopt))),
           into(interior));
  const int64_t n = dx.shape()[0];
  auto at = [&](int64_t i) { return slice_axis(dx, 0, i, i + 1); };  // 1-element, broadcasts
  if (edge_order == 1) {
    positive(true_divide(subtract(sl(f, 1, 2), sl(f, 0, 1)), at(0)), into(first));
    positive(true_divide(subtract(sl(f, -1, std::nullopt), sl(f, -2, -1)), at(n - 1)), into(last));
    return;
  }
  {
    const ndarray d1 = at(0), d2 = at(1), s = add(d1, d2);
    const ndarray ca = true_divide(negative(add(multiply(Operand::weak(Scalar(2.0)), d1), d2)), multiply(d1, s));
    const ndarray cb = true_divide(s, multiply(d1, d2));
    const ndarray cc = true_divide(negative(d1), multiply(d2, s));
    positive(add(add(multiply(ca, sl(f, 0, 1)), multiply(cb, sl(f, 1, 2))), multiply(cc, sl(f, 2, 3))), into(first));
  }
  {
    const ndarray d1 = at(n - 2), d2 = at(n - 1), s = add(d1, d2);
    const ndarray ca = true_divide(d2, multiply(d1, s));
    const ndarray cb = true_divide(negative(s), multiply(d1, d2));
    const ndarray cc = true_divide(add(multiply(Operand::weak(Scalar(2.0)), d2), d1), multiply(d2, s));
    positive(add(add(multiply(ca, sl(f, -3, -2)), multiply(cb, sl(f, -2, -1))), multiply(cc, sl(f, -1, std::nullopt))),
             into(last));
  }
}

}  // namespace

std::vector<ndarray> gradient(const ndarray& f_in, std::span<const ndarray> spacing,
                              const std::optional<std::vector<int64_t>>& axes_in, int64_t edge_order) {
  const int nd = f_in.ndim();
  std::vector<int> axes;
  if (axes_in) {
    for (int64_t a : *axes_in) {
      const int ax = normalize_axis(a, nd);
      for (int b : axes)
        if (b == ax) throw ValueError("repeated axis");
      axes.push_back(ax);
    }
  } else {
    for (int i = 0; i < nd; ++i) axes.push_back(i);
  }
  const std::size_t na = axes.size();
  if (!spacing.empty() && spacing.size() != 1 && spacing.size() != na)
    throw TypeError("invalid number of arguments");
  if (edge_order > 2) throw ValueError("'edge_order' greater than 2 not supported");
  std::vector<Step> steps(na);
  for (std::size_t k = 0; k < na; ++k) {
    if (spacing.empty()) continue;
    const ndarray& s = spacing.size() == 1 ? spacing[0] : spacing[k];
    if (spacing.size() == 1 && s.ndim() != 0 && na != 1) throw TypeError("invalid number of arguments");
    steps[k] = step_of(s, f_in.shape()[axes[k]]);
  }
  const ndarray f = f_in.dtype().is_integer() ? f_in.astype(float64) : f_in;
  std::vector<ndarray> result;
  result.reserve(na);
  for (std::size_t k = 0; k < na; ++k) {
    if (f.shape()[axes[k]] < edge_order + 1)
      throw ValueError("Shape of array too small to calculate a numerical gradient, at least "
                       "(edge_order + 1) elements are required.");
    if (edge_order < 1 && f.shape()[axes[k]] < 3) {  // NumPy's second-order ends index past the end
      const std::string len = std::to_string(f.shape()[axes[k]]);
      throw IndexError("index " + len + " is out of bounds for axis " + std::to_string(axes[k]) + " with size " + len);
    }
    ndarray out = empty_like(f);
    gradient_axis(f, out, axes[k], steps[k], edge_order);
    result.push_back(std::move(out));
  }
  return result;
}

}  // namespace cunumpy
