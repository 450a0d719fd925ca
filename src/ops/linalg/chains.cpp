// numpy.linalg's multi_dot (the matrix chain in its cheapest order), tensorinv and
// tensorsolve (inv and solve of the tensors reshaped to square matrices).
#include <algorithm>
#include <vector>

#include "cunumpy/ops/linalg.hpp"
#include "cunumpy/ops/linalg_composites.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "ops/linalg/linalg_common.hpp"

namespace cunumpy::linalg {
namespace {

// The split points of the cheapest parenthesization of the chain with dimensions p
// (matrix i is p[i] x p[i+1]): split[i][j] is where chain i..j is cut.
std::vector<std::vector<size_t>> chain_order(const std::vector<int64_t>& p) {
  const size_t n = p.size() - 1;
  std::vector<std::vector<double>> cost(n, std::vector<double>(n, 0.0));
  std::vector<std::vector<size_t>> split(n, std::vector<size_t>(n, 0));
  for (size_t length = 1; length < n; ++length) {
    for (size_t i = 0; i + length < n; ++i) {
      const size_t j = i + length;
      bool found = false;
      for (size_t k = i; k < j; ++k) {
        // Costs in double: a product of three dimensions may exceed int64.
        const double c = cost[i][k] + cost[k + 1][j] +
                         static_cast<double>(p[i]) * static_cast<double>(p[k + 1]) * static_cast<double>(p[j + 1]);
        if (!found || c < cost[i][j]) {
          cost[i][j] = c;
          split[i][j] = k;
          found = true;
        }
      }
    }
  }
  return split;
}

ndarray chain_product(const std::vector<ndarray>& arrays, const std::vector<std::vector<size_t>>& split, size_t i,
                      size_t j) {
  if (i == j) return arrays[i];
  const size_t k = split[i][j];
  return matmul(chain_product(arrays, split, i, k), chain_product(arrays, split, k + 1, j));
}

}  // namespace

ndarray multi_dot(std::span<const ndarray> input, const ndarray& out) {
  const size_t n = input.size();
  if (n < 2) throw ValueError("Expecting at least two arrays.");
  if (n == 2) return dot(input[0], input[1], out);
  std::vector<ndarray> arrays(input.begin(), input.end());
  const bool first_1d = arrays.front().ndim() == 1, last_1d = arrays.back().ndim() == 1;
  if (first_1d) arrays.front() = expand_dims(arrays.front(), int64_t(0));
  if (last_1d) arrays.back() = expand_dims(arrays.back(), int64_t(1));
  for (const ndarray& a : arrays)
    if (a.ndim() != 2)
      throw LinAlgError(std::to_string(a.ndim()) + "-dimensional array given. Array must be two-dimensional");
  std::vector<int64_t> p;
  for (const ndarray& a : arrays) p.push_back(a.shape()[0]);
  p.push_back(arrays.back().shape()[1]);
  ndarray r = chain_product(arrays, chain_order(p), 0, n - 1);
  if (first_1d && last_1d) r = r[{int64_t(0), int64_t(0)}];
  else if (first_1d) r = r[{int64_t(0)}];
  else if (last_1d) r = r[{Slice{}, int64_t(0)}];
  if (out.defined()) {
    ndarray target = out;
    target.assign(r);
    return out;
  }
  return r;
}

ndarray tensorinv(const ndarray& a, int64_t ind) {
  if (ind <= 0) throw ValueError("Invalid ind argument.");
  const Shape& old = a.shape();
  const int64_t nd = a.ndim();
  const int64_t cut = std::min(ind, nd);
  const int64_t prod = detail::shape_product(detail::shape_slice(old, cut, nd));
  const Shape inv_shape = detail::shape_concat(detail::shape_slice(old, cut, nd), detail::shape_slice(old, 0, cut));
  const ndarray ia = inv(prod != 0 ? a.reshape(Shape{-1, prod}) : a.reshape(Shape{0, 0}));
  return ia.reshape(inv_shape);
}

ndarray tensorsolve(const ndarray& a_in, const ndarray& b, const std::optional<std::vector<int64_t>>& axes) {
  ndarray a = a_in;
  const int64_t an = a.ndim();
  if (axes) {
    // The given axes moved to the end, in order (NumPy's list remove/insert).
    std::vector<int64_t> all;
    for (int64_t i = 0; i < an; ++i) all.push_back(i);
    for (int64_t k : *axes) {
      const auto it = std::find(all.begin(), all.end(), k);
      if (it == all.end()) throw ValueError("list.remove(x): x not in list");
      all.erase(it);
      all.push_back(k);
    }
    a = transpose(a, all);
  }
  // NumPy's a.shape[-(a.ndim - b.ndim):] (all of it when the counts are equal).
  const int64_t free = an - b.ndim();
  const int64_t start = free > 0 ? an - free : std::min(-free, an);
  const Shape old = detail::shape_slice(a.shape(), start, an);
  const int64_t prod = detail::shape_product(old);
  if (a.size() != prod * prod)
    throw LinAlgError("Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])");
  const ndarray x = solve(a.reshape(Shape{prod, prod}), b.ravel());
  return x.reshape(old);
}

}  // namespace cunumpy::linalg
