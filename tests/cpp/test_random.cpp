// cunumpy::random through the C++ API (include/cunumpy/ops/random.hpp): the Philox
// known-answer vector, reproducibility and split draws, moments of the main distributions
// at a fixed seed, integer bounds, permutations and sampling, and NumPy's errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <set>
#include <vector>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {
namespace {

using random::BitGenerator;
using random::Generator;

std::vector<double> f64(const ndarray& a) { return a.astype(float64).copy().to_vector<double>(); }
std::vector<int64_t> i64(const ndarray& a) { return a.astype(int64).copy().to_vector<int64_t>(); }

double mean(const std::vector<double>& x) { return std::accumulate(x.begin(), x.end(), 0.0) / double(x.size()); }
double var(const std::vector<double>& x) {
  const double m = mean(x);
  double s = 0;
  for (double v : x) s += (v - m) * (v - m);
  return s / double(x.size());
}

TEST(Random, PhiloxKnownAnswer) {
  Generator g(BitGenerator(0u, 0u, 0));
  const auto raw = g.random_raw(Shape{2}, uint64).to_vector<uint64_t>();
  EXPECT_EQ(raw[0], 0x6627e8d5e169c58dull);
  EXPECT_EQ(raw[1], 0xbc57ac4c9b00dbd8ull);
  EXPECT_EQ(g.bit_generator().counter(), 1u);
}

TEST(Random, SameSeedSameNumbersAndSplitDraws) {
  Generator a = random::default_rng(42), b = random::default_rng(42);
  EXPECT_EQ(f64(a.standard_normal(Shape{1000})), f64(b.standard_normal(Shape{1000})));
  Generator whole = random::default_rng(7), split = random::default_rng(7);
  const auto w = f64(whole.random(Shape{12}, float32));
  auto p = f64(split.random(Shape{8}, float32));
  const auto q = f64(split.random(Shape{4}, float32));
  p.insert(p.end(), q.begin(), q.end());
  EXPECT_EQ(w, p);
}

TEST(Random, Moments) {
  Generator g = random::default_rng(2026);
  const int64_t n = 200000;
  const auto z = f64(g.standard_normal(Shape{n}));
  EXPECT_NEAR(mean(z), 0.0, 6 / std::sqrt(double(n)));
  EXPECT_NEAR(var(z), 1.0, 6 * std::sqrt(2.0 / double(n)));
  const auto u = f64(g.random(Shape{n}));
  EXPECT_NEAR(mean(u), 0.5, 6 * std::sqrt(1 / 12.0 / double(n)));
  EXPECT_GE(*std::min_element(u.begin(), u.end()), 0.0);
  EXPECT_LT(*std::max_element(u.begin(), u.end()), 1.0);
  const auto e = f64(g.exponential(2.0, Shape{n}));
  EXPECT_NEAR(mean(e), 2.0, 6 * 2.0 / std::sqrt(double(n)));
  const auto gm = f64(g.gamma(0.5, 3.0, Shape{n}));
  EXPECT_NEAR(mean(gm), 1.5, 6 * std::sqrt(0.5 * 9.0 / double(n)));
  EXPECT_NEAR(var(gm), 4.5, 0.1);
  const auto po = f64(g.poisson(40.0, Shape{n}));
  EXPECT_NEAR(mean(po), 40.0, 6 * std::sqrt(40.0 / double(n)));
  EXPECT_NEAR(var(po), 40.0, 1.0);
  const auto bi = f64(g.binomial(100, 0.25, Shape{n}));
  EXPECT_NEAR(mean(bi), 25.0, 6 * std::sqrt(18.75 / double(n)));
  const auto be = f64(g.beta(2.0, 3.0, Shape{n}));
  EXPECT_NEAR(mean(be), 0.4, 6 * std::sqrt(0.04 / double(n)));
}

TEST(Random, IntegersBoundsAndDtypes) {
  Generator g = random::default_rng(3);
  const auto x = i64(g.integers(-2, 3, Shape{5000}, int8));
  EXPECT_EQ(std::set<int64_t>(x.begin(), x.end()), (std::set<int64_t>{-2, -1, 0, 1, 2}));
  const auto y = i64(g.integers(250, 255, Shape{2000}, uint8, true));
  EXPECT_EQ(*std::max_element(y.begin(), y.end()), 255);
  const ndarray full = g.integers(0ull, 18446744073709551615ull, Shape{10}, uint64, true);
  EXPECT_EQ(full.dtype(), uint64);
  EXPECT_THROW(g.integers(5, 5), ValueError);
  EXPECT_THROW(g.integers(0, 300, Shape{1}, uint8), ValueError);
  EXPECT_THROW(g.integers(0, 3, Shape{1}, float64), TypeError);
  EXPECT_THROW(g.random(Shape{1}, int32), TypeError);
}

TEST(Random, PermutationChoiceShuffle) {
  Generator g = random::default_rng(5);
  auto p = i64(g.permutation(1000));
  std::sort(p.begin(), p.end());
  for (int64_t i = 0; i < 1000; ++i) EXPECT_EQ(p[i], i);
  auto c = i64(g.choice(100, Shape{100}, false));
  std::sort(c.begin(), c.end());
  for (int64_t i = 0; i < 100; ++i) EXPECT_EQ(c[i], i);
  ndarray probs(Shape{3}, float64);
  const double pv[3] = {0.0, 0.5, 0.5};
  probs.copy_from_host(pv);
  const auto d = i64(g.choice(3, Shape{1000}, true, probs));
  EXPECT_EQ(std::count(d.begin(), d.end(), 0), 0);
  ndarray a = arange(Scalar(10), float64);
  g.shuffle(a);
  auto s = f64(a);
  std::sort(s.begin(), s.end());
  for (int i = 0; i < 10; ++i) EXPECT_EQ(s[i], double(i));
  EXPECT_THROW(g.choice(5, Shape{6}, false), ValueError);
}

TEST(Random, BadParameters) {
  Generator g = random::default_rng(0);
  EXPECT_THROW(g.normal(0.0, -1.0), ValueError);
  EXPECT_THROW(g.gamma(-1.0), ValueError);
  EXPECT_THROW(g.beta(0.0, 1.0), ValueError);
  EXPECT_THROW(g.binomial(1, 1.5), ValueError);
  EXPECT_THROW(g.poisson(-1.0), ValueError);
  EXPECT_THROW(g.normal(0.0, 1.0, Shape{-1}), ValueError);
}

}  // namespace
}  // namespace cunumpy::test
