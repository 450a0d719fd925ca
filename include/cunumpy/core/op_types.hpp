// The descriptions of work that the ops layer hands to a backend and that the public API
// names: a ufunc operand (array or scalar), a ufunc and its loops, the reduction kinds and
// the index modes. Kept below the ops layer so that backends need no ops header.
#pragma once
#include <complex>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "cunumpy/core/dtype.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/scalar.hpp"
#include "cunumpy/core/small_vector.hpp"

namespace cunumpy {

// One input of a ufunc: an array or a scalar. A *weak* scalar is NEP 50's Python
// int/float/complex: it takes the dtype of the arrays it meets (int8 array + 1 -> int8).
// C++ arithmetic values (x + 1.0) are weak, like Python literals; a Scalar passed
// explicitly is strong, like numpy.float32(1).
class Operand {
 public:
  Operand() = default;  // an undefined array (placeholder in containers)
  Operand(const ndarray& a) : array_(a), is_scalar_(false) {}  // NOLINT
  Operand(const Scalar& s, bool weak = false) : scalar_(s), is_scalar_(true), weak_(weak) {}  // NOLINT
  template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
  Operand(T v) : scalar_(v), is_scalar_(true), weak_(!std::is_same_v<T, bool>) {}  // NOLINT
  Operand(std::complex<double> v) : scalar_(v), is_scalar_(true), weak_(true) {}  // NOLINT
  static Operand weak(const Scalar& s) { return Operand(s, true); }
  // A Python int beyond int64/uint64, held as a float64 value: integer loops reject it
  // (OverflowError, as NumPy 2), float and complex loops take the rounded value.
  static Operand huge_int(double v) {
    Operand op(Scalar(v), true);
    op.huge_int_ = true;
    return op;
  }

  bool is_array() const { return !is_scalar_; }
  bool is_scalar() const { return is_scalar_; }
  bool is_weak() const { return is_scalar_ && weak_; }
  bool is_huge_int() const { return huge_int_; }
  const ndarray& array() const { return array_; }
  const Scalar& scalar() const { return scalar_; }
  // The operand's own dtype (a weak scalar reports its Python default: int64/float64/complex128).
  DType dtype() const { return is_scalar_ ? scalar_.dtype() : array_.dtype(); }

 private:
  ndarray array_;
  Scalar scalar_;
  bool is_scalar_ = false;
  bool weak_ = false;
  bool huge_int_ = false;
};

// One inner loop: nin input dtypes followed by nout output dtypes ("ff->f").
struct UfuncLoop {
  SmallVector<DType, 4> types;
  std::string signature;  // NumPy's spelling, e.g. "ff->f"
};

// A registered ufunc: NumPy's attributes and its ordered loop table.
struct Ufunc {
  std::string name;
  std::string functor;   // scalar op in src/scalar/cn_ops.h: cn::op::<functor>
  int nin = 0, nout = 0;
  std::string identity;  // NumPy's identity printed ("0", "1", "True", "-inf"), "" for None
  std::vector<UfuncLoop> loops;
  int index = 0;         // position in the registry (stable, used as a cheap cache key)
  // Resolution rules NumPy applies to groups of ufuncs, set once by the registry so that
  // a call tests a flag instead of comparing names.
  bool comparison = false;    // equal ... greater_equal: a Python int is compared exactly
  bool logical = false;       // logical_*: inputs are cast to bool whatever the casting rule
  bool refuses_bool = false;  // sign, positive, gcd, lcm: no bool loop, and bool does not cast
  // Comparisons, maximum/minimum/fmax/fmin, the isnan family, sign, clip, heaviside,
  // nextafter, spacing:
  // NumPy reports no floating-point error for them (their loops compare NaN quietly), so
  // the CPU backend does not read the IEEE flags their C++ comparisons may set.
  bool fp_quiet = false;
};

// FMax/FMin skip NaN (a slice of NaN only gives NaN), as fmax.reduce / nanmax. Scans take
// Sum, Prod, Max and Min.
enum class ReduceOp : uint8_t { Sum, Prod, Max, Min, FMax, FMin };

// What an out-of-range integer index does: IndexError (NumPy's default), wrap around
// modulo the axis length, or clip to the first/last element (take/put's mode=).
enum class IndexMode { Raise, Wrap, Clip };

}  // namespace cunumpy
