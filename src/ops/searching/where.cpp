// where: one argument is nonzero; three are the engine's 3-input ufunc `_where`, whose
// type resolution (loops ?xx->x, NEP 50 weak scalars) gives NumPy's result_type of x and y.
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/searching.hpp"

namespace cunumpy {

std::vector<ndarray> where(const ndarray& condition) { return nonzero(condition); }

ndarray where(const ndarray& condition, const Operand& x, const Operand& y) {
  static const Ufunc& select = get_ufunc("_where");
  const ndarray c = condition.dtype().is_bool() ? condition : condition.astype(bool_);
  const Operand in[3] = {c, x, y};
  return ufunc_call(select, in)[0];
}

}  // namespace cunumpy
