// The cosine-sum and triangular windows and kaiser, from arange and ufuncs as NumPy
// defines them; M < 1 gives an empty window and M == 1 a single 1.0.
#include <cmath>
#include <numbers>

#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/searching.hpp"
#include "cunumpy/ops/windows.hpp"

namespace cunumpy {
namespace {

Operand w(double v) { return Operand::weak(Scalar(v)); }

// The window's degenerate sizes, or nullopt to compute it.
std::optional<ndarray> trivial(double M) {
  if (M < 1) return empty(Shape{0}, float64);
  if (M == 1) return ones(Shape{1}, float64);
  return std::nullopt;
}

// n = 1-M, 3-M, ..., M-1 (the symmetric sample positions) times pi / (M - 1).
ndarray phase(double M, double scale = 1.0) {
  const ndarray n = arange(Scalar(1 - M), Scalar(M), Scalar(2.0), float64);
  return true_divide(multiply(w(scale * std::numbers::pi), n), w(M - 1));
}

}  // namespace

ndarray bartlett(double M) {
  if (auto t = trivial(M)) return *t;
  const ndarray n = arange(Scalar(1 - M), Scalar(M), Scalar(2.0), float64);
  const ndarray r = true_divide(n, w(M - 1));
  return where(less_equal(n, w(0.0)), add(w(1.0), r), subtract(w(1.0), r));
}

ndarray blackman(double M) {
  if (auto t = trivial(M)) return *t;
  return add(add(w(0.42), multiply(w(0.5), cos(phase(M)))), multiply(w(0.08), cos(phase(M, 2.0))));
}

ndarray hamming(double M) {
  if (auto t = trivial(M)) return *t;
  return add(w(0.54), multiply(w(0.46), cos(phase(M))));
}

ndarray hanning(double M) {
  if (auto t = trivial(M)) return *t;
  return add(w(0.5), multiply(w(0.5), cos(phase(M))));
}

ndarray kaiser(double M, double beta) {
  if (M == 1) return ones(Shape{1}, float64);
  const ndarray n = arange(Scalar(0.0), Scalar(M), Scalar(1.0), float64);
  const double alpha = (M - 1) / 2.0;
  const ndarray r = true_divide(subtract(n, w(alpha)), w(alpha));
  const ndarray arg = multiply(w(beta), sqrt(subtract(w(1.0), power(r, w(2.0)))));
  const ndarray b = full(Shape{}, Scalar(beta), float64);
  return true_divide(i0(arg), i0(b));
}

}  // namespace cunumpy
