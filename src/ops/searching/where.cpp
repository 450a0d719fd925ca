// where: one argument is nonzero; three are the engine's 3-input ufunc `_where`, whose
// type resolution (loops ?xx->x, NEP 50 weak scalars) gives NumPy's result_type of x and y.
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/searching.hpp"

namespace cunumpy {

namespace {

bool weak_int(const Operand& op) {
  return op.is_weak() && !op.is_huge_int() && op.scalar().dtype().is_integer();
}

}  // namespace

std::vector<ndarray> where(const ndarray& condition) { return nonzero(condition); }

ndarray where(const ndarray& condition, const Operand& x, const Operand& y, bool wrap_python_ints) {
  static const Ufunc& select = get_ufunc("_where");
  const ndarray c = condition.dtype().is_bool() ? condition : condition.astype(bool_);
  Operand in[3] = {c, x, y};
  if (wrap_python_ints && (weak_int(x) || weak_int(y))) {
    // NumPy's where (before 2.5) converts a Python int to the result dtype wrapping, where
    // a ufunc raises OverflowError: resolve with the value left out, then cast it.
    const Operand zero = Operand::weak(Scalar(int64_t{0}));
    const Operand probe[3] = {c, weak_int(x) ? zero : x, weak_int(y) ? zero : y};
    const DType dt = resolve_ufunc(select, probe).loop->types[1];
    if (dt.is_integer()) {
      for (int i = 1; i < 3; ++i)
        if (weak_int(in[i])) in[i] = Operand(in[i].scalar().cast(dt), false);
    }
  }
  return ufunc_call(select, in)[0];
}

}  // namespace cunumpy
