// CPU reductions of an (M, K) view along its last axis. Float sums use NumPy's pairwise
// summation (8 accumulators, blocks of 128, halves above), so their rounding matches
// NumPy's closely; integer sums wrap; max/min propagate NaN, fmax/fmin skip it. Rows run on the thread pool;
// a single long row is split into chunks whose partial results are combined.
#include <cstdlib>
#include <vector>

#include "backend/cpu/parallel.hpp"
#include "cunumpy/base/errors.hpp"
#include "core/dtype_dispatch.hpp"
#include "scalar/cn_ops.h"
#include "backend/cpu/cpu_executors.hpp"

namespace cunumpy::cpu {
namespace {

template <class T> struct is_cplx { static constexpr bool value = false; };
template <class T> struct is_cplx<cn::complex<T>> { static constexpr bool value = true; };

// NumPy's pairwise sum of n elements at byte stride `s` (numpy/_core/src/umath/loops_utils.h).
// Contiguous is a separate instantiation (Contig = true) so its 8-accumulator block vectorizes.
template <class T, bool Contig = false>
T pairwise_sum(const char* a, int64_t n, int64_t s) {
  if constexpr (!Contig) {
    if (s == static_cast<int64_t>(sizeof(T))) return pairwise_sum<T, true>(a, n, s);
  }
  auto at = [&](int64_t i) {
    return Contig ? reinterpret_cast<const T*>(a)[i] : *reinterpret_cast<const T*>(a + i * s);
  };
  if (n < 8) {
    T res = T(0);
    for (int64_t i = 0; i < n; ++i) res += at(i);
    return res;
  }
  if (n <= 128) {
    T r[8];
    for (int j = 0; j < 8; ++j) r[j] = at(j);
    int64_t i = 8;
    for (; i < n - (n % 8); i += 8)
      for (int j = 0; j < 8; ++j) r[j] += at(i + j);
    T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += at(i);
    return res;
  }
  int64_t n2 = n / 2;
  n2 -= n2 % 8;
  return pairwise_sum<T, Contig>(a, n2, s) + pairwise_sum<T, Contig>(a + n2 * s, n - n2, s);
}

// NumPy's pairwise sum of n complex values at byte stride `s` (the complex form in
// loops_utils.h: four accumulators per part, blocks of 64, halves above), into (re, im).
template <class R>
void pairwise_sum_complex(const char* a, int64_t n, int64_t s, R* re, R* im) {
  auto part = [&](int64_t j, int p) { return reinterpret_cast<const R*>(a + j * s)[p]; };
  if (n < 4) {
    R sr = R(-0.0), si = R(-0.0);
    for (int64_t j = 0; j < n; ++j) {
      sr += part(j, 0);
      si += part(j, 1);
    }
    *re = sr;
    *im = si;
  } else if (n <= 64) {
    R r[8];
    for (int q = 0; q < 4; ++q) {
      r[2 * q] = part(q, 0);
      r[2 * q + 1] = part(q, 1);
    }
    int64_t j = 4;
    for (; j < n - (n % 4); j += 4)
      for (int q = 0; q < 4; ++q) {
        r[2 * q] += part(j + q, 0);
        r[2 * q + 1] += part(j + q, 1);
      }
    R sr = (r[0] + r[2]) + (r[4] + r[6]), si = (r[1] + r[3]) + (r[5] + r[7]);
    for (; j < n; ++j) {
      sr += part(j, 0);
      si += part(j, 1);
    }
    *re = sr;
    *im = si;
  } else {
    int64_t n2 = n - n % 8;  // NumPy halves the count of floats (2n) to a multiple of 8
    n2 /= 2;
    R r1, i1, r2, i2;
    pairwise_sum_complex<R>(a, n2, s, &r1, &i1);
    pairwise_sum_complex<R>(a + n2 * s, n - n2, s, &r2, &i2);
    *re = r1 + r2;
    *im = i1 + i2;
  }
}

// Reduces n elements starting at `a` (byte stride s): sums and products from the identity,
// max/min (no identity) from the first element, as NumPy's reductions do.
template <ReduceOp Op, class T>
T reduce_run(const char* a, int64_t n, int64_t s) {
  auto at = [&](int64_t i) { return *reinterpret_cast<const T*>(a + i * s); };
  if constexpr (Op == ReduceOp::Sum) {
    if constexpr (is_cplx<T>::value) {
      using R = decltype(T().re);
      // Started from the identity, as NumPy's reduce does (so a sum of -0.0 is +0.0).
      R re, im;
      pairwise_sum_complex<R>(a, n, s, &re, &im);
      return cn::cplx<R>(R(0) + re, R(0) + im);
    } else if constexpr (std::is_floating_point_v<T>) {
      return T(0) + pairwise_sum<T>(a, n, s);
    } else {
      T acc = at(0);
      for (int64_t i = 1; i < n; ++i) acc = cn::op::add::call(acc, at(i));
      return acc;
    }
  } else if constexpr (Op == ReduceOp::Prod) {
    // From the identity, as NumPy: (1 + 0j) * z differs from z when z has an infinite part.
    T acc = cn::cast<T>(1);
    for (int64_t i = 0; i < n; ++i) acc = cn::op::multiply::call(acc, at(i));
    return acc;
  } else {
    T acc = at(0);
    for (int64_t i = 1; i < n; ++i) {
      if constexpr (Op == ReduceOp::Max) acc = cn::op::maximum::call(acc, at(i));
      if constexpr (Op == ReduceOp::Min) acc = cn::op::minimum::call(acc, at(i));
      if constexpr (Op == ReduceOp::FMax) acc = cn::op::fmax::call(acc, at(i));
      if constexpr (Op == ReduceOp::FMin) acc = cn::op::fmin::call(acc, at(i));
    }
    return acc;
  }
}

template <ReduceOp Op, class T>
T combine(T a, T b) {
  if constexpr (Op == ReduceOp::Sum) return cn::op::add::call(a, b);
  if constexpr (Op == ReduceOp::Prod) return cn::op::multiply::call(a, b);
  if constexpr (Op == ReduceOp::Max) return cn::op::maximum::call(a, b);
  if constexpr (Op == ReduceOp::FMax) return cn::op::fmax::call(a, b);
  if constexpr (Op == ReduceOp::FMin) return cn::op::fmin::call(a, b);
  return cn::op::minimum::call(a, b);
}

// v combined with the identity first, as NumPy's reduce starts sums and products.
template <ReduceOp Op, class T>
T from_identity(T v) {
  if constexpr (Op == ReduceOp::Sum) return cn::op::add::call(cn::cast<T>(0), v);
  if constexpr (Op == ReduceOp::Prod) return cn::op::multiply::call(cn::cast<T>(1), v);
  return v;
}

template <ReduceOp Op, class T>
void reduce_rows(const detail::ReduceTask& t) {
  const int64_t M = t.in.shape()[0], K = t.in.shape()[1];
  const int64_t sm = t.in.strides()[0], sk = t.in.strides()[1];
  const char* base = static_cast<const char*>(t.in.data());
  T* out = static_cast<T*>(t.out.data());
  constexpr int64_t kGrain = 1 << 16;
  // Sums and products flag what NumPy's add.reduce/multiply.reduce report (overflow,
  // inf - inf); max/min compare, which NumPy never reports.
  constexpr bool kFlags = Op == ReduceOp::Sum || Op == ReduceOp::Prod;
  auto run = [](int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body) {
    if constexpr (kFlags) parallel_for_fp(n, grain, body);
    else parallel_for(n, grain, body);
  };
  if (M == 1 && K >= 2 * kGrain && num_threads() > 1) {
    // One long row: partial results per chunk, combined in chunk order.
    const int64_t chunks = std::min<int64_t>(num_threads(), K / kGrain);
    const int64_t per = (K + chunks - 1) / chunks;
    std::vector<T> partial(static_cast<std::size_t>(chunks));
    run(chunks, 1, [&](int64_t b, int64_t e) {
      for (int64_t c = b; c < e; ++c) {
        const int64_t k0 = c * per, n = std::min(K, k0 + per) - k0;
        partial[c] = reduce_run<Op, T>(base + k0 * sk, n, sk);
      }
    });
    run(1, 1, [&](int64_t, int64_t) {  // (one chunk: the combination's flags count too)
      T acc = partial[0];
      for (int64_t c = 1; c < chunks; ++c) acc = combine<Op, T>(acc, partial[c]);
      out[0] = acc;
    });
    return;
  }
  if (sm == static_cast<int64_t>(sizeof(T)) && std::abs(sk) > sm && M >= 16) {
    // Kept axis contiguous (e.g. axis 0 of a C-ordered matrix): add whole rows into the
    // outputs, a vectorized sweep per k, as NumPy does for this layout.
    run(M, std::max<int64_t>(16, kGrain / K), [&](int64_t b, int64_t e) {
      T* const o = out;  // locals, not captures: lets the compiler vectorize the sweep
      const char* const in = base;
      const int64_t step = sk, nk = K;
      const T* row0 = reinterpret_cast<const T*>(in);
      for (int64_t m = b; m < e; ++m) o[m] = from_identity<Op, T>(row0[m]);
      for (int64_t k = 1; k < nk; ++k) {
        const T* row = reinterpret_cast<const T*>(in + k * step);
        for (int64_t m = b; m < e; ++m) o[m] = combine<Op, T>(o[m], row[m]);
      }
    });
    return;
  }
  run(M, std::max<int64_t>(1, kGrain / K), [&](int64_t b, int64_t e) {
    for (int64_t m = b; m < e; ++m) out[m] = reduce_run<Op, T>(base + m * sm, K, sk);
  });
}

template <class T>
void reduce_typed(const detail::ReduceTask& t) {
  switch (t.op) {
    case ReduceOp::Sum: return reduce_rows<ReduceOp::Sum, T>(t);
    case ReduceOp::Prod: return reduce_rows<ReduceOp::Prod, T>(t);
    case ReduceOp::Max: return reduce_rows<ReduceOp::Max, T>(t);
    case ReduceOp::Min: return reduce_rows<ReduceOp::Min, T>(t);
    case ReduceOp::FMax: return reduce_rows<ReduceOp::FMax, T>(t);
    case ReduceOp::FMin: return reduce_rows<ReduceOp::FMin, T>(t);
  }
}

}  // namespace
}  // namespace cunumpy::cpu

namespace cunumpy::detail {

void run_reduce_cpu(const ReduceTask& task) {
  dispatch_dtype(task.in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, cn::half>) {
      throw NotImplementedError("float16 reductions accumulate in float32 (ops layer bug)");
    } else {
      cpu::reduce_typed<T>(task);
    }
  });
}

}  // namespace cunumpy::detail
