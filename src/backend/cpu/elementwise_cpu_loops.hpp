// CPU inner loops of the ufuncs: one function per (op, loop signature), instantiated from
// the shared scalar ops (src/scalar/cn_ops.h) and registered by name
// ("add|ff->f"). The executor (elementwise_cpu.cpp) walks the launch plan and calls them
// on runs along the innermost dimension.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "scalar/cn_ops.h"
#include "scalar/cn_scalar.h"

namespace cunumpy::cpu {

// ptrs: outputs first, then inputs; steps in bytes (0 for a broadcast or scalar operand).
using UfuncInnerLoop = void (*)(char* const* ptrs, const int64_t* steps, int64_t n);

void register_ufunc_loop(std::string_view ufunc, std::string_view signature, UfuncInnerLoop fn);
// nullptr when no loop is registered.
UfuncInnerLoop find_ufunc_loop(std::string_view ufunc, std::string_view signature);

// NumPy's type char of each element type.
template <class T> constexpr char type_code();
template <> constexpr char type_code<bool>() { return '?'; }
template <> constexpr char type_code<int8_t>() { return 'b'; }
template <> constexpr char type_code<int16_t>() { return 'h'; }
template <> constexpr char type_code<int32_t>() { return 'i'; }
template <> constexpr char type_code<int64_t>() { return 'l'; }
template <> constexpr char type_code<uint8_t>() { return 'B'; }
template <> constexpr char type_code<uint16_t>() { return 'H'; }
template <> constexpr char type_code<uint32_t>() { return 'I'; }
template <> constexpr char type_code<uint64_t>() { return 'L'; }
template <> constexpr char type_code<cn::half>() { return 'e'; }
template <> constexpr char type_code<float>() { return 'f'; }
template <> constexpr char type_code<double>() { return 'd'; }
template <> constexpr char type_code<cn::complex64>() { return 'F'; }
template <> constexpr char type_code<cn::complex128>() { return 'D'; }

// ---- inner loops: contiguous and scalar-broadcast fast paths the compiler vectorizes ---
template <class Op, class Out, class A>
void unary_loop(char* const* p, const int64_t* s, int64_t n) {
  if (s[0] == sizeof(Out) && s[1] == sizeof(A)) {
    Out* o = reinterpret_cast<Out*>(p[0]);
    const A* a = reinterpret_cast<const A*>(p[1]);
    for (int64_t i = 0; i < n; ++i) o[i] = cn::cast<Out>(Op::call(a[i]));
    return;
  }
  char* o = p[0];
  const char* a = p[1];
  for (int64_t i = 0; i < n; ++i, o += s[0], a += s[1])
    *reinterpret_cast<Out*>(o) = cn::cast<Out>(Op::call(*reinterpret_cast<const A*>(a)));
}

template <class Op, class Out, class A, class B>
void binary_loop(char* const* p, const int64_t* s, int64_t n) {
  if (s[0] == sizeof(Out)) {
    Out* o = reinterpret_cast<Out*>(p[0]);
    const A* a = reinterpret_cast<const A*>(p[1]);
    const B* b = reinterpret_cast<const B*>(p[2]);
    if (s[1] == sizeof(A) && s[2] == sizeof(B)) {
      for (int64_t i = 0; i < n; ++i) o[i] = cn::cast<Out>(Op::call(a[i], b[i]));
      return;
    }
    if (s[1] == sizeof(A) && s[2] == 0) {
      const B bv = *b;
      for (int64_t i = 0; i < n; ++i) o[i] = cn::cast<Out>(Op::call(a[i], bv));
      return;
    }
    if (s[1] == 0 && s[2] == sizeof(B)) {
      const A av = *a;
      for (int64_t i = 0; i < n; ++i) o[i] = cn::cast<Out>(Op::call(av, b[i]));
      return;
    }
  }
  char* o = p[0];
  const char* a = p[1];
  const char* b = p[2];
  for (int64_t i = 0; i < n; ++i, o += s[0], a += s[1], b += s[2])
    *reinterpret_cast<Out*>(o) = cn::cast<Out>(
        Op::call(*reinterpret_cast<const A*>(a), *reinterpret_cast<const B*>(b)));
}

template <class Op, class Out, class A, class B, class C>
void ternary_loop(char* const* p, const int64_t* s, int64_t n) {
  if (s[0] == sizeof(Out) && s[1] == sizeof(A)) {  // contiguous x: clip's common cases
    Out* o = reinterpret_cast<Out*>(p[0]);
    const A* a = reinterpret_cast<const A*>(p[1]);
    if (s[2] == 0 && s[3] == 0) {
      const B bv = *reinterpret_cast<const B*>(p[2]);
      const C cv = *reinterpret_cast<const C*>(p[3]);
      for (int64_t i = 0; i < n; ++i) o[i] = cn::cast<Out>(Op::call(a[i], bv, cv));
      return;
    }
    if (s[2] == sizeof(B) && s[3] == sizeof(C)) {
      const B* b = reinterpret_cast<const B*>(p[2]);
      const C* c = reinterpret_cast<const C*>(p[3]);
      for (int64_t i = 0; i < n; ++i) o[i] = cn::cast<Out>(Op::call(a[i], b[i], c[i]));
      return;
    }
  }
  char* o = p[0];
  const char* a = p[1];
  const char* b = p[2];
  const char* c = p[3];
  for (int64_t i = 0; i < n; ++i, o += s[0], a += s[1], b += s[2], c += s[3])
    *reinterpret_cast<Out*>(o) = cn::cast<Out>(Op::call(*reinterpret_cast<const A*>(a),
                                                        *reinterpret_cast<const B*>(b),
                                                        *reinterpret_cast<const C*>(c)));
}

// Two outputs: Op::call(inputs..., &second) returns the first.
template <class Op, class O0, class O1, class A>
void unary_loop2(char* const* p, const int64_t* s, int64_t n) {
  char *o0 = p[0], *o1 = p[1];
  const char* a = p[2];
  for (int64_t i = 0; i < n; ++i, o0 += s[0], o1 += s[1], a += s[2])
    *reinterpret_cast<O0*>(o0) = Op::call(*reinterpret_cast<const A*>(a), reinterpret_cast<O1*>(o1));
}
template <class Op, class O0, class O1, class A, class B>
void binary_loop2(char* const* p, const int64_t* s, int64_t n) {
  char *o0 = p[0], *o1 = p[1];
  const char *a = p[2], *b = p[3];
  for (int64_t i = 0; i < n; ++i, o0 += s[0], o1 += s[1], a += s[2], b += s[3])
    *reinterpret_cast<O0*>(o0) = Op::call(*reinterpret_cast<const A*>(a), *reinterpret_cast<const B*>(b),
                                          reinterpret_cast<O1*>(o1));
}

// ---- registration helpers --------------------------------------------------------------
// "T->T" / "TT->T" for each T.
template <class Op, class... Ts>
void reg_unary(const char* name) {
  (register_ufunc_loop(name, std::string{type_code<Ts>(), '-', '>', type_code<Ts>()},
                       &unary_loop<Op, Ts, Ts>), ...);
}
template <class Op, class... Ts>
void reg_binary(const char* name) {
  (register_ufunc_loop(name, std::string{type_code<Ts>(), type_code<Ts>(), '-', '>', type_code<Ts>()},
                       &binary_loop<Op, Ts, Ts, Ts>), ...);
}
// "T->?" / "TT->?" for each T.
template <class Op, class... Ts>
void reg_unary_pred(const char* name) {
  (register_ufunc_loop(name, std::string{type_code<Ts>(), '-', '>', '?'},
                       &unary_loop<Op, bool, Ts>), ...);
}
template <class Op, class... Ts>
void reg_binary_pred(const char* name) {
  (register_ufunc_loop(name, std::string{type_code<Ts>(), type_code<Ts>(), '-', '>', '?'},
                       &binary_loop<Op, bool, Ts, Ts>), ...);
}
// One loop with explicit types.
template <class Op, class Out, class A>
void reg_unary_as(const char* name) {
  register_ufunc_loop(name, std::string{type_code<A>(), '-', '>', type_code<Out>()},
                      &unary_loop<Op, Out, A>);
}
template <class Op, class Out, class A, class B>
void reg_binary_as(const char* name) {
  register_ufunc_loop(name, std::string{type_code<A>(), type_code<B>(), '-', '>', type_code<Out>()},
                      &binary_loop<Op, Out, A, B>);
}

// "?TT->T" for each T (selection).
template <class Op, class... Ts>
void reg_select(const char* name) {
  (register_ufunc_loop(name, std::string{'?', type_code<Ts>(), type_code<Ts>(), '-', '>', type_code<Ts>()},
                       &ternary_loop<Op, Ts, bool, Ts, Ts>), ...);
}

// Type groups, in NumPy's loop order.
#define CN_INTS int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t
#define CN_FLOATS cn::half, float, double
#define CN_COMPLEX cn::complex64, cn::complex128

// Registers the loops of one op family; each elementwise_cpu_*.cpp defines one.
void register_arithmetic_loops();
void register_math_loops();
void register_logic_loops();
void register_fp_function_loops();

}  // namespace cunumpy::cpu
