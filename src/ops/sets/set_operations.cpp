// The set operations of two arrays as NumPy composes them: unique of each (unless
// assume_unique), one concatenation and one more sort, then neighbour comparisons.
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/sets.hpp"
#include "cunumpy/ops/sorting.hpp"
#include "set_helpers.hpp"

namespace cunumpy {

using sets::concat2;
using sets::slice;

namespace {

ndarray masked(const ndarray& a, const ndarray& mask) {
  const IndexItem keep[] = {mask};
  return index(a, keep);
}

// NumPy's sort-based membership of the flattened ar1 in ar2: after one sort of both
// (each made unique first), an element of ar1 is in ar2 when its sorted successor equals it.
ndarray in1d_sorted(const ndarray& ar1_in, const ndarray& ar2_in, bool assume_unique, bool invert) {
  ndarray ar1 = ar1_in.ravel(), ar2 = ar2_in.ravel();
  if (ar1.size() == 0) return ndarray(Shape{0}, bool_);
  ndarray rev;
  if (!assume_unique) {
    UniqueResult u = unique(ar1, false, true, false);
    ar1 = u.values;
    rev = u.inverse;
    ar2 = unique(ar2);
  }
  const ndarray ar = concat2(ar1, ar2);
  const int64_t n = ar.size();
  auto [sorted, order] = sort_with_indices(ar, -1);
  ndarray flag(Shape{n}, bool_);
  sets::neighbours_into(sorted, slice(flag, std::nullopt, -1), invert);
  const Index last[] = {n - 1};
  flag.set_item(last, Scalar(invert));
  ndarray ret(Shape{n}, bool_);
  const IndexItem at[] = {order};
  index_assign(ret, at, flag);
  return assume_unique ? slice(ret, 0, ar1.size()) : take(ret, rev, 0);
}

}  // namespace

IntersectResult intersect1d(const ndarray& ar1_in, const ndarray& ar2_in, bool assume_unique,
                            bool return_indices) {
  ndarray ar1, ar2, ind1, ind2;
  if (!assume_unique) {
    UniqueResult u1 = unique(ar1_in, return_indices, false, false);
    UniqueResult u2 = unique(ar2_in, return_indices, false, false);
    ar1 = u1.values, ind1 = u1.indices;
    ar2 = u2.values, ind2 = u2.indices;
  } else {
    ar1 = ar1_in.ravel();
    ar2 = ar2_in.ravel();
  }
  ndarray aux = concat2(ar1, ar2), order;
  if (return_indices) {
    std::tie(aux, order) = sort_with_indices(aux, -1);
  } else {
    aux = sort(aux, -1);
  }
  const ndarray head = slice(aux, std::nullopt, -1);
  const ndarray mask = equal(slice(aux, 1, std::nullopt), head);
  IntersectResult r;
  r.values = masked(head, mask);
  if (return_indices) {
    ndarray i1 = masked(slice(order, std::nullopt, -1), mask);
    ndarray i2 = subtract(masked(slice(order, 1, std::nullopt), mask), Operand(Scalar(ar1.size()), true));
    if (!assume_unique) {
      i1 = take(ind1, i1, 0);
      i2 = take(ind2, i2, 0);
    }
    r.indices1 = i1;
    r.indices2 = i2;
  }
  return r;
}

ndarray intersect1d(const ndarray& ar1, const ndarray& ar2, bool assume_unique) {
  return intersect1d(ar1, ar2, assume_unique, false).values;
}

ndarray union1d(const ndarray& ar1, const ndarray& ar2) { return unique(concat2(ar1.ravel(), ar2.ravel())); }

ndarray setdiff1d(const ndarray& ar1_in, const ndarray& ar2_in, bool assume_unique) {
  const ndarray ar1 = assume_unique ? ar1_in.ravel() : unique(ar1_in);
  const ndarray ar2 = assume_unique ? ar2_in : unique(ar2_in);
  return masked(ar1, in1d_sorted(ar1, ar2, true, true));
}

ndarray setxor1d(const ndarray& ar1_in, const ndarray& ar2_in, bool assume_unique) {
  const ndarray ar1 = assume_unique ? ar1_in : unique(ar1_in);
  const ndarray ar2 = assume_unique ? ar2_in : unique(ar2_in);
  ndarray aux = concat2(ar1.ravel(), ar2.ravel());
  const int64_t n = aux.size();
  if (n == 0) return aux;
  aux = sort(aux, -1);
  // flag[i]: aux[i] differs from aux[i - 1], with both ends true; a value is in exactly
  // one array when it differs from both neighbours.
  ndarray flag(Shape{n + 1}, bool_);
  const Index ends[] = {int64_t{0}};
  flag.set_item(ends, Scalar(true));
  const Index last[] = {n};
  flag.set_item(last, Scalar(true));
  sets::neighbours_into(aux, slice(flag, 1, n), true);
  return masked(aux, logical_and(slice(flag, 1, std::nullopt), slice(flag, std::nullopt, -1)));
}

ndarray in1d(const ndarray& ar1, const ndarray& ar2, bool assume_unique, bool invert) {
  return in1d_sorted(ar1, ar2, assume_unique, invert);
}

ndarray isin(const ndarray& element, const ndarray& test_elements, bool assume_unique, bool invert) {
  return in1d_sorted(element, test_elements, assume_unique, invert).reshape(element.shape());
}

}  // namespace cunumpy
