// searchsorted: one binary search per needle, an ElementwiseKernel (the same body runs on
// the CPU backend and, through NVRTC, one CUDA thread per needle), ordering as np.sort:
// NaN last, complex lexicographic with NaNs last. digitize is searchsorted on monotonic bins.
#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/elementwise_kernel.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "cunumpy/ops/searching.hpp"

namespace cunumpy {

namespace {

// NumPy's sort order as "less than" (npysort's LT and CFLOAT_LT).
constexpr const char* kPreamble = R"(
template <class U> __device__ bool cn_ss_lt(const U& x, const U& y) {
    return x < y || (y != y && x == x);
}
template <class U> __device__ bool cn_ss_lt(const complex<U>& a, const complex<U>& b) {
    U ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
    if (ar < br) return ai == ai || bi != bi;
    if (ar > br) return bi != bi && ai == ai;
    if (ar == br || (ar != ar && br != br)) return ai < bi || (bi != bi && ai == ai);
    return br != br;
}
)";

ElementwiseKernel make_search_kernel(bool right, bool sorter) {
  const detail::SearchKernelText t = detail::searchsorted_kernel_text(right, sorter);
  ElementwiseKernelOptions o;
  o.name = t.name;
  o.preamble = t.preamble;
  return ElementwiseKernel(t.in_params, t.out_params, t.body, o);
}

const ElementwiseKernel& search_kernel(bool right, bool sorter) {
  static const ElementwiseKernel kernels[4] = {make_search_kernel(false, false), make_search_kernel(false, true),
                                               make_search_kernel(true, false), make_search_kernel(true, true)};
  return kernels[(right ? 2 : 0) + (sorter ? 1 : 0)];
}

// NumPy's result_type of a and v, v's Python scalars weak, through the type resolution of
// `_where` (loops ?xx->x). A Python int past an integer a's range is compared by value
// (-1 before every uint8): it promotes as an int64 (uint64) would.
DType comparison_dtype(const ndarray& a, Operand& v) {
  static const Ufunc& select = get_ufunc("_where");
  const DType vd = v.is_scalar() ? v.scalar().dtype() : bool_;
  if (v.is_weak() && a.dtype().is_integer() && (v.is_huge_int() || vd == int64 || vd == uint64)) {
    const IInfo info = iinfo(a.dtype());
    const Scalar& s = v.scalar();
    const bool fits = v.is_huge_int() ? false
                      : s.dtype() == uint64 ? s.to_uint64() <= info.max
                                            : s.to_int64() >= info.min &&
                                                  (s.to_int64() < 0 || static_cast<uint64_t>(s.to_int64()) <= info.max);
    if (!fits) {
      if (v.is_huge_int())
        throw TypeError("searchsorted: a Python int beyond 64 bits cannot be compared with an integer array");
      v = Operand(s, false);
    }
  }
  const Operand in[3] = {Operand(Scalar(true)), a, v};
  return resolve_ufunc(select, in).loop->types[1];
}

}  // namespace

detail::SearchKernelText detail::searchsorted_kernel_text(bool right, bool sorter) {
  const std::string at = sorter ? "a[s[m]]" : "a[m]";
  // left: the first p with !(a[p] < v); right: the first p with v < a[p].
  const std::string test = right ? "!cn_ss_lt(v, " + at + ")" : "cn_ss_lt(" + at + ", v)";
  SearchKernelText t;
  t.name = std::string("cn_searchsorted_") + (right ? "right" : "left") + (sorter ? "_sorter" : "");
  t.in_params = sorter ? "raw T a, raw int64 s, T v, int64 n" : "raw T a, T v, int64 n";
  t.out_params = "int64 out";
  t.body =
      "long long lo = 0, hi = n;\n"
      "while (lo < hi) {\n"
      "  long long m = lo + ((hi - lo) >> 1);\n"
      "  if (" + test + ") lo = m + 1; else hi = m;\n"
      "}\n"
      "out = lo;";
  t.preamble = kPreamble;
  return t;
}

ndarray searchsorted(const ndarray& a, const Operand& v_in, Side side, const std::optional<ndarray>& sorter) {
  if (a.ndim() != 1)
    throw ValueError(a.ndim() > 1 ? "object too deep for desired array"
                                  : "object of too small depth for desired array");
  Operand v = v_in;
  const DType dt = comparison_dtype(a, v);
  // A scalar needle becomes a 0-d array, so that the result is a 0-d array too.
  ndarray vv = v.is_array() ? v.array() : full(Shape{}, v.scalar().cast(dt), dt);
  if (vv.dtype() != dt) vv = vv.astype(dt);
  const ndarray aa = a.dtype() == dt ? a : a.astype(dt);
  const int64_t n = aa.shape()[0];
  const bool right = side == Side::Right;
  if (!sorter) return search_kernel(right, false)({aa, vv, Operand(Scalar(n))})[0];
  const ndarray& s0 = *sorter;
  if (!s0.dtype().is_integer()) throw TypeError("searchsorted(): sorter must only contain integers");
  if (s0.ndim() != 1 || s0.shape()[0] != n) throw ValueError("sorter.size must equal a.size");
  const ndarray s = s0.dtype() == int64 ? s0 : s0.astype(int64);
  if (n) {
    // One check (and one synchronization) for both ends.
    const ndarray bad = any(logical_or(less(s, Operand(Scalar(int64_t{0}))), greater_equal(s, Operand(Scalar(n)))));
    if (bad.item().to_bool()) throw ValueError("Sorter index out of range.");
  }
  return search_kernel(right, true)({aa, s, vv, Operand(Scalar(n))})[0];
}

ndarray digitize(const ndarray& x, const ndarray& bins, bool right) {
  if (x.dtype().is_complex()) throw TypeError("x may not be complex");
  if (bins.ndim() != 1)
    throw ValueError(bins.ndim() > 1 ? "object too deep for desired array"
                                     : "object of too small depth for desired array");
  const int64_t n = bins.shape()[0];
  bool increasing = true;
  if (n > 1) {
    // NumPy's _monotonicity, on the bins' differences (bool and unsigned through float64).
    ndarray hi = bins[{Slice{1, std::nullopt, std::nullopt}}];
    ndarray lo = bins[{Slice{std::nullopt, -1, std::nullopt}}];
    if (bins.dtype().is_bool() || bins.dtype().is_unsigned_integer()) {
      hi = hi.astype(float64);
      lo = lo.astype(float64);
    }
    const ndarray d = subtract(hi, lo);
    increasing = all(greater_equal(d, Operand(Scalar(int64_t{0}), true))).item().to_bool();
    if (!increasing && !all(less_equal(d, Operand(Scalar(int64_t{0}), true))).item().to_bool())
      throw ValueError("bins must be monotonically increasing or decreasing");
  }
  const Side side = right ? Side::Left : Side::Right;
  if (increasing) return searchsorted(bins, x, side);
  // Decreasing bins: search the reversed bins, count from the other end (NumPy's way).
  const ndarray reversed = bins[{Slice{std::nullopt, std::nullopt, -1}}];
  return subtract(Operand(Scalar(n)), searchsorted(reversed, x, side));
}

}  // namespace cunumpy
