// numpy.isposinf / numpy.isneginf: isinf(x) and (not) signbit(x), into `out` when given.
#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/bits.hpp"
#include "cunumpy/ops/elementwise.hpp"

namespace cunumpy {
namespace {

ndarray signed_inf(const ndarray& x, const ndarray& out, bool negative_side) {
  if (x.dtype().is_complex())
    throw TypeError(std::string("This operation is not supported for ") + x.dtype().name() +
                    " values because it would be ambiguous.");
  const ndarray inf = isinf(x);
  const ndarray side = negative_side ? signbit(x) : logical_not(signbit(x));
  UfuncOptions o;
  if (out.defined()) o.out = {out};
  return logical_and(inf, side, o);
}

}  // namespace

ndarray isposinf(const ndarray& x, const ndarray& out) { return signed_inf(x, out, false); }
ndarray isneginf(const ndarray& x, const ndarray& out) { return signed_inf(x, out, true); }

}  // namespace cunumpy
