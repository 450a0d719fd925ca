// flip, fliplr, flipud and rot90: views with negative strides (and a transpose).
#include <cstdlib>
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/rearranging.hpp"

namespace cunumpy {

ndarray flip(const ndarray& a) {
  std::vector<Index> idx(static_cast<std::size_t>(a.ndim()), Index(Slice{std::nullopt, std::nullopt, -1}));
  return a[std::span<const Index>(idx)];
}

ndarray flip(const ndarray& a, std::span<const int64_t> axes) {
  std::vector<Index> idx(static_cast<std::size_t>(a.ndim()), Index(Slice{}));
  std::vector<bool> seen(static_cast<std::size_t>(a.ndim()), false);
  for (int64_t ax : axes) {
    const int n = normalize_axis(ax, a.ndim());
    if (seen[n]) throw ValueError("repeated axis");
    seen[n] = true;
    idx[n] = Slice{std::nullopt, std::nullopt, -1};
  }
  return a[std::span<const Index>(idx)];
}

ndarray fliplr(const ndarray& a) {
  if (a.ndim() < 2) throw ValueError("Input must be >= 2-d.");
  const int64_t ax[1] = {1};
  return flip(a, ax);
}

ndarray flipud(const ndarray& a) {
  if (a.ndim() < 1) throw ValueError("Input must be >= 1-d.");
  const int64_t ax[1] = {0};
  return flip(a, ax);
}

ndarray rot90(const ndarray& a, int64_t k, std::pair<int64_t, int64_t> axes) {
  const int64_t nd = a.ndim();
  auto [a0, a1] = axes;
  if (a0 == a1 || std::abs(a0 - a1) == nd) throw ValueError("Axes must be different.");
  if (a0 >= nd || a0 < -nd || a1 >= nd || a1 < -nd)
    throw ValueError("Axes=(" + std::to_string(a0) + ", " + std::to_string(a1) +
                     ") out of range for array of ndim=" + std::to_string(nd) + ".");
  k = ((k % 4) + 4) % 4;
  if (k == 0) return a[{Slice{}}];
  const int64_t first[1] = {a0}, second[1] = {a1};
  if (k == 2) return flip(flip(a, first), second);
  std::vector<int64_t> perm(static_cast<std::size_t>(nd));
  for (int64_t i = 0; i < nd; ++i) perm[i] = i;
  std::swap(perm[normalize_axis(a0, static_cast<int>(nd))], perm[normalize_axis(a1, static_cast<int>(nd))]);
  if (k == 1) return flip(a, second).transpose(perm);
  return flip(a.transpose(perm), second);
}

}  // namespace cunumpy
