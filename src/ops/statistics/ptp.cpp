// numpy.ptp: maximum(a) - minimum(a), in NumPy's order (the maximum goes into out first).
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/statistics.hpp"

namespace cunumpy {

ndarray ptp(const ndarray& a, const Axes& axis, bool keepdims, const ndarray& out) {
  ReduceArgs args;
  args.axis = axis;
  args.keepdims = keepdims;
  args.out = out;
  const ndarray hi = reduce(ReduceOp::Max, a, args);
  args.out = ndarray();
  const ndarray lo = reduce(ReduceOp::Min, a, args);
  UfuncOptions o;
  if (out.defined()) o.out = {out};
  return subtract(hi, lo, o);
}

}  // namespace cunumpy
