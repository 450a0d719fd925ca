// delete_, insert and append as NumPy's: the positions are planned on the host with NumPy's
// rules (negative indices, boolean masks, the stable order of repeated insert positions),
// then the result is one gather along the axis (or a plain copy for one run).
#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/editing.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/manipulation.hpp"

namespace cunumpy {
namespace {

struct Along {
  ndarray a;
  int64_t axis = 0;
};

// NumPy's axis=None: the flattened array; else the normalized axis.
Along along(const ndarray& arr, std::optional<int64_t> axis) {
  if (!axis) return {arr.ravel(), 0};
  const int64_t nd = arr.ndim();
  if (*axis < -nd || *axis >= nd)
    throw AxisError("axis " + std::to_string(*axis) + " is out of bounds for array of dimension " + std::to_string(nd));
  return {arr, *axis < 0 ? *axis + nd : *axis};
}

std::string oob(int64_t i, int64_t axis, int64_t n) {
  return "index " + std::to_string(i) + " is out of bounds for axis " + std::to_string(axis) + " with size " +
         std::to_string(n);
}

// The entries of an index array on the host, as int64 (kind 'b' kept as a 0/1 mask).
std::vector<int64_t> host_values(const ndarray& a) {
  return ascontiguousarray(a.ravel()).astype(int64).to_vector<int64_t>();
}

std::vector<int64_t> slice_positions(const Slice& s, int64_t n) {
  const int64_t step = s.step.value_or(1);
  if (step == 0) throw ValueError("slice step cannot be zero");
  auto clampi = [&](std::optional<int64_t> v, int64_t dflt, int64_t lo, int64_t hi) {
    if (!v) return dflt;
    int64_t x = *v < 0 ? *v + n : *v;
    return std::clamp(x, lo, hi);
  };
  std::vector<int64_t> r;
  if (step > 0) {
    const int64_t b = clampi(s.start, 0, 0, n), e = clampi(s.stop, n, 0, n);
    for (int64_t i = b; i < e; i += step) r.push_back(i);
  } else {
    const int64_t b = clampi(s.start, n - 1, -1, n - 1), e = clampi(s.stop, -1, -1, n - 1);
    for (int64_t i = b; i > e; i += step) r.push_back(i);
  }
  return r;
}

// a's entries idx (host, any order) along `axis`: one copy for a single run, else a gather.
ndarray gather(const ndarray& a, const std::vector<int64_t>& idx, int64_t axis) {
  bool run = !idx.empty();
  for (std::size_t i = 1; i < idx.size() && run; ++i) run = idx[i] == idx[i - 1] + 1;
  std::vector<Index> at(static_cast<std::size_t>(axis), Slice{});
  if (idx.empty() || run) {
    const int64_t b = idx.empty() ? 0 : idx.front(), e = idx.empty() ? 0 : idx.back() + 1;
    at.push_back(Slice{b, e, std::nullopt});
    return a[std::span<const Index>(at)].copy();
  }
  const ndarray i = array_from_host(idx.data(), Shape{static_cast<int64_t>(idx.size())}, Strides{8}, int64, a.device());
  return take(a, i, axis);
}

ndarray slice_axis(const ndarray& a, int64_t axis, std::optional<int64_t> b, std::optional<int64_t> e) {
  std::vector<Index> at(static_cast<std::size_t>(axis), Slice{});
  at.push_back(Slice{b, e, std::nullopt});
  return a[std::span<const Index>(at)];
}

// vals as NumPy's assignment into a `shape` target sees them: leading unit axes dropped,
// then broadcast.
ndarray assignable(ndarray vals, const Shape& shape) {
  while (vals.ndim() > static_cast<int>(shape.size()) && vals.shape()[0] == 1) {
    Shape s(vals.shape().begin() + 1, vals.shape().end());
    vals = vals.reshape(s);
  }
  return broadcast_to(vals, shape);
}

}  // namespace

ndarray delete_(const ndarray& arr, const EditIndex& obj, std::optional<int64_t> axis_in) {
  const Along al = along(arr, axis_in);
  const ndarray& a = al.a;
  const int64_t axis = al.axis, n = a.ndim() ? a.shape()[axis] : 0;
  std::vector<uint8_t> keep(static_cast<std::size_t>(n), 1);
  if (const auto* s = std::get_if<Slice>(&obj)) {
    for (int64_t i : slice_positions(*s, n)) keep[i] = 0;
  } else if (const auto* i = std::get_if<int64_t>(&obj)) {
    if (*i < -n || *i >= n) throw IndexError(oob(*i, axis, n));
    keep[*i < 0 ? *i + n : *i] = 0;
  } else {
    const ndarray& o = std::get<ndarray>(obj);
    if (o.dtype().is_bool()) {
      if (o.ndim() != 1 || o.size() != n)
        throw ValueError("boolean array argument obj to delete must be one dimensional and match the axis length of " +
                         std::to_string(n));
      const std::vector<int64_t> m = host_values(o);
      for (int64_t k = 0; k < n; ++k) keep[k] = !m[k];
    } else {
      if (!o.dtype().is_integer()) throw IndexError("arrays used as indices must be of integer (or boolean) type");
      for (int64_t v : host_values(o)) {
        if (v < -n || v >= n) throw IndexError(oob(v, axis, n));
        keep[v < 0 ? v + n : v] = 0;
      }
    }
  }
  std::vector<int64_t> kept;
  for (int64_t k = 0; k < n; ++k)
    if (keep[k]) kept.push_back(k);
  return gather(a, kept, axis);
}

ndarray insert(const ndarray& arr, const EditIndex& obj, const ndarray& values, std::optional<int64_t> axis_in) {
  const Along al = along(arr, axis_in);
  const ndarray& a = al.a;
  const int64_t axis = al.axis, n = a.shape()[axis];
  std::vector<int64_t> indices;
  bool scalar_index = false, from_array = false;
  if (const auto* s = std::get_if<Slice>(&obj)) {
    indices = slice_positions(*s, n);
  } else if (const auto* i = std::get_if<int64_t>(&obj)) {
    indices = {*i};
    scalar_index = true;
  } else {
    const ndarray& o = std::get<ndarray>(obj);
    from_array = true;
    if (o.dtype().is_bool()) {
      if (o.ndim() != 1) throw ValueError("boolean array argument obj to insert must be one dimensional");
      const std::vector<int64_t> m = host_values(o);
      for (std::size_t k = 0; k < m.size(); ++k)
        if (m[k]) indices.push_back(static_cast<int64_t>(k));
    } else {
      if (o.ndim() > 1) throw ValueError("index array argument obj to insert must be one dimensional or scalar");
      if (!o.dtype().is_integer()) {
        if (o.size() == 1) throw TypeError("slice indices must be integers or None or have an __index__ method");
        throw IndexError("arrays used as indices must be of integer (or boolean) type");
      }
      indices = host_values(o);
      scalar_index = o.ndim() == 0;
    }
  }
  const ndarray vals_in = values.astype(a.dtype());
  if (indices.size() == 1) {
    int64_t index = indices[0];
    if (index < -n || index > n) {
      std::string shown = std::to_string(index);
      if (from_array && !scalar_index) {  // NumPy prints the obj it was given: [5]
        shown.insert(shown.begin(), '[');
        shown.push_back(']');
      }
      throw IndexError("index " + shown + " is out of bounds for axis " + std::to_string(axis) + " with size " +
                       std::to_string(n));
    }
    if (index < 0) index += n;
    ndarray vals = vals_in;
    while (vals.ndim() < a.ndim()) {  // NumPy's ndmin: leading unit axes
      Shape s{1};
      for (int64_t e : vals.shape()) s.push_back(e);
      vals = vals.reshape(s);
    }
    // A scalar index inserts `values` as a block: its first axis becomes `axis`.
    if (scalar_index && vals.ndim()) vals = moveaxis(vals, 0, axis);
    Shape shape = a.shape();
    shape[axis] = vals.shape()[axis];
    const ndarray parts[3] = {slice_axis(a, axis, std::nullopt, index), assignable(vals, shape),
                              slice_axis(a, axis, index, std::nullopt)};
    return concatenate(parts, axis);
  }
  const int64_t numnew = static_cast<int64_t>(indices.size());
  for (int64_t& v : indices)
    if (v < 0) v += n;
  std::vector<int64_t> order(indices.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) { return indices[x] < indices[y]; });
  for (int64_t k = 0; k < numnew; ++k) indices[order[k]] += k;
  const int64_t total = n + numnew;
  std::vector<int64_t> source(static_cast<std::size_t>(total), -1);  // -1: an old entry
  for (int64_t j = 0; j < numnew; ++j) {
    int64_t p = indices[j];
    if (p < -total || p >= total) throw IndexError(oob(p, 0, total));
    if (p < 0) p += total;
    source[p] = n + j;  // the last of colliding positions wins, as NumPy's assignment
  }
  int64_t old = 0;
  for (int64_t& s : source)
    if (s < 0) s = old++;
  if (old != n)
    throw ValueError("NumPy boolean array indexing assignment cannot assign " + std::to_string(n) +
                     " input values to the " + std::to_string(old) + " output values where the mask is true");
  Shape vshape = a.shape();
  vshape[axis] = numnew;
  const ndarray parts[2] = {a, assignable(vals_in, vshape)};
  return gather(concatenate(parts, axis), source, axis);
}

ndarray append(const ndarray& arr, const ndarray& values, std::optional<int64_t> axis) {
  if (!axis) {
    const ndarray parts[2] = {arr.ravel(), values.ravel()};
    return concatenate(parts, 0);
  }
  const ndarray parts[2] = {arr, values};
  return concatenate(parts, *axis);
}

}  // namespace cunumpy
