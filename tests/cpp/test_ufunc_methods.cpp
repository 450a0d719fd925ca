// ufunc.reduce / accumulate / reduceat / outer through the C++ API (ufunc_methods.hpp), on
// the default device: the engine's kernels and the generic paths; expected values are
// NumPy's.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {
namespace {

ndarray iota(const Shape& shape, DType dtype = int64) {
  std::vector<double> v(static_cast<std::size_t>(shape_size(shape)));
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i);
  ndarray a(shape, float64);
  a.copy_from_host(v.data());
  return a.astype(dtype);
}
ReduceArgs along(std::optional<int64_t> axis) {
  ReduceArgs r;
  if (axis) r.axis = SmallVector<int64_t, 8>{*axis};
  return r;
}

}  // namespace

TEST(UfuncMethods, ReduceGenericAndEngine) {
  const ndarray a = iota({3, 4});
  EXPECT_EQ(ufunc_reduce(get_ufunc("subtract"), a, along(1)).to_vector<int64_t>(),
            (std::vector<int64_t>{-6, -14, -22}));                              // in order
  EXPECT_EQ(ufunc_reduce(get_ufunc("bitwise_or"), a, along(std::nullopt)).item().to_int64(), 15);  // halving
  ReduceArgs both;
  both.axis = SmallVector<int64_t, 8>{0, 1};
  EXPECT_EQ(ufunc_reduce(get_ufunc("bitwise_xor"), a, both).item().to_int64(), 0);
  EXPECT_THROW(ufunc_reduce(get_ufunc("subtract"), a, both), ValueError);  // not reorderable
  EXPECT_EQ(ufunc_reduce(get_ufunc("add"), a, along(0)).to_vector<int64_t>(), (std::vector<int64_t>{12, 15, 18, 21}));
  // The identity of an empty reduction, in the result dtype (bitwise_and: all ones).
  EXPECT_EQ(ufunc_reduce(get_ufunc("bitwise_and"), ndarray(Shape{0}, uint8), along(0)).item().to_int64(), 255);
  EXPECT_THROW(ufunc_reduce(get_ufunc("subtract"), ndarray(Shape{0}, int64), along(0)), ValueError);
  EXPECT_THROW(ufunc_reduce(get_ufunc("equal"), a, along(0)), TypeError);  // no (l, l) -> l loop
  EXPECT_THROW(ufunc_reduce(get_ufunc("negative"), a, along(0)), ValueError);  // not binary
  EXPECT_NEAR(ufunc_reduce(get_ufunc("logaddexp"), zeros(Shape{2}), along(0)).item().to_double(),
              std::log(2.0), 1e-15);
}

TEST(UfuncMethods, ReduceWhereAndInitial) {
  const ndarray a = iota({3, 4});
  ReduceArgs w = along(0);
  ndarray mask(Shape{4}, bool_);
  const bool m[4] = {true, false, true, true};
  mask.copy_from_host(m);
  w.where = mask;
  EXPECT_THROW(ufunc_reduce(get_ufunc("subtract"), a, w), ValueError);  // no identity, no initial
  w.initial = Scalar(0);
  EXPECT_EQ(ufunc_reduce(get_ufunc("bitwise_or"), a, w).to_vector<int64_t>(), (std::vector<int64_t>{12, 0, 14, 15}));
}

TEST(UfuncMethods, Accumulate) {
  const ndarray a = iota({3, 4});
  const ndarray r = ufunc_accumulate(get_ufunc("subtract"), a, 1);
  EXPECT_EQ(r.to_vector<int64_t>(), (std::vector<int64_t>{0, -1, -3, -6, 4, -1, -7, -14, 8, -1, -11, -22}));
  EXPECT_EQ(ufunc_accumulate(get_ufunc("maximum"), a, 0).shape(), (Shape{3, 4}));
  EXPECT_THROW(ufunc_accumulate(get_ufunc("subtract"), a, 2), AxisError);
}

TEST(UfuncMethods, ReduceatAndOuter) {
  const int64_t idx[4] = {0, 4, 1, 5};
  EXPECT_EQ(ufunc_reduceat(get_ufunc("add"), iota({8}), idx).to_vector<int64_t>(),
            (std::vector<int64_t>{6, 4, 10, 18}));
  const int64_t bad[1] = {8};
  EXPECT_THROW(ufunc_reduceat(get_ufunc("add"), iota({8}), bad), IndexError);
  const ndarray o = ufunc_outer(get_ufunc("maximum"), iota({2}) * 4 + 1, iota({3}) + 2)[0];
  EXPECT_EQ(o.shape(), (Shape{2, 3}));
  EXPECT_EQ(o.to_vector<int64_t>(), (std::vector<int64_t>{2, 3, 4, 5, 5, 5}));
  const std::vector<ndarray> qr = ufunc_outer(get_ufunc("divmod"), iota({2}) + 5, iota({2}) + 2);
  ASSERT_EQ(qr.size(), 2u);
  EXPECT_EQ(qr[0].to_vector<int64_t>(), (std::vector<int64_t>{2, 1, 3, 2}));
}

}  // namespace cunumpy::test
