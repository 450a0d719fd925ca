// numpy.block: the list depths checked (one depth for every leaf, no empty list), the
// leaves raised to a common ndim, then one concatenate per list, innermost along the last
// axis.
#include <algorithm>
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/block.hpp"
#include "cunumpy/ops/joining.hpp"

namespace cunumpy {
namespace {

struct Depths {
  int list_depth = -1;  // of the first leaf
  int max_ndim = 0;
};

void check(const BlockNest& n, const std::string& path, int depth, Depths& d) {
  if (!n.is_list) {
    if (d.list_depth < 0) d.list_depth = depth;
    else if (depth != d.list_depth)
      throw ValueError("List depths are mismatched. First element was at depth " + std::to_string(d.list_depth) +
                       ", but there is an element at depth " + std::to_string(depth) + " (" + path + ")");
    d.max_ndim = std::max(d.max_ndim, n.array.ndim());
    return;
  }
  if (n.items.empty()) throw ValueError("List at " + path + " cannot be empty");
  for (std::size_t i = 0; i < n.items.size(); ++i)
    check(n.items[i], path + "[" + std::to_string(i) + "]", depth + 1, d);
}

ndarray assemble(const BlockNest& n, int list_depth, int ndim, int depth) {
  if (!n.is_list) {
    const ndarray& a = n.array;
    if (a.ndim() == ndim) return a;
    Shape s(static_cast<std::size_t>(ndim - a.ndim()), 1);
    for (int64_t e : a.shape()) s.push_back(e);
    return a.reshape(s);
  }
  std::vector<ndarray> parts;
  parts.reserve(n.items.size());
  for (const BlockNest& c : n.items) parts.push_back(assemble(c, list_depth, ndim, depth + 1));
  return concatenate(parts, -(list_depth - depth));
}

}  // namespace

ndarray block(const BlockNest& arrays) {
  Depths d;
  check(arrays, "arrays", 0, d);
  if (!arrays.is_list) return arrays.array;
  const int ndim = std::max(d.list_depth, d.max_ndim);
  return assemble(arrays, d.list_depth, ndim, 0);
}

}  // namespace cunumpy
