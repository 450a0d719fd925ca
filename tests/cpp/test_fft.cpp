// cunumpy::fft through the C++ API: transforms against a direct O(n^2) DFT computed here
// (sizes with every radix, a large prime for Bluestein), dtypes of the results, norms,
// n/s/axes handling, round trips, NumPy's errors, frequencies, shifts and the plan cache.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <vector>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {
namespace {

using cd = std::complex<double>;

ndarray from_complex(const std::vector<cd>& v, const Shape& shape) {
  ndarray a(shape, complex128);
  a.copy_from_host(v.data());
  return a;
}
std::vector<cd> to_complex(const ndarray& a) { return a.astype(complex128).copy().to_vector<cd>(); }

std::vector<cd> dft(const std::vector<cd>& x, int sign) {
  const std::size_t n = x.size();
  std::vector<cd> y(n);
  for (std::size_t k = 0; k < n; ++k) {
    cd s = 0;
    for (std::size_t j = 0; j < n; ++j) s += x[j] * std::polar(1.0, sign * 2 * M_PI * double((j * k) % n) / double(n));
    y[k] = s;
  }
  return y;
}

std::vector<cd> signal(std::size_t n, int seed = 1) {
  std::vector<cd> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = cd(std::sin(0.37 * (i + seed)) + 0.1 * i, std::cos(1.3 * i * seed));
  return v;
}

double rel_err(const std::vector<cd>& a, const std::vector<cd>& b) {
  double num = 0, den = 0;
  for (std::size_t i = 0; i < a.size(); ++i) num += std::norm(a[i] - b[i]), den += std::norm(b[i]);
  return std::sqrt(num / std::max(den, 1e-300));
}

class FftSizes : public ::testing::TestWithParam<int> {};

TEST_P(FftSizes, MatchesDirectDft) {
  const int n = GetParam();
  const auto x = signal(n);
  const ndarray a = from_complex(x, Shape{n});
  EXPECT_LT(rel_err(to_complex(fft::fft(a)), dft(x, -1)), 1e-13);
  auto inv = dft(x, +1);
  for (auto& v : inv) v /= n;
  EXPECT_LT(rel_err(to_complex(fft::ifft(a)), inv), 1e-13);
  // rfft: the first n/2+1 terms of the real part's transform
  std::vector<cd> re(n);
  for (int i = 0; i < n; ++i) re[i] = x[i].real();
  const auto full = dft(re, -1);
  const ndarray r = fft::rfft(from_complex(re, Shape{n}).astype(float64));
  ASSERT_EQ(r.shape(), (Shape{n / 2 + 1}));
  EXPECT_LT(rel_err(to_complex(r), std::vector<cd>(full.begin(), full.begin() + n / 2 + 1)), 1e-13);
  // irfft(rfft(x), n) == x
  const ndarray back = fft::irfft(r, n);
  EXPECT_EQ(back.dtype(), float64);
  EXPECT_LT(rel_err(to_complex(back), re), 1e-13);
}

INSTANTIATE_TEST_SUITE_P(Sizes, FftSizes, ::testing::Values(1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 30, 49, 61, 67, 100, 127, 243, 256, 1009));

TEST(Fft, DtypesFollowCuPy) {
  ndarray f32(Shape{8}, float32);
  f32.fill(Scalar(1.0));
  EXPECT_EQ(fft::fft(f32).dtype(), complex64);
  EXPECT_EQ(fft::rfft(f32).dtype(), complex64);
  EXPECT_EQ(fft::irfft(fft::rfft(f32)).dtype(), float32);
  ndarray i32(Shape{8}, int32);
  i32.fill(Scalar(2));
  EXPECT_EQ(fft::fft(i32).dtype(), complex128);
  EXPECT_EQ(fft::rfft(i32).dtype(), complex128);
  EXPECT_THROW(fft::rfft(fft::fft(i32)), TypeError);
}

TEST(Fft, NormsScale) {
  const auto x = signal(16);
  const ndarray a = from_complex(x, Shape{16});
  const auto y = to_complex(fft::fft(a));
  const auto yo = to_complex(fft::fft(a, std::nullopt, -1, fft::Norm::Ortho));
  const auto yf = to_complex(fft::fft(a, std::nullopt, -1, fft::Norm::Forward));
  for (int k = 0; k < 16; ++k) {
    EXPECT_NEAR(std::abs(yo[k] - y[k] / 4.0), 0, 1e-12);
    EXPECT_NEAR(std::abs(yf[k] - y[k] / 16.0), 0, 1e-12);
  }
  EXPECT_EQ(fft::norm_from_string("ortho"), fft::Norm::Ortho);
  EXPECT_THROW(fft::norm_from_string("x"), ValueError);
}

TEST(Fft, NdAxesAndSizes) {
  const auto x = signal(4 * 6);
  const ndarray a = from_complex(x, Shape{4, 6});
  // fftn == fft along each axis
  const auto y = to_complex(fft::fftn(a));
  const auto y2 = to_complex(fft::fft(fft::fft(a, std::nullopt, 1), std::nullopt, 0));
  EXPECT_LT(rel_err(y, y2), 1e-14);
  // s pads/truncates
  const ndarray p = fft::fftn(a, std::vector<int64_t>{3, 8}, std::vector<int64_t>{0, 1});
  EXPECT_EQ(p.shape(), (Shape{3, 8}));
  // round trips
  EXPECT_LT(rel_err(to_complex(fft::ifftn(fft::fftn(a))), x), 1e-14);
  const ndarray re = a.astype(float64);
  const ndarray r2 = fft::rfft2(re);
  EXPECT_EQ(r2.shape(), (Shape{4, 4}));
  EXPECT_LT(rel_err(to_complex(fft::irfft2(r2, std::vector<int64_t>{4, 6})), to_complex(re)), 1e-14);
  // hfft(ihfft(x)) == x for real x
  EXPECT_LT(rel_err(to_complex(fft::hfft(fft::ihfft(re), 6)), to_complex(re)), 1e-14);
}

TEST(Fft, NumPyErrors) {
  const ndarray a = from_complex(signal(5), Shape{5});
  EXPECT_THROW(fft::fft(a, 0), ValueError);
  EXPECT_THROW(fft::fft(a, std::nullopt, 1), AxisError);
  EXPECT_THROW(fft::fftn(a, std::vector<int64_t>{2, 2}, std::vector<int64_t>{0}), ValueError);
  EXPECT_THROW(fft::fft(ndarray(Shape{0}, complex128)), ValueError);
  EXPECT_THROW(fft::irfft(ndarray(Shape{1}, complex128)), ValueError);
}

TEST(Fft, FrequenciesAndShifts) {
  EXPECT_EQ(fft::fftfreq(5, 0.5).to_vector<double>(), (std::vector<double>{0, 0.4, 0.8, -0.8, -0.4}));
  EXPECT_EQ(fft::rfftfreq(4).to_vector<double>(), (std::vector<double>{0, 0.25, 0.5}));
  const ndarray x = arange(Scalar(5), Scalar(10), Scalar(1)).astype(int64);  // 5..9
  EXPECT_EQ(fft::fftshift(x).to_vector<int64_t>(), (std::vector<int64_t>{8, 9, 5, 6, 7}));
  EXPECT_EQ(fft::ifftshift(fft::fftshift(x)).to_vector<int64_t>(), x.to_vector<int64_t>());
}

TEST(Fft, PlanCache) {
  const Device dev = current_device();
  fft::clear_plan_cache(dev);
  fft::set_plan_cache_limits(dev, 2, -1);
  const ndarray a = from_complex(signal(40), Shape{40});
  fft::fft(a);
  fft::PlanCacheInfo i = fft::plan_cache_info(dev);
  EXPECT_EQ(i.size, 1);
  EXPECT_EQ(i.max_size, 2);
  fft::fft(a);
  EXPECT_GT(fft::plan_cache_info(dev).hits, i.hits);
  fft::fft(a, 41);
  fft::fft(a, 42);
  EXPECT_EQ(fft::plan_cache_info(dev).size, 2);
  EXPECT_THROW(fft::set_plan_cache_limits(dev, -1, std::nullopt), ValueError);
  fft::set_plan_cache_limits(dev, 16, -1);
  fft::clear_plan_cache(dev);
  EXPECT_EQ(fft::plan_cache_info(dev).size, 0);
}

// nd_planning: one task (plan) per group of up to three axes, or one per axis; the same
// transform either way, checked against the 1-D transforms applied axis by axis.
TEST(Fft, NdPlanningSameResults) {
  const std::vector<cd> v = signal(4 * 6 * 10, 3);
  const ndarray a = from_complex(v, Shape{4, 6, 10});
  const ndarray by_axis = fft::fft(fft::fft(fft::fft(a, std::nullopt, 2), std::nullopt, 1), std::nullopt, 0);
  const bool old = fft::nd_planning();
  for (bool on : {true, false}) {
    fft::set_nd_planning(on);
    EXPECT_EQ(fft::nd_planning(), on);
    EXPECT_LT(rel_err(to_complex(fft::fftn(a)), to_complex(by_axis)), 1e-14);
    const fft::Plan p = fft::make_plan(a);
    EXPECT_EQ(p.backend_plans().size(), on ? 1u : 3u);
    EXPECT_EQ(p.nd_planning(), on);
  }
  fft::set_nd_planning(old);
}

TEST(Fft, PlanMadeAhead) {
  const Device dev = current_device();
  const ndarray a = from_complex(signal(3 * 16), Shape{3, 16});
  const fft::Plan p = fft::make_plan(a, std::nullopt, std::vector<int64_t>{-1});
  EXPECT_EQ(p.transform(), fft::Transform::C2C);
  EXPECT_EQ(p.dtype(), complex128);
  EXPECT_EQ(p.axes(), std::vector<int64_t>{1});
  EXPECT_EQ(p.lengths(), std::vector<int64_t>{16});
  const fft::PlanCacheInfo before = fft::plan_cache_info(dev);
  const ndarray with_plan = fft::fft(a, std::nullopt, -1, fft::Norm::Backward, &p);
  const fft::PlanCacheInfo after = fft::plan_cache_info(dev);
  EXPECT_EQ(after.misses, before.misses);  // the plan's own, not the cache's
  EXPECT_EQ(after.hits, before.hits);
  EXPECT_LT(rel_err(to_complex(with_plan), to_complex(fft::fft(a))), 1e-15);
  EXPECT_THROW(fft::fft(a, 8, -1, fft::Norm::Backward, &p), ValueError);
  EXPECT_THROW(fft::rfft(a.astype(float64, Order::K, Casting::Unsafe), std::nullopt, -1, fft::Norm::Backward, &p),
               ValueError);
  const ndarray spec = from_complex(signal(3 * 9), Shape{3, 9});
  const fft::Plan c2r = fft::make_plan(spec, std::nullopt, std::nullopt, fft::Transform::C2R);
  EXPECT_EQ(c2r.lengths(), (std::vector<int64_t>{3, 16}));
  EXPECT_EQ(c2r.backend_plans().size(), 2u);  // C2C over axis 0, then the 1-D C2R
  EXPECT_EQ(fft::irfftn(spec, std::nullopt, std::nullopt, fft::Norm::Backward, &c2r).to_vector<double>(),
            fft::irfftn(spec).to_vector<double>());
}

}  // namespace
}  // namespace cunumpy::test
