// Internal sorting entry points for other ops (not part of the public API).
#pragma once
#include "cunumpy/core/ndarray.hpp"

namespace cunumpy::detail {

// The sorted values of a 1-D array of unsigned integers whose keys that tie above their
// `skip_low_bytes` low bytes already come in the order of those low bytes (random
// permutations: the low bytes hold the element's index). A radix sort may then skip the
// low digits (the CUDA onesweep does): the result is the full sort either way.
// Used by random permutations (ops/random/sampling.cpp).
ndarray sort_above_low_bytes(const ndarray& keys, int skip_low_bytes);

}  // namespace cunumpy::detail
