// CPU histogram executors: each element's bin as the op resolved it (the value itself,
// NumPy's equal-bin arithmetic in its dtypes, or a binary search of the edges), counted
// into per-chunk private bins merged at the end (the CPU analogue of the CUDA kernel's
// shared-memory bins). Weighted sums run in element order, so they are NumPy's exactly.
#include <algorithm>
#include <cmath>
#include <mutex>
#include <type_traits>
#include <vector>

#include "backend/cpu/cpu_executors.hpp"
#include "backend/cpu/parallel.hpp"
#include "core/backend_tasks_histogram.hpp"
#include "core/dtype_dispatch.hpp"
#include "cunumpy/base/errors.hpp"

namespace cunumpy::detail {
namespace {

constexpr int64_t kChunk = 4096;  // elements binned per step (their bins computed first)

// Calls f with the C++ type of a real, non-float16 dtype (what a task may hold).
template <class F>
void dispatch_real(DType d, F&& f) {
  dispatch_dtype(d, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_arithmetic_v<T>) f(tag);
    else throw ValueError(std::string("histogram: unsupported dtype ") + d.name());
  });
}

template <class T>
T scalar_as(const Scalar& s) {
  return s.dtype().is_floating() ? static_cast<T>(s.to_double())
         : s.dtype().is_unsigned_integer() ? static_cast<T>(s.to_uint64())
                                   : static_cast<T>(s.to_int64());
}

// Fills bin[0..m) for x[0..m): the bin, or -1 outside the bins.
template <class TA>
void bins_of(const HistogramTask& t, const TA* x, int64_t m, int64_t* bin) {
  const int64_t n = t.n;
  switch (t.binning) {
    case HistogramBinning::Values:
      for (int64_t i = 0; i < m; ++i) bin[i] = static_cast<int64_t>(x[i]);
      return;
    case HistogramBinning::EqualBins: {
      std::vector<unsigned char> keep(static_cast<std::size_t>(m));
      dispatch_real(t.range_type, [&](auto tk) {
        using TK = typename decltype(tk)::type;
        const TK lo = scalar_as<TK>(t.lo), hi = scalar_as<TK>(t.hi);
        for (int64_t i = 0; i < m; ++i) {
          const TK v = static_cast<TK>(x[i]);
          keep[i] = v >= lo && v <= hi;
        }
      });
      auto run = [&](auto te, auto ts, auto td) {
        using TE = typename decltype(te)::type;
        using TS = typename decltype(ts)::type;
        using TD = typename decltype(td)::type;
        const TE* e = static_cast<const TE*>(t.edges.data());
        const TS first = scalar_as<TS>(t.first);
        const TD width = scalar_as<TD>(t.width);
        for (int64_t i = 0; i < m; ++i) {
          if (!keep[i]) {
            bin[i] = -1;
            continue;
          }
          const TE ta = static_cast<TE>(x[i]);
          const TS d = static_cast<TS>(static_cast<TS>(ta) - first);
          const TD f = static_cast<TD>(static_cast<TD>(static_cast<TD>(d) / width) * static_cast<TD>(n));
          int64_t k = static_cast<int64_t>(f);
          if (k > n - 1) k = n - 1;
          if (k < 0) k = 0;
          if (ta < e[k]) --k;  // NumPy's correction: the index must agree with the edges
          if (k < 0) k = 0;
          if (k != n - 1 && ta >= e[k + 1]) ++k;
          bin[i] = k;
        }
      };
      auto fl = [&](DType d, auto&& g) {
        if (d == float32) g(TypeTag<float>{});
        else if (d == float64) g(TypeTag<double>{});
        else throw ValueError(std::string("histogram: equal bins in ") + d.name());
      };
      fl(t.edges.dtype(), [&](auto te) { fl(t.offset_type, [&](auto ts) { fl(t.scale_type, [&](auto td) { run(te, ts, td); }); }); });
      return;
    }
    case HistogramBinning::Edges:
      dispatch_real(t.edges.dtype(), [&](auto tc) {
        using TC = typename decltype(tc)::type;
        const TC* e = static_cast<const TC*>(t.edges.data());
        for (int64_t i = 0; i < m; ++i) {
          const TC v = static_cast<TC>(x[i]);
          if (v == e[n]) {  // the last edge is inclusive
            bin[i] = n - 1;
            continue;
          }
          int64_t a = 0, b = n + 1;  // searchsorted(edges, v, 'right'): NaN runs to n + 1
          while (a < b) {
            const int64_t mid = (a + b) >> 1;
            if (v < e[mid]) b = mid;
            else a = mid + 1;
          }
          bin[i] = a >= 1 && a <= n ? a - 1 : -1;
        }
      });
      return;
  }
}

template <class TA, class Acc>
void count_range(const HistogramTask& t, const TA* x, const double* w, int64_t b, int64_t e, Acc* out) {
  int64_t bin[kChunk];
  for (int64_t s = b; s < e; s += kChunk) {
    const int64_t m = std::min(kChunk, e - s);
    bins_of(t, x + s, m, bin);
    for (int64_t i = 0; i < m; ++i)
      if (bin[i] >= 0) out[bin[i]] += w ? static_cast<Acc>(w[s + i]) : Acc(1);
  }
}

}  // namespace

void run_histogram_cpu(const HistogramTask& t) {
  const int64_t size = t.x.size();
  if (size == 0 || t.n == 0) return;
  dispatch_real(t.x.dtype(), [&](auto ta) {
    using TA = typename decltype(ta)::type;
    const TA* x = static_cast<const TA*>(t.x.data());
    if (t.weights.defined()) {  // float64 sums in element order (NumPy's bincount)
      count_range(t, x, static_cast<const double*>(t.weights.data()), 0, size, static_cast<double*>(t.out.data()));
      return;
    }
    auto* out = static_cast<int64_t*>(t.out.data());
    const int threads = cpu::num_threads();
    if (threads <= 1 || size < 4 * kChunk || t.n > size / 4) {
      count_range(t, x, nullptr, 0, size, out);
      return;
    }
    std::mutex merge;
    cpu::parallel_for(size, std::max<int64_t>(kChunk, size / threads), [&](int64_t b, int64_t e) {
      std::vector<int64_t> local(static_cast<std::size_t>(t.n), 0);
      count_range(t, x, nullptr, b, e, local.data());
      std::lock_guard<std::mutex> lock(merge);
      for (int64_t k = 0; k < t.n; ++k) out[k] += local[k];
    });
  });
}

void run_min_max_cpu(const MinMaxTask& t) {
  dispatch_dtype(t.x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_arithmetic_v<T>) {
      throw ValueError(std::string("min_max: unsupported dtype ") + t.x.dtype().name());
    } else {
      const T* x = static_cast<const T*>(t.x.data());
      const int64_t n = t.x.size();
      T lo = x[0], hi = x[0];
      for (int64_t i = 1; i < n; ++i) {
        const T v = x[i];
        if constexpr (std::is_floating_point_v<T>) {
          if (std::isnan(lo)) break;
          if (std::isnan(v)) {
            lo = hi = v;
            break;
          }
        }
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
      }
      *t.min = Scalar::load(&lo, t.x.dtype());
      *t.max = Scalar::load(&hi, t.x.dtype());
    }
  });
}

}  // namespace cunumpy::detail
