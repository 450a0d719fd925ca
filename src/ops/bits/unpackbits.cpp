// numpy.unpackbits: (byte >> shift) & 1 against the 8 shifts laid out on a new axis after
// `axis`, merged into it, then cut to `count` or padded with zeros.
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/bits.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/joining.hpp"
#include "ops/slice_axis.hpp"

namespace cunumpy {

ndarray unpackbits(const ndarray& a_in, std::optional<int64_t> axis, std::optional<int64_t> count,
                   BitOrder order) {
  if (a_in.dtype() != uint8) throw TypeError("Expected an input array of unsigned byte data type");
  // NumPy reads a 0-d array as 1-D (so axis 0 and -1 are valid) and axis=None flattens
  const ndarray a = axis && a_in.ndim() > 0 ? a_in : a_in.ravel();
  const int ax = axis ? normalize_axis(*axis, a.ndim()) : 0;
  const int nd = a.ndim();
  const int64_t nbits = a.shape()[ax] * 8;
  int64_t keep = nbits;
  if (count) {
    keep = *count >= 0 ? *count : nbits + *count;
    if (keep < 0) throw ValueError("-count larger than number of elements");
  }
  uint8_t shifts[8];
  for (int k = 0; k < 8; ++k) shifts[k] = static_cast<uint8_t>(order == BitOrder::Big ? 7 - k : k);
  Shape sshape(static_cast<std::size_t>(nd + 1), 1);
  sshape[ax + 1] = 8;
  const ndarray shift = array_from_host(shifts, Shape{8}, Strides{1}, uint8, a.device()).reshape(sshape);
  Shape ex(static_cast<std::size_t>(nd + 1), 1);  // a's shape with a 1 after the axis
  for (int d = 0; d < nd; ++d) ex[d < ax + 1 ? d : d + 1] = a.shape()[d];
  const ndarray bits = bitwise_and(right_shift(a.reshape(ex), shift), Operand::weak(Scalar(1)));
  Shape merged = a.shape();
  merged[ax] = nbits;
  ndarray r = bits.reshape(merged);
  if (keep == nbits) return r;
  if (keep < nbits) return detail::slice_axis(r, ax, 0, keep);
  Shape pad = merged;
  pad[ax] = keep - nbits;
  ndarray tail(pad, uint8, Order::C, a.device());
  tail.fill(Scalar(0));
  const std::vector<ndarray> parts{r, tail};
  return concatenate(parts, ax);
}

}  // namespace cunumpy
