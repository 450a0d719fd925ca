// DType: the element types cunumpy supports, NumPy 2's promotion and casting rules.
// A dtype is a small run-time value (not a template parameter): kernels are generated for
// it at run time, so the library carries no per-dtype template explosion.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace cunumpy {

enum class DTypeId : uint8_t {
  Bool, Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64,
  Float16, Float32, Float64, Complex64, Complex128,
};
inline constexpr int kNumDTypes = 14;

// NumPy's casting levels, weakest first.
enum class Casting : uint8_t { No, Equiv, Safe, SameKind, Unsafe };

class DType {
 public:
  constexpr DType() : id_(DTypeId::Float64) {}
  constexpr DType(DTypeId id) : id_(id) {}  // NOLINT: implicit by design

  constexpr DTypeId id() const { return id_; }
  // Inline (they are on every call's path): by DTypeId order.
  constexpr int itemsize() const {
    constexpr unsigned char sizes[kNumDTypes] = {1, 1, 2, 4, 8, 1, 2, 4, 8, 2, 4, 8, 8, 16};
    return sizes[static_cast<int>(id_)];
  }
  // NumPy kind: 'b', 'i', 'u', 'f', 'c'
  constexpr char kind() const { return "biiiiuuuufffcc"[static_cast<int>(id_)]; }
  char char_code() const;      // NumPy char code: '?', 'b', 'h', 'i', 'l', 'B', ..., 'D'
  const char* name() const;    // NumPy name: "bool", "int8", ..., "complex128"
  const char* c_type() const;  // type name in generated kernels: "bool", "int8_t", "cn::half", ...
  bool is_bool() const { return id_ == DTypeId::Bool; }
  bool is_integer() const { return kind() == 'i' || kind() == 'u'; }
  bool is_signed_integer() const { return kind() == 'i'; }
  bool is_unsigned_integer() const { return kind() == 'u'; }
  bool is_floating() const { return kind() == 'f'; }
  bool is_complex() const { return kind() == 'c'; }
  bool is_inexact() const { return is_floating() || is_complex(); }

  friend constexpr bool operator==(DType a, DType b) { return a.id_ == b.id_; }
  friend constexpr bool operator!=(DType a, DType b) { return a.id_ != b.id_; }

 private:
  DTypeId id_;
};

inline constexpr DType bool_{DTypeId::Bool};
inline constexpr DType int8{DTypeId::Int8};
inline constexpr DType int16{DTypeId::Int16};
inline constexpr DType int32{DTypeId::Int32};
inline constexpr DType int64{DTypeId::Int64};
inline constexpr DType uint8{DTypeId::UInt8};
inline constexpr DType uint16{DTypeId::UInt16};
inline constexpr DType uint32{DTypeId::UInt32};
inline constexpr DType uint64{DTypeId::UInt64};
inline constexpr DType float16{DTypeId::Float16};
inline constexpr DType float32{DTypeId::Float32};
inline constexpr DType float64{DTypeId::Float64};
inline constexpr DType complex64{DTypeId::Complex64};
inline constexpr DType complex128{DTypeId::Complex128};

// Parses NumPy's spellings: names ("float32", "f4", "<f4", "float", "complex", "int",
// "bool", "uint", "half", "double", ...) and char codes ("f", "d", "?", "l", ...).
// Throws TypeError naming the string for anything else.
DType dtype_from_string(std::string_view s);
// Signed/unsigned integer or float/complex of a given kind and byte size.
DType dtype_from_kind(char kind, int itemsize);

// NumPy 2 rules for these 14 types.
DType promote_types(DType a, DType b);
bool can_cast(DType from, DType to, Casting casting = Casting::Safe);
Casting casting_from_string(std::string_view s);  // "no", "equiv", "safe", "same_kind", "unsafe"
const char* casting_name(Casting c);

// Real counterpart of a complex dtype (complex64 -> float32); other dtypes map to themselves.
DType real_dtype(DType d);
// Complex counterpart of an inexact dtype (float32 -> complex64, float16 -> complex64).
DType complex_dtype(DType d);
// Default result of a true division / transcendental function: ints and bool go to float64.
DType default_float(DType d);

// Machine limits, as numpy.finfo / numpy.iinfo report them.
struct FInfo {
  int bits;
  double eps, epsneg, max, min, tiny, smallest_subnormal, resolution;
  int precision, nmant, nexp, minexp, maxexp, machep, negep, iexp;
  DType dtype;
};
struct IInfo {
  int bits;
  int64_t min;
  uint64_t max;
  DType dtype;
};
FInfo finfo(DType d);  // TypeError for non-inexact types; complex gives its real part's info
IInfo iinfo(DType d);  // ValueError for non-integer types

}  // namespace cunumpy
