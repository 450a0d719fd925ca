// numpy.packbits: the array viewed as (outer, n, inner) around the axis, packed by the
// backend's packbits entry in one pass.
#include "core/backend.hpp"
#include "core/backend_tasks_bits.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/bits.hpp"
#include "cunumpy/ops/creation.hpp"

namespace cunumpy {

ndarray packbits(const ndarray& a_in, std::optional<int64_t> axis, BitOrder order) {
  if (!a_in.dtype().is_integer() && !a_in.dtype().is_bool())
    throw TypeError("Expected an input array of integer or boolean data type");
  // NumPy reads a 0-d array as 1-D (so axis 0 and -1 are valid) and axis=None flattens
  const ndarray a = axis && a_in.ndim() > 0 ? a_in : a_in.ravel();
  const int ax = axis ? normalize_axis(*axis, a.ndim()) : 0;
  detail::PackBitsTask task;
  task.in = a.c_contiguous() ? a : ascontiguousarray(a);
  task.outer = 1;
  task.inner = 1;
  for (int d = 0; d < ax; ++d) task.outer *= a.shape()[d];
  for (int d = ax + 1; d < a.ndim(); ++d) task.inner *= a.shape()[d];
  task.n = a.shape()[ax];
  task.little = order == BitOrder::Little;
  Shape s = a.shape();
  s[ax] = (task.n + 7) / 8;
  task.out = ndarray(s, uint8, Order::C, a.device());
  if (task.out.size() > 0) backend_for(a.device()).packbits(task);
  return task.out;
}

}  // namespace cunumpy
