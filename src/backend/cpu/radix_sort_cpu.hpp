// LSD radix sort of order-preserving unsigned keys on the CPU (8-bit digits), optionally
// carrying int64 positions: what the CPU backend uses for long rows of integer, bool and
// float dtypes, where it beats a comparison sort. Stable. Internal header.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kernels/shared/cn_scalar.h"

namespace cunumpy::cpu {

// The unsigned key type of element type T, and the key of a value: integers with the sign
// bit flipped; floats by their bits, negatives reversed, every NaN the largest key, and
// (unless `exact`) -0.0 as 0.0 so that a stable sort keeps them in input order.
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
      if (U(b & U(~sign)) > exp_mask) return U(~U(0));
      if (!exact && b == sign) b = 0;
      return (b & sign) ? U(~b) : U(b | sign);
    }
  }
  static T value(U k) {
    U b;
    if constexpr (std::is_same_v<T, bool> || std::is_unsigned_v<T>) {
      b = k;
    } else if constexpr (std::is_integral_v<T>) {
      b = U(k ^ sign);
    } else {
      b = (k & sign) ? U(k ^ sign) : U(~k);
    }
    T v;
    std::memcpy(&v, &b, sizeof(U));
    return v;
  }
};

// Sorts keys[0, n) (and idx alongside when not null); tmp/idx_tmp are scratch of n
// elements. Digit passes whose digit is the same for every key are skipped. `parallel`:
// histograms and scatters split over the thread pool (chunks keep their order, so the
// sort stays stable). The result ends in keys/idx.
void radix_sort_u8(uint8_t* keys, uint8_t* tmp, int64_t* idx, int64_t* idx_tmp, int64_t n, bool parallel);
void radix_sort_u16(uint16_t* keys, uint16_t* tmp, int64_t* idx, int64_t* idx_tmp, int64_t n, bool parallel);
void radix_sort_u32(uint32_t* keys, uint32_t* tmp, int64_t* idx, int64_t* idx_tmp, int64_t n, bool parallel);
void radix_sort_u64(uint64_t* keys, uint64_t* tmp, int64_t* idx, int64_t* idx_tmp, int64_t n, bool parallel);

inline void radix_sort(uint8_t* k, uint8_t* t, int64_t* i, int64_t* it, int64_t n, bool p) { radix_sort_u8(k, t, i, it, n, p); }
inline void radix_sort(uint16_t* k, uint16_t* t, int64_t* i, int64_t* it, int64_t n, bool p) { radix_sort_u16(k, t, i, it, n, p); }
inline void radix_sort(uint32_t* k, uint32_t* t, int64_t* i, int64_t* it, int64_t n, bool p) { radix_sort_u32(k, t, i, it, n, p); }
inline void radix_sort(uint64_t* k, uint64_t* t, int64_t* i, int64_t* it, int64_t n, bool p) { radix_sort_u64(k, t, i, it, n, p); }

}  // namespace cunumpy::cpu
