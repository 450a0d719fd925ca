// Internal sorting entry points for other ops (not part of the public API).
#pragma once
#include "cunumpy/core/ndarray.hpp"

namespace cunumpy::detail {

// The sorted values of a 1-D array of unsigned integers when the caller itself orders the
// keys that tie in all but their `skip_low_bytes` low bytes: those ties may come out in
// input order (the CUDA radix sort skips the low digits) or fully sorted (other backends).
// Used by random permutations (ops/random/sampling.cpp).
ndarray sort_above_low_bytes(const ndarray& keys, int skip_low_bytes);

}  // namespace cunumpy::detail
