// The packbits task that ops/bits/packbits.cpp hands to a backend. Forward-declared in
// core/backend.hpp, so that editing this header rebuilds only packbits. Internal header.
#pragma once
#include <cstdint>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy::detail {

// Packs groups of 8 elements along the middle axis of `in` (read as (outer, n, inner),
// C-contiguous, itemsize 1, 2, 4 or 8; an element is a 1 bit when any of its bytes is
// nonzero) into the bytes of `out` (uint8, C-contiguous (outer, (n + 7) / 8, inner)).
// The last group is padded with 0 bits. `little`: the first element of a group goes to
// the least significant bit (bitorder='little'), else to the most significant one.
struct PackBitsTask {
  ndarray in, out;
  int64_t outer = 0, n = 0, inner = 0;
  bool little = false;
};

}  // namespace cunumpy::detail
