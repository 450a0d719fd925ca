// CPU loops of the floating-point helper ufuncs (heaviside ... spacing, ldexp), the
// multi-output ufuncs (divmod, modf, frexp) and the integer functions (gcd, lcm,
// bitwise_count) and clip, from the shared scalar ops.
#include "backend/cpu/elementwise_cpu_loops.hpp"

namespace cunumpy::cpu {
namespace {

template <class Op, class... Ts>
void reg_divmod(const char* name) {
  (register_ufunc_loop(name, std::string{type_code<Ts>(), type_code<Ts>(), '-', '>', type_code<Ts>(), type_code<Ts>()},
                       &binary_loop2<Op, Ts, Ts, Ts, Ts>), ...);
}
template <class Op, class O1, class... Ts>
void reg_unary2(const char* name) {
  (register_ufunc_loop(name, std::string{type_code<Ts>(), '-', '>', type_code<Ts>(), type_code<O1>()},
                       &unary_loop2<Op, Ts, O1, Ts>), ...);
}
template <class... Ts>
void reg_modf(const char* name) {
  (register_ufunc_loop(name, std::string{type_code<Ts>(), '-', '>', type_code<Ts>(), type_code<Ts>()},
                       &unary_loop2<cn::op::modf, Ts, Ts, Ts>), ...);
}
template <class I, class... Ts>
void reg_ldexp(const char* name) {
  (reg_binary_as<cn::op::ldexp, Ts, Ts, I>(name), ...);
}
template <class Op, class... Ts>
void reg_clip(const char* name) {
  (register_ufunc_loop(name, std::string{type_code<Ts>(), type_code<Ts>(), type_code<Ts>(), '-', '>', type_code<Ts>()},
                       &ternary_loop<Op, Ts, Ts, Ts, Ts>), ...);
}
template <class... Ts>
void reg_bitcount(const char* name) {
  (reg_unary_as<cn::op::bitwise_count, uint8_t, Ts>(name), ...);
}

}  // namespace

void register_fp_function_loops() {
  namespace op = cn::op;
  reg_binary<op::heaviside, CN_FLOATS>("heaviside");
  reg_binary<op::logaddexp, CN_FLOATS>("logaddexp");
  reg_binary<op::logaddexp2, CN_FLOATS>("logaddexp2");
  reg_binary<op::nextafter, CN_FLOATS>("nextafter");
  reg_unary<op::spacing, CN_FLOATS>("spacing");
  reg_unary<op::deg2rad, CN_FLOATS>("deg2rad");
  reg_unary<op::deg2rad, CN_FLOATS>("radians");
  reg_unary<op::rad2deg, CN_FLOATS>("rad2deg");
  reg_unary<op::rad2deg, CN_FLOATS>("degrees");
  reg_ldexp<int32_t, CN_FLOATS>("ldexp");
  reg_ldexp<int64_t, CN_FLOATS>("ldexp");
  reg_divmod<op::divmod, CN_INTS, CN_FLOATS>("divmod");
  reg_modf<CN_FLOATS>("modf");
  reg_unary2<op::frexp, int32_t, CN_FLOATS>("frexp");
  reg_binary<op::gcd, CN_INTS>("gcd");
  reg_binary<op::lcm, CN_INTS>("lcm");
  reg_bitcount<CN_INTS>("bitwise_count");
  reg_clip<op::clip, bool, CN_INTS, CN_FLOATS, CN_COMPLEX>("_clip");
  reg_clip<op::clip_, float, double>("_clip_keep");
}

}  // namespace cunumpy::cpu
