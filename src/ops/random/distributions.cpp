// The distributions of cunumpy::random::Generator: NumPy's argument checks and shapes
// (size, or the broadcast of the parameters), then one RandomTask for the backend of the
// current device. Parameters that are arrays are broadcast to the result's shape and made
// C-contiguous float64 (int64 for integer bounds) on that device.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/backend.hpp"
#include "core/backend_tasks_random.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/linalg.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "cunumpy/ops/random.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "ops/random/random_internal.hpp"

namespace cunumpy::random {

using detail::RandomDist;

// ---- BitGenerator ------------------------------------------------------------------------
namespace {
uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
}  // namespace

BitGenerator::BitGenerator(uint64_t seed, BitGeneratorKind kind) : kind_(kind) {
  uint64_t k = seed;
  if (kind == BitGeneratorKind::XORWOW) k = splitmix64(seed ^ 0x584f52574f57ull);        // "XORWOW"
  if (kind == BitGeneratorKind::MRG32k3a) k = splitmix64(seed ^ 0x4d52473332ull);        // "MRG32"
  key0_ = static_cast<uint32_t>(k);
  key1_ = static_cast<uint32_t>(k >> 32);
}

BitGenerator::BitGenerator(uint32_t key0, uint32_t key1, uint64_t counter, BitGeneratorKind kind)
    : key0_(key0), key1_(key1), counter_(counter), kind_(kind) {}

void BitGenerator::set_state(uint32_t key0, uint32_t key1, uint64_t counter) {
  key0_ = key0;
  key1_ = key1;
  counter_ = counter;
}

uint64_t BitGenerator::advance(uint64_t counters) {
  const uint64_t first = counter_;
  counter_ += counters;
  return first;
}

Generator default_rng(std::optional<uint64_t> seed) {
  uint64_t s;
  if (seed) {
    s = splitmix64(*seed);
  } else {
    std::random_device rd;
    s = (uint64_t{rd()} << 32) ^ rd();
  }
  return Generator(BitGenerator(static_cast<uint32_t>(s), static_cast<uint32_t>(s >> 32), 0));
}

// ---- helpers --------------------------------------------------------------------------
namespace detail_random {

std::string shape_text(const Shape& s) {
  std::string r = "(";
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i) r += ", ";
    r += std::to_string(s[i]);
  }
  if (s.size() == 1) r += ",";
  return r + ")";
}

Shape result_shape(std::initializer_list<const Param*> params, const Size& size) {
  if (size) {
    for (int64_t d : *size)
      if (d < 0) throw ValueError("negative dimensions are not allowed");
  }
  Shape out;
  bool first = true;
  int k = 0;
  for (const Param* p : params) {
    ++k;
    if (!p->is_array()) continue;
    const Shape& s = p->array().shape();
    if (size) {
      Shape b;
      try {
        b = broadcast_shapes(s, *size);
      } catch (const ValueError&) {
        b = Shape{-1};
      }
      if (b != *size)
        throw ValueError("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with shape " +
                         shape_text(*size) + " and arg " + std::to_string(k) + " with shape " + shape_text(s) + ".");
      continue;
    }
    out = first ? s : broadcast_shapes(out, s);
    first = false;
  }
  return size ? *size : out;
}

ndarray param_array(const ndarray& a, const Shape& shape, DType dtype, Device device) {
  ndarray x = a.device() == device ? a : a.to(device);
  return ascontiguousarray(broadcast_to(x, shape), dtype);
}

namespace {
bool violates(double v, Check c) {
  switch (c) {
    case Check::Negative: return v < 0;
    case Check::NonPositive: return v <= 0;
    case Check::NegativeOrNaN: return v < 0 || std::isnan(v);
    case Check::Probability: return v < 0 || v > 1 || std::isnan(v);
    case Check::OpenProbability: return v <= 0 || v > 1 || std::isnan(v);
  }
  return false;
}
}  // namespace

void check(const Param& p, Check c, const char* message) {
  if (!p.is_array()) {
    if (violates(p.value(), c)) throw ValueError(message);
    return;
  }
  const ndarray& a = p.array();
  if (a.size() == 0) return;
  ndarray bad;
  switch (c) {
    case Check::Negative: bad = less(a, 0); break;
    case Check::NonPositive: bad = less_equal(a, 0); break;
    case Check::NegativeOrNaN: bad = logical_or(less(a, 0), isnan(a)); break;
    case Check::Probability: bad = logical_or(logical_or(less(a, 0), greater(a, 1)), isnan(a)); break;
    case Check::OpenProbability:
      bad = logical_or(logical_or(less_equal(a, 0), greater(a, 1)), isnan(a));
      break;
  }
  if (any(bad).item().to_bool()) throw ValueError(message);
}

// NumPy's POISSON_LAM_MAX: past it an int64 Poisson draw could overflow.
constexpr double kPoissonLamMax = 9.223372006484771e18;

// A float parameter NumPy converts to an integer: NaN is its ValueError, +-inf its
// OverflowError (as Python's int() of them).
double integral_value(const Param& p) {
  const double v = p.value();
  if (std::isnan(v)) throw ValueError("cannot convert float NaN to integer");
  if (std::isinf(v)) throw OverflowError("cannot convert float infinity to integer");
  return v;
}

// An integer parameter's scalar value as NumPy converts it to int64 (before its checks): a
// float truncated, NaN its ValueError, +-inf or beyond int64 its OverflowError.
int64_t int_scalar(const Param& p) {
  if (p.is_integer()) return p.int_bits();
  const double v = integral_value(p);
  if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0))
    throw OverflowError("Python int too large to convert to C long");
  return static_cast<int64_t>(v);
}

// A float parameter as a float64 array (a 0-d one for a scalar), for checks over arrays.
ndarray float64_array(const Param& p) {
  return p.is_array() ? p.array().astype(float64) : full(Shape{}, Scalar(p.value()), float64);
}

void check_float_dtype(DType dtype, const char* method) {
  if (dtype != float32 && dtype != float64)
    throw TypeError(std::string("Unsupported dtype dtype('") + dtype.name() + "') for " + method);
}

ndarray run_draw(BitGenerator& bg, RandomDist dist, DType dtype, const Shape& shape,
                 std::initializer_list<const Param*> fparams, const ndarray* iparams,
                 const int64_t* iscalars, bool wide) {
  const Device device = current_device();
  ndarray out(shape, dtype, Order::C, device);
  detail::RandomTask t;
  t.dist = dist;
  t.key0 = bg.key0();
  t.key1 = bg.key1();
  t.wide = wide;
  t.out = out;
  int k = 0;
  for (const Param* p : fparams) {
    if (p->is_array()) t.fparam[k] = param_array(p->array(), shape, float64, device);
    else t.fscalar[k] = p->value();
    ++k;
  }
  for (int j = 0; j < 2; ++j) {
    if (iparams && iparams[j].defined()) t.iparam[j] = param_array(iparams[j], shape, int64, device);
    if (iscalars) t.iscalar[j] = iscalars[j];
  }
  const int64_t n = out.size();
  const int g = detail::random_group_size(dist, dtype.itemsize(), wide);
  t.offset = bg.advance(static_cast<uint64_t>((n + g - 1) / g));
  if (n > 0) backend_for(device).random_fill(t);
  return out;
}

}  // namespace detail_random

using namespace detail_random;

namespace {
const Param kZero(0.0), kOne(1.0);

void check_real_dtype(DType dtype) {
  if (dtype != float32 && dtype != float64)
    throw TypeError(std::string("random: dtype must be float32 or float64, got ") + dtype.name());
}
void check_int_dtype(DType dtype, const char* method) {
  if (!dtype.is_integer())
    throw TypeError(std::string("Unsupported dtype dtype('") + dtype.name() + "') for " + method);
}

// One real-valued distribution with up to three float parameters.
ndarray real(BitGenerator& bg, RandomDist d, const Size& size, DType dtype,
             std::initializer_list<const Param*> ps) {
  check_real_dtype(dtype);
  return run_draw(bg, d, dtype, result_shape(ps, size), ps, nullptr, nullptr, false);
}
}  // namespace

// ---- the continuous distributions ------------------------------------------------------
ndarray Generator::random(const Size& size, DType dtype) {
  check_float_dtype(dtype, "random");
  return run_draw(bg_, RandomDist::Random, dtype, result_shape({}, size), {&kZero, &kOne}, nullptr, nullptr, false);
}

ndarray Generator::standard_normal(const Size& size, DType dtype) {
  check_float_dtype(dtype, "standard_normal");
  return run_draw(bg_, RandomDist::Normal, dtype, result_shape({}, size), {&kZero, &kOne}, nullptr, nullptr, false);
}

ndarray Generator::normal(const Param& loc, const Param& scale, const Size& size, DType dtype) {
  check(scale, Check::Negative, "scale < 0");
  return real(bg_, RandomDist::Normal, size, dtype, {&loc, &scale});
}

ndarray Generator::uniform(const Param& low, const Param& high, const Size& size, DType dtype, bool legacy) {
  check_real_dtype(dtype);
  // (NumPy checks the range before the size: uniform(nan, size=-1) is the OverflowError)
  const char* const overflow = legacy ? "Range exceeds valid bounds" : "high - low range exceeds valid bounds";
  if (!low.is_array() && !high.is_array()) {
    const double range = high.value() - low.value();
    if (!std::isfinite(range)) throw OverflowError(overflow);
    if (!legacy && range < 0) throw ValueError("high - low < 0");
    const Param r(range);
    return run_draw(bg_, RandomDist::Random, dtype, result_shape({&low, &high}, size), {&low, &r}, nullptr,
                    nullptr, false);
  }
  const ndarray lo = float64_array(low), hi = float64_array(high);
  const ndarray range = subtract(hi, lo);
  if (!all(isfinite(range)).item().to_bool()) throw OverflowError(overflow);
  if (!legacy && range.size() && any(less(range, 0)).item().to_bool()) throw ValueError("high - low < 0");
  const Param lp(lo), rp(range);
  return run_draw(bg_, RandomDist::Random, dtype, result_shape({&low, &high}, size), {&lp, &rp}, nullptr,
                  nullptr, false);
}

ndarray Generator::standard_exponential(const Size& size, DType dtype) {
  check_float_dtype(dtype, "standard_exponential");
  return run_draw(bg_, RandomDist::Exponential, dtype, result_shape({}, size), {&kOne}, nullptr, nullptr, false);
}

ndarray Generator::exponential(const Param& scale, const Size& size, DType dtype) {
  check(scale, Check::Negative, "scale < 0");
  return real(bg_, RandomDist::Exponential, size, dtype, {&scale});
}

ndarray Generator::standard_gamma(const Param& shape, const Size& size, DType dtype) {
  check_float_dtype(dtype, "standard_gamma");
  check(shape, Check::Negative, "shape < 0");
  return real(bg_, RandomDist::Gamma, size, dtype, {&shape, &kOne});
}

ndarray Generator::gamma(const Param& shape, const Param& scale, const Size& size, DType dtype) {
  check(shape, Check::Negative, "shape < 0");
  check(scale, Check::Negative, "scale < 0");
  return real(bg_, RandomDist::Gamma, size, dtype, {&shape, &scale});
}

ndarray Generator::beta(const Param& a, const Param& b, const Size& size, DType dtype) {
  check(a, Check::NonPositive, "a <= 0");
  check(b, Check::NonPositive, "b <= 0");
  return real(bg_, RandomDist::Beta, size, dtype, {&a, &b});
}

ndarray Generator::chisquare(const Param& df, const Size& size, DType dtype) {
  check(df, Check::NonPositive, "df <= 0");
  return real(bg_, RandomDist::Chisquare, size, dtype, {&df});
}

ndarray Generator::f(const Param& dfnum, const Param& dfden, const Size& size, DType dtype) {
  check(dfnum, Check::NonPositive, "dfnum <= 0");
  check(dfden, Check::NonPositive, "dfden <= 0");
  return real(bg_, RandomDist::F, size, dtype, {&dfnum, &dfden});
}

ndarray Generator::standard_t(const Param& df, const Size& size, DType dtype) {
  check(df, Check::NonPositive, "df <= 0");
  return real(bg_, RandomDist::StandardT, size, dtype, {&df});
}

ndarray Generator::standard_cauchy(const Size& size, DType dtype) {
  return real(bg_, RandomDist::Cauchy, size, dtype, {});
}

ndarray Generator::lognormal(const Param& mean, const Param& sigma, const Size& size, DType dtype) {
  check(sigma, Check::Negative, "sigma < 0");
  return real(bg_, RandomDist::Lognormal, size, dtype, {&mean, &sigma});
}

ndarray Generator::laplace(const Param& loc, const Param& scale, const Size& size, DType dtype) {
  check(scale, Check::Negative, "scale < 0");
  return real(bg_, RandomDist::Laplace, size, dtype, {&loc, &scale});
}

ndarray Generator::logistic(const Param& loc, const Param& scale, const Size& size, DType dtype) {
  check(scale, Check::Negative, "scale < 0");
  return real(bg_, RandomDist::Logistic, size, dtype, {&loc, &scale});
}

ndarray Generator::gumbel(const Param& loc, const Param& scale, const Size& size, DType dtype) {
  check(scale, Check::Negative, "scale < 0");
  return real(bg_, RandomDist::Gumbel, size, dtype, {&loc, &scale});
}

ndarray Generator::rayleigh(const Param& scale, const Size& size, DType dtype) {
  check(scale, Check::Negative, "scale < 0");
  return real(bg_, RandomDist::Rayleigh, size, dtype, {&scale});
}

ndarray Generator::weibull(const Param& a, const Size& size, DType dtype) {
  check(a, Check::Negative, "a < 0");
  return real(bg_, RandomDist::Weibull, size, dtype, {&a});
}

ndarray Generator::pareto(const Param& a, const Size& size, DType dtype) {
  check(a, Check::NonPositive, "a <= 0");
  return real(bg_, RandomDist::Pareto, size, dtype, {&a});
}

ndarray Generator::power(const Param& a, const Size& size, DType dtype) {
  check(a, Check::NonPositive, "a <= 0");
  return real(bg_, RandomDist::Power, size, dtype, {&a});
}

ndarray Generator::triangular(const Param& left, const Param& mode, const Param& right, const Size& size,
                              DType dtype) {
  auto fail_if = [](const Param& x, const Param& y, bool equal, const char* msg) {
    if (!x.is_array() && !y.is_array()) {
      if (equal ? x.value() == y.value() : x.value() > y.value()) throw ValueError(msg);
      return;
    }
    auto arr = [](const Param& p) { return p.is_array() ? p.array() : full(Shape{}, Scalar(p.value()), float64); };
    const ndarray bad = equal ? cunumpy::equal(arr(x), arr(y)) : greater(arr(x), arr(y));
    if (bad.size() && any(bad).item().to_bool()) throw ValueError(msg);
  };
  fail_if(left, mode, false, "left > mode");
  fail_if(mode, right, false, "mode > right");
  fail_if(left, right, true, "left == right");
  return real(bg_, RandomDist::Triangular, size, dtype, {&left, &mode, &right});
}

ndarray Generator::wald(const Param& mean, const Param& scale, const Size& size, DType dtype) {
  check(mean, Check::NonPositive, "mean <= 0");
  check(scale, Check::NonPositive, "scale <= 0");
  return real(bg_, RandomDist::Wald, size, dtype, {&mean, &scale});
}

ndarray Generator::noncentral_chisquare(const Param& df, const Param& nonc, const Size& size, DType dtype) {
  check(df, Check::NonPositive, "df <= 0");
  check(nonc, Check::Negative, "nonc < 0");
  return real(bg_, RandomDist::NoncentralChisquare, size, dtype, {&df, &nonc});
}

ndarray Generator::noncentral_f(const Param& dfnum, const Param& dfden, const Param& nonc, const Size& size,
                                DType dtype) {
  check(dfnum, Check::NonPositive, "dfnum <= 0");
  check(dfden, Check::NonPositive, "dfden <= 0");
  check(nonc, Check::Negative, "nonc < 0");
  return real(bg_, RandomDist::NoncentralF, size, dtype, {&dfnum, &dfden, &nonc});
}

ndarray Generator::vonmises(const Param& mu, const Param& kappa, const Size& size, DType dtype) {
  check(kappa, Check::Negative, "kappa < 0");
  return real(bg_, RandomDist::Vonmises, size, dtype, {&mu, &kappa});
}

ndarray Generator::multivariate_normal(const ndarray& mean_in, const ndarray& cov_in, const Size& size,
                                       DType dtype) {
  check_real_dtype(dtype);
  const ndarray mean = mean_in.astype(float64);
  const ndarray cov = cov_in.astype(float64);
  if (mean.ndim() != 1) throw ValueError("mean must be 1 dimensional");
  if (cov.ndim() != 2 || cov.shape()[0] != cov.shape()[1])
    throw ValueError("cov must be 2 dimensional and square");
  if (mean.shape()[0] != cov.shape()[0]) throw ValueError("mean and cov must have same length");
  const int64_t k = mean.shape()[0];
  Shape shape = size ? *size : Shape{};
  shape.push_back(k);
  const auto [w, q] = linalg::eigh(cov);
  const ndarray a = multiply(q, cunumpy::sqrt(maximum(w, 0.0)));  // columns scaled: cov = a a^T
  const ndarray z = standard_normal(shape, float64);
  return add(matmul(z, a.mT()), mean).astype(dtype, Order::K, Casting::Unsafe, false);
}

// ---- the discrete distributions -------------------------------------------------------
ndarray Generator::logseries(const Param& p, const Size& size, DType dtype) {
  check_int_dtype(dtype, "logseries");
  auto bad = [](double v) { return v < 0 || v >= 1 || std::isnan(v); };
  if (p.is_array() ? p.array().size() && any(logical_or(logical_or(less(p.array(), 0), greater_equal(p.array(), 1)),
                                                          isnan(p.array()))).item().to_bool()
                   : bad(p.value()))
    throw ValueError("p < 0, p >= 1 or p is NaN");
  return run_draw(bg_, RandomDist::Logseries, dtype, result_shape({&p}, size), {&p}, nullptr, nullptr, false);
}

ndarray Generator::zipf(const Param& a, const Size& size, DType dtype) {
  check_int_dtype(dtype, "zipf");
  if (a.is_array() ? a.array().size() && any(logical_or(less_equal(a.array(), 1), isnan(a.array()))).item().to_bool()
                   : !(a.value() > 1))
    throw ValueError("a <= 1 or a is NaN");
  return run_draw(bg_, RandomDist::Zipf, dtype, result_shape({&a}, size), {&a}, nullptr, nullptr, false);
}

ndarray Generator::hypergeometric(const Param& ngood, const Param& nbad, const Param& nsample, const Size& size,
                                  DType dtype, bool legacy) {
  check_int_dtype(dtype, "hypergeometric");
  check(ngood, Check::Negative, "ngood < 0");
  check(nbad, Check::Negative, "nbad < 0");
  if (legacy) check(nsample, Check::NonPositive, "nsample < 1 or nsample is NaN");
  else check(nsample, Check::Negative, "nsample < 0");
  auto arr = [](const Param& p) {
    return p.is_array() ? p.array().astype(int64) : full(Shape{}, Scalar(int_scalar(p)), int64);
  };
  const ndarray g = arr(ngood), b = arr(nbad), n = arr(nsample);
  const ndarray short_ = less(add(g, b), n);
  if (short_.size() && any(short_).item().to_bool()) throw ValueError("ngood + nbad < nsample");
  const Shape shape = result_shape({&ngood, &nbad, &nsample}, size);
  const Param ns(n.astype(float64));
  ndarray ip[2] = {g, b};
  return run_draw(bg_, RandomDist::Hypergeometric, dtype, shape, {&ns}, ip, nullptr, false);
}

ndarray Generator::multinomial(const Param& n, const ndarray& pvals_in, const Size& size, DType dtype) {
  check_int_dtype(dtype, "multinomial");
  check(n, Check::Negative, "n < 0");
  const ndarray pvals = pvals_in.astype(float64);
  if (pvals.ndim() != 1) throw ValueError("pvals must be a 1-d sequence");
  const std::vector<double> p = pvals.copy().to_vector<double>();
  double head = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (!(p[i] >= 0 && p[i] <= 1)) throw ValueError("pvals < 0, pvals > 1 or pvals contains NaNs");
    if (i + 1 < p.size()) head += p[i];
  }
  if (head > 1.0 + 1e-12) throw ValueError("sum(pvals[:-1]) > 1.0");
  const Shape shape = result_shape({&n}, size);
  ndarray left = n.is_array() ? broadcast_to(n.array().astype(int64), shape).copy()
                              : full(shape, Scalar(int_scalar(n)), int64);
  std::vector<ndarray> cols;
  double mass = 1.0;
  for (std::size_t i = 0; i + 1 < p.size(); ++i) {
    const double q = mass > 0 ? std::min(1.0, std::max(0.0, p[i] / mass)) : 0.0;
    const ndarray x = binomial(Param(left), Param(q), shape, int64);
    cols.push_back(x);
    left = subtract(left, x);
    mass -= p[i];
  }
  if (!p.empty()) cols.push_back(left);
  if (cols.empty()) return empty([&] { Shape s = shape; s.push_back(0); return s; }(), dtype);
  return stack(std::span<const ndarray>(cols.data(), cols.size()), -1).astype(dtype, Order::K, Casting::Unsafe, false);
}

ndarray Generator::poisson(const Param& lam, const Size& size, DType dtype) {
  check_int_dtype(dtype, "poisson");
  check(lam, Check::NegativeOrNaN, "lam < 0 or lam is NaN");
  // NumPy's bound: past it the int64 result could overflow.
  const double max_lam = kPoissonLamMax;
  if (lam.is_array() ? lam.array().size() && any(greater(lam.array(), max_lam)).item().to_bool()
                     : lam.value() > max_lam)
    throw ValueError("lam value too large");
  return run_draw(bg_, RandomDist::Poisson, dtype, result_shape({&lam}, size), {&lam}, nullptr, nullptr, false);
}

ndarray Generator::binomial(const Param& n, const Param& p, const Size& size, DType dtype) {
  check_int_dtype(dtype, "binomial");
  check(n, Check::Negative, "n < 0");
  check(p, Check::Probability, "p < 0, p > 1 or p is NaN");
  const Shape shape = result_shape({&n, &p}, size);
  ndarray ni[2];
  int64_t ns[2] = {0, 0};
  if (n.is_array()) ni[0] = n.array().astype(int64);
  else ns[0] = int_scalar(n);
  return run_draw(bg_, RandomDist::Binomial, dtype, shape, {&kZero, &p}, ni, ns, false);
}

ndarray Generator::geometric(const Param& p, const Size& size, DType dtype) {
  check_int_dtype(dtype, "geometric");
  check(p, Check::OpenProbability, "p <= 0, p > 1 or p contains NaNs");
  return run_draw(bg_, RandomDist::Geometric, dtype, result_shape({&p}, size), {&p}, nullptr, nullptr, false);
}

ndarray Generator::negative_binomial(const Param& n, const Param& p, const Size& size, DType dtype,
                                     bool legacy) {
  check_int_dtype(dtype, "negative_binomial");
  check(n, Check::NonPositive, "n <= 0");
  if (legacy) check(p, Check::Probability, "p < 0, p > 1 or p is NaN");
  else check(p, Check::OpenProbability, "p <= 0, p > 1 or p contains NaNs");
  if (!legacy) {
    // Generator's bound on the Poisson mean its gamma mixture draws: (1-p)/p (n + 10 sqrt(n)).
    bool bad;
    if (n.is_array() || p.is_array()) {
      const ndarray nn = float64_array(n), pp = float64_array(p);
      const ndarray lam = multiply(true_divide(subtract(Operand(1.0), pp), pp), add(nn, multiply(Operand(10.0), sqrt(nn))));
      bad = lam.size() && any(greater(lam, Operand(kPoissonLamMax))).item().to_bool();
    } else {
      bad = (1 - p.value()) / p.value() * (n.value() + 10 * std::sqrt(n.value())) > kPoissonLamMax;
    }
    if (bad) throw ValueError("n too large or p too small, see Generator.negative_binomial Notes");
  }
  return run_draw(bg_, RandomDist::NegBinomial, dtype, result_shape({&n, &p}, size), {&n, &p}, nullptr,
                  nullptr, false);
}

// ---- integers ---------------------------------------------------------------------------
namespace {
using i128 = __int128;
i128 as_i128(const Param& p) {
  if (p.is_integer()) return p.is_uint64() ? i128(static_cast<uint64_t>(p.int_bits())) : i128(p.int_bits());
  return static_cast<i128>(integral_value(p));
}
i128 dtype_min(DType d) {
  if (d.is_unsigned_integer()) return 0;
  return -(i128(1) << (8 * d.itemsize() - 1));
}
i128 dtype_max(DType d) {
  if (d.is_unsigned_integer()) return (i128(1) << (8 * d.itemsize())) - 1;
  return (i128(1) << (8 * d.itemsize() - 1)) - 1;
}
}  // namespace

ndarray Generator::integers(const Param& low_in, const std::optional<Param>& high_in, const Size& size,
                            DType dtype, bool endpoint) {
  return integers_impl(bg_, low_in, high_in, size, dtype, endpoint, "integers");
}

namespace detail_random {
ndarray integers_impl(BitGenerator& bg, const Param& low_in, const std::optional<Param>& high_in,
                      const Size& size, DType dtype, bool endpoint, const char* method, bool as_bool) {
  if (!dtype.is_bool()) check_int_dtype(dtype, method);
  // NumPy returns an empty draw before it looks at the bounds (integers(inf, size=0) is []).
  if (size && shape_size(*size) == 0 && std::all_of(size->begin(), size->end(), [](int64_t d) { return d >= 0; }))
    return ndarray(*size, dtype, Order::C, current_device());
  // bool: NumPy's [0, 1] bounds, drawn as uint8 (values 0 and 1), then cast.
  if (dtype.is_bool()) return integers_impl(bg, low_in, high_in, size, uint8, endpoint, method, true).astype(bool_);
  const Param low = high_in ? low_in : Param(0);
  const Param high = high_in ? *high_in : low_in;
  const Shape shape = result_shape({&low, &high}, size);
  const i128 lo_d = dtype_min(dtype), hi_d = as_bool ? 1 : dtype_max(dtype);
  const std::string dname = as_bool ? "bool" : dtype.name();
  if (!low.is_array() && !high.is_array()) {
    const i128 lo = as_i128(low);
    const i128 hi = endpoint ? as_i128(high) : as_i128(high) - 1;  // inclusive
    if (lo < lo_d) throw ValueError("low is out of bounds for " + dname);
    if (hi > hi_d) throw ValueError("high is out of bounds for " + dname);
    if (lo > hi) throw ValueError(endpoint ? "low > high" : "low >= high");
    const i128 range = hi - lo + 1;  // 1 .. 2^64
    const bool wide = range > (i128(1) << 32);
    const int64_t is[2] = {static_cast<int64_t>(static_cast<uint64_t>(lo)),
                           static_cast<int64_t>(static_cast<uint64_t>(range))};  // 2^64 wraps to 0
    return run_draw(bg, RandomDist::Integers, dtype, shape, {}, nullptr, is, wide);
  }
  // Array bounds: checked and subtracted as int64 (uint64 bounds above 2^63 are not supported).
  auto arr = [&](const Param& p) {
    if (p.is_array()) {
      if (!p.array().dtype().is_integer() && !p.array().dtype().is_floating() && !p.array().dtype().is_bool())
        throw TypeError("integers: bounds must be integer arrays");
      return p.array().astype(int64);
    }
    return full(Shape{}, Scalar(static_cast<int64_t>(as_i128(p))), int64);
  };
  const ndarray lo = arr(low);
  ndarray hi = arr(high);
  if (!endpoint) hi = subtract(hi, 1);
  if (lo.size() && any(less(lo, Scalar(static_cast<int64_t>(lo_d > INT64_MIN ? lo_d : INT64_MIN)))).item().to_bool())
    throw ValueError("low is out of bounds for " + dname);
  if (hi_d < INT64_MAX && hi.size() && any(greater(hi, Scalar(static_cast<int64_t>(hi_d)))).item().to_bool())
    throw ValueError("high is out of bounds for " + dname);
  const ndarray bad = greater(lo, hi);
  if (bad.size() && any(bad).item().to_bool()) throw ValueError(endpoint ? "low > high" : "low >= high");
  ndarray bounds[2] = {lo, add(subtract(hi, lo), 1)};
  return run_draw(bg, RandomDist::Integers, dtype, shape, {}, bounds, nullptr, dtype.itemsize() == 8);
}
}  // namespace detail_random

ndarray Generator::random_raw(const Size& size, DType dtype) {
  if (dtype != uint32 && dtype != uint64)
    throw TypeError(std::string("random_raw: dtype must be uint32 or uint64, got ") + dtype.name());
  return run_draw(bg_, dtype == uint32 ? RandomDist::Bits : RandomDist::Bits64, dtype, result_shape({}, size),
                  {}, nullptr, nullptr, false);
}

std::vector<uint8_t> Generator::bytes(int64_t n) {
  if (n < 0) throw ValueError("negative dimensions are not allowed");
  const ndarray words = random_raw(Shape{(n + 3) / 4}, uint32);
  std::vector<uint32_t> w = words.to_vector<uint32_t>();
  std::vector<uint8_t> out(static_cast<std::size_t>(n));
  for (int64_t i = 0; i < n; ++i) out[i] = static_cast<uint8_t>(w[i / 4] >> (8 * (i % 4)));
  return out;
}

}  // namespace cunumpy::random
