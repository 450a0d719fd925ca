// trim_zeros as NumPy 2's: the bounding box of the nonzero entries (argwhere, its min and
// max per axis read to the host), cut on the chosen axes; a view of filt.
#include <algorithm>
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/editing.hpp"
#include "cunumpy/ops/indexing.hpp"

namespace cunumpy {

ndarray trim_zeros(const ndarray& filt, std::string_view trim_in, const Axes& axis) {
  std::string trim(trim_in);
  std::transform(trim.begin(), trim.end(), trim.begin(), [](unsigned char c) { return std::tolower(c); });
  if (trim != "fb" && trim != "bf" && trim != "f" && trim != "b")
    throw ValueError("unexpected character(s) in `trim`: '" + trim + "'");
  const int nd = filt.ndim();
  std::vector<bool> cut(static_cast<std::size_t>(nd), !axis);
  bool any_axis = !axis && nd > 0;
  if (axis)
    for (int64_t ax : *axis) {
      if (ax < -nd || ax >= nd)
        throw AxisError("axis " + std::to_string(ax) + " is out of bounds for array of dimension " + std::to_string(nd));
      const int64_t v = ax < 0 ? ax + nd : ax;
      if (cut[v]) throw ValueError("repeated axis in `axis` argument");
      cut[v] = true;
      any_axis = true;
    }
  if (!any_axis) return filt;
  const ndarray nz = argwhere(filt);  // (count, nd)
  const int64_t count = nz.shape()[0];
  std::vector<int64_t> start(static_cast<std::size_t>(nd), 0), stop(static_cast<std::size_t>(nd), 0);
  if (count > 0) {
    const std::vector<int64_t> lo = min(nz, SmallVector<int64_t, 8>{0}).to_vector<int64_t>();
    const std::vector<int64_t> hi = max(nz, SmallVector<int64_t, 8>{0}).to_vector<int64_t>();
    for (int d = 0; d < nd; ++d) {
      start[d] = lo[d];
      stop[d] = hi[d] + 1;
    }
  }
  std::vector<Index> sl;
  for (int d = 0; d < nd; ++d) {
    if (!cut[d]) {
      sl.push_back(Slice{});
    } else if (count == 0) {
      sl.push_back(Slice{int64_t{0}, int64_t{0}, std::nullopt});
    } else {
      sl.push_back(Slice{trim.find('f') != std::string::npos ? std::optional<int64_t>(start[d]) : std::nullopt,
                         trim.find('b') != std::string::npos ? std::optional<int64_t>(stop[d]) : std::nullopt,
                         std::nullopt});
    }
  }
  return filt[std::span<const Index>(sl)];
}

}  // namespace cunumpy
