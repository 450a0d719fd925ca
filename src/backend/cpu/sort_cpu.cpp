// CPU sort of an (M, K) view along its last axis: rows on the thread pool. Rows of
// kRadixMin or more integer, bool or float elements are radix sorted (radix_sort_cpu.hpp,
// the same keys as the CUDA kernels); others, and complex values, are a std::stable_sort
// with NumPy's comparison (NaNs last; complex by NumPy's CFLOAT_LT). One long row is
// split over the pool (radix passes by chunks; comparison sorts by chunks then merged).
#include <algorithm>
#include <numeric>
#include <vector>

#include "backend/cpu/parallel.hpp"
#include "backend/cpu/radix_sort_cpu.hpp"
#include "core/dtype_dispatch.hpp"
#include "backend/cpu/cpu_executors.hpp"

namespace cunumpy::cpu {
namespace {

template <class T>
struct Less {
  bool operator()(const T& a, const T& b) const { return a < b; }
};
template <class F>
bool float_less(F a, F b) {
  return a < b || (b != b && a == a);
}
template <>
struct Less<float> {
  bool operator()(float a, float b) const { return float_less(a, b); }
};
template <>
struct Less<double> {
  bool operator()(double a, double b) const { return float_less(a, b); }
};
template <>
struct Less<cn::half> {
  bool operator()(cn::half a, cn::half b) const { return float_less(cn::half_to_float(a.bits), cn::half_to_float(b.bits)); }
};
// NumPy's CFLOAT_LT (npysort_common.h): R + Rj < R + nanj < nan + Rj < nan + nanj.
template <class F>
struct Less<cn::complex<F>> {
  bool operator()(const cn::complex<F>& a, const cn::complex<F>& b) const {
    if (a.re < b.re) return a.im == a.im || b.im != b.im;
    if (a.re > b.re) return b.im != b.im && a.im == a.im;
    if (a.re == b.re || (a.re != a.re && b.re != b.re)) return a.im < b.im || (b.im != b.im && a.im == a.im);
    return b.re != b.re;
  }
};

// Sorts [first, last) stably with `less`, splitting a long range over the pool.
template <class It, class C>
void parallel_stable_sort(It first, It last, C less, bool split) {
  const int64_t n = last - first;
  const int parts = split ? std::min<int64_t>(num_threads(), n / 65536) : 1;
  if (parts <= 1) {
    std::stable_sort(first, last, less);
    return;
  }
  std::vector<int64_t> cut(parts + 1);
  for (int p = 0; p <= parts; ++p) cut[p] = n * p / parts;
  parallel_for(parts, 1, [&](int64_t b, int64_t e) {
    for (int64_t p = b; p < e; ++p) std::stable_sort(first + cut[p], first + cut[p + 1], less);
  });
  for (int width = 1; width < parts; width *= 2)
    for (int p = 0; p + width < parts; p += 2 * width)
      std::inplace_merge(first + cut[p], first + cut[p + width], first + cut[std::min(p + 2 * width, parts)], less);
}

constexpr int64_t kRadixMin = 256;

template <class T>
void sort_rows(const detail::SortTask& t) {
  const int64_t M = t.in.shape()[0], K = t.in.shape()[1];
  const int64_t sm = t.in.strides()[0], sk = t.in.strides()[1];
  const char* base = static_cast<const char*>(t.in.data());
  T* vals = t.values.defined() ? static_cast<T*>(t.values.data()) : nullptr;
  int64_t* idx = t.indices.defined() ? static_cast<int64_t*>(t.indices.data()) : nullptr;
  const bool split = M == 1;
  Less<T> less;
  parallel_for(M, std::max<int64_t>(1, (1 << 16) / K), [&](int64_t b, int64_t e) {
    std::vector<std::pair<T, int64_t>> pairs;
    ndarray scratch;
    for (int64_t m = b; m < e; ++m) {
      const char* r = base + m * sm;
      if constexpr (RadixKey<T>::ok) {
        if (K >= kRadixMin) {
          // Scratch from the host pool, so a repeated sort does not fault fresh pages in.
          if (!scratch.defined())
            scratch = ndarray(Shape{radix_scratch_bytes<T>(K, idx != nullptr)}, uint8, Order::C, t.in.device());
          radix_sort_row<T>(r, sk, K, vals ? vals + m * K : nullptr, idx ? idx + m * K : nullptr, split,
                            static_cast<char*>(scratch.data()));
          continue;
        }
      }
      if (!idx) {
        // Values only: equal values are indistinguishable, so sort them in place.
        T* o = vals + m * K;
        for (int64_t k = 0; k < K; ++k) o[k] = *reinterpret_cast<const T*>(r + k * sk);
        parallel_stable_sort(o, o + K, less, split);
        continue;
      }
      pairs.resize(K);
      for (int64_t k = 0; k < K; ++k) pairs[k] = {*reinterpret_cast<const T*>(r + k * sk), k};
      parallel_stable_sort(pairs.begin(), pairs.end(),
                           [&](const std::pair<T, int64_t>& x, const std::pair<T, int64_t>& y) { return less(x.first, y.first); },
                           split);
      for (int64_t k = 0; k < K; ++k) {
        idx[m * K + k] = pairs[k].second;
        if (vals) vals[m * K + k] = pairs[k].first;
      }
    }
  });
}

}  // namespace
}  // namespace cunumpy::cpu

namespace cunumpy::detail {

void run_sort_cpu(const SortTask& task) {
  dispatch_dtype(task.in.dtype(), [&](auto tag) { cpu::sort_rows<typename decltype(tag)::type>(task); });
}

}  // namespace cunumpy::detail
