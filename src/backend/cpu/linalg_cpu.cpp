// CPU linear algebra: GEMM and LAPACK through the dlopen'ed BLAS/LAPACK (blas_library.hpp),
// Fortran calling convention (every argument by address, hidden string lengths last), the
// integer width (32 or 64 bits) chosen at run time by the library found. Integer and bool
// matrix products are plain loops (BLAS has none), exact as NumPy's.
#include "backend/cpu/linalg_cpu.hpp"

#include <dlfcn.h>

#include <complex>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "backend/cpu/blas_library.hpp"
#include "backend/cpu/parallel.hpp"
#include "core/dtype_dispatch.hpp"
#include "cunumpy/base/errors.hpp"

namespace cunumpy::detail {
namespace {

using cpu::blas_library;

// Work below which a batch is spread over the thread pool one matrix per task (BLAS is
// single-threaded for such sizes anyway) instead of letting BLAS thread each call.
constexpr int64_t kSmallWork = 128 * 128 * 128;

char type_prefix(DType d) {
  switch (d.id()) {
    case DTypeId::Float32: return 's';
    case DTypeId::Float64: return 'd';
    case DTypeId::Complex64: return 'c';
    case DTypeId::Complex128: return 'z';
    default: throw TypeError(std::string("linear algebra on the CPU: unsupported dtype ") + d.name());
  }
}

void* routine(DType d, const char* name) {
  const std::string full = std::string(1, type_prefix(d)) + name;
  return blas_library().require(full.c_str());
}

char* matrix(const ndarray& a, int64_t j, int64_t elems) {
  return static_cast<char*>(a.data()) + j * elems * a.itemsize();
}

// OpenBLAS's per-thread thread count (OpenBLAS >= 0.3.27; null in other libraries).
using LocalThreadsFn = int (*)(int);
LocalThreadsFn local_blas_threads() {
  static const LocalThreadsFn f =
      reinterpret_cast<LocalThreadsFn>(dlsym(blas_library().handle, "openblas_set_num_threads_local"));
  return f;
}

// Runs body(j) for every matrix of a batch: over the thread pool when each is small. The
// pool's workers then ask OpenBLAS for one thread each: its own threads on top of the
// pool's oversubscribed the cores (inv of a (1000, 8, 8) stack took 300-950 ms here
// against 1.3 ms single-threaded, the time going to OpenBLAS's thread server).
// RecordFp (products, whose IEEE flags NumPy reports: "invalid value encountered in matmul"
// for inf * 0): the flags of the threads that called BLAS are recorded, as NumPy reads its
// own thread's after the call. Work OpenBLAS hands to its own threads (large products) sets
// flags there, which neither NumPy nor this reads.
template <bool RecordFp = false, class F>
void for_batch(int64_t batch, int64_t work, F&& body) {
  const auto run = [](int64_t n, auto&& chunk) {
    if constexpr (RecordFp) cpu::parallel_for_fp(n, 1, chunk);
    else cpu::parallel_for(n, 1, chunk);
  };
  if (batch > 1 && work <= kSmallWork) {
    const LocalThreadsFn local = local_blas_threads();
    run(batch, [&](int64_t b, int64_t e) {
      const int before = local ? local(1) : 0;
      for (int64_t j = b; j < e; ++j) body(j);
      if (local) local(before);
    });
  } else if constexpr (RecordFp) {
    run(1, [&](int64_t, int64_t) {  // one chunk: on this thread
      for (int64_t j = 0; j < batch; ++j) body(j);
    });
  } else {
    for (int64_t j = 0; j < batch; ++j) body(j);
  }
}

template <class F>
void for_batch_fp(int64_t batch, int64_t work, F&& body) {
  for_batch<true>(batch, work, std::forward<F>(body));
}

template <class T> struct RealOf { using type = T; };
template <class T> struct RealOf<std::complex<T>> { using type = T; };
template <class T> constexpr bool kIsComplex = !std::is_same_v<T, typename RealOf<T>::type>;

// Calls f(tag<T>, tag<I>) with the C++ element type of d and the library's integer type.
template <class F>
void dispatch_lapack(DType d, F&& f) {
  auto with_int = [&](auto t) {
    if (blas_library().ilp64) f(t, TypeTag<int64_t>{});
    else f(t, TypeTag<int32_t>{});
  };
  switch (d.id()) {
    case DTypeId::Float32: return with_int(TypeTag<float>{});
    case DTypeId::Float64: return with_int(TypeTag<double>{});
    case DTypeId::Complex64: return with_int(TypeTag<std::complex<float>>{});
    case DTypeId::Complex128: return with_int(TypeTag<std::complex<double>>{});
    default: throw TypeError(std::string("linear algebra on the CPU: unsupported dtype ") + d.name());
  }
}

template <class T>
int64_t work_size(T w) {
  return std::max<int64_t>(1, static_cast<int64_t>(std::real(w)));
}

void set_info(const ndarray& info, int64_t j, int64_t v) {
  if (info.defined()) static_cast<int64_t*>(info.data())[j] = v;
}

// ---- GEMM ----------------------------------------------------------------------------

template <class T>
void integer_gemm(const GemmTask& t) {
  const int64_t batch = t.c.shape()[0], m = t.c.shape()[1], n = t.c.shape()[2], k = t.a.shape()[2];
  const auto& as = t.a.strides();
  const auto& bs = t.b.strides();
  const char* A = static_cast<const char*>(t.a.data());
  const char* B = static_cast<const char*>(t.b.data());
  T* C = static_cast<T*>(t.c.data());
  cpu::parallel_for(batch * m, std::max<int64_t>(1, (1 << 16) / std::max<int64_t>(1, n * k)), [&](int64_t b, int64_t e) {
    for (int64_t r = b; r < e; ++r) {
      const int64_t j = r / m, i = r % m;
      T* crow = C + r * n;
      const char* arow = A + j * as[0] + i * as[1];
      const char* bmat = B + j * bs[0];
      if constexpr (std::is_same_v<T, bool>) {
        for (int64_t p = 0; p < n; ++p) crow[p] = false;
        for (int64_t l = 0; l < k; ++l) {
          if (!*reinterpret_cast<const bool*>(arow + l * as[2])) continue;
          const char* brow = bmat + l * bs[1];
          for (int64_t p = 0; p < n; ++p) crow[p] = crow[p] || *reinterpret_cast<const bool*>(brow + p * bs[2]);
        }
      } else {
        // Unsigned arithmetic wraps as NumPy's integer loops do (no signed overflow).
        using U = std::make_unsigned_t<T>;
        std::vector<U> acc(static_cast<std::size_t>(n), U(0));
        for (int64_t l = 0; l < k; ++l) {
          const U x = static_cast<U>(*reinterpret_cast<const T*>(arow + l * as[2]));
          if (x == 0) continue;
          const char* brow = bmat + l * bs[1];
          for (int64_t p = 0; p < n; ++p)
            acc[p] = static_cast<U>(acc[p] + static_cast<U>(x * static_cast<U>(*reinterpret_cast<const T*>(brow + p * bs[2]))));
        }
        for (int64_t p = 0; p < n; ++p) crow[p] = static_cast<T>(acc[p]);
      }
    }
  });
}

// An inner product (m = n = 1) through BLAS's dot, as NumPy's 1-D dot and matmul: a
// GEMM kernel also multiplies its padding, so [inf] @ [inf] would raise "invalid" there.
// false: strides dot cannot take (GEMM does it).
template <class T, class I>
bool blas_inner(const GemmTask& t) {
  const int64_t batch = t.c.shape()[0], k = t.a.shape()[2];
  const int64_t isz = t.c.itemsize();
  const int64_t incx = k == 1 ? 1 : t.a.strides()[2] / isz, incy = k == 1 ? 1 : t.b.strides()[1] / isz;
  if (incx <= 0 || incy <= 0 || t.a.strides()[2] % isz != 0 || t.b.strides()[1] % isz != 0) return false;
  using Fn = T (*)(const I*, const void*, const I*, const void*, const I*);
  // ?dotu returns its complex value as C's _Complex, which std::complex matches on x86-64
  // and aarch64 (two floating-point registers).
  auto dot = reinterpret_cast<Fn>(routine(t.c.dtype(), kIsComplex<T> ? "dotu" : "dot"));
  const I K = static_cast<I>(k), ix = static_cast<I>(incx), iy = static_cast<I>(incy);
  for_batch_fp(batch, k, [&](int64_t j) {
    const char* pa = static_cast<const char*>(t.a.data()) + j * t.a.strides()[0];
    const char* pb = static_cast<const char*>(t.b.data()) + j * t.b.strides()[0];
    *reinterpret_cast<T*>(matrix(t.c, j, 1)) = dot(&K, pa, &ix, pb, &iy);
  });
  return true;
}

// A matrix-vector product (n = 1 or m = 1) through BLAS's gemv, as NumPy's matmul: its
// flags are those of NumPy's call (GEMM's padding raises others). false: strides gemv
// cannot take.
template <class T, class I>
bool blas_gemv(const GemmTask& t) {
  const int64_t batch = t.c.shape()[0], m = t.c.shape()[1], n = t.c.shape()[2], k = t.a.shape()[2];
  const int64_t isz = t.c.itemsize();
  const auto& as = t.a.strides();
  const auto& bs = t.b.strides();
  const bool column = n == 1;  // c = A x, else c = x B = B^T x
  // The matrix (rows x k or k x cols) and the vector's stride.
  const BlasView v = column ? blas_view(m, k, as[1] / isz, as[2] / isz) : blas_view(k, n, bs[1] / isz, bs[2] / isz);
  const int64_t vstride = column ? bs[1] : as[2];
  const int64_t inc = k == 1 ? 1 : vstride / isz;
  if (!v.ok || inc <= 0 || vstride % isz != 0 || as[1] % isz != 0 || as[2] % isz != 0 || bs[1] % isz != 0 ||
      bs[2] % isz != 0)
    return false;
  // Column-major stored matrix: (rows, cols) as BLAS sees it, and whether to transpose it.
  const int64_t rows = column ? (v.trans ? k : m) : (v.trans ? n : k);
  const int64_t cols = column ? (v.trans ? m : k) : (v.trans ? k : n);
  const char tr = column ? (v.trans ? 'T' : 'N') : (v.trans ? 'N' : 'T');
  using Fn = void (*)(const char*, const I*, const I*, const T*, const void*, const I*, const void*, const I*,
                      const T*, void*, const I*, std::size_t);
  auto gemv = reinterpret_cast<Fn>(routine(t.c.dtype(), "gemv"));
  const I R = static_cast<I>(rows), C = static_cast<I>(cols), ld = static_cast<I>(std::max<int64_t>(v.ld, std::max<int64_t>(1, rows)));
  const I incx = static_cast<I>(inc), one_i = 1;
  const T one(1), zero(0);
  for_batch_fp(batch, m * n * k, [&](int64_t j) {
    const char* pa = static_cast<const char*>(t.a.data()) + j * as[0];
    const char* pb = static_cast<const char*>(t.b.data()) + j * bs[0];
    gemv(&tr, &R, &C, &one, column ? pa : pb, &ld, column ? pb : pa, &incx, &zero, matrix(t.c, j, m * n), &one_i, 1);
  });
  return true;
}

template <class T, class I>
void blas_gemm(const GemmTask& t) {
  if (t.c.shape()[1] == 1 && t.c.shape()[2] == 1 && blas_inner<T, I>(t)) return;
  if ((t.c.shape()[1] == 1 || t.c.shape()[2] == 1) && blas_gemv<T, I>(t)) return;
  using Fn = void (*)(const char*, const char*, const I*, const I*, const I*, const T*, const void*, const I*,
                      const void*, const I*, const T*, void*, const I*, std::size_t, std::size_t);
  auto gemm = reinterpret_cast<Fn>(routine(t.c.dtype(), "gemm"));
  const int64_t batch = t.c.shape()[0], m = t.c.shape()[1], n = t.c.shape()[2], k = t.a.shape()[2];
  const int64_t isz = t.c.itemsize();
  const auto& as = t.a.strides();
  const auto& bs = t.b.strides();
  // Row-major C = A @ B is column-major C^T = B^T @ A^T: B^T is (n, k), A^T is (k, m).
  const BlasView vb = blas_view(n, k, bs[2] / isz, bs[1] / isz);
  const BlasView va = blas_view(k, m, as[2] / isz, as[1] / isz);
  if (!va.ok || !vb.ok) throw Error("gemm: operand layout not accepted by BLAS (ops layer bug)");
  const char ta = vb.trans ? 'T' : 'N', tb = va.trans ? 'T' : 'N';
  const I M = static_cast<I>(n), N = static_cast<I>(m), K = static_cast<I>(k);
  const I lda = static_cast<I>(vb.ld), ldb = static_cast<I>(va.ld), ldc = static_cast<I>(std::max<int64_t>(1, n));
  const T one(1), zero(0);
  for_batch_fp(batch, m * n * k, [&](int64_t j) {
    const char* pa = static_cast<const char*>(t.a.data()) + j * as[0];
    const char* pb = static_cast<const char*>(t.b.data()) + j * bs[0];
    char* pc = matrix(t.c, j, m * n);
    gemm(&ta, &tb, &M, &N, &K, &one, pb, &lda, pa, &ldb, &zero, pc, &ldc, 1, 1);
  });
}

// ---- factorizations --------------------------------------------------------------------

template <class T, class I>
void lu_factor(const LuTask& t) {
  using Fn = void (*)(const I*, const I*, void*, const I*, I*, I*);
  auto getrf = reinterpret_cast<Fn>(routine(t.a.dtype(), "getrf"));
  const int64_t batch = t.a.shape()[0], n = t.a.shape()[1];
  for_batch(batch, n * n * n, [&](int64_t j) {
    const I N = static_cast<I>(n), lda = static_cast<I>(std::max<int64_t>(1, n));
    std::vector<I> piv(static_cast<std::size_t>(std::max<int64_t>(1, n)));
    I info = 0;
    getrf(&N, &N, matrix(t.a, j, n * n), &lda, piv.data(), &info);
    int64_t* out = static_cast<int64_t*>(t.ipiv.data()) + j * n;
    for (int64_t i = 0; i < n; ++i) out[i] = piv[i];
    set_info(t.info, j, info);
  });
}

template <class T, class I>
void lu_solve(const LuSolveTask& t) {
  using Fn = void (*)(const char*, const I*, const I*, const void*, const I*, const I*, void*, const I*, I*, std::size_t);
  auto getrs = reinterpret_cast<Fn>(routine(t.lu.dtype(), "getrs"));
  const int64_t batch = t.b.shape()[0], n = t.b.shape()[1], nrhs = t.b.shape()[2];
  for_batch(batch, n * n * nrhs, [&](int64_t j) {
    const I N = static_cast<I>(n), R = static_cast<I>(nrhs), ld = static_cast<I>(std::max<int64_t>(1, n));
    std::vector<I> piv(static_cast<std::size_t>(std::max<int64_t>(1, n)));
    const int64_t* in = static_cast<const int64_t*>(t.ipiv.data()) + j * n;
    for (int64_t i = 0; i < n; ++i) piv[i] = static_cast<I>(in[i]);
    I info = 0;
    const char tr = 'N';
    getrs(&tr, &N, &R, matrix(t.lu, j, n * n), &ld, piv.data(), matrix(t.b, j, n * nrhs), &ld, &info, 1);
  });
}

template <class T, class I>
void cholesky(const CholeskyTask& t) {
  using Fn = void (*)(const char*, const I*, void*, const I*, I*, std::size_t);
  auto potrf = reinterpret_cast<Fn>(routine(t.a.dtype(), "potrf"));
  const int64_t batch = t.a.shape()[0], n = t.a.shape()[1];
  const char uplo = t.upper ? 'U' : 'L';
  for_batch(batch, n * n * n, [&](int64_t j) {
    const I N = static_cast<I>(n), ld = static_cast<I>(std::max<int64_t>(1, n));
    I info = 0;
    potrf(&uplo, &N, matrix(t.a, j, n * n), &ld, &info, 1);
    set_info(t.info, j, info);
  });
}

template <class T, class I>
void qr(const QrTask& t) {
  using Fn = void (*)(const I*, const I*, void*, const I*, void*, T*, const I*, I*);
  auto geqrf = reinterpret_cast<Fn>(routine(t.a.dtype(), "geqrf"));
  const int64_t batch = t.a.shape()[0], m = t.a.shape()[1], n = t.a.shape()[2], k = std::min(m, n);
  for_batch(batch, m * n * k, [&](int64_t j) {
    const I M = static_cast<I>(m), N = static_cast<I>(n), ld = static_cast<I>(std::max<int64_t>(1, m));
    I info = 0, lwork = -1;
    T q{};
    char* tau = matrix(t.tau, j, k);
    geqrf(&M, &N, matrix(t.a, j, m * n), &ld, tau, &q, &lwork, &info);
    std::vector<T> work(static_cast<std::size_t>(work_size(q)));
    lwork = static_cast<I>(work.size());
    geqrf(&M, &N, matrix(t.a, j, m * n), &ld, tau, work.data(), &lwork, &info);
    set_info(t.info, j, info);
  });
}

template <class T, class I>
void qr_form_q(const QrFormQTask& t) {
  using Fn = void (*)(const I*, const I*, const I*, void*, const I*, const void*, T*, const I*, I*);
  auto orgqr = reinterpret_cast<Fn>(routine(t.q.dtype(), kIsComplex<T> ? "ungqr" : "orgqr"));
  const int64_t batch = t.q.shape()[0], m = t.q.shape()[1], nc = t.q.shape()[2];
  const int64_t taulen = t.tau.shape()[1];
  for_batch(batch, m * nc * t.k, [&](int64_t j) {
    const I M = static_cast<I>(m), N = static_cast<I>(nc), K = static_cast<I>(t.k), ld = static_cast<I>(std::max<int64_t>(1, m));
    I info = 0, lwork = -1;
    T q{};
    const char* tau = matrix(t.tau, j, taulen);
    orgqr(&M, &N, &K, matrix(t.q, j, m * nc), &ld, tau, &q, &lwork, &info);
    std::vector<T> work(static_cast<std::size_t>(work_size(q)));
    lwork = static_cast<I>(work.size());
    orgqr(&M, &N, &K, matrix(t.q, j, m * nc), &ld, tau, work.data(), &lwork, &info);
    set_info(t.info, j, info);
  });
}

template <class T, class I>
void eigh(const EighTask& t) {
  using R = typename RealOf<T>::type;
  const int64_t batch = t.a.shape()[0], n = t.a.shape()[1];
  const char jobz = t.vectors ? 'V' : 'N', uplo = t.upper ? 'U' : 'L';
  void* fn = routine(t.a.dtype(), kIsComplex<T> ? "heevd" : "syevd");
  for_batch(batch, n * n * n, [&](int64_t j) {
    const I N = static_cast<I>(n), ld = static_cast<I>(std::max<int64_t>(1, n));
    I info = 0, lwork = -1, liwork = -1, lrwork = -1, iq = 0;
    T q{};
    R rq{};
    char* a = matrix(t.a, j, n * n);
    void* w = matrix(t.w, j, n);
    if constexpr (kIsComplex<T>) {
      using Fn = void (*)(const char*, const char*, const I*, void*, const I*, void*, T*, const I*, R*, const I*, I*,
                          const I*, I*, std::size_t, std::size_t);
      auto f = reinterpret_cast<Fn>(fn);
      f(&jobz, &uplo, &N, a, &ld, w, &q, &lwork, &rq, &lrwork, &iq, &liwork, &info, 1, 1);
      std::vector<T> work(static_cast<std::size_t>(work_size(q)));
      std::vector<R> rwork(static_cast<std::size_t>(work_size(rq)));
      std::vector<I> iwork(static_cast<std::size_t>(std::max<int64_t>(1, iq)));
      lwork = static_cast<I>(work.size()), lrwork = static_cast<I>(rwork.size()), liwork = static_cast<I>(iwork.size());
      f(&jobz, &uplo, &N, a, &ld, w, work.data(), &lwork, rwork.data(), &lrwork, iwork.data(), &liwork, &info, 1, 1);
    } else {
      using Fn = void (*)(const char*, const char*, const I*, void*, const I*, void*, T*, const I*, I*, const I*, I*,
                          std::size_t, std::size_t);
      auto f = reinterpret_cast<Fn>(fn);
      f(&jobz, &uplo, &N, a, &ld, w, &q, &lwork, &iq, &liwork, &info, 1, 1);
      std::vector<T> work(static_cast<std::size_t>(work_size(q)));
      std::vector<I> iwork(static_cast<std::size_t>(std::max<int64_t>(1, iq)));
      lwork = static_cast<I>(work.size()), liwork = static_cast<I>(iwork.size());
      f(&jobz, &uplo, &N, a, &ld, w, work.data(), &lwork, iwork.data(), &liwork, &info, 1, 1);
    }
    set_info(t.info, j, info);
  });
}

template <class T, class I>
void svd(const SvdTask& t) {
  using R = typename RealOf<T>::type;
  const int64_t batch = t.a.shape()[0], m = t.a.shape()[1], n = t.a.shape()[2], k = std::min(m, n);
  const char jobz = !t.compute_uv ? 'N' : t.full_matrices ? 'A' : 'S';
  const int64_t ucols = t.full_matrices ? m : k, vtrows = t.full_matrices ? n : k;
  void* fn = routine(t.a.dtype(), "gesdd");
  for_batch(batch, m * n * k, [&](int64_t j) {
    const I M = static_cast<I>(m), N = static_cast<I>(n), lda = static_cast<I>(std::max<int64_t>(1, m));
    const I ldu = static_cast<I>(t.compute_uv ? std::max<int64_t>(1, m) : 1);
    const I ldvt = static_cast<I>(t.compute_uv ? std::max<int64_t>(1, vtrows) : 1);
    T dummy[1]{};
    void* u = t.compute_uv ? static_cast<void*>(matrix(t.u, j, m * ucols)) : dummy;
    void* vt = t.compute_uv ? static_cast<void*>(matrix(t.vt, j, vtrows * n)) : dummy;
    char* a = matrix(t.a, j, m * n);
    void* s = matrix(t.s, j, k);
    std::vector<I> iwork(static_cast<std::size_t>(std::max<int64_t>(1, 8 * k)));
    I info = 0, lwork = -1;
    T q{};
    if constexpr (kIsComplex<T>) {
      // LAPACK's rwork bound for gesdd (3.7+).
      const int64_t mx = std::max(m, n);
      const int64_t lr = !t.compute_uv ? 7 * k : std::max(5 * k * k + 5 * k, 2 * mx * k + 2 * k * k + k);
      std::vector<R> rwork(static_cast<std::size_t>(std::max<int64_t>(1, lr)));
      using Fn = void (*)(const char*, const I*, const I*, void*, const I*, void*, void*, const I*, void*, const I*, T*,
                          const I*, R*, I*, I*, std::size_t);
      auto f = reinterpret_cast<Fn>(fn);
      f(&jobz, &M, &N, a, &lda, s, u, &ldu, vt, &ldvt, &q, &lwork, rwork.data(), iwork.data(), &info, 1);
      std::vector<T> work(static_cast<std::size_t>(work_size(q)));
      lwork = static_cast<I>(work.size());
      f(&jobz, &M, &N, a, &lda, s, u, &ldu, vt, &ldvt, work.data(), &lwork, rwork.data(), iwork.data(), &info, 1);
    } else {
      using Fn = void (*)(const char*, const I*, const I*, void*, const I*, void*, void*, const I*, void*, const I*, T*,
                          const I*, I*, I*, std::size_t);
      auto f = reinterpret_cast<Fn>(fn);
      f(&jobz, &M, &N, a, &lda, s, u, &ldu, vt, &ldvt, &q, &lwork, iwork.data(), &info, 1);
      std::vector<T> work(static_cast<std::size_t>(work_size(q)));
      lwork = static_cast<I>(work.size());
      f(&jobz, &M, &N, a, &lda, s, u, &ldu, vt, &ldvt, work.data(), &lwork, iwork.data(), &info, 1);
    }
    set_info(t.info, j, info);
  });
}

template <class T, class I>
void eig(const EigTask& t) {
  using R = typename RealOf<T>::type;
  using C = std::complex<R>;
  const int64_t batch = t.a.shape()[0], n = t.a.shape()[1];
  const bool vectors = t.v.defined();
  const char jobvl = 'N', jobvr = vectors ? 'V' : 'N';
  void* fn = routine(t.a.dtype(), "geev");
  for_batch(batch, n * n * n, [&](int64_t j) {
    const I N = static_cast<I>(n), ld = static_cast<I>(std::max<int64_t>(1, n));
    const I ldvr = static_cast<I>(vectors ? std::max<int64_t>(1, n) : 1), ldvl = 1;
    char* a = matrix(t.a, j, n * n);
    C* w = reinterpret_cast<C*>(matrix(t.w, j, n));
    C* v = vectors ? reinterpret_cast<C*>(matrix(t.v, j, n * n)) : nullptr;
    I info = 0, lwork = -1;
    T q{};
    T dummy[1]{};
    if constexpr (kIsComplex<T>) {
      std::vector<R> rwork(static_cast<std::size_t>(std::max<int64_t>(1, 2 * n)));
      using Fn = void (*)(const char*, const char*, const I*, void*, const I*, void*, void*, const I*, void*, const I*,
                          T*, const I*, R*, I*, std::size_t, std::size_t);
      auto f = reinterpret_cast<Fn>(fn);
      void* vr = vectors ? static_cast<void*>(v) : dummy;
      f(&jobvl, &jobvr, &N, a, &ld, w, dummy, &ldvl, vr, &ldvr, &q, &lwork, rwork.data(), &info, 1, 1);
      std::vector<T> work(static_cast<std::size_t>(work_size(q)));
      lwork = static_cast<I>(work.size());
      f(&jobvl, &jobvr, &N, a, &ld, w, dummy, &ldvl, vr, &ldvr, work.data(), &lwork, rwork.data(), &info, 1, 1);
    } else {
      std::vector<R> wr(static_cast<std::size_t>(std::max<int64_t>(1, n))), wi(wr.size());
      std::vector<R> vr(static_cast<std::size_t>(vectors ? std::max<int64_t>(1, n * n) : 1));
      using Fn = void (*)(const char*, const char*, const I*, void*, const I*, R*, R*, void*, const I*, R*, const I*,
                          T*, const I*, I*, std::size_t, std::size_t);
      auto f = reinterpret_cast<Fn>(fn);
      f(&jobvl, &jobvr, &N, a, &ld, wr.data(), wi.data(), dummy, &ldvl, vr.data(), &ldvr, &q, &lwork, &info, 1, 1);
      std::vector<T> work(static_cast<std::size_t>(work_size(q)));
      lwork = static_cast<I>(work.size());
      f(&jobvl, &jobvr, &N, a, &ld, wr.data(), wi.data(), dummy, &ldvl, vr.data(), &ldvr, work.data(), &lwork, &info, 1, 1);
      // A complex pair (wi > 0 then its conjugate) keeps its vector as two real columns.
      for (int64_t c = 0; c < n; ++c) {
        w[c] = C(wr[c], wi[c]);
        if (!vectors) continue;
        if (wi[c] != 0 && c + 1 < n) {
          w[c + 1] = C(wr[c + 1], wi[c + 1]);
          for (int64_t r = 0; r < n; ++r) {
            const R re = vr[r + c * n], im = vr[r + (c + 1) * n];
            v[r + c * n] = C(re, im);
            v[r + (c + 1) * n] = C(re, -im);
          }
          ++c;
        } else {
          for (int64_t r = 0; r < n; ++r) v[r + c * n] = C(vr[r + c * n], 0);
        }
      }
    }
    set_info(t.info, j, info);
  });
}

}  // namespace

void run_gemm_cpu(const GemmTask& t) {
  const DType d = t.c.dtype();
  if (t.c.size() == 0) return;
  if (t.a.shape()[2] == 0) {  // empty sum: zeros (BLAS may not touch c)
    std::memset(t.c.data(), 0, static_cast<std::size_t>(t.c.nbytes()));
    return;
  }
  if (d == float16) {  // no half GEMM in BLAS: float32 operands, one rounding at the end
    GemmTask t32{t.a.astype(float32, Order::C), t.b.astype(float32, Order::C),
                 ndarray(t.c.shape(), float32, Order::C, t.c.device())};
    run_gemm_cpu(t32);
    ndarray c = t.c;
    c.assign(t32.c);
    return;
  }
  if (d.is_inexact()) {
    dispatch_lapack(d, [&](auto tt, auto ti) { blas_gemm<typename decltype(tt)::type, typename decltype(ti)::type>(t); });
    return;
  }
  dispatch_dtype(d, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T>) integer_gemm<T>(t);
    else throw TypeError(std::string("gemm: unsupported dtype ") + d.name());
  });
}

#define CN_LAPACK_ENTRY(NAME, TASK, FN, FIELD)                                                       \
  void NAME(const TASK& t) {                                                                      \
    if (t.FIELD.size() == 0) return;                                                              \
    dispatch_lapack(t.FIELD.dtype(), [&](auto tt, auto ti) {                                      \
      FN<typename decltype(tt)::type, typename decltype(ti)::type>(t);                            \
    });                                                                                           \
  }
CN_LAPACK_ENTRY(run_lu_factor_cpu, LuTask, lu_factor, a)
CN_LAPACK_ENTRY(run_lu_solve_cpu, LuSolveTask, lu_solve, b)
CN_LAPACK_ENTRY(run_cholesky_cpu, CholeskyTask, cholesky, a)
CN_LAPACK_ENTRY(run_qr_cpu, QrTask, qr, a)
CN_LAPACK_ENTRY(run_qr_form_q_cpu, QrFormQTask, qr_form_q, q)
CN_LAPACK_ENTRY(run_eigh_cpu, EighTask, eigh, a)
CN_LAPACK_ENTRY(run_svd_cpu, SvdTask, svd, a)
CN_LAPACK_ENTRY(run_eig_cpu, EigTask, eig, a)
#undef CN_LAPACK_ENTRY

}  // namespace cunumpy::detail
