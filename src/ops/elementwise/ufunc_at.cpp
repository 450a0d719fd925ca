// ufunc.at: resolves the loop as a call uf(a, b) would, then applies it element by element
// at the given positions (unbuffered: repeated positions accumulate, as NumPy's at does):
// serially on the CPU, with atomic compare-and-swap updates on CUDA.
#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "ops/elementwise/elementwise_exec.hpp"

namespace cunumpy {

void ufunc_at(const Ufunc& uf, ndarray& a, std::span<const int64_t> positions, const Operand* b) {
  a.check_writeable();
  if (uf.nout != 1 || uf.nin > 2) throw ValueError(uf.name + ".at: only ufuncs with one or two inputs and one output");
  if ((uf.nin == 2) != (b != nullptr))
    throw TypeError(uf.name + ".at: " + (uf.nin == 2 ? "second operand needed for ufunc" : "second operand provided when ufunc is unary"));
  if (!a.defined()) throw ValueError(uf.name + ".at: undefined array");
  const Operand ops[2] = {Operand(a), b ? *b : Operand()};
  Resolution r = resolve_ufunc(uf, std::span<const Operand>(ops, uf.nin));
  const UfuncLoop& loop = *r.loop;
  const DType work = loop.types[0], out = loop.types[uf.nin];
  if (out != work)
    throw NotImplementedError(uf.name + ".at: loop " + loop.signature + " (output dtype differs from the input's)");
  if (!can_cast(out, a.dtype(), Casting::SameKind))
    throw TypeError("Cannot cast ufunc '" + uf.name + "' output from dtype('" + out.name() +
                    "') to dtype('" + a.dtype().name() + "') with casting rule 'same_kind'");
  for (int64_t p : positions)
    if (p < 0 || p >= a.size())
      throw IndexError("index " + std::to_string(p) + " is out of bounds for size " + std::to_string(a.size()));
  if (positions.empty()) return;

  ndarray b_array;
  Scalar b_scalar;
  if (b) {
    if (b->is_array()) {
      const ndarray& bb = b->array();
      if (bb.device() != a.device()) throw ValueError(uf.name + ".at: operands are on different devices");
      if (bb.size() != 1 && bb.size() != static_cast<int64_t>(positions.size()))
        throw ValueError(uf.name + ".at: second operand does not match the indexed elements");
      b_array = bb.ravel().astype(loop.types[1]);  // 1-D, contiguous, loop dtype (a copy)
    } else {
      b_scalar = b->scalar().cast(loop.types[1]);
    }
  }
  if (b) {
    const Operand checked[2] = {Operand(a), b_array.defined() ? Operand(b_array) : Operand(b_scalar)};
    detail::check_integer_power(uf, loop, checked, Shape{static_cast<int64_t>(positions.size())}, nullptr);
  }
  ndarray target = a.dtype() == work ? a : a.astype(work);
  detail::UfuncAtTask task{&uf, &loop, target, positions, b_array, b_scalar};
  backend_for(a.device()).ufunc_at(task);
  if (!target.same_handle(a)) a.assign(target);
}

}  // namespace cunumpy
