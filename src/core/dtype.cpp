// DType properties and NumPy 2's promotion and casting rules for the 14 supported types.
#include "cunumpy/core/dtype.hpp"

#include <array>
#include <cctype>
#include <cmath>
#include <limits>
#include <string>
#include <unordered_map>

#include "cunumpy/base/errors.hpp"

namespace cunumpy {
namespace {

struct DTypeInfo {
  int itemsize;
  char kind;
  char char_code;
  const char* name;
  const char* c_type;
};

constexpr DTypeInfo kInfo[kNumDTypes] = {
    {1, 'b', '?', "bool", "bool"},
    {1, 'i', 'b', "int8", "int8_t"},
    {2, 'i', 'h', "int16", "int16_t"},
    {4, 'i', 'i', "int32", "int32_t"},
    {8, 'i', 'l', "int64", "int64_t"},
    {1, 'u', 'B', "uint8", "uint8_t"},
    {2, 'u', 'H', "uint16", "uint16_t"},
    {4, 'u', 'I', "uint32", "uint32_t"},
    {8, 'u', 'L', "uint64", "uint64_t"},
    {2, 'f', 'e', "float16", "cn::half"},
    {4, 'f', 'f', "float32", "float"},
    {8, 'f', 'd', "float64", "double"},
    {8, 'c', 'F', "complex64", "cn::complex64"},
    {16, 'c', 'D', "complex128", "cn::complex128"},
};

const DTypeInfo& info(DType d) { return kInfo[static_cast<int>(d.id())]; }

// Kind rank for same_kind casting: bool < unsigned < signed < float < complex.
int kind_rank(char k) {
  switch (k) {
    case 'b': return 0;
    case 'u': return 1;
    case 'i': return 2;
    case 'f': return 3;
    default: return 4;
  }
}

// Size of the smallest float that holds every value of an integer type, as NumPy decides.
int float_size_for_int(DType d) {
  switch (d.itemsize()) {
    case 1: return 2;
    case 2: return 4;
    default: return 8;
  }
}

}  // namespace

// The inline itemsize()/kind() tables in dtype.hpp must agree with this one.
constexpr bool inline_tables_agree() {
  for (int i = 0; i < kNumDTypes; ++i) {
    const DType d(static_cast<DTypeId>(i));
    if (d.itemsize() != kInfo[i].itemsize || d.kind() != kInfo[i].kind) return false;
  }
  return true;
}
static_assert(inline_tables_agree());
char DType::char_code() const { return info(*this).char_code; }
const char* DType::name() const { return info(*this).name; }
const char* DType::c_type() const { return info(*this).c_type; }

DType dtype_from_kind(char kind, int itemsize) {
  for (int i = 0; i < kNumDTypes; ++i)
    if (kInfo[i].kind == kind && kInfo[i].itemsize == itemsize) return DType(static_cast<DTypeId>(i));
  throw TypeError(std::string("no cunumpy dtype of kind '") + kind + "' and size " +
                  std::to_string(itemsize));
}

DType dtype_from_string(std::string_view s_in) {
  static const std::unordered_map<std::string, DTypeId> names = {
      {"bool", DTypeId::Bool}, {"bool_", DTypeId::Bool}, {"?", DTypeId::Bool}, {"b1", DTypeId::Bool},
      {"int8", DTypeId::Int8}, {"byte", DTypeId::Int8}, {"b", DTypeId::Int8}, {"i1", DTypeId::Int8},
      {"int16", DTypeId::Int16}, {"short", DTypeId::Int16}, {"h", DTypeId::Int16}, {"i2", DTypeId::Int16},
      {"int32", DTypeId::Int32}, {"intc", DTypeId::Int32}, {"i", DTypeId::Int32}, {"i4", DTypeId::Int32},
      {"int64", DTypeId::Int64}, {"int", DTypeId::Int64}, {"int_", DTypeId::Int64}, {"intp", DTypeId::Int64},
      {"long", DTypeId::Int64}, {"longlong", DTypeId::Int64}, {"l", DTypeId::Int64}, {"q", DTypeId::Int64},
      {"i8", DTypeId::Int64}, {"p", DTypeId::Int64}, {"n", DTypeId::Int64},
      {"uint8", DTypeId::UInt8}, {"ubyte", DTypeId::UInt8}, {"B", DTypeId::UInt8}, {"u1", DTypeId::UInt8},
      {"uint16", DTypeId::UInt16}, {"ushort", DTypeId::UInt16}, {"H", DTypeId::UInt16}, {"u2", DTypeId::UInt16},
      {"uint32", DTypeId::UInt32}, {"uintc", DTypeId::UInt32}, {"I", DTypeId::UInt32}, {"u4", DTypeId::UInt32},
      {"uint64", DTypeId::UInt64}, {"uint", DTypeId::UInt64}, {"uintp", DTypeId::UInt64}, {"ulong", DTypeId::UInt64},
      {"ulonglong", DTypeId::UInt64}, {"L", DTypeId::UInt64}, {"Q", DTypeId::UInt64}, {"u8", DTypeId::UInt64},
      {"P", DTypeId::UInt64}, {"N", DTypeId::UInt64},
      {"float16", DTypeId::Float16}, {"half", DTypeId::Float16}, {"e", DTypeId::Float16}, {"f2", DTypeId::Float16},
      {"float32", DTypeId::Float32}, {"single", DTypeId::Float32}, {"f", DTypeId::Float32}, {"f4", DTypeId::Float32},
      {"float64", DTypeId::Float64}, {"float", DTypeId::Float64}, {"double", DTypeId::Float64},
      {"d", DTypeId::Float64}, {"f8", DTypeId::Float64},
      {"complex64", DTypeId::Complex64}, {"csingle", DTypeId::Complex64}, {"F", DTypeId::Complex64}, {"c8", DTypeId::Complex64},
      {"complex128", DTypeId::Complex128}, {"complex", DTypeId::Complex128}, {"cdouble", DTypeId::Complex128},
      {"D", DTypeId::Complex128}, {"c16", DTypeId::Complex128},
  };
  std::string s(s_in);
  // Byte-order prefixes are accepted for native order and single-byte types.
  if (!s.empty() && (s[0] == '<' || s[0] == '=' || s[0] == '|')) s = s.substr(1);
  auto it = names.find(s);
  if (it == names.end()) throw TypeError("data type '" + std::string(s_in) + "' not understood");
  return DType(it->second);
}

namespace {

// NumPy's promotion rules, from which the table below is built.
DType compute_promotion(DType a, DType b) {
  if (a == b) return a;
  if (a.is_bool()) return b;
  if (b.is_bool()) return a;
  const char ka = a.kind(), kb = b.kind();
  if (ka == kb) return a.itemsize() >= b.itemsize() ? a : b;
  if (a.is_integer() && b.is_integer()) {
    DType s = ka == 'i' ? a : b;  // signed
    DType u = ka == 'i' ? b : a;  // unsigned
    if (s.itemsize() > u.itemsize()) return s;
    if (u.itemsize() == 8) return float64;
    return dtype_from_kind('i', u.itemsize() * 2);
  }
  // At least one inexact type: find the float component size needed by each side.
  auto comp_size = [](DType d) {
    if (d.is_integer()) return float_size_for_int(d);
    if (d.is_complex()) return d.itemsize() / 2;
    return d.itemsize();
  };
  int size = std::max(comp_size(a), comp_size(b));
  if (a.is_complex() || b.is_complex()) return dtype_from_kind('c', std::max(size, 4) * 2);
  return dtype_from_kind('f', size);
}

}  // namespace

DType promote_types(DType a, DType b) {
  // Every call's type resolution asks this several times: one lookup in a table built once.
  static const auto table = [] {
    std::array<std::array<DType, kNumDTypes>, kNumDTypes> t{};
    for (int i = 0; i < kNumDTypes; ++i)
      for (int j = 0; j < kNumDTypes; ++j)
        t[i][j] = compute_promotion(DType(static_cast<DTypeId>(i)), DType(static_cast<DTypeId>(j)));
    return t;
  }();
  return table[static_cast<int>(a.id())][static_cast<int>(b.id())];
}

bool can_cast(DType from, DType to, Casting casting) {
  switch (casting) {
    case Casting::No:
    case Casting::Equiv:
      return from == to;
    case Casting::Safe:
      return promote_types(from, to) == to;
    case Casting::SameKind:
      return promote_types(from, to) == to || kind_rank(from.kind()) <= kind_rank(to.kind());
    case Casting::Unsafe:
      return true;
  }
  return false;
}

Casting casting_from_string(std::string_view s) {
  if (s == "no") return Casting::No;
  if (s == "equiv") return Casting::Equiv;
  if (s == "safe") return Casting::Safe;
  if (s == "same_kind") return Casting::SameKind;
  if (s == "unsafe") return Casting::Unsafe;
  throw ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe' (got '" +
                   std::string(s) + "')");
}

const char* casting_name(Casting c) {
  static const char* const names[] = {"no", "equiv", "safe", "same_kind", "unsafe"};
  return names[static_cast<int>(c)];
}

DType real_dtype(DType d) {
  if (d == complex64) return float32;
  if (d == complex128) return float64;
  return d;
}

DType complex_dtype(DType d) {
  if (d == float64 || d == complex128) return complex128;
  if (d == float32 || d == float16 || d == complex64) return complex64;
  return complex128;
}

DType default_float(DType d) { return d.is_inexact() ? d : float64; }

FInfo finfo(DType d) {
  DType r = real_dtype(d);
  if (!r.is_floating())
    throw TypeError(std::string("data type ") + d.name() + " not inexact");
  FInfo f{};
  f.dtype = r;
  if (r == float16) {
    f = FInfo{16, 0.0009765625, 0.00048828125, 65504.0, -65504.0, 6.103515625e-05,
              5.960464477539063e-08, 0.001, 3, 10, 5, -14, 16, -10, -11, 5, r};
  } else if (r == float32) {
    f = FInfo{32, std::numeric_limits<float>::epsilon(), 5.9604645e-08, std::numeric_limits<float>::max(),
              -std::numeric_limits<float>::max(), std::numeric_limits<float>::min(),
              std::numeric_limits<float>::denorm_min(), 1e-06, 6, 23, 8, -126, 128, -23, -24, 8, r};
  } else {
    f = FInfo{64, std::numeric_limits<double>::epsilon(), 1.1102230246251565e-16,
              std::numeric_limits<double>::max(), -std::numeric_limits<double>::max(),
              std::numeric_limits<double>::min(), std::numeric_limits<double>::denorm_min(), 1e-15,
              15, 52, 11, -1022, 1024, -52, -53, 11, r};
  }
  return f;
}

IInfo iinfo(DType d) {
  if (!d.is_integer())
    throw ValueError(std::string("Invalid integer data type '") + d.kind() + "'.");
  const int bits = d.itemsize() * 8;
  IInfo i{};
  i.bits = bits;
  i.dtype = d;
  if (d.is_signed_integer()) {
    i.min = bits == 64 ? std::numeric_limits<int64_t>::min() : -(int64_t(1) << (bits - 1));
    i.max = bits == 64 ? uint64_t(std::numeric_limits<int64_t>::max()) : (uint64_t(1) << (bits - 1)) - 1;
  } else {
    i.min = 0;
    i.max = bits == 64 ? std::numeric_limits<uint64_t>::max() : (uint64_t(1) << bits) - 1;
  }
  return i;
}

}  // namespace cunumpy
