// The random family's backend task: fill a C-contiguous array with draws of one
// distribution from a counter-based generator state (Philox4x32-10 key, first counter).
// The distributions and their parameters are those of src/scalar/cn_random.h (cn::rnd::Dist
// has the same numbers as RandomDist). Kept out of backend_tasks.hpp (backend.hpp only
// forward-declares RandomTask) so that editing it rebuilds the random files alone. Internal.
#pragma once
#include <cstdint>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy::detail {

enum class RandomDist : int {
  Random = 0, Normal = 1, Exponential = 2, Integers = 3, Gamma = 4, Beta = 5, Poisson = 6,
  Binomial = 7, Geometric = 8, Lognormal = 9, Laplace = 10, Logistic = 11, Gumbel = 12,
  Rayleigh = 13, Weibull = 14, Pareto = 15, Power = 16, Cauchy = 17, StandardT = 18,
  Chisquare = 19, F = 20, NegBinomial = 21, Triangular = 22, Wald = 23, Bits = 24,
  Bits64 = 25, NoncentralChisquare = 26, NoncentralF = 27, Vonmises = 28, Logseries = 29,
  Zipf = 30, Hypergeometric = 31,
  // Random permutations (ops/random/sampling.cpp, cn_random.h's perm_order): the sort keys
  // (uint64; iscalar[0] the bit below which the index goes) and the order from the sorted
  // keys (int64; iparam[0] the sorted uint64 keys, iscalar[0] the same bit; `offset` the
  // keys draw's first counter).
  PermKeys = 32, PermOrder = 33,
};

struct RandomTask {
  RandomDist dist = RandomDist::Random;
  uint32_t key0 = 0, key1 = 0;  // the Philox key
  uint64_t offset = 0;          // the counter of element group 0
  // Integers only: 64-bit words per value (a range above 2^32) instead of 32-bit ones.
  bool wide = false;
  // C-contiguous; float32/float64 for the real distributions, an integer dtype for
  // Integers/Poisson/Binomial/Geometric/NegBinomial/Logseries/Zipf/Hypergeometric, uint32 (Bits) or uint64 (Bits64).
  ndarray out;
  // Parameters: each an array of out's size (C-contiguous float64 / int64, on out's
  // device) or, when undefined, the scalar.
  ndarray fparam[3];
  double fscalar[3] = {0, 0, 0};
  ndarray iparam[2];
  int64_t iscalar[2] = {0, 0};
};

// Values one counter yields for `dist` with `itemsize`-byte outputs (the rest: one value
// per counter); a draw of n values uses ceil(n / group) counters.
inline int random_group_size(RandomDist dist, int itemsize, bool wide) {
  switch (dist) {
    case RandomDist::Bits: return 4;
    case RandomDist::Bits64: case RandomDist::PermKeys: return 2;
    case RandomDist::Random: case RandomDist::Normal: case RandomDist::Exponential:
      return itemsize <= 4 ? 4 : 2;
    case RandomDist::Integers: return wide ? 2 : 4;
    default: return 1;
  }
}

}  // namespace cunumpy::detail
