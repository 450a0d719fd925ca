// correlate/convolve: one ElementwiseKernel, a thread (CPU: a loop iteration) per output
// position computing its dot product over the overlap, the same body on both backends,
// accumulating as NumPy's dot loops do (float16 in float).
#include <algorithm>
#include <cstdlib>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/correlation.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/elementwise_kernel.hpp"

namespace cunumpy {
namespace {

constexpr const char* kPreamble = R"(
template <class U> struct cn_corr_acc { typedef U type; };
template <> struct cn_corr_acc<float16> { typedef float type; };
)";

// z[k] = sum over n of a[n + k - (M-1)] * w[n], for k = i + n_off (the full correlation's
// index; a has N elements, w has M).
constexpr const char* kBody = R"(const long long N = n_a, M = n_w;
long long k = (long long)i + n_off;
long long lo = (M - 1 - k) > 0 ? (M - 1 - k) : 0;
long long hi = (N + M - 1 - k) < M ? (N + M - 1 - k) : M;
typename cn_corr_acc<T>::type acc = 0;
for (long long j = lo; j < hi; ++j)
  acc += (typename cn_corr_acc<T>::type)a[j + k - (M - 1)] * (typename cn_corr_acc<T>::type)w[j];
z = (T)acc;)";

constexpr const char* kParams = "raw T a, raw T w, int64 n_a, int64 n_w, int64 n_off";

// Built once and never destroyed: its compiled modules must outlive static destruction
// order (the CUDA driver may be gone at exit).
const ElementwiseKernel& kernel() {
  static const ElementwiseKernel* k = [] {
    ElementwiseKernelOptions o;
    o.name = "cn_correlate";
    o.preamble = kPreamble;
    return new ElementwiseKernel(kParams, "T z", kBody, o);
  }();
  return *k;
}

void check_1d(const ndarray& a, const char* name) {
  if (a.ndim() != 1)
    throw ValueError(a.ndim() > 1 ? "object too deep for desired array" : "object of too small depth for desired array");
  if (a.shape()[0] == 0) throw ValueError(std::string(name) + " cannot be empty");
}

// The slice of the full correlation of a (N) with w (M) that `mode` keeps; NumPy's 'same'
// centres on the shorter input (swapped_same: it was a).
ndarray correlate_full_slice(const ndarray& a, const ndarray& w, CorrelateMode mode, bool swapped_same) {
  const int64_t N = a.shape()[0], M = w.shape()[0];
  int64_t off, length;
  if (mode == CorrelateMode::Full) {
    off = 0;
    length = N + M - 1;
  } else if (mode == CorrelateMode::Valid) {
    off = std::min(N, M) - 1;
    length = std::abs(N - M) + 1;
  } else {
    length = std::max(N, M);
    off = swapped_same ? N / 2 : (M - 1) - M / 2;
  }
  const ndarray out = zeros(Shape{length}, a.dtype(), Order::C);
  const Operand args[6] = {Operand(a), Operand(w), Operand(Scalar(N)), Operand(Scalar(M)), Operand(Scalar(off)),
                           Operand(out)};
  return kernel()(args)[0];
}

std::pair<ndarray, ndarray> promoted(const ndarray& a, const ndarray& v) {
  const DType dt = promote_types(a.dtype(), v.dtype());
  return {a.dtype() == dt ? a : a.astype(dt), v.dtype() == dt ? v : v.astype(dt)};
}

}  // namespace

ndarray correlate(const ndarray& a0, const ndarray& v0, CorrelateMode mode) {
  check_1d(a0, "a");
  check_1d(v0, "v");
  auto [a, v] = promoted(a0, v0);
  if (v.dtype().is_complex()) v = conjugate(v);
  return correlate_full_slice(a, v, mode, a.shape()[0] < v.shape()[0]);
}

ndarray convolve(const ndarray& a0, const ndarray& v0, CorrelateMode mode) {
  ndarray a = a0.ndim() == 0 ? a0.reshape(Shape{1}) : a0;
  ndarray v = v0.ndim() == 0 ? v0.reshape(Shape{1}) : v0;
  if (v.ndim() == 1 && a.ndim() == 1 && v.shape()[0] > a.shape()[0]) std::swap(a, v);
  if (a.ndim() == 1 && a.shape()[0] == 0) throw ValueError("a cannot be empty");
  if (v.ndim() == 1 && v.shape()[0] == 0) throw ValueError("v cannot be empty");
  check_1d(a, "a");
  check_1d(v, "v");
  auto [pa, pv] = promoted(a, v);
  const Index rev[1] = {Slice{std::nullopt, std::nullopt, -1}};
  return correlate_full_slice(pa, pv[std::span<const Index>(rev)], mode, false);
}

KernelSpec correlate_kernel_spec() { return {kParams, "T z", kBody, kPreamble}; }

}  // namespace cunumpy
