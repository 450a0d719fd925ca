// copyto: an assignment, or the `_where` selection ufunc writing into dst.
#include "cunumpy/ops/copying.hpp"

#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/elementwise.hpp"

namespace cunumpy {

void copyto(ndarray& dst, const Operand& src, Casting casting, const std::optional<ndarray>& where) {
  if (!src.is_scalar() && !can_cast(src.array().dtype(), dst.dtype(), casting))
    throw TypeError(std::string("Cannot cast array data from dtype('") + src.array().dtype().name() +
                    "') to dtype('" + dst.dtype().name() + "') according to the rule '" +
                    std::string(casting_name(casting)) + "'");
  if (!where) {
    if (src.is_scalar()) dst.fill(src.scalar());
    else dst.assign(src.array());
    return;
  }
  if (where->dtype() != bool_)
    throw TypeError(std::string("Cannot cast array data from dtype('") + where->dtype().name() +
                    "') to dtype('bool') according to the rule 'safe'");
  UfuncOptions options;
  options.out = {dst};
  options.casting = Casting::Unsafe;
  const Operand inputs[3] = {*where, src, dst};
  ufunc_call(get_ufunc("_where"), inputs, options);
}

}  // namespace cunumpy
