// Permutations and sampling of cunumpy::random::Generator, built on the random draws and
// the sort/scan/search/take ops: a permutation is the argsort of 64-bit random keys (ties,
// probability n^2 / 2^65, keep the stable order; computed as a sort of index-carrying keys on
// their top bits, see permutation(n)), sampling with p inverts the normalized
// cumulative sum with searchsorted, sampling with p without replacement keeps the k
// smallest of E_i / p_i (exponential keys: the Efraimidis-Spirakis weighted order).
#include <cmath>
#include <limits>
#include <string>

#include "core/backend.hpp"
#include "core/backend_tasks_random.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/random.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "cunumpy/ops/scan.hpp"
#include "cunumpy/ops/searching.hpp"
#include "cunumpy/ops/sorting.hpp"
#include "ops/random/random_internal.hpp"
#include "ops/sorting/sort_internal.hpp"

namespace cunumpy::random {

using namespace detail_random;

namespace {
int64_t normalize_axis(int64_t axis, int ndim) {
  if (axis < -ndim || axis >= ndim)
    throw AxisError("axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                    std::to_string(ndim));
  return axis < 0 ? axis + ndim : axis;
}
}  // namespace

ndarray Generator::permutation(int64_t n) {
  if (n < 0) n = 0;  // NumPy permutes arange(n): empty for a negative n
  // argsort(random_raw(n, uint64)), faster: keys of the words' top T bits (2^T >= 16 n)
  // with the index below them, sorted (on those T bits alone where the backend can), then
  // the rare runs of equal top bits put in the words' order (cn_random.h, perm_order).
  // The same values and the same counters as the argsort. T + index bits <= 64 up to 2^28.
  if (n < 2 || n > (int64_t{1} << 28)) return argsort(random_raw(Shape{n}, uint64));
  int top = 8;
  while (std::ldexp(1.0, top) < 16.0 * static_cast<double>(n)) top += 8;
  const int64_t shift = 64 - top;
  const uint64_t offset = bg_.counter();
  const int64_t key_scalars[2] = {shift, 0};
  const ndarray keys = run_draw(bg_, detail::RandomDist::PermKeys, uint64, Shape{n}, {}, nullptr, key_scalars, false);
  const ndarray sorted = detail::sort_above_low_bytes(keys, static_cast<int>(shift / 8));
  detail::RandomTask t;
  t.dist = detail::RandomDist::PermOrder;
  t.key0 = bg_.key0();
  t.key1 = bg_.key1();
  t.offset = offset;
  t.out = ndarray(Shape{n}, int64, Order::C, keys.device());
  t.iparam[0] = sorted;
  t.iscalar[0] = shift;
  backend_for(keys.device()).random_fill(t);
  return t.out;
}

ndarray Generator::permutation(const ndarray& x, int64_t axis, Messages msg) {
  if (x.ndim() == 0) {
    if (msg == Messages::Legacy) throw IndexError("x must be an integer or at least 1-dimensional");
    throw AxisError("axis " + std::to_string(axis) + " is out of bounds for array of dimension 0");
  }
  const int64_t ax = normalize_axis(axis, x.ndim());
  return take(x, permutation(x.shape()[ax]), ax);
}

void Generator::shuffle(ndarray& x, int64_t axis) {
  if (x.ndim() == 0) throw TypeError("len() of unsized object");
  x.check_writeable();
  const int64_t ax = normalize_axis(axis, x.ndim());
  if (x.shape()[ax] <= 1) return;
  x.assign(take(x, permutation(x.shape()[ax]), ax));
}

ndarray Generator::permuted(const ndarray& x, std::optional<int64_t> axis) {
  if (!axis) {
    const ndarray flat = x.ravel();
    return take(flat, permutation(flat.size()), 0).reshape(x.shape());
  }
  if (x.ndim() == 0)
    throw AxisError("axis " + std::to_string(*axis) + " is out of bounds for array of dimension 0");
  const int64_t ax = normalize_axis(*axis, x.ndim());
  // Rows: the other axes; each row gets its own random keys, so its own order.
  const ndarray moved = moveaxis(x, ax, -1);
  const int64_t k = x.shape()[ax];
  const int64_t rows = k ? moved.size() / k : 0;
  const ndarray keys = random_raw(Shape{rows, k}, uint64);
  const ndarray order = argsort(keys, -1);  // (rows, k) int64
  const ndarray base = multiply(arange(Scalar(rows), int64).reshape(Shape{rows, 1}), k);
  const ndarray flat_index = add(order, base).ravel();
  const ndarray picked = take(moved.reshape(Shape{rows * k}), flat_index, 0).reshape(moved.shape());
  return ascontiguousarray(moveaxis(picked, -1, ax));
}

ndarray Generator::choice(int64_t n, const Size& size, bool replace, const std::optional<ndarray>& p,
                          Messages msg) {
  const bool legacy = msg == Messages::Legacy;
  Shape shape = size ? *size : Shape{};
  int64_t count = 1;
  for (int64_t d : shape) {
    if (d < 0) throw ValueError("negative dimensions are not allowed");
    count *= d;
  }
  if (n <= 0 && count != 0)  // (no samples: any n, as NumPy)
    throw ValueError(legacy ? "a must be greater than 0 unless no samples are taken"
                            : "a must be a positive integer unless no samples are taken");
  ndarray prob;
  if (p) {
    prob = p->astype(float64);
    if (prob.ndim() != 1) throw ValueError(legacy ? "p must be 1-dimensional" : "p must be 1-dimensional");
    if (prob.size() != n)
      throw ValueError(legacy ? "'a' and 'p' must have same size" : "a and p must have same size");
    if (n > 0 && any(less(prob, 0)).item().to_bool())
      throw ValueError(legacy ? "probabilities are not non-negative" : "Probabilities are not non-negative");
    const double total = n > 0 ? sum(prob).item().to_double() : 0.0;
    // NumPy's tolerance: sqrt of the machine epsilon of p's dtype (at least float64's).
    double atol = std::sqrt(std::numeric_limits<double>::epsilon());
    if (p->dtype() == float32 || p->dtype() == float16)
      atol = std::max(atol, std::sqrt(double(std::numeric_limits<float>::epsilon())));
    if (!(std::fabs(total - 1.0) <= atol))
      throw ValueError(legacy ? "probabilities do not sum to 1"
                              : "Probabilities do not sum to 1. See Notes section of docstring for more information.");
  }
  if (!replace && count > n)
    throw ValueError(legacy ? "Cannot take a larger sample than population when 'replace=False'"
                            : "Cannot take a larger sample than population when replace is False");
  if (count == 0) return empty(shape, int64);
  if (replace) {
    if (!p) return integers(Param(0), Param(static_cast<long long>(n)), shape, int64);
    ndarray cdf = cumsum(prob);
    cdf = true_divide(cdf, cdf[{Index(int64_t{-1})}]);
    const ndarray u = random(shape, float64);
    ndarray idx = searchsorted(cdf, u, Side::Right);
    return minimum(idx, n - 1);
  }
  if (!p) {
    const ndarray perm = permutation(n);
    return ascontiguousarray(perm[{Index(Slice{0, count, 1})}]).reshape(shape);
  }
  const int64_t nonzero = sum(greater(prob, 0)).item().to_int64();
  if (nonzero < count) throw ValueError("Fewer non-zero entries in p than size");
  // The count smallest of E_i / p_i are a weighted sample without replacement.
  const ndarray keys = true_divide(standard_exponential(Shape{n}, float64), prob);
  const ndarray order = argsort(keys);
  return ascontiguousarray(order[{Index(Slice{0, count, 1})}]).reshape(shape);
}

ndarray Generator::choice(const ndarray& a, const Size& size, bool replace, const std::optional<ndarray>& p,
                          int64_t axis, Messages msg) {
  if (a.ndim() == 0)
    throw ValueError(msg == Messages::Legacy ? "a must be 1-dimensional or an integer"
                                             : "a must be a sequence or an integer, not a 0-d array");
  if (msg == Messages::Legacy && a.ndim() != 1) throw ValueError("a must be 1-dimensional");
  const int64_t ax = normalize_axis(axis, a.ndim());
  const int64_t n = a.shape()[ax];
  if (n == 0) {
    int64_t count = 1;
    for (int64_t d : size ? *size : Shape{}) count *= d;
    if (count != 0)
      throw ValueError(msg == Messages::Legacy ? "'a' cannot be empty unless no samples are taken"
                                               : "a cannot be empty unless no samples are taken");
  }
  const ndarray idx = choice(n, size, replace, p, msg);
  return take(a, idx, ax);
}

}  // namespace cunumpy::random
