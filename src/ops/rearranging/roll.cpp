// roll: per axis, the tail slice then the head slice joined by one concatenate.
#include <map>
#include <vector>

#include "along_axis.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/rearranging.hpp"

namespace cunumpy {

ndarray roll(const ndarray& a, std::span<const int64_t> shifts, std::optional<std::span<const int64_t>> axes) {
  using rearranging::along;
  if (!axes) {
    int64_t total = 0;
    for (int64_t s : shifts) total += s;
    return roll(a.ravel(), total, 0).reshape(a.shape());
  }
  if (axes->size() != shifts.size())
    throw ValueError("roll: " + std::to_string(shifts.size()) + " shifts for " +
                     std::to_string(axes->size()) + " axes");
  std::map<int, int64_t> total;  // per axis, in increasing axis order
  for (std::size_t i = 0; i < shifts.size(); ++i) total[normalize_axis((*axes)[i], a.ndim())] += shifts[i];
  ndarray out = a;
  bool moved = false;
  for (auto [ax, sh] : total) {
    const int64_t n = out.shape()[ax];
    if (n == 0) continue;
    sh = ((sh % n) + n) % n;
    if (sh == 0) continue;
    const ndarray parts[2] = {along(out, ax, Slice{n - sh, std::nullopt, 1}),
                              along(out, ax, Slice{std::nullopt, n - sh, 1})};
    out = concatenate(parts, ax);
    moved = true;
  }
  return moved ? out : a.copy();
}

ndarray roll(const ndarray& a, int64_t shift, std::optional<int64_t> axis) {
  const int64_t s[1] = {shift};
  if (!axis) return roll(a, s, std::nullopt);
  const int64_t ax[1] = {*axis};
  return roll(a, s, std::span<const int64_t>(ax));
}

}  // namespace cunumpy
