// The matrix products: matmul (NumPy's gufunc (n?,k),(k,m?)->(n?,m?) with batch
// broadcasting), and dot, vdot, inner, outer, tensordot, kron, trace, vecdot, matvec,
// vecmat over it. Every contraction becomes one strided-batched GEMM task; operands are
// passed as views (transposes through strides, broadcast batches with stride 0) unless a
// matrix has no unit stride, which costs a copy.
#include <algorithm>
#include <numeric>

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
namespace detail {

ndarray gemm_operand(const ndarray& a) {
  const int nd = a.ndim();
  const int64_t rows = a.shape()[nd - 2], cols = a.shape()[nd - 1];
  const Shape batch_shape = shape_slice(a.shape(), 0, nd - 2);
  const int64_t batch = shape_product(batch_shape);
  auto fits = [&](const ndarray& x) {
    const int64_t isz = x.itemsize();
    const auto& st = x.strides();
    const int n = x.ndim();
    if (st[n - 1] % isz || st[n - 2] % isz) return false;
    return blas_view(rows, cols, st[n - 2] / isz, st[n - 1] / isz).ok;
  };
  // One batch stride: the batch axes (those longer than 1) must nest as one.
  auto batch_stride = [&](const ndarray& x, int64_t& stride) {
    stride = 0;
    int64_t expect = -1;
    for (int d = nd - 3; d >= 0; --d) {
      const int64_t len = x.shape()[d], st = x.strides()[d];
      if (len == 1) continue;
      if (expect == -1) { stride = st; expect = st * len; continue; }
      if (st != expect) return false;
      expect = st * len;
    }
    return true;
  };
  ndarray x = a;
  int64_t bs = 0;
  if (!fits(x) || !batch_stride(x, bs)) {
    x = a.copy(Order::C);
    bs = rows * cols * x.itemsize();
  }
  const int64_t isz = x.itemsize();
  (void)isz;
  return ndarray(x.memory(), x.offset(), Shape{batch, rows, cols},
                 Strides{batch > 1 ? bs : 0, x.strides()[nd - 2], x.strides()[nd - 1]}, x.dtype(), x);
}

ndarray gemm3(const ndarray& a, const ndarray& b) {
  const int64_t B = a.shape()[0], m = a.shape()[1], n = b.shape()[2];
  GemmTask t{a, b, ndarray(Shape{B, m, n}, a.dtype(), Order::C, a.device())};
  if (t.c.size() > 0) backend_for(a.device()).gemm(t);
  return t.c;
}

}  // namespace detail

namespace {
using namespace detail;

void check_same_device(const ndarray& a, const ndarray& b, const char* name) {
  if (!(a.device() == b.device()))
    throw ValueError(std::string(name) + ": arrays are on different devices (" + a.device().str() + " and " +
                     b.device().str() + ")");
}

// a (..., m, k) @ b (..., k, n) in dtype dt, batch shapes broadcast; both at least 2-D.
ndarray batched_matmul(const ndarray& a, const ndarray& b, DType dt) {
  const int na = a.ndim(), nb = b.ndim();
  const Shape batch = broadcast_shapes(shape_slice(a.shape(), 0, na - 2), shape_slice(b.shape(), 0, nb - 2));
  const int64_t m = a.shape()[na - 2], k = a.shape()[na - 1], n = b.shape()[nb - 1];
  ndarray A = a.dtype() == dt ? a : a.astype(dt);
  ndarray Bm = b.dtype() == dt ? b : b.astype(dt);
  // Views only where the batch axes change (a plain 2-D product, the small-`@` host path,
  // makes none beyond the GEMM operands and the result).
  if (na - 2 != static_cast<int>(batch.size()) || !(shape_slice(a.shape(), 0, na - 2) == batch))
    A = broadcast_to(A, shape_concat(batch, Shape{m, k}));
  if (nb - 2 != static_cast<int>(batch.size()) || !(shape_slice(b.shape(), 0, nb - 2) == batch))
    Bm = broadcast_to(Bm, shape_concat(batch, Shape{k, n}));
  const int64_t count = shape_product(batch);
  if (count == 0 || m == 0 || n == 0) return ndarray(shape_concat(batch, Shape{m, n}), dt, Order::C, a.device());
  const ndarray c = gemm3(gemm_operand(A), gemm_operand(Bm));
  return batch.size() == 1 ? c : c.reshape(shape_concat(batch, Shape{m, n}));
}

const char* kMatmulSig = "(n?,k),(k,m?)->(n?,m?)";

}  // namespace

ndarray matmul(const ndarray& a, const ndarray& b, const MatmulOptions& opt) {
  if (!a.defined() || !b.defined()) throw ValueError("matmul of an undefined array");
  check_same_device(a, b, "matmul");
  for (int i = 0; i < 2; ++i) {
    const ndarray& x = i == 0 ? a : b;
    if (x.ndim() == 0)
      throw ValueError("matmul: Input operand " + std::to_string(i) +
                       " does not have enough dimensions (has 0, gufunc core with signature " + kMatmulSig +
                       " requires 1)");
  }
  const ndarray A = a.ndim() == 1 ? a.reshape(Shape{1, a.shape()[0]}) : a;
  const ndarray B = b.ndim() == 1 ? b.reshape(Shape{b.shape()[0], 1}) : b;
  const int64_t ka = A.shape()[A.ndim() - 1], kb = B.shape()[B.ndim() - 2];
  if (ka != kb)
    throw ValueError("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature " +
                     std::string(kMatmulSig) + " (size " + std::to_string(kb) + " is different from " +
                     std::to_string(ka) + ")");
  DType dt = opt.dtype ? *opt.dtype : result_dtype(a, b);
  if (opt.dtype) {
    for (const ndarray* x : {&a, &b})
      if (!can_cast(x->dtype(), dt, opt.casting))
        throw TypeError(std::string("Cannot cast ufunc 'matmul' input from dtype('") + x->dtype().name() +
                        "') to dtype('" + dt.name() + "') with casting rule '" + casting_name(opt.casting) + "'");
  }
  ndarray r = batched_matmul(A, B, dt);
  // Drop the promoted axes: a 1-D a loses m, a 1-D b loses n.
  if (a.ndim() == 1 || b.ndim() == 1) {
    Shape s = shape_slice(r.shape(), 0, r.ndim() - 2);
    if (a.ndim() != 1) s.push_back(r.shape()[r.ndim() - 2]);
    if (b.ndim() != 1) s.push_back(r.shape()[r.ndim() - 1]);
    r = r.reshape(s);
  }
  if (opt.out.defined()) {
    if (!(opt.out.shape() == r.shape()))
      throw ValueError("matmul: Output operand 0 has a mismatch in its core dimension, with gufunc signature " +
                       std::string(kMatmulSig) + " (expected shape " + shape_str(r.shape()) + ", got " +
                       shape_str(opt.out.shape()) + ")");
    if (!can_cast(dt, opt.out.dtype(), opt.casting))
      throw TypeError(std::string("Cannot cast ufunc 'matmul' output from dtype('") + dt.name() + "') to dtype('" +
                      opt.out.dtype().name() + "') with casting rule '" + casting_name(opt.casting) + "'");
    ndarray out = opt.out;
    out.assign(r);
    return out;
  }
  return r;
}

ndarray tensordot(const ndarray& a, const ndarray& b, std::span<const int64_t> axes_a,
                  std::span<const int64_t> axes_b) {
  check_same_device(a, b, "tensordot");
  if (axes_a.size() != axes_b.size()) throw ValueError("shape-mismatch for sum");
  std::vector<int64_t> ia, ib;
  for (std::size_t i = 0; i < axes_a.size(); ++i) {
    ia.push_back(normalize_axis(axes_a[i], a.ndim()));
    ib.push_back(normalize_axis(axes_b[i], b.ndim()));
    if (a.shape()[ia.back()] != b.shape()[ib.back()]) throw ValueError("shape-mismatch for sum");
  }
  std::vector<int64_t> perm_a, perm_b;
  Shape free_a, free_b;
  int64_t K = 1;
  for (int d = 0; d < a.ndim(); ++d)
    if (std::find(ia.begin(), ia.end(), d) == ia.end()) { perm_a.push_back(d); free_a.push_back(a.shape()[d]); }
  for (int64_t d : ia) { perm_a.push_back(d); K *= a.shape()[d]; }
  for (int64_t d : ib) perm_b.push_back(d);
  for (int d = 0; d < b.ndim(); ++d)
    if (std::find(ib.begin(), ib.end(), d) == ib.end()) { perm_b.push_back(d); free_b.push_back(b.shape()[d]); }
  const DType dt = result_dtype(a, b);
  const ndarray A = a.transpose(perm_a).reshape(Shape{shape_product(free_a), K});
  const ndarray B = b.transpose(perm_b).reshape(Shape{K, shape_product(free_b)});
  return batched_matmul(A, B, dt).reshape(shape_concat(free_a, free_b));
}

// NumPy's integer axes: a's last n against b's first n (range(-n, 0), range(n): none for
// n <= 0, an outer product), compared pair by pair in that order: a pair beyond an
// operand's dimensions is its IndexError, a size mismatch met first its ValueError.
ndarray tensordot(const ndarray& a, const ndarray& b, int64_t n) {
  if (n < 0) n = 0;
  for (int64_t k = 0; k < n; ++k) {
    const int64_t ia = a.ndim() - n + k;
    if (ia < 0 || k >= b.ndim())
      throw IndexError("tensordot: axes=" + std::to_string(n) + " exceeds the dimensions of an operand (" +
                       std::to_string(a.ndim()) + ", " + std::to_string(b.ndim()) + ")");
    if (a.shape()[ia] != b.shape()[k]) throw ValueError("shape-mismatch for sum");
  }
  std::vector<int64_t> ia, ib;
  for (int64_t i = 0; i < n; ++i) {
    ia.push_back(a.ndim() - n + i);
    ib.push_back(i);
  }
  return tensordot(a, b, ia, ib);
}

ndarray dot(const ndarray& a, const ndarray& b, const ndarray& out) {
  check_same_device(a, b, "dot");
  ndarray r;
  if (a.ndim() == 0 || b.ndim() == 0) {
    r = multiply(a, b);
  } else if (b.ndim() <= 2 || a.ndim() == 1) {
    if (a.shape()[a.ndim() - 1] != b.shape()[b.ndim() == 1 ? 0 : b.ndim() - 2])
      throw ValueError("shapes " + shape_str(a.shape()) + " and " + shape_str(b.shape()) + " not aligned: " +
                       std::to_string(a.shape()[a.ndim() - 1]) + " (dim " + std::to_string(a.ndim() - 1) + ") != " +
                       std::to_string(b.shape()[b.ndim() == 1 ? 0 : b.ndim() - 2]) + " (dim " +
                       std::to_string(b.ndim() == 1 ? 0 : b.ndim() - 2) + ")");
    if (b.ndim() <= 2 && a.ndim() > 2) {
      // a (..., k) @ b (k[, n]): fold a's leading axes into rows (one GEMM).
      const Shape lead = shape_slice(a.shape(), 0, a.ndim() - 1);
      const ndarray a2 = a.reshape(Shape{shape_product(lead), a.shape()[a.ndim() - 1]});
      r = matmul(a2, b);
      r = r.reshape(b.ndim() == 1 ? lead : shape_concat(lead, Shape{b.shape()[1]}));
    } else {
      r = matmul(a, b);
    }
  } else {
    const int64_t ka = a.shape()[a.ndim() - 1], kb = b.shape()[b.ndim() - 2];
    if (ka != kb)
      throw ValueError("shapes " + shape_str(a.shape()) + " and " + shape_str(b.shape()) + " not aligned: " +
                       std::to_string(ka) + " (dim " + std::to_string(a.ndim() - 1) + ") != " + std::to_string(kb) +
                       " (dim " + std::to_string(b.ndim() - 2) + ")");
    const int64_t axa[] = {a.ndim() - 1}, axb[] = {b.ndim() - 2};
    r = tensordot(a, b, axa, axb);
  }
  if (out.defined()) {
    if (!(out.shape() == r.shape()) || out.dtype() != r.dtype() || !out.c_contiguous())
      throw ValueError("output array is not acceptable (must have the right datatype, number of dimensions, and be a "
                       "C-Array)");
    ndarray o = out;
    o.assign(r);
    return o;
  }
  return r;
}

ndarray vdot(const ndarray& a, const ndarray& b) {
  check_same_device(a, b, "vdot");
  if (a.size() != b.size()) throw ValueError("vectors have different lengths");
  ndarray x = a.ravel();
  if (x.dtype().is_complex()) x = conjugate(x);
  return matmul(x, b.ravel());
}

ndarray inner(const ndarray& a, const ndarray& b) {
  if (a.ndim() == 0 || b.ndim() == 0) return multiply(a, b);
  if (a.shape()[a.ndim() - 1] != b.shape()[b.ndim() - 1])
    throw ValueError("shapes " + shape_str(a.shape()) + " and " + shape_str(b.shape()) + " not aligned: " +
                     std::to_string(a.shape()[a.ndim() - 1]) + " (dim " + std::to_string(a.ndim() - 1) + ") != " +
                     std::to_string(b.shape()[b.ndim() - 1]) + " (dim " + std::to_string(b.ndim() - 1) + ")");
  const int64_t axa[] = {a.ndim() - 1}, axb[] = {b.ndim() - 1};
  return tensordot(a, b, axa, axb);
}

ndarray outer(const ndarray& a, const ndarray& b) {
  const ndarray x = a.ravel(), y = b.ravel();
  return multiply(x.reshape(Shape{x.size(), 1}), y.reshape(Shape{1, y.size()}));
}

ndarray kron(const ndarray& a, const ndarray& b) {
  const int nd = std::max(a.ndim(), b.ndim());
  Shape sa(static_cast<std::size_t>(nd - a.ndim()), 1), sb(static_cast<std::size_t>(nd - b.ndim()), 1);
  for (int64_t v : a.shape()) sa.push_back(v);
  for (int64_t v : b.shape()) sb.push_back(v);
  Shape ia, ib, res;
  for (int d = 0; d < nd; ++d) {
    ia.push_back(sa[d]); ia.push_back(1);
    ib.push_back(1); ib.push_back(sb[d]);
    res.push_back(sa[d] * sb[d]);
  }
  return multiply(a.reshape(ia), b.reshape(ib)).reshape(res);
}

ndarray trace(const ndarray& a, int64_t offset, int64_t axis1, int64_t axis2, std::optional<DType> dtype) {
  const ndarray d = diagonal(a, offset, axis1, axis2);
  return sum(d, Axes(SmallVector<int64_t, 8>{-1}), dtype);
}

// NumPy's gufunc (n),(n)->(): `axis` names each operand's core axis; the core sizes must
// be equal (they do not broadcast), the other axes broadcast.
ndarray vecdot(const ndarray& x1, const ndarray& x2, int64_t axis) {
  for (int i = 0; i < 2; ++i)
    if ((i ? x2 : x1).ndim() == 0)
      throw ValueError("vecdot: Input operand " + std::to_string(i) +
                       " does not have enough dimensions (has 0, gufunc core with signature (n),(n)->() requires 1)");
  ndarray a = moveaxis(x1, normalize_axis(axis, x1.ndim()), -1);
  ndarray b = moveaxis(x2, normalize_axis(axis, x2.ndim()), -1);
  const int64_t n = a.shape()[a.ndim() - 1], n2 = b.shape()[b.ndim() - 1];
  if (n != n2)
    throw ValueError("vecdot: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n),(n)->() (size " +
                     std::to_string(n2) + " is different from " + std::to_string(n) + ")");
  const Shape lead = broadcast_shapes(shape_slice(a.shape(), 0, a.ndim() - 1), shape_slice(b.shape(), 0, b.ndim() - 1));
  a = broadcast_to(a, shape_concat(lead, Shape{n}));
  b = broadcast_to(b, shape_concat(lead, Shape{n}));
  if (a.dtype().is_complex()) a = conjugate(a);
  ndarray r = matmul(a.reshape(shape_concat(lead, Shape{1, n})), b.reshape(shape_concat(lead, Shape{n, 1})));
  return r.reshape(lead);
}

ndarray matvec(const ndarray& x1, const ndarray& x2) {
  if (x1.ndim() < 2 || x2.ndim() < 1)
    throw ValueError("matvec: Input operand does not have enough dimensions (gufunc core with signature (m,n),(n)->(m))");
  ndarray r = matmul(x1, expand_dims(x2, -1));
  return r.reshape(shape_slice(r.shape(), 0, r.ndim() - 1));
}

ndarray vecmat(const ndarray& x1, const ndarray& x2) {
  if (x1.ndim() < 1 || x2.ndim() < 2)
    throw ValueError("vecmat: Input operand does not have enough dimensions (gufunc core with signature (n),(n,m)->(m))");
  ndarray a = x1.dtype().is_complex() ? conjugate(x1) : x1;
  ndarray r = matmul(expand_dims(a, -2), x2);
  Shape s = shape_slice(r.shape(), 0, r.ndim() - 2);
  s.push_back(r.shape()[r.ndim() - 1]);
  return r.reshape(s);
}

namespace linalg {
ndarray matrix_transpose(const ndarray& a) {
  if (a.ndim() < 2) throw ValueError("array must be at least 2-dimensional");
  return a.mT();
}
}  // namespace linalg

}  // namespace cunumpy
