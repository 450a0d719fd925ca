// CUDA executor of interp (task in core/backend_tasks_calculus.hpp): one generated kernel
// (real or complex fp), a thread per point doing the binary search over xp, grid-stride.
// The same rules as the CPU executor (backend/cpu/interp_cpu.cpp).
#include <string>

#include "backend/cuda/cuda_executors.hpp"
#include "core/backend_tasks_calculus.hpp"
#include "kernels/cuda/kernel_cache.hpp"
#include "runtime/cuda/driver.hpp"

namespace cunumpy::detail {
namespace {

std::string interp_source(bool is_complex) {
  std::string s = is_complex ? "#define CN_COMPLEX 1\n" : "";
  s += R"(
struct cn_c128 { double re, im; };
__device__ long long cn_interval(const double* __restrict__ xp, long long n, double v) {
  if (v > xp[n - 1]) return n;
  if (v < xp[0]) return -1;
  if (isnan(v)) return 0;
  long long lo = 0, hi = n;
  while (lo < hi) {
    const long long mid = lo + (hi - lo) / 2;
    if (xp[mid] <= v) lo = mid + 1; else hi = mid;
  }
  return lo - 1;
}
__device__ double cn_inside(double v, double x0, double x1, double f0, double f1, double slope) {
  double r = __dmul_rn(slope, v - x0) + f0;  // never fused: the CPU's (and NumPy's) rounding
  if (isnan(r)) {
    r = __dmul_rn(slope, v - x1) + f1;
    if (isnan(r) && f0 == f1) r = f0;
  }
  return r;
}
#ifdef CN_COMPLEX
typedef cn_c128 T;
#else
typedef double T;
#endif
extern "C" __global__ void cn_interp(const double* __restrict__ x, const double* __restrict__ xp,
                                     const T* __restrict__ fp, T* __restrict__ out, long long n,
                                     long long count, double lre, double lim, double rre, double rim,
                                     int has_left, int has_right) {
#ifdef CN_COMPLEX
  const T left = has_left ? T{lre, lim} : fp[0], right = has_right ? T{rre, rim} : fp[n - 1];
#else
  const T left = has_left ? lre : fp[0], right = has_right ? rre : fp[n - 1];
#endif
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < count;
       i += (long long)gridDim.x * blockDim.x) {
    const double v = x[i];
    if (n == 1) {
      out[i] = v < xp[0] ? left : (v > xp[0] ? right : fp[0]);
      continue;
    }
    if (isnan(v)) {  // NumPy: a NaN point is NaN (complex: NaN + 0j)
#ifdef CN_COMPLEX
      out[i] = T{v, 0.0};
#else
      out[i] = v;
#endif
      continue;
    }
    const long long j = cn_interval(xp, n, v);
    if (j < 0) { out[i] = left; continue; }
    if (j >= n) { out[i] = right; continue; }
    const double x0 = xp[j];
    if (j == n - 1 || x0 == v) { out[i] = fp[j]; continue; }
    const double x1 = xp[j + 1];
    const T f0 = fp[j], f1 = fp[j + 1];
#ifdef CN_COMPLEX
    const double inv = 1.0 / (x1 - x0);
    T r;
    r.re = cn_inside(v, x0, x1, f0.re, f1.re, (f1.re - f0.re) * inv);
    r.im = cn_inside(v, x0, x1, f0.im, f1.im, (f1.im - f0.im) * inv);
    out[i] = r;
#else
    out[i] = cn_inside(v, x0, x1, f0, f1, (f1 - f0) / (x1 - x0));
#endif
  }
}
)";
  return s;
}

}  // namespace

void run_interp_cuda(int device, const InterpTask& t) {
  long long count = t.x.size();
  if (count == 0) return;
  const bool is_complex = t.fp.dtype() == complex128;
  cuda::ensure_context(device);
  cuda::Function f = cuda::get_kernel(device, is_complex ? "interp|c" : "interp|r",
                                      interp_source(is_complex), "cn_interp");
  const void* x = t.x.data();
  const void* xp = t.xp.data();
  const void* fp = t.fp.data();
  void* out = t.out.data();
  long long n = t.xp.size();
  double lre = t.left.real(), lim = t.left.imag(), rre = t.right.real(), rim = t.right.imag();
  int has_left = t.has_left ? 1 : 0, has_right = t.has_right ? 1 : 0;
  void* args[] = {&x, &xp, &fp, &out, &n, &count, &lre, &lim, &rre, &rim, &has_left, &has_right};
  constexpr unsigned kBlock = 256;
  const long long blocks = (count + kBlock - 1) / kBlock;
  const long long cap = static_cast<long long>(cuda::multiprocessor_count(device)) * 32;
  cuda::launch(f, static_cast<unsigned>(blocks < cap ? blocks : cap), kBlock, args, 0,
               cuda::current_stream(device));
}

}  // namespace cunumpy::detail
