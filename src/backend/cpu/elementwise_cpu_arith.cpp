// CPU loops of the arithmetic ufuncs (add ... sign), from the shared scalar ops.
#include "backend/cpu/elementwise_cpu_loops.hpp"

namespace cunumpy::cpu {

void register_arithmetic_loops() {
  namespace op = cn::op;
  reg_binary<op::add, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>("add");
  reg_binary<op::subtract, CN_INTS, CN_FLOATS, CN_COMPLEX>("subtract");
  reg_binary<op::multiply, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>("multiply");
  reg_binary<op::true_divide, CN_FLOATS, CN_COMPLEX>("true_divide");
  reg_binary<op::floor_divide, CN_INTS, CN_FLOATS>("floor_divide");
  reg_binary<op::remainder, CN_INTS, CN_FLOATS>("remainder");
  reg_binary<op::fmod, CN_INTS, CN_FLOATS>("fmod");
  reg_binary<op::power, CN_INTS, CN_FLOATS, CN_COMPLEX>("power");
  reg_binary<op::float_power, double, cn::complex128>("float_power");
  reg_unary<op::negative, CN_INTS, CN_FLOATS, CN_COMPLEX>("negative");
  reg_unary<op::positive, CN_INTS, CN_FLOATS, CN_COMPLEX>("positive");
  reg_unary<op::absolute, bool, CN_INTS, CN_FLOATS>("absolute");
  reg_unary_as<op::absolute, float, cn::complex64>("absolute");
  reg_unary_as<op::absolute, double, cn::complex128>("absolute");
  reg_unary<op::fabs_, CN_FLOATS>("fabs");
  reg_unary<op::conjugate, CN_INTS, CN_FLOATS, CN_COMPLEX>("conjugate");
  reg_unary<op::square, CN_INTS, CN_FLOATS, CN_COMPLEX>("square");
  reg_unary<op::reciprocal, CN_INTS, CN_FLOATS, CN_COMPLEX>("reciprocal");
  reg_unary<op::sign, CN_INTS, CN_FLOATS, CN_COMPLEX>("sign");
}

}  // namespace cunumpy::cpu
