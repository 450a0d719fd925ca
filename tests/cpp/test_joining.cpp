// cunumpy::concatenate and stack (include/cunumpy/ops/joining.hpp): axes, the flattened
// form, dtype promotion, dtype= with casting=, non-contiguous and empty inputs, errors.
#include <gtest/gtest.h>

#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(Concatenate, AlongEachAxis) {
  const std::vector<ndarray> ab = {seq({2, 2}), from({10, 11, 12, 13}, {2, 2})};
  ndarray r0 = concatenate(ab, 0);
  EXPECT_EQ(r0.shape(), (Shape{4, 2}));
  EXPECT_EQ(values(r0), (std::vector<double>{0, 1, 2, 3, 10, 11, 12, 13}));
  ndarray r1 = concatenate(ab, -1);
  EXPECT_EQ(r1.shape(), (Shape{2, 4}));
  EXPECT_EQ(values(r1), (std::vector<double>{0, 1, 10, 11, 2, 3, 12, 13}));
}

TEST(Concatenate, FlattenedWithoutAnAxis) {
  const std::vector<ndarray> ab = {seq({2, 2}), seq({3})};
  ndarray r = concatenate(ab, std::nullopt);
  EXPECT_EQ(r.shape(), (Shape{7}));
  EXPECT_EQ(values(r), (std::vector<double>{0, 1, 2, 3, 0, 1, 2}));
}

TEST(Concatenate, PromotesAndCasts) {
  const std::vector<ndarray> mixed = {seq({2}, int32), seq({2}, float32)};
  EXPECT_EQ(concatenate(mixed).dtype(), float64);  // NumPy: int32 with float32 is float64
  const std::vector<ndarray> small = {seq({2}, uint8), seq({2}, int8)};
  EXPECT_EQ(concatenate(small).dtype(), int16);
  EXPECT_EQ(concatenate(mixed, 0, int64, Casting::Unsafe).dtype(), int64);
  EXPECT_THROW(concatenate(mixed, 0, int64, Casting::SameKind), TypeError);  // float32 -> int64
  EXPECT_EQ(concatenate(mixed, 0, float32, Casting::SameKind).dtype(), float32);
}

TEST(Concatenate, NonContiguousAndEmptyParts) {
  const ndarray a = seq({3, 4})[{Slice{}, Slice{std::nullopt, std::nullopt, -2}}];  // [[3 1] [7 5] [11 9]]
  const std::vector<ndarray> parts = {a, zeros({0, 2}), a.T().T()};
  ndarray r = concatenate(parts, 0);
  EXPECT_EQ(r.shape(), (Shape{6, 2}));
  EXPECT_EQ(values(r), (std::vector<double>{3, 1, 7, 5, 11, 9, 3, 1, 7, 5, 11, 9}));
  const std::vector<ndarray> empties = {zeros({0}), zeros({0})};
  EXPECT_EQ(concatenate(empties).shape(), (Shape{0}));
}

TEST(Concatenate, Errors) {
  const std::vector<ndarray> none;
  EXPECT_THROW(concatenate(none), ValueError);
  const std::vector<ndarray> scalars = {from({1}, {}), from({2}, {})};
  EXPECT_THROW(concatenate(scalars), ValueError);  // zero-dimensional arrays
  const std::vector<ndarray> ranks = {seq({2}), seq({2, 2})};
  EXPECT_THROW(concatenate(ranks), ValueError);
  const std::vector<ndarray> shapes = {seq({2, 3}), seq({2, 2})};
  EXPECT_THROW(concatenate(shapes, 0), ValueError);
  EXPECT_NO_THROW(concatenate(shapes, 1));
  EXPECT_THROW(concatenate(shapes, 2), AxisError);
}

TEST(Stack, NewAxisAnywhere) {
  const std::vector<ndarray> ab = {seq({2, 3}), seq({2, 3}, float32)};
  EXPECT_EQ(stack(ab, 0).shape(), (Shape{2, 2, 3}));
  EXPECT_EQ(stack(ab, 1).shape(), (Shape{2, 2, 3}));
  ndarray last = stack(ab, -1);
  EXPECT_EQ(last.shape(), (Shape{2, 3, 2}));
  EXPECT_EQ(last.dtype(), float64);
  EXPECT_EQ(values(last), (std::vector<double>{0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5}));
  const std::vector<ndarray> scalars = {from({1}, {}), from({2}, {})};
  EXPECT_EQ(values(stack(scalars)), (std::vector<double>{1, 2}));
  EXPECT_EQ(stack(ab, 0, int32, Casting::Unsafe).dtype(), int32);
}

TEST(Stack, Errors) {
  const std::vector<ndarray> none;
  EXPECT_THROW(stack(none), ValueError);
  const std::vector<ndarray> shapes = {seq({2}), seq({3})};
  EXPECT_THROW(stack(shapes), ValueError);
  const std::vector<ndarray> ab = {seq({2}), seq({2})};
  EXPECT_THROW(stack(ab, 2), AxisError);
  EXPECT_THROW(stack(ab, 0, int32, Casting::Safe), TypeError);
}

TEST(Stacks, HstackVstackDstackColumnStack) {
  const std::vector<ndarray> vecs = {seq({2}), from({5, 6}, {2})};
  EXPECT_EQ(values(hstack(vecs)), (std::vector<double>{0, 1, 5, 6}));  // 1-d: axis 0
  ndarray v = vstack(vecs);
  EXPECT_EQ(v.shape(), (Shape{2, 2}));
  EXPECT_EQ(values(v), (std::vector<double>{0, 1, 5, 6}));
  ndarray d = dstack(vecs);
  EXPECT_EQ(d.shape(), (Shape{1, 2, 2}));
  EXPECT_EQ(values(d), (std::vector<double>{0, 5, 1, 6}));
  ndarray c = column_stack(vecs);
  EXPECT_EQ(c.shape(), (Shape{2, 2}));
  EXPECT_EQ(values(c), (std::vector<double>{0, 5, 1, 6}));
  const std::vector<ndarray> mats = {seq({2, 1}), seq({2, 2})};
  EXPECT_EQ(hstack(mats).shape(), (Shape{2, 3}));  // 2-d: axis 1
  EXPECT_EQ(column_stack(mats).shape(), (Shape{2, 3}));
  const std::vector<ndarray> scalars = {from({1}, {}), from({2}, {})};
  EXPECT_EQ(hstack(scalars).shape(), (Shape{2}));
  EXPECT_EQ(vstack(scalars).shape(), (Shape{2, 1}));
  EXPECT_EQ(vstack(vecs, int8, Casting::Unsafe).dtype(), int8);
  const std::vector<ndarray> none;
  EXPECT_THROW(hstack(none), ValueError);
  EXPECT_THROW(vstack(mats), ValueError);
}

}  // namespace cunumpy::test
