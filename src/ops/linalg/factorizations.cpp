// numpy.linalg's factorizations and what is built on them: solve, inv, det, slogdet
// (getrf/getrs), cholesky (potrf), qr (geqrf + orgqr/ungqr), eigh/eigvalsh (syevd/heevd),
// svd/svdvals (gesdd on the CPU, gesvd on CUDA), eig/eigvals (geev), matrix_power. Each
// input stack is copied once into a Fortran-order batch (the LAPACK layout; the copy is
// also the buffer the factorization overwrites), handed to the backend, and viewed back.
#include <atomic>

#include "core/backend.hpp"
#include "core/backend_tasks_linalg.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/linalg.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "ops/linalg/linalg_common.hpp"

namespace cunumpy {

namespace {
std::atomic<bool> g_error_checks{true};
}  // namespace

void set_linalg_error_checks(bool on) { g_error_checks.store(on); }
bool linalg_error_checks() { return g_error_checks.load(); }

namespace detail {

ndarray fortran_batch(int64_t batch, int64_t rows, int64_t cols, DType dtype, Device device) {
  return ndarray(Shape{batch, cols, rows}, dtype, Order::C, device).swapaxes(1, 2);
}

ndarray to_fortran_batch(const ndarray& a, int64_t batch, DType dtype) {
  const int nd = a.ndim();
  const int64_t rows = a.shape()[nd - 2], cols = a.shape()[nd - 1];
  ndarray f = fortran_batch(batch, rows, cols, dtype, a.device());
  if (f.size() > 0) f.assign(a.reshape(Shape{batch, rows, cols}));
  return f;
}

DType linalg_dtype(DType d) {
  if (d == float16) throw TypeError("array type float16 is unsupported in linalg");
  if (d.is_complex() || d == float32 || d == float64) return d;
  return float64;
}

void check_stacked_2d(const ndarray& a) {
  if (a.ndim() < 2)
    throw LinAlgError(std::to_string(a.ndim()) + "-dimensional array given. Array must be at least two-dimensional");
}

void check_square(const ndarray& a) {
  check_stacked_2d(a);
  if (a.shape()[a.ndim() - 1] != a.shape()[a.ndim() - 2])
    throw LinAlgError("Last 2 dimensions of the array must be square");
}

void check_info(const ndarray& info, const char* message) {
  if (!linalg_error_checks() || info.size() == 0) return;
  // One read of the flags (a device-to-host copy; a synchronization on CUDA).
  const ndarray bad = any(not_equal(info, Operand(int64_t(0))));
  if (bad.item().to_bool()) throw LinAlgError(message);
}

ndarray triangle(const ndarray& a, bool lower, int64_t k) { return lower ? tril(a, k) : triu(a, k); }

}  // namespace detail

namespace linalg {
namespace {
using namespace detail;

struct Stack {
  Shape batch_shape;
  int64_t batch = 0, rows = 0, cols = 0;
};
Stack stack_of(const ndarray& a) {
  Stack s;
  const int nd = a.ndim();
  s.batch_shape = shape_slice(a.shape(), 0, nd - 2);
  s.batch = shape_product(s.batch_shape);
  s.rows = a.shape()[nd - 2];
  s.cols = a.shape()[nd - 1];
  return s;
}

ndarray info_array(int64_t batch, Device device) {
  return zeros_like(ndarray(Shape{batch}, int64, Order::C, device));
}

// View a 3-D batch back as batch_shape + (r, c).
ndarray unbatch(const ndarray& x, const Shape& batch_shape) {
  const int nd = x.ndim();
  Shape s = batch_shape;
  for (int d = 1; d < nd; ++d) s.push_back(x.shape()[d]);
  return x.reshape(s);
}

struct Lu {
  ndarray lu, ipiv;
};
Lu lu_factor(const ndarray& a, int64_t batch, DType dt) {
  const int64_t n = a.shape()[a.ndim() - 1];
  LuTask t{to_fortran_batch(a, batch, dt), ndarray(Shape{batch, n}, int64, Order::C, a.device()),
           info_array(batch, a.device())};
  if (batch > 0 && n > 0) backend_for(a.device()).lu_factor(t);
  return {t.a, t.ipiv};
}

}  // namespace

ndarray solve(const ndarray& a, const ndarray& b) {
  check_square(a);
  // NumPy's _commonType: each operand's own linalg dtype (integers float64, float16 a
  // TypeError), then promoted: solve(float32, uint8) is float64.
  const DType dt = promote_types(linalg_dtype(a.dtype()), linalg_dtype(b.dtype()));
  const int64_t n = a.shape()[a.ndim() - 1];
  // NumPy 2: b is one vector only when 1-D; otherwise a stack of (n, k) matrices.
  const bool vector = b.ndim() == 1;
  const ndarray B = vector ? b.reshape(Shape{b.shape()[0], 1}) : b;
  if (B.ndim() < 2 || B.shape()[B.ndim() - 2] != n)
    throw ValueError("solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (m,m),(m,n)->(m,n) (size " +
                     std::to_string(B.ndim() >= 2 ? B.shape()[B.ndim() - 2] : B.shape()[0]) + " is different from " +
                     std::to_string(n) + ")");
  const Shape batch = broadcast_shapes(shape_slice(a.shape(), 0, a.ndim() - 2), shape_slice(B.shape(), 0, B.ndim() - 2));
  const int64_t nb = shape_product(batch), k = B.shape()[B.ndim() - 1];
  const ndarray A = broadcast_to(a, shape_concat(batch, Shape{n, n}));
  const ndarray Bb = broadcast_to(B, shape_concat(batch, Shape{n, k}));
  LuTask lt{to_fortran_batch(A, nb, dt), ndarray(Shape{nb, n}, int64, Order::C, a.device()), info_array(nb, a.device())};
  LuSolveTask st{lt.a, lt.ipiv, to_fortran_batch(Bb, nb, dt)};
  if (nb > 0 && n > 0) {
    Backend& be = backend_for(a.device());
    be.lu_factor(lt);
    // The flags are read after getrs is queued, so that the device runs on while the host
    // waits (getrs on a singular factor writes inf/nan, never faults).
    if (k > 0) be.lu_solve(st);
    check_info(lt.info, "Singular matrix");
  }
  ndarray x = unbatch(st.b, batch);
  if (vector) x = x.reshape(shape_slice(x.shape(), 0, x.ndim() - 1));
  return x.copy(Order::C);
}

ndarray inv(const ndarray& a) {
  check_square(a);
  const DType dt = linalg_dtype(a.dtype());
  const int64_t n = a.shape()[a.ndim() - 1];
  const ndarray I = eye(n, std::nullopt, 0, dt).to(a.device());
  return solve(a, broadcast_to(I, a.shape()));
}

namespace {
// LU's determinant pieces: the diagonal of U (batch, n) and the pivot sign (batch,).
struct LuDiag {
  ndarray diag, sign;
};
LuDiag lu_diag(const ndarray& a, const Stack& s, DType dt) {
  const Lu f = lu_factor(a, s.batch, dt);
  const int64_t n = s.rows;
  const ndarray d = diagonal(f.lu, 0, 1, 2);
  ndarray pos = arange(Scalar(int64_t(1)), Scalar(n + 1), Scalar(int64_t(1)), int64).to(a.device());
  // Each row swap (ipiv[i] != i + 1) flips the sign: sign = 1 - 2 * (swaps % 2).
  const ndarray swaps = sum(not_equal(f.ipiv, pos), Axes(SmallVector<int64_t, 8>{-1}));
  const ndarray odd = remainder(swaps, Operand(int64_t(2)));
  const ndarray sign = subtract(Operand(int64_t(1)), multiply(odd, Operand(int64_t(2)))).astype(dt);
  return {d, sign};
}
}  // namespace

std::pair<ndarray, ndarray> slogdet(const ndarray& a) {
  check_square(a);
  const DType dt = linalg_dtype(a.dtype());
  const Stack s = stack_of(a);
  if (s.rows == 0 || s.batch == 0) {
    const ndarray one = ones(s.batch_shape, dt).to(a.device());
    return {one, zeros(s.batch_shape, real_dtype(dt)).to(a.device())};
  }
  const LuDiag ld = lu_diag(a, s, dt);
  const ndarray absd = absolute(ld.diag);
  // d / |d|, with |d| == 0 taken as 1 so that a zero pivot makes the sign 0.
  const ndarray unit = true_divide(ld.diag, add(absd, equal(absd, Operand(0.0)).astype(absd.dtype())));
  const Axes last(SmallVector<int64_t, 8>{-1});
  ndarray sign = multiply(prod(unit, last), ld.sign);
  const ndarray logdet = sum(log(absd), last);
  return {sign.reshape(s.batch_shape), logdet.reshape(s.batch_shape)};
}

ndarray det(const ndarray& a) {
  check_square(a);
  const DType dt = linalg_dtype(a.dtype());
  const Stack s = stack_of(a);
  if (s.rows == 0 || s.batch == 0) return ones(s.batch_shape, dt).to(a.device());
  const LuDiag ld = lu_diag(a, s, dt);
  return multiply(prod(ld.diag, Axes(SmallVector<int64_t, 8>{-1})), ld.sign).reshape(s.batch_shape);
}

ndarray cholesky(const ndarray& a, bool upper) {
  check_square(a);
  const DType dt = linalg_dtype(a.dtype());
  const Stack s = stack_of(a);
  // A Hermitian A's C-order buffer, read column-major, is A^T = conj(A). Factoring that with
  // the other triangle gives the wanted factor's transpose, so the factor reads back in C
  // order: no transposing copy in or out (cuSOLVER's upper potrf is also the faster one).
  ndarray c(Shape{s.batch, s.rows, s.rows}, dt, Order::C, a.device());
  if (c.size() > 0) c.assign(a.reshape(Shape{s.batch, s.rows, s.rows}));
  CholeskyTask t{c.swapaxes(1, 2), info_array(s.batch, a.device()), !upper};
  if (s.batch > 0 && s.rows > 0) {
    backend_for(a.device()).cholesky(t);
    check_info(t.info, "Matrix is not positive definite");
  }
  ndarray r = triangle(unbatch(c, s.batch_shape), !upper);
  return r.c_contiguous() ? r : r.copy(Order::C);
}

std::pair<ndarray, ndarray> qr(const ndarray& a, const std::string& mode) {
  if (mode != "reduced" && mode != "complete" && mode != "r" && mode != "raw")
    throw ValueError("Unrecognized mode '" + mode + "'");
  check_stacked_2d(a);
  const DType dt = linalg_dtype(a.dtype());
  const Stack s = stack_of(a);
  const int64_t m = s.rows, n = s.cols, k = std::min(m, n);
  QrTask t{to_fortran_batch(a, s.batch, dt), ndarray(Shape{s.batch, k}, dt, Order::C, a.device()),
           info_array(s.batch, a.device())};
  Backend& be = backend_for(a.device());
  if (t.a.size() > 0) be.qr(t);
  if (mode == "raw") {
    // NumPy's h is LAPACK's column-major output read as C order: (..., n, m).
    const ndarray h = unbatch(t.a.swapaxes(1, 2), s.batch_shape);
    return {h, unbatch(t.tau.reshape(Shape{s.batch, 1, k}), s.batch_shape).reshape(shape_concat(s.batch_shape, Shape{k}))};
  }
  const int64_t rrows = mode == "complete" ? m : k;
  const ndarray full = unbatch(t.a, s.batch_shape);
  const ndarray rpart = full[{Ellipsis{}, Slice{0, rrows, std::nullopt}, Slice{}}];
  ndarray r = triangle(rpart, false);
  if (mode == "r") return {r.copy(Order::C), ndarray()};
  const int64_t qcols = mode == "complete" ? m : k;
  QrFormQTask qt{fortran_batch(s.batch, m, qcols, dt, a.device()), t.tau, info_array(s.batch, a.device()), k};
  if (qt.q.size() > 0) {
    qt.q.fill(Scalar(0).cast(dt));
    const int64_t ncopy = std::min(n, qcols);
    ndarray dst = qt.q[{Slice{}, Slice{}, Slice{0, ncopy, std::nullopt}}];
    dst.assign(t.a[{Slice{}, Slice{}, Slice{0, ncopy, std::nullopt}}]);
    be.qr_form_q(qt);
  }
  return {unbatch(qt.q, s.batch_shape).copy(Order::C), r.copy(Order::C)};
}

namespace {
std::pair<ndarray, ndarray> eigh_impl(const ndarray& a, const std::string& UPLO, bool vectors) {
  if (UPLO != "L" && UPLO != "U" && UPLO != "l" && UPLO != "u") throw ValueError("UPLO argument must be 'L' or 'U'");
  check_square(a);
  const DType dt = linalg_dtype(a.dtype());
  const Stack s = stack_of(a);
  EighTask t{to_fortran_batch(a, s.batch, dt), ndarray(Shape{s.batch, s.rows}, real_dtype(dt), Order::C, a.device()),
             info_array(s.batch, a.device()), UPLO == "U" || UPLO == "u", vectors};
  if (s.batch > 0 && s.rows > 0) {
    backend_for(a.device()).eigh(t);
    check_info(t.info, "Eigenvalues did not converge");
  }
  const ndarray w = t.w.reshape(shape_concat(s.batch_shape, Shape{s.rows}));
  if (!vectors) return {w, ndarray()};
  return {w, unbatch(t.a, s.batch_shape).copy(Order::C)};
}
}  // namespace

std::pair<ndarray, ndarray> eigh(const ndarray& a, const std::string& UPLO) { return eigh_impl(a, UPLO, true); }
ndarray eigvalsh(const ndarray& a, const std::string& UPLO) { return eigh_impl(a, UPLO, false).first; }

std::tuple<ndarray, ndarray, ndarray> svd(const ndarray& a, bool full_matrices, bool compute_uv) {
  check_stacked_2d(a);
  const DType dt = linalg_dtype(a.dtype());
  const Stack s = stack_of(a);
  const int64_t m = s.rows, n = s.cols, k = std::min(m, n);
  if (m < n) {
    // A wide matrix through its conjugate transpose (cuSOLVER's gesvd needs m >= n):
    // A^H = U' S V'^H gives A = V' S U'^H.
    auto ct = [](const ndarray& x) {
      const ndarray t = x.swapaxes(-1, -2);
      return t.dtype().is_complex() ? conjugate(t) : t;
    };
    auto [u2, s2, vt2] = svd(ct(a.dtype() == dt ? a : a.astype(dt)), full_matrices, compute_uv);
    if (!compute_uv) return {ndarray(), s2, ndarray()};
    return {ct(vt2).copy(Order::C), s2, ct(u2).copy(Order::C)};
  }
  const int64_t ucols = full_matrices ? m : k, vtrows = full_matrices ? n : k;
  SvdTask t;
  t.a = to_fortran_batch(a, s.batch, dt);
  t.s = ndarray(Shape{s.batch, k}, real_dtype(dt), Order::C, a.device());
  t.info = info_array(s.batch, a.device());
  t.compute_uv = compute_uv;
  t.full_matrices = full_matrices;
  if (compute_uv) {
    t.u = fortran_batch(s.batch, m, ucols, dt, a.device());
    t.vt = fortran_batch(s.batch, vtrows, n, dt, a.device());
  }
  if (s.batch > 0 && k > 0) {
    backend_for(a.device()).svd(t);
    check_info(t.info, "SVD did not converge");
  } else if (compute_uv && s.batch > 0) {
    // An empty matrix: U and Vh are identities of their sizes (NumPy's result).
    if (t.u.size() > 0) t.u.assign(eye(m, ucols, 0, dt).to(a.device()));
    if (t.vt.size() > 0) t.vt.assign(eye(vtrows, n, 0, dt).to(a.device()));
  }
  const ndarray S = t.s.reshape(shape_concat(s.batch_shape, Shape{k}));
  if (!compute_uv) return {ndarray(), S, ndarray()};
  return {unbatch(t.u, s.batch_shape).copy(Order::C), S, unbatch(t.vt, s.batch_shape).copy(Order::C)};
}

ndarray svdvals(const ndarray& a) { return std::get<1>(svd(a, false, false)); }

namespace {
ndarray imag_part(const ndarray& z) {
  return z.view(real_dtype(z.dtype()))[{Ellipsis{}, Slice{1, std::nullopt, 2}}];
}

std::pair<ndarray, ndarray> eig_impl(const ndarray& a, bool vectors, bool real_if_all_real) {
  check_square(a);
  const DType dt = linalg_dtype(a.dtype());
  // NumPy's _assert_finite: geev is not given inf/nan (LAPACK's argument errors would print).
  if (a.size() > 0 && a.dtype().is_inexact() && !all(isfinite(a)).item().to_bool())
    throw LinAlgError("Array must not contain infs or NaNs");
  const DType ct = complex_dtype(dt);
  const Stack s = stack_of(a);
  const int64_t n = s.rows;
  EigTask t{to_fortran_batch(a, s.batch, dt), ndarray(Shape{s.batch, n}, ct, Order::C, a.device()),
            vectors ? fortran_batch(s.batch, n, n, ct, a.device()) : ndarray(), info_array(s.batch, a.device())};
  if (s.batch > 0 && n > 0) {
    backend_for(a.device()).eig(t);
    check_info(t.info, "Eigenvalues did not converge");
  }
  ndarray w = t.w.reshape(shape_concat(s.batch_shape, Shape{n}));
  ndarray v = vectors ? unbatch(t.v, s.batch_shape).copy(Order::C) : ndarray();
  // NumPy before 2.5 returns real arrays for a real input whose eigenvalues are all real.
  if (real_if_all_real && !dt.is_complex()) {
    const bool all_real = w.size() == 0 || all(equal(imag_part(w), Operand(0.0))).item().to_bool();
    if (all_real) {
      w = w.astype(dt);
      if (vectors) v = v.astype(dt);
    }
  }
  return {w, v};
}
}  // namespace

std::pair<ndarray, ndarray> eig(const ndarray& a, bool real_if_all_real) {
  return eig_impl(a, true, real_if_all_real);
}
ndarray eigvals(const ndarray& a, bool real_if_all_real) { return eig_impl(a, false, real_if_all_real).first; }

ndarray matrix_power(const ndarray& a, int64_t n) {
  check_square(a);
  const int64_t m = a.shape()[a.ndim() - 1];
  if (n == 0) {
    const ndarray I = eye(m, std::nullopt, 0, a.dtype()).to(a.device());
    return broadcast_to(I, a.shape()).copy(Order::C);
  }
  ndarray base = a;
  if (n < 0) {
    base = inv(a);
    n = -n;
  }
  if (n == 1) return base.copy(Order::C);
  // Binary powering: the squares of base times the ones the bits of n select.
  ndarray result;
  ndarray sq = base;
  while (true) {
    if (n & 1) result = result.defined() ? matmul(result, sq) : sq;
    n >>= 1;
    if (!n) break;
    sq = matmul(sq, sq);
  }
  return result.same_handle(a) ? result.copy(Order::C) : result;
}

}  // namespace linalg
}  // namespace cunumpy
