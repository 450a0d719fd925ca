// Elementwise ufuncs, reductions and scans through the C++ API: NumPy 2 type resolution (NEP 50
// weak scalars), broadcasting, operators, options, and reductions' result dtypes. Expected
// values are what NumPy prints for the same expressions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {
namespace {

ndarray from(const std::vector<double>& v, const Shape& shape, DType dtype = float64) {
  ndarray a(shape, float64);
  a.copy_from_host(v.data());
  return dtype == float64 ? a : a.astype(dtype);
}
ndarray seq(const Shape& shape, DType dtype = float64) {
  std::vector<double> v(static_cast<std::size_t>(shape_size(shape)));
  std::iota(v.begin(), v.end(), 0.0);
  return from(v, shape, dtype);
}
std::vector<double> values(const ndarray& a) { return a.astype(float64).to_vector<double>(); }

}  // namespace

TEST(Ufunc, WeakPythonScalarsKeepTheArrayDType) {
  ndarray a = from({100, 50}, {2}, int8);
  ndarray r = a + 100;  // NumPy: int8, wraps
  EXPECT_EQ(r.dtype(), int8);
  EXPECT_EQ(r.to_vector<int8_t>(), (std::vector<int8_t>{-56, -106}));
  EXPECT_THROW(a + 1000, OverflowError);  // Python integer 1000 out of bounds for int8
  EXPECT_EQ((from({1, 2}, {2}, float16) * 2.0).dtype(), float16);
}

TEST(Ufunc, StrongScalarsAndArraysPromote) {
  EXPECT_EQ(multiply(Scalar(2.0f), from({1, 2}, {2}, float16)).dtype(), float32);
  EXPECT_EQ((seq({2}, uint8) + seq({2}, int8)).dtype(), int16);
  EXPECT_EQ((seq({2}, int32) / seq({2}, int32)).dtype(), float64);
  EXPECT_EQ((seq({3}) > 1.0).dtype(), bool_);
  EXPECT_EQ(values(seq({3}) > 1.0), (std::vector<double>{0, 0, 1}));
}

TEST(Ufunc, BroadcastsAndNamesShapesOnMismatch) {
  ndarray r = seq({3, 1}, int64) + seq({4}, int64);
  EXPECT_EQ(r.shape(), (Shape{3, 4}));
  EXPECT_EQ(values(r), (std::vector<double>{0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5}));
  try {
    add(seq({3}), seq({4}));
    ADD_FAILURE() << "no exception";
  } catch (const ValueError& e) {
    std::string m = e.what();
    EXPECT_NE(m.find("(3,)"), std::string::npos) << m;
    EXPECT_NE(m.find("(4,)"), std::string::npos) << m;
  }
}

TEST(Ufunc, TranscendentalsMatchTheCLibrary) {
  ndarray x = from({0.0, 0.5, 1.0, 2.0}, {4}, float32);
  std::vector<float> y = (sin(x) + cos(x)).to_vector<float>();
  const float in[4] = {0.0f, 0.5f, 1.0f, 2.0f};
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(y[i], std::sin(in[i]) + std::cos(in[i]), 1e-6f);
  EXPECT_EQ(sin(seq({2}, int8)).dtype(), float16);  // NumPy's first safe loop for int8 is 'e'
}

TEST(Ufunc, OptionsOutDTypeAndCasting) {
  ndarray out({3}, float64);
  UfuncOptions o;
  o.out.push_back(out);
  add(seq({3}), 1.0, o);
  EXPECT_EQ(values(out), (std::vector<double>{1, 2, 3}));
  UfuncOptions bad;
  bad.dtype = int8;
  EXPECT_THROW(sin(seq({2}, int8), bad), TypeError);  // no loop matching dtype=int8
}

TEST(Ufunc, NonContiguousAndNegativeStrides) {
  ndarray a = seq({4, 5});
  ndarray v = a[{Slice{std::nullopt, std::nullopt, -2}, Slice{1, 5, 2}}];  // rows 3, 1; cols 1, 3
  EXPECT_EQ(values(v * 2.0), (std::vector<double>{32, 36, 12, 16}));
  EXPECT_EQ(values(v.T() + 0.0), (std::vector<double>{16, 6, 18, 8}));
}

TEST(Ufunc, TwoOutputFunctions) {
  auto [q, r] = divmod(from({7, -7, 7.5}, {3}), 2.0);
  EXPECT_EQ(values(q), (std::vector<double>{3, -4, 3}));
  EXPECT_EQ(values(r), (std::vector<double>{1, 1, 1.5}));
  auto [frac, whole] = modf(from({-2.5, 3.25}, {2}, float32));
  EXPECT_EQ(frac.dtype(), float32);
  EXPECT_EQ(values(frac), (std::vector<double>{-0.5, 0.25}));
  EXPECT_EQ(values(whole), (std::vector<double>{-2, 3}));
  auto [mant, expo] = frexp(from({8, 0.375}, {2}));
  EXPECT_EQ(expo.dtype(), int32);  // NumPy's 'd->di'
  EXPECT_EQ(values(mant), (std::vector<double>{0.5, 0.75}));
  EXPECT_EQ(expo.to_vector<int32_t>(), (std::vector<int32_t>{4, -1}));
  EXPECT_EQ(ldexp(from({0.5, 0.75}, {2}, float32), 3).dtype(), float32);  // 'fl->f'
  EXPECT_EQ(values(gcd(from({12, -18}, {2}, int32), 8)), (std::vector<double>{4, 2}));
}

TEST(Ufunc, AtAccumulatesRepeatedPositions) {
  ndarray a = seq({2, 3});
  const int64_t pos[] = {0, 0, 5, 0};
  const Operand one(1.5);
  ufunc_at(get_ufunc("add"), a, pos, &one);
  EXPECT_EQ(values(a), (std::vector<double>{4.5, 1, 2, 3, 4, 6.5}));
  ufunc_at(get_ufunc("negative"), a, std::span<const int64_t>(pos, 1));
  EXPECT_EQ(values(a)[0], -4.5);
  const int64_t out_of_range[] = {6};
  EXPECT_THROW(ufunc_at(get_ufunc("add"), a, out_of_range, &one), IndexError);
}

TEST(Reduction, ResultDTypesFollowNumPy2) {
  EXPECT_EQ(sum(seq({3}, int8)).dtype(), int64);
  EXPECT_EQ(sum(seq({3}, uint8)).dtype(), uint64);
  EXPECT_EQ(sum(seq({3}, float16)).dtype(), float16);
  ndarray m = mean(seq({4}, int64));
  EXPECT_EQ(m.dtype(), float64);
  EXPECT_DOUBLE_EQ(m.item().to_double(), 1.5);
}

TEST(Reduction, AxesAndKeepdims) {
  ndarray x = seq({2, 3});
  EXPECT_EQ(values(sum(x, Shape{0})), (std::vector<double>{3, 5, 7}));
  EXPECT_EQ(sum(x, Shape{1}, std::nullopt, true).shape(), (Shape{2, 1}));
  EXPECT_DOUBLE_EQ(max(x).item().to_double(), 5.0);
  EXPECT_EQ(values(min(x, Shape{1})), (std::vector<double>{0, 3}));
  EXPECT_EQ(values(prod(x, Shape{1})), (std::vector<double>{0, 60}));
  EXPECT_THROW(sum(x, Shape{2}), AxisError);
}

TEST(Reduction, InitialWhereOut) {
  ndarray x = seq({2, 3});
  ReduceArgs args;
  args.axis = Axes(SmallVector<int64_t, 8>{1});
  args.initial = Scalar(10);
  EXPECT_EQ(values(reduce(ReduceOp::Sum, x, args)), (std::vector<double>{13, 22}));
  args.where = from({1, 0, 1}, {3}).astype(bool_);
  EXPECT_EQ(values(reduce(ReduceOp::Max, x, args)), (std::vector<double>{10, 10}));
  args.initial.reset();
  EXPECT_THROW(reduce(ReduceOp::Max, x, args), ValueError);  // where= without initial
  args.out = ndarray(Shape{2}, float32);
  ndarray r = reduce(ReduceOp::Sum, x, args);
  EXPECT_TRUE(r.same_handle(args.out));
  EXPECT_EQ(values(args.out), (std::vector<double>{2, 8}));
}

TEST(Reduction, ArgmaxAllAnyVar) {
  ndarray x = from({1, NAN, 7, 7, NAN}, {5});
  EXPECT_EQ(argmax(x).item().to_int64(), 1);  // the first NaN wins
  ndarray y = from({3, 1, 3, 0, 5, 5}, {2, 3});
  EXPECT_EQ(values(argmax(y, 1)), (std::vector<double>{0, 1}));
  EXPECT_EQ(values(argmin(y, 0, true)), (std::vector<double>{1, 0, 0}));
  EXPECT_EQ(argmax(y, 0, true).shape(), (Shape{1, 3}));
  EXPECT_THROW(argmax(ndarray(Shape{0}, float64)), ValueError);
  EXPECT_TRUE(all(ndarray(Shape{0}, int32)).item().to_bool());
  EXPECT_FALSE(any(ndarray(Shape{0}, int32)).item().to_bool());
  EXPECT_EQ(values(any(y, {Axes(SmallVector<int64_t, 8>{0})})), (std::vector<double>{1, 1, 1}));
  ndarray v = var(seq({4}, int16), {}, 1.0);
  EXPECT_EQ(v.dtype(), float64);
  EXPECT_DOUBLE_EQ(v.item().to_double(), 5.0 / 3.0);
  EXPECT_DOUBLE_EQ(cunumpy::std(seq({4}, float32)).item().to_double(), std::sqrt(1.25f));
  EXPECT_EQ(count_nonzero(y).item().to_int64(), 5);
}

TEST(Scan, CumsumCumprodAxes) {
  ndarray x = seq({2, 3}, int8);
  ndarray c = cumsum(x);
  EXPECT_EQ(c.dtype(), int64);
  EXPECT_EQ(values(c), (std::vector<double>{0, 1, 3, 6, 10, 15}));
  EXPECT_EQ(values(cumsum(x, 0)), (std::vector<double>{0, 1, 2, 3, 5, 7}));
  EXPECT_EQ(values(cumprod(seq({2, 3}) + 1.0, -1)), (std::vector<double>{1, 2, 6, 4, 20, 120}));
  EXPECT_EQ(scan(ReduceOp::Max, from({1, 3, 2}, {3}), 0).dtype(), float64);
  EXPECT_EQ(values(scan(ReduceOp::Max, from({1, 3, 2}, {3}), 0)), (std::vector<double>{1, 3, 3}));
  EXPECT_THROW(cumsum(x, 2), AxisError);
}

}  // namespace cunumpy::test
