// tile: each axis of length n becomes (reps, n) as a broadcast view, then one copy.
#include <algorithm>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/rearranging.hpp"

namespace cunumpy {

ndarray tile(const ndarray& a_in, std::span<const int64_t> reps_in) {
  const int d = static_cast<int>(reps_in.size());
  if (std::all_of(reps_in.begin(), reps_in.end(), [](int64_t r) { return r == 1; }) && a_in.ndim() >= d)
    return a_in.copy();
  ndarray a = a_in;
  if (a.ndim() < d) {
    Shape s(static_cast<std::size_t>(d - a.ndim()), 1);
    for (int64_t n : a.shape()) s.push_back(n);
    a = a.reshape(s);
  }
  std::vector<int64_t> reps(static_cast<std::size_t>(a.ndim() - d), 1);
  reps.insert(reps.end(), reps_in.begin(), reps_in.end());
  Shape result;
  for (int i = 0; i < a.ndim(); ++i) result.push_back(a.shape()[i] * reps[i]);
  if (a.size() == 0) return a.reshape(result).copy();  // NumPy only reshapes: no check of the signs
  for (int64_t r : reps)
    if (r < 0) throw ValueError("negative dimensions are not allowed");
  Shape expanded, target;
  for (int i = 0; i < a.ndim(); ++i) {
    expanded.push_back(1);
    expanded.push_back(a.shape()[i]);
    target.push_back(reps[i]);
    target.push_back(a.shape()[i]);
  }
  return broadcast_to(a.reshape(expanded), target).copy().reshape(result);
}

}  // namespace cunumpy
