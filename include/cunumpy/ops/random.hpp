// Random numbers (NumPy's Generator API, CuPy's names): a counter-based bit generator
// (Philox4x32-10) and the distributions drawn from it on the arrays' device. Every value is
// a pure function of (key, counter, element index), so the same seed gives the same arrays
// on the CPU backend and on CUDA (bit-identical integers and floats: the transforms are
// written once, src/scalar/cn_random.h) and for any launch configuration.
//
// A draw of n values advances the counter by ceil(n / k) where k is the values per counter
// (4 for 32-bit uniform/normal/exponential/integer values, 2 for 64-bit ones, 1 for the
// rejection-sampled distributions, whose values each own a counter). So two draws equal one
// draw of their total size when the first size is a multiple of k.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cunumpy/core/dtype.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/shape.hpp"

namespace cunumpy::random {

// A distribution parameter: a number or an array, broadcast against the other parameters
// and the requested size as NumPy does.
// Integer scalars are kept exactly (integers' bounds up to 2^64).
class Param {
 public:
  Param(double v) : value_(v) {}  // NOLINT: implicit, as NumPy takes scalars
  Param(int v) : value_(v), int_(v), is_int_(true) {}                                      // NOLINT
  Param(long v) : value_(static_cast<double>(v)), int_(v), is_int_(true) {}                // NOLINT
  Param(long long v) : value_(static_cast<double>(v)), int_(v), is_int_(true) {}           // NOLINT
  Param(unsigned long long v)                                                              // NOLINT
      : value_(static_cast<double>(v)), int_(static_cast<int64_t>(v)), is_int_(true), is_uint64_(v >> 63) {}
  Param(unsigned long v) : Param(static_cast<unsigned long long>(v)) {}                  // NOLINT
  Param(const ndarray& a) : array_(a) {}                                                 // NOLINT
  bool is_array() const { return array_.defined(); }
  const ndarray& array() const { return array_; }
  double value() const { return value_; }
  // An integer scalar: its value is int_bits(), read as uint64 when is_uint64() (>= 2^63).
  bool is_integer() const { return is_int_; }
  int64_t int_bits() const { return int_; }
  bool is_uint64() const { return is_uint64_; }

 private:
  double value_ = 0;
  int64_t int_ = 0;
  bool is_int_ = false, is_uint64_ = false;
  ndarray array_;
};

using Size = std::optional<Shape>;

// The names CuPy gives its bit generators. All three run the same counter-based Philox core
// here (so they are reproducible on every backend); they differ only in how a seed becomes
// a key, so that the three names give different streams for one seed. None of them
// reproduces CuPy's (cuRAND's) sequence for the same seed.
enum class BitGeneratorKind { Philox4x3210, XORWOW, MRG32k3a };

class BitGenerator {
 public:
  // Key from a 64-bit seed (Philox4x3210: the seed's two halves, as cuRAND keys Philox;
  // XORWOW / MRG32k3a: the seed scrambled with a per-name constant), counter 0.
  explicit BitGenerator(uint64_t seed = 0, BitGeneratorKind kind = BitGeneratorKind::Philox4x3210);
  // An explicit state.
  BitGenerator(uint32_t key0, uint32_t key1, uint64_t counter,
               BitGeneratorKind kind = BitGeneratorKind::Philox4x3210);

  uint32_t key0() const { return key0_; }
  uint32_t key1() const { return key1_; }
  uint64_t counter() const { return counter_; }
  BitGeneratorKind kind() const { return kind_; }
  void set_state(uint32_t key0, uint32_t key1, uint64_t counter);
  // Reserves `counters` counters for a draw; returns the first.
  uint64_t advance(uint64_t counters);

 private:
  uint32_t key0_ = 0, key1_ = 0;
  uint64_t counter_ = 0;
  BitGeneratorKind kind_ = BitGeneratorKind::Philox4x3210;
};

// NumPy's choice/permutation messages differ between Generator and the legacy RandomState.
enum class Messages { Generator, Legacy };

class Generator {
 public:
  explicit Generator(BitGenerator bit_generator = BitGenerator()) : bg_(bit_generator) {}
  BitGenerator& bit_generator() { return bg_; }
  const BitGenerator& bit_generator() const { return bg_; }

  // Uniform floats in [0, 1) (float32 or float64, else TypeError as NumPy).
  ndarray random(const Size& size = std::nullopt, DType dtype = float64);
  // Integers in [low, high) ([low, high] with endpoint); high absent: [0, low). Any integer
  // dtype; ValueError "low >= high" / "low > high", "high is out of bounds for int8", ...
  ndarray integers(const Param& low, const std::optional<Param>& high = std::nullopt,
                   const Size& size = std::nullopt, DType dtype = int64, bool endpoint = false);
  ndarray standard_normal(const Size& size = std::nullopt, DType dtype = float64);
  ndarray normal(const Param& loc = 0.0, const Param& scale = 1.0, const Size& size = std::nullopt,
                 DType dtype = float64);
  // legacy: RandomState's, which takes high < low (Generator's is a ValueError).
  ndarray uniform(const Param& low = 0.0, const Param& high = 1.0, const Size& size = std::nullopt,
                  DType dtype = float64, bool legacy = false);
  ndarray standard_exponential(const Size& size = std::nullopt, DType dtype = float64);
  ndarray exponential(const Param& scale = 1.0, const Size& size = std::nullopt, DType dtype = float64);
  ndarray standard_gamma(const Param& shape, const Size& size = std::nullopt, DType dtype = float64);
  ndarray gamma(const Param& shape, const Param& scale = 1.0, const Size& size = std::nullopt,
                DType dtype = float64);
  ndarray beta(const Param& a, const Param& b, const Size& size = std::nullopt, DType dtype = float64);
  ndarray chisquare(const Param& df, const Size& size = std::nullopt, DType dtype = float64);
  ndarray f(const Param& dfnum, const Param& dfden, const Size& size = std::nullopt, DType dtype = float64);
  ndarray standard_t(const Param& df, const Size& size = std::nullopt, DType dtype = float64);
  ndarray standard_cauchy(const Size& size = std::nullopt, DType dtype = float64);
  ndarray lognormal(const Param& mean = 0.0, const Param& sigma = 1.0, const Size& size = std::nullopt,
                    DType dtype = float64);
  ndarray laplace(const Param& loc = 0.0, const Param& scale = 1.0, const Size& size = std::nullopt,
                  DType dtype = float64);
  ndarray logistic(const Param& loc = 0.0, const Param& scale = 1.0, const Size& size = std::nullopt,
                   DType dtype = float64);
  ndarray gumbel(const Param& loc = 0.0, const Param& scale = 1.0, const Size& size = std::nullopt,
                 DType dtype = float64);
  ndarray rayleigh(const Param& scale = 1.0, const Size& size = std::nullopt, DType dtype = float64);
  ndarray weibull(const Param& a, const Size& size = std::nullopt, DType dtype = float64);
  ndarray pareto(const Param& a, const Size& size = std::nullopt, DType dtype = float64);
  ndarray power(const Param& a, const Size& size = std::nullopt, DType dtype = float64);
  ndarray triangular(const Param& left, const Param& mode, const Param& right,
                     const Size& size = std::nullopt, DType dtype = float64);
  ndarray wald(const Param& mean, const Param& scale, const Size& size = std::nullopt,
               DType dtype = float64);
  ndarray noncentral_chisquare(const Param& df, const Param& nonc, const Size& size = std::nullopt,
                               DType dtype = float64);
  ndarray noncentral_f(const Param& dfnum, const Param& dfden, const Param& nonc,
                       const Size& size = std::nullopt, DType dtype = float64);
  ndarray vonmises(const Param& mu, const Param& kappa, const Size& size = std::nullopt,
                   DType dtype = float64);
  // (size..., K) draws of N(mean, cov): mean + z A^T with cov = A A^T from its symmetric
  // eigendecomposition (cov must be symmetric positive semi-definite; negative eigenvalues
  // from rounding count as 0).
  ndarray multivariate_normal(const ndarray& mean, const ndarray& cov, const Size& size = std::nullopt,
                              DType dtype = float64);
  // Integer-valued: int64 by default, any integer dtype.
  ndarray logseries(const Param& p, const Size& size = std::nullopt, DType dtype = int64);
  ndarray zipf(const Param& a, const Size& size = std::nullopt, DType dtype = int64);
  ndarray hypergeometric(const Param& ngood, const Param& nbad, const Param& nsample,
                         const Size& size = std::nullopt, DType dtype = int64, bool legacy = false);
  // (size..., K) counts of n draws over the K categories of pvals (sequential binomials).
  ndarray multinomial(const Param& n, const ndarray& pvals, const Size& size = std::nullopt,
                      DType dtype = int64);
  ndarray poisson(const Param& lam = 1.0, const Size& size = std::nullopt, DType dtype = int64);
  ndarray binomial(const Param& n, const Param& p, const Size& size = std::nullopt, DType dtype = int64);
  ndarray geometric(const Param& p, const Size& size = std::nullopt, DType dtype = int64);
  // Legacy RandomState accepts p = 0 (all draws are... undefined in NumPy): `legacy` keeps
  // its check ("p < 0, p > 1 or p is NaN", n > 0).
  ndarray negative_binomial(const Param& n, const Param& p, const Size& size = std::nullopt,
                            DType dtype = int64, bool legacy = false);
  // Raw generator output: uint32 or uint64 words.
  ndarray random_raw(const Size& size = std::nullopt, DType dtype = uint64);
  // `n` random bytes.
  std::vector<uint8_t> bytes(int64_t n);

  // A random permutation of arange(n) (int64), or of `x` along `axis` (a shuffled copy).
  ndarray permutation(int64_t n);
  ndarray permutation(const ndarray& x, int64_t axis = 0, Messages msg = Messages::Generator);
  // Shuffles `x` in place along `axis`.
  void shuffle(ndarray& x, int64_t axis = 0);
  // Each 1-D slice along `axis` shuffled independently (NumPy's permuted; axis absent: the
  // flattened array).
  ndarray permuted(const ndarray& x, std::optional<int64_t> axis = std::nullopt);
  // Samples from arange(n): with or without replacement, with probabilities p (1-D,
  // size n, non-negative, summing to 1 within sqrt(eps)).
  ndarray choice(int64_t n, const Size& size = std::nullopt, bool replace = true,
                 const std::optional<ndarray>& p = std::nullopt, Messages msg = Messages::Generator);
  // Samples from the elements of `a` along `axis` (NumPy's choice of an array).
  ndarray choice(const ndarray& a, const Size& size = std::nullopt, bool replace = true,
                 const std::optional<ndarray>& p = std::nullopt, int64_t axis = 0,
                 Messages msg = Messages::Generator);

 private:
  BitGenerator bg_;
};

// NumPy's default_rng: a Generator over Philox4x3210. seed absent: a seed from the OS.
Generator default_rng(std::optional<uint64_t> seed = std::nullopt);

}  // namespace cunumpy::random
