// cunumpy::sort, argsort and sort_with_indices (include/cunumpy/ops/sorting.hpp): every
// dtype, NaN and complex order as NumPy's, axes (flattened with nullopt), stability,
// non-contiguous input, empty and 0-d arrays, and the errors.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <limits>
#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(Sort, EveryRealDTypeAscending) {
  for (DType d : {int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64}) {
    ndarray r = sort(from({3, 0, 2, 1, 3}, {5}, d));
    EXPECT_EQ(r.dtype(), d) << d.name();
    EXPECT_EQ(values(r), (std::vector<double>{0, 1, 2, 3, 3})) << d.name();
  }
  EXPECT_EQ(values(sort(from({1, 0, 1, 0}, {4}, bool_))), (std::vector<double>{0, 0, 1, 1}));
}

TEST(Sort, SignedExtremesAndNegativeZero) {
  ndarray r = sort(from({0, -128, 127, -1}, {4}, int8));
  EXPECT_EQ(values(r), (std::vector<double>{-128, -1, 0, 127}));
  std::vector<double> f = values(sort(from({1.0, -0.0, -INFINITY, INFINITY, -2.5}, {5})));
  EXPECT_EQ(f[0], -INFINITY);
  EXPECT_EQ(f[1], -2.5);
  EXPECT_EQ(f[2], 0.0);
  EXPECT_EQ(f[4], INFINITY);
}

TEST(Sort, NaNsLast) {
  for (DType d : {float16, float32, float64}) {
    std::vector<double> r = values(sort(from({3, NAN, 1, -INFINITY, NAN, 2}, {6}, d)));
    EXPECT_EQ(r[0], -INFINITY) << d.name();
    EXPECT_EQ(r[1], 1);
    EXPECT_EQ(r[2], 2);
    EXPECT_EQ(r[3], 3);
    EXPECT_TRUE(std::isnan(r[4]) && std::isnan(r[5])) << d.name();
  }
  // argsort puts the NaNs' indices last, in their original order.
  EXPECT_EQ(argsort(from({NAN, 1, NAN, 0}, {4})).to_vector<int64_t>(), (std::vector<int64_t>{3, 1, 0, 2}));
}

TEST(Sort, ComplexLexicographicWithNumPysNaNRules) {
  // NumPy: R + Rj < R + nanj < nan + Rj < nan + nanj.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<std::complex<double>> in = {{nan, 0}, {1, nan}, {1, 0}, {0, 5}, {1, -1}};
  ndarray a({5}, complex128);
  a.copy_from_host(in.data());
  auto r = sort(a).to_vector<std::complex<double>>();
  EXPECT_EQ(r[0], std::complex<double>(0, 5));
  EXPECT_EQ(r[1], std::complex<double>(1, -1));
  EXPECT_EQ(r[2], std::complex<double>(1, 0));
  EXPECT_TRUE(r[3].real() == 1 && std::isnan(r[3].imag()));
  EXPECT_TRUE(std::isnan(r[4].real()) && r[4].imag() == 0);
}

TEST(Sort, ArgsortIsStable) {
  EXPECT_EQ(argsort(from({2, 1, 2, 1, 0}, {5}, int32)).to_vector<int64_t>(), (std::vector<int64_t>{4, 1, 3, 0, 2}));
  std::vector<double> many(100);
  for (int i = 0; i < 100; ++i) many[i] = i % 3;
  std::vector<int64_t> idx = argsort(from(many, {100}, float32)).to_vector<int64_t>();
  for (int i = 1; i < 100; ++i)
    if (many[idx[i]] == many[idx[i - 1]]) {
      EXPECT_LT(idx[i - 1], idx[i]) << i;
    }
}

TEST(Sort, Axes) {
  const ndarray a = from({3, 1, 2, 0, 5, 4}, {2, 3}, int64);
  EXPECT_EQ(values(sort(a)), (std::vector<double>{1, 2, 3, 0, 4, 5}));  // axis -1
  EXPECT_EQ(values(sort(a, 0)), (std::vector<double>{0, 1, 2, 3, 5, 4}));
  ndarray flat = sort(a, std::nullopt);
  EXPECT_EQ(flat.shape(), (Shape{6}));
  EXPECT_EQ(values(flat), (std::vector<double>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(argsort(a, 0).to_vector<int64_t>(), (std::vector<int64_t>{1, 0, 0, 0, 1, 1}));
  EXPECT_EQ(argsort(a, std::nullopt).to_vector<int64_t>(), (std::vector<int64_t>{3, 1, 2, 0, 5, 4}));
  EXPECT_THROW(sort(a, 2), AxisError);
  EXPECT_THROW(argsort(a, -3), AxisError);
}

TEST(Sort, NonContiguousInput) {
  const ndarray a = seq({4, 6}, float32)[{Slice{std::nullopt, std::nullopt, 2}, Slice{std::nullopt, std::nullopt, -2}}];
  ndarray r = sort(a);  // rows [5 3 1] and [17 15 13]
  EXPECT_EQ(values(r), (std::vector<double>{1, 3, 5, 13, 15, 17}));
  EXPECT_EQ(values(sort(a, 0)), (std::vector<double>{5, 3, 1, 17, 15, 13}));
}

TEST(Sort, EmptyAnd0d) {
  EXPECT_EQ(sort(zeros({0, 3})).shape(), (Shape{0, 3}));
  EXPECT_EQ(argsort(zeros({2, 0}), 1).shape(), (Shape{2, 0}));
  EXPECT_EQ(argsort(zeros({2, 0}), 1).dtype(), int64);
  ndarray s = from({7}, {});
  EXPECT_EQ(sort(s, std::nullopt).shape(), (Shape{1}));
  EXPECT_THROW(sort(s, -1), AxisError);
}

TEST(Sort, WithIndicesAgreesWithSortAndArgsort) {
  const ndarray a = from({0.5, -1, 7, 0.5, NAN, 3}, {2, 3});
  auto [v, i] = sort_with_indices(a, 1);
  EXPECT_EQ(i.dtype(), int64);
  EXPECT_EQ(i.to_vector<int64_t>(), argsort(a, 1).to_vector<int64_t>());
  std::vector<double> got = values(v), want = values(sort(a, 1));
  for (std::size_t k = 0; k < got.size(); ++k)
    EXPECT_TRUE(got[k] == want[k] || (std::isnan(got[k]) && std::isnan(want[k]))) << k;
}

}  // namespace cunumpy::test
