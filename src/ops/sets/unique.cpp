// unique as NumPy's sort-based algorithm: sort (with the permutation when positions are
// wanted), mark where a sorted value differs from its predecessor, compact. NaNs sort last
// and collapse into one with equal_nan. Along an axis the slices are sorted as rows,
// lexicographically, by one stable sort per column from the last (LSD order).
#include <cmath>

#include "cunumpy/core/shape.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "cunumpy/ops/scan.hpp"
#include "cunumpy/ops/sets.hpp"
#include "cunumpy/ops/sorting.hpp"
#include "set_helpers.hpp"

namespace cunumpy {

using sets::slice;

namespace {

bool is_nan(const Scalar& s) {
  if (s.dtype().is_complex()) {
    const auto c = s.to_complex();
    return std::isnan(c.real()) || std::isnan(c.imag());
  }
  return s.dtype().is_floating() && std::isnan(s.to_double());
}

// The positions of the first element of each run of equal sorted values (mask), as the
// inverse (cumsum - 1 scattered back through perm) and the counts (run lengths).
ndarray inverse_from(const ndarray& mask, const ndarray& perm) {
  const ndarray run = subtract(cumsum(mask), Operand(Scalar(int64_t{1}), true));
  ndarray inv(Shape{mask.size()}, int64);
  const IndexItem at[] = {perm};
  index_assign(inv, at, run);
  return inv;
}

ndarray counts_from(const ndarray& mask) {
  const ndarray starts = flatnonzero(mask);
  const int64_t k = starts.size();
  ndarray ends(Shape{k + 1}, int64);
  slice(ends, 0, k).assign(starts);
  const Index last[] = {k};
  ends.set_item(last, Scalar(mask.size()));
  return subtract(slice(ends, 1, std::nullopt), slice(ends, std::nullopt, -1));
}

UniqueResult unique_flat(const ndarray& ar_in, bool want_index, bool want_inverse, bool want_counts,
                         bool equal_nan) {
  const ndarray ar = ar_in.ravel();
  const int64_t n = ar.size();
  ndarray aux, perm;
  if (want_index || want_inverse) {
    std::tie(aux, perm) = sort_with_indices(ar, -1);
  } else {
    aux = sort(ar, -1);
  }
  ndarray mask(Shape{n}, bool_);
  if (n) {
    const Index first[] = {int64_t{0}};
    mask.set_item(first, Scalar(true));
    sets::neighbours_into(aux, slice(mask, 1, std::nullopt), true);
    const Index last[] = {n - 1};
    if (equal_nan && aux.dtype().is_inexact() && is_nan(aux[last].item())) {
      // NaNs sort last (complex: either part NaN): keep the first of them only.
      const int64_t first_nan = count_nonzero(logical_not(isnan(aux))).item().to_int64();
      const Index at[] = {first_nan};
      mask.set_item(at, Scalar(true));
      const Index rest[] = {Slice{first_nan + 1, std::nullopt, std::nullopt}};
      mask.set_item(rest, Scalar(false));
    }
  }
  UniqueResult r;
  const IndexItem keep[] = {mask};
  r.values = index(aux, keep);
  if (want_index) r.indices = index(perm, keep);
  if (want_inverse) r.inverse = inverse_from(mask, perm);
  if (want_counts) r.counts = counts_from(mask);
  return r;
}

// The permutation that sorts the rows of a 2-D array lexicographically (first column most
// significant). float16 rows put NaN first, as NumPy's float16 row comparison does.
ndarray lexsort_rows(const ndarray& rows) {
  const int64_t n = rows.shape()[0], width = rows.shape()[1];
  ndarray perm = arange(Scalar(n), int64);
  for (int64_t j = width - 1; j >= 0; --j) {
    const Index col_at[] = {Slice{}, j};
    const ndarray col = rows[col_at];
    perm = take(perm, argsort(take(col, perm, 0), -1), 0);
    if (rows.dtype() == float16)
      perm = take(perm, argsort(logical_not(isnan(take(col, perm, 0))), -1), 0);
  }
  return perm;
}

UniqueResult unique_along(const ndarray& ar, int ax, bool want_index, bool want_inverse, bool want_counts) {
  const ndarray moved = moveaxis(ar, ax, 0);
  const Shape shape = moved.shape();
  const int64_t n = shape[0];
  int64_t width = 1;
  for (int i = 1; i < static_cast<int>(shape.size()); ++i) width *= shape[i];
  UniqueResult r;
  if (n == 0 || width == 0) {
    // No rows, or rows of nothing (all equal): at most one unique row.
    const int64_t keep = n ? 1 : 0;
    r.values = slice(moved, 0, keep);
    if (want_index) r.indices = zeros(Shape{keep}, int64);
    if (want_inverse) r.inverse = zeros(Shape{n}, int64);
    if (want_counts) r.counts = n ? full(Shape{1}, Scalar(n), int64) : zeros(Shape{0}, int64);
  } else {
    const ndarray rows = moved.reshape(Shape{n, width});
    const ndarray perm = lexsort_rows(rows);
    const ndarray sorted = take(rows, perm, 0);
    ndarray mask(Shape{n}, bool_);
    const Index first[] = {int64_t{0}};
    mask.set_item(first, Scalar(true));
    if (n > 1) {
      // A row starts a new run when any column differs from the row before.
      ReduceArgs by_row;
      by_row.axis = SmallVector<int64_t, 8>{1};
      const ndarray lo = slice(sorted, std::nullopt, -1), hi = slice(sorted, 1, std::nullopt);
      slice(mask, 1, std::nullopt).assign(any(not_equal(hi, lo), by_row));
    }
    const IndexItem keep[] = {mask};
    const ndarray rows_kept = index(sorted, keep);
    Shape out_shape = shape;
    out_shape[0] = rows_kept.shape()[0];
    r.values = rows_kept.reshape(out_shape);
    if (want_index) r.indices = index(perm, keep);
    if (want_inverse) r.inverse = inverse_from(mask, perm);
    if (want_counts) r.counts = counts_from(mask);
  }
  r.values = moveaxis(r.values, 0, ax);
  return r;
}

}  // namespace

UniqueResult unique(const ndarray& ar, bool return_index, bool return_inverse, bool return_counts,
                    std::optional<int64_t> axis, bool equal_nan) {
  if (axis && ar.ndim() != 1) {
    return unique_along(ar, normalize_axis(*axis, ar.ndim()), return_index, return_inverse, return_counts);
  }
  // NumPy: a 1-D array with an axis is the flat case (NaNs collapse with equal_nan).
  if (axis) normalize_axis(*axis, ar.ndim());
  UniqueResult r = unique_flat(ar, return_index, return_inverse, return_counts, equal_nan);
  if (return_inverse) r.inverse = r.inverse.reshape(ar.shape());
  return r;
}

ndarray unique(const ndarray& ar) { return unique_flat(ar, false, false, false, true).values; }

ndarray unique_values(const ndarray& x) { return unique_flat(x, false, false, false, false).values; }

UniqueResult unique_counts(const ndarray& x) { return unique(x, false, false, true, std::nullopt, false); }

UniqueResult unique_inverse(const ndarray& x) { return unique(x, false, true, false, std::nullopt, false); }

UniqueResult unique_all(const ndarray& x) { return unique(x, true, true, true, std::nullopt, false); }

}  // namespace cunumpy
