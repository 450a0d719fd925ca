// CPU loops of comparisons, logical and bitwise ufuncs, extrema, classification and
// rounding, from the shared scalar ops.
#include "backend/cpu/elementwise_cpu_loops.hpp"

namespace cunumpy::cpu {

template <class Op>
static void reg_compare(const char* name) {
  reg_binary_pred<Op, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>(name);
  reg_binary_as<Op, bool, int64_t, uint64_t>(name);  // NumPy's exact 'qQ->?' and 'Qq->?'
  reg_binary_as<Op, bool, uint64_t, int64_t>(name);
}

void register_logic_loops() {
  namespace op = cn::op;
  reg_compare<op::equal>("equal");
  reg_compare<op::not_equal>("not_equal");
  reg_compare<op::less>("less");
  reg_compare<op::less_equal>("less_equal");
  reg_compare<op::greater>("greater");
  reg_compare<op::greater_equal>("greater_equal");
  reg_binary_pred<op::logical_and, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>("logical_and");
  reg_binary_pred<op::logical_or, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>("logical_or");
  reg_binary_pred<op::logical_xor, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>("logical_xor");
  reg_unary_pred<op::logical_not, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>("logical_not");
  reg_binary<op::maximum, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>("maximum");
  reg_binary<op::minimum, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>("minimum");
  reg_binary<op::fmax, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>("fmax");
  reg_binary<op::fmin, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>("fmin");
  reg_unary_pred<op::isnan, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>("isnan");
  reg_unary_pred<op::isinf, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>("isinf");
  reg_unary_pred<op::isfinite, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>("isfinite");
  reg_unary<op::floor, bool, CN_INTS, CN_FLOATS>("floor");
  reg_unary<op::ceil, bool, CN_INTS, CN_FLOATS>("ceil");
  reg_unary<op::trunc, bool, CN_INTS, CN_FLOATS>("trunc");
  reg_binary<op::bitwise_and, bool, CN_INTS>("bitwise_and");
  reg_binary<op::bitwise_or, bool, CN_INTS>("bitwise_or");
  reg_binary<op::bitwise_xor, bool, CN_INTS>("bitwise_xor");
  reg_unary<op::invert, bool, CN_INTS>("invert");
  reg_binary<op::left_shift, CN_INTS>("left_shift");
  reg_binary<op::right_shift, CN_INTS>("right_shift");
  reg_select<op::where_, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>("_where");
}

}  // namespace cunumpy::cpu
