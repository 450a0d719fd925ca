// rollaxis and meshgrid: reshapes and transposes (views), meshgrid's copy at the end.
#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/rearranging.hpp"

namespace cunumpy {

ndarray rollaxis(const ndarray& a, int64_t axis, int64_t start) {
  const int64_t n = a.ndim();
  const int ax = normalize_axis(axis, static_cast<int>(n));
  if (start < 0) start += n;
  if (start < 0 || start >= n + 1)
    throw AxisError("'start' arg requires " + std::to_string(-n) + " <= start < " + std::to_string(n + 1) +
                    ", but " + std::to_string(start) + " was passed in");
  if (ax < start) --start;
  if (ax == start) return a[{ellipsis}];
  std::vector<int64_t> axes;
  for (int64_t i = 0; i < n; ++i)
    if (i != ax) axes.push_back(i);
  axes.insert(axes.begin() + start, ax);
  return a.transpose(axes);
}

std::vector<ndarray> meshgrid(std::span<const ndarray> xi, bool xy_indexing, bool sparse, bool copy) {
  const std::size_t nd = xi.size();
  std::vector<ndarray> out;
  for (std::size_t i = 0; i < nd; ++i) {
    Shape s(nd, 1);
    s[i] = -1;
    if (xy_indexing && nd > 1 && i < 2) std::swap(s[0], s[1]);  // x varies along columns
    out.push_back(xi[i].reshape(s));
  }
  if (!sparse && nd > 0) out = broadcast_arrays(out);
  if (copy)
    for (ndarray& x : out) x = x.copy();
  return out;
}

}  // namespace cunumpy
