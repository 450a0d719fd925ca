// LSD radix sort of one row on the CPU, from the row as stored to sorted values and/or
// positions: what the CPU backend uses for long rows of integer, bool and float dtypes,
// where it beats a comparison sort. Stable. Internal header.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "scalar/cn_scalar.h"

namespace cunumpy::cpu {

// The unsigned key type of element type T, and the key of a value: integers with the sign
// bit flipped; floats by their bits, negatives reversed, NaNs above +inf. `exact` (values
// only): -0.0 before 0.0 and a NaN keeps its payload (its sign dropped), so the key gives
// the value back; else (positions) -0.0 is keyed as 0.0 and every NaN as the largest key,
// so that a stable sort keeps equal values in input order, as NumPy's stable sort does.
template <class T>
struct RadixKey {
  static constexpr bool ok = std::is_integral_v<T> || std::is_same_v<T, float> || std::is_same_v<T, double> ||
                             std::is_same_v<T, cn::half>;
  using U = std::conditional_t<sizeof(T) == 1, uint8_t,
                               std::conditional_t<sizeof(T) == 2, uint16_t,
                                                   std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
  static constexpr U sign = U(U(1) << (sizeof(U) * 8 - 1));
  static constexpr bool is_float = !std::is_integral_v<T>;
  static constexpr U exp_mask = sizeof(U) == 2 ? U(0x7c00) : sizeof(U) == 4 ? U(0x7f800000u) : U(0x7ff0000000000000ull);

  static U key(T v, bool exact) {
    U b;
    std::memcpy(&b, &v, sizeof(U));
    if constexpr (std::is_same_v<T, bool> || std::is_unsigned_v<T>) {
      return b;
    } else if constexpr (std::is_integral_v<T>) {
      return U(b ^ sign);
    } else {
      if (U(b & U(~sign)) > exp_mask) {
        if (!exact) return U(~U(0));
        b = U(b & U(~sign));
      }
      if (!exact && b == sign) b = 0;
      return (b & sign) ? U(~b) : U(b | sign);
    }
  }
  // The bits of the value of key k (exact keys).
  static U unkey(U k) {
    if constexpr (std::is_same_v<T, bool> || std::is_unsigned_v<T>) {
      return k;
    } else if constexpr (std::is_integral_v<T>) {
      return U(k ^ sign);
    } else {
      return (k & sign) ? U(k ^ sign) : U(~k);
    }
  }
};

// Bytes of scratch radix_sort_row needs for n elements (positions wanted or not).
template <class T>
constexpr int64_t radix_scratch_bytes(int64_t n, bool positions) {
  return positions ? n * static_cast<int64_t>(2 * sizeof(T) + 8) + 64 : n * static_cast<int64_t>(sizeof(T)) + 64;
}

// Sorts the n elements at in, in + stride, ... (byte stride) stably: sorted values to
// `vals` and/or the positions to `idx` (either may be null, not both). `scratch`:
// radix_scratch_bytes(n, idx != nullptr) bytes, 8-byte aligned. `parallel`: the row is
// split over the thread pool (chunks keep their order, so the sort stays stable).
template <class T>
void radix_sort_row(const char* in, int64_t stride, int64_t n, T* vals, int64_t* idx, bool parallel, char* scratch);

}  // namespace cunumpy::cpu
