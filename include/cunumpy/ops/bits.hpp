// Bits of arrays and the infinity tests (numpy.packbits, numpy.unpackbits,
// numpy.isposinf, numpy.isneginf).
#pragma once
#include <cstdint>
#include <optional>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy {

// The order of the bits in a byte: the first element in the most (Big) or the least
// (Little) significant bit.
enum class BitOrder { Big, Little };

// The elements of an integer or bool array as bits (nonzero = 1), 8 to a uint8, along
// `axis` (the flattened array when nullopt), the last byte padded with zeros. TypeError
// for another dtype, AxisError for an axis out of range.
ndarray packbits(const ndarray& a, std::optional<int64_t> axis = std::nullopt,
                 BitOrder order = BitOrder::Big);
// The bits of a uint8 array as uint8 0/1 values along `axis` (flattened when nullopt):
// 8 per byte, or the first `count` (zeros appended past the end; a negative count drops
// -count from the end, ValueError when that is more than there are). TypeError for a dtype
// other than uint8.
ndarray unpackbits(const ndarray& a, std::optional<int64_t> axis = std::nullopt,
                   std::optional<int64_t> count = std::nullopt, BitOrder order = BitOrder::Big);

// Whether x is +inf (-inf), written to `out` when given (any dtype that bool casts to,
// broadcast as a ufunc's out). TypeError for complex x.
ndarray isposinf(const ndarray& x, const ndarray& out = {});
ndarray isneginf(const ndarray& x, const ndarray& out = {});

}  // namespace cunumpy
