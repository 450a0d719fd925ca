// Elementwise functions (NumPy's ufuncs): a registry of ufuncs with NumPy's ordered loop
// tables, NumPy 2 type resolution (first loop every input casts to safely; NEP 50 weak
// Python scalars), broadcasting, out=/dtype=/casting=, and the C++ operators on ndarray.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "cunumpy/core/dtype.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/op_types.hpp"
#include "cunumpy/core/scalar.hpp"

namespace cunumpy {

// Keyword arguments of a ufunc call, as NumPy names them.
struct UfuncOptions {
  std::vector<ndarray> out;        // empty, or one entry per output (undefined = allocate)
  std::optional<DType> dtype;      // the output dtype to compute in (NumPy's dtype=)
  Casting casting = Casting::SameKind;
  std::optional<ndarray> where;    // boolean mask; outputs keep their values where false
  // dtype= as every operand's dtype (NumPy's signature (dtype, dtype, dtype) of reduce and
  // accumulate): the loop reading dtype, not the first safe one computing in it.
  bool inputs_in_dtype = false;
};

// The registry. find_ufunc returns nullptr for an unknown name; get_ufunc throws ValueError.
const Ufunc* find_ufunc(std::string_view name);
const Ufunc& get_ufunc(std::string_view name);
std::span<const Ufunc> all_ufuncs();

// NumPy 2 type resolution for `inputs`: the loop a call would run, and the dtype each input
// is read as (weak scalars resolved against the arrays). TypeError when no loop fits,
// OverflowError when a weak Python integer does not fit the dtype it takes.
struct Resolution {
  const UfuncLoop* loop = nullptr;
  SmallVector<DType, 4> input_dtypes;  // after NEP 50 weak-scalar handling
};
Resolution resolve_ufunc(const Ufunc& uf, std::span<const Operand> inputs,
                         const UfuncOptions& options = {});

// Calls the ufunc; returns its nout outputs (the `out` arrays when given).
std::vector<ndarray> ufunc_call(const Ufunc& uf, std::span<const Operand> inputs,
                                const UfuncOptions& options = {});
std::vector<ndarray> ufunc_call(std::string_view name, std::span<const Operand> inputs,
                                const UfuncOptions& options = {});

// ---- named functions (NumPy's names) ------------------------------------------------
#define CUNUMPY_UNARY_UFUNC(NAME) ndarray NAME(const Operand& x, const UfuncOptions& options = {});
#define CUNUMPY_BINARY_UFUNC(NAME) \
  ndarray NAME(const Operand& x1, const Operand& x2, const UfuncOptions& options = {});
#define CUNUMPY_UNARY_UFUNCS(X)                                                            \
  X(negative) X(positive) X(absolute) X(fabs) X(conjugate) X(square) X(reciprocal) X(sign) \
  X(sqrt) X(cbrt) X(exp) X(exp2) X(expm1) X(log) X(log2) X(log10) X(log1p) X(sin) X(cos)    \
  X(tan) X(sinh) X(cosh) X(tanh) X(arcsin) X(arccos) X(arctan) X(arcsinh) X(arccosh)       \
  X(arctanh) X(logical_not) X(isnan) X(isinf) X(isfinite) X(signbit) X(floor) X(ceil)      \
  X(trunc) X(rint) X(invert) X(spacing) X(deg2rad) X(rad2deg) X(degrees) X(radians)       \
  X(bitwise_count)
#define CUNUMPY_BINARY_UFUNCS(X)                                                               \
  X(add) X(subtract) X(multiply) X(true_divide) X(floor_divide) X(remainder) X(fmod) X(power) \
  X(float_power) X(arctan2) X(hypot) X(copysign) X(equal) X(not_equal) X(less) X(less_equal) \
  X(greater) X(greater_equal) X(logical_and) X(logical_or) X(logical_xor) X(maximum)         \
  X(minimum) X(fmax) X(fmin) X(bitwise_and) X(bitwise_or) X(bitwise_xor) X(left_shift)       \
  X(right_shift) X(heaviside) X(logaddexp) X(logaddexp2) X(nextafter) X(ldexp) X(gcd)        \
  X(lcm)
CUNUMPY_UNARY_UFUNCS(CUNUMPY_UNARY_UFUNC)
CUNUMPY_BINARY_UFUNCS(CUNUMPY_BINARY_UFUNC)
// The two-output ufuncs: (floor quotient, remainder), (fractional, integral part),
// (mantissa, int32 exponent).
std::pair<ndarray, ndarray> divmod(const Operand& x1, const Operand& x2, const UfuncOptions& options = {});
std::pair<ndarray, ndarray> modf(const Operand& x, const UfuncOptions& options = {});
std::pair<ndarray, ndarray> frexp(const Operand& x, const UfuncOptions& options = {});
// ufunc.at: a.flat[p] = uf(a.flat[p], b[k]) for each k, unbuffered, so a position listed
// twice is applied twice. positions: flat C-order indices into a, in [0, a.size()); b (binary
// ufuncs only): a scalar or a 1-D array of positions.size() (or 1) values. The CPU backend
// runs it serially, the CUDA backend with atomic compare-and-swap updates (complex128: add
// and subtract only, else NotImplementedError).
void ufunc_at(const Ufunc& uf, ndarray& a, std::span<const int64_t> positions,
              const Operand* b = nullptr);
// NumPy's aliases.
inline ndarray divide(const Operand& a, const Operand& b, const UfuncOptions& o = {}) { return true_divide(a, b, o); }
inline ndarray mod(const Operand& a, const Operand& b, const UfuncOptions& o = {}) { return remainder(a, b, o); }
inline ndarray abs(const Operand& a, const UfuncOptions& o = {}) { return absolute(a, o); }
inline ndarray conj(const Operand& a, const UfuncOptions& o = {}) { return conjugate(a, o); }
inline ndarray bitwise_not(const Operand& a, const UfuncOptions& o = {}) { return invert(a, o); }

// ---- operators: the Python operator table (+ - * / // % ** == != < <= > >= & | ^ ~) ----
#define CUNUMPY_BINARY_OPERATOR(OP, FN)                                                    \
  inline ndarray operator OP(const ndarray& a, const ndarray& b) { return FN(a, b); }      \
  inline ndarray operator OP(const ndarray& a, const Operand& b) { return FN(a, b); }      \
  inline ndarray operator OP(const Operand& a, const ndarray& b) { return FN(a, b); }
CUNUMPY_BINARY_OPERATOR(+, add)
CUNUMPY_BINARY_OPERATOR(-, subtract)
CUNUMPY_BINARY_OPERATOR(*, multiply)
CUNUMPY_BINARY_OPERATOR(/, true_divide)
CUNUMPY_BINARY_OPERATOR(%, remainder)
CUNUMPY_BINARY_OPERATOR(==, equal)
CUNUMPY_BINARY_OPERATOR(!=, not_equal)
CUNUMPY_BINARY_OPERATOR(<, less)
CUNUMPY_BINARY_OPERATOR(<=, less_equal)
CUNUMPY_BINARY_OPERATOR(>, greater)
CUNUMPY_BINARY_OPERATOR(>=, greater_equal)
CUNUMPY_BINARY_OPERATOR(&, bitwise_and)
CUNUMPY_BINARY_OPERATOR(|, bitwise_or)
CUNUMPY_BINARY_OPERATOR(^, bitwise_xor)
CUNUMPY_BINARY_OPERATOR(<<, left_shift)
CUNUMPY_BINARY_OPERATOR(>>, right_shift)
#undef CUNUMPY_BINARY_OPERATOR
inline ndarray operator-(const ndarray& a) { return negative(a); }
inline ndarray operator+(const ndarray& a) { return positive(a); }
inline ndarray operator~(const ndarray& a) { return invert(a); }
inline ndarray operator!(const ndarray& a) { return logical_not(a); }

// In-place forms write into the left array (same_kind casting, as NumPy's `a += b`).
ndarray& operator+=(ndarray& a, const Operand& b);
ndarray& operator-=(ndarray& a, const Operand& b);
ndarray& operator*=(ndarray& a, const Operand& b);
ndarray& operator/=(ndarray& a, const Operand& b);
ndarray& operator%=(ndarray& a, const Operand& b);

}  // namespace cunumpy
