// CPU executor of interp (task in core/backend_tasks_calculus.hpp): a binary search per
// point, chunks of points on the thread pool.
#include <cmath>
#include <complex>
#include <cstdint>

#include "backend/cpu/cpu_executors.hpp"
#include "backend/cpu/parallel.hpp"
#include "core/backend_tasks_calculus.hpp"

namespace cunumpy::detail {
namespace {

// The interval j with xp[j] <= v < xp[j+1], -1 below xp[0], n above xp[n-1], n-1 at
// xp[n-1] (NaN points never get here).
int64_t find_interval(const double* xp, int64_t n, double v) {
  if (v > xp[n - 1]) return n;
  if (v < xp[0]) return -1;
  if (std::isnan(v)) return 0;
  int64_t lo = 0, hi = n;  // first index with xp[i] > v lies in [lo, hi]
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (xp[mid] <= v) lo = mid + 1; else hi = mid;
  }
  return lo - 1;
}

// One part (real or imaginary) of the value inside interval j, with NumPy's NaN retries.
double inside(double v, const double* xp, double f0, double f1, int64_t j, double slope) {
  double r = slope * (v - xp[j]) + f0;
  if (std::isnan(r)) {
    r = slope * (v - xp[j + 1]) + f1;
    if (std::isnan(r) && f0 == f1) r = f0;
  }
  return r;
}

template <class T>
void interp_range(const InterpTask& t, int64_t begin, int64_t end) {
  constexpr bool kComplex = !std::is_same_v<T, double>;
  const double* x = static_cast<const double*>(t.x.data());
  const double* xp = static_cast<const double*>(t.xp.data());
  const T* fp = static_cast<const T*>(t.fp.data());
  T* out = static_cast<T*>(t.out.data());
  const int64_t n = t.xp.size();
  T left, right;
  if constexpr (kComplex) left = t.left, right = t.right;
  else left = t.left.real(), right = t.right.real();
  if (!t.has_left) left = fp[0];
  if (!t.has_right) right = fp[n - 1];
  for (int64_t i = begin; i < end; ++i) {
    const double v = x[i];
    if (n == 1) {
      out[i] = v < xp[0] ? left : (v > xp[0] ? right : fp[0]);
      continue;
    }
    if (std::isnan(v)) {  // NumPy: a NaN point is NaN (complex: NaN + 0j)
      out[i] = T(v);
      continue;
    }
    const int64_t j = find_interval(xp, n, v);
    if (j < 0) { out[i] = left; continue; }
    if (j >= n) { out[i] = right; continue; }
    if (j == n - 1 || xp[j] == v) { out[i] = fp[j]; continue; }
    if constexpr (kComplex) {
      const double inv = 1.0 / (xp[j + 1] - xp[j]);
      const double re = inside(v, xp, fp[j].real(), fp[j + 1].real(), j, (fp[j + 1].real() - fp[j].real()) * inv);
      const double im = inside(v, xp, fp[j].imag(), fp[j + 1].imag(), j, (fp[j + 1].imag() - fp[j].imag()) * inv);
      out[i] = T(re, im);
    } else {
      out[i] = inside(v, xp, fp[j], fp[j + 1], j, (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j]));
    }
  }
}

}  // namespace

void run_interp_cpu(const InterpTask& t) {
  const bool is_complex = t.fp.dtype() == complex128;
  cpu::parallel_for(t.x.size(), 1 << 14, [&](int64_t b, int64_t e) {
    if (is_complex) interp_range<std::complex<double>>(t, b, e);
    else interp_range<double>(t, b, e);
  });
}

}  // namespace cunumpy::detail
