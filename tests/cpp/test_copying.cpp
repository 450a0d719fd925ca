// cunumpy::copyto (include/cunumpy/ops/copying.hpp): broadcasting, casting rules, where=.
#include <gtest/gtest.h>

#include <vector>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(Copyto, BroadcastsAndChecksTheCast) {
  ndarray dst = zeros({2, 3});
  copyto(dst, seq({3}, int32));
  EXPECT_EQ(values(dst), (std::vector<double>{0, 1, 2, 0, 1, 2}));
  ndarray ints = zeros({3}, int32);
  EXPECT_THROW(copyto(ints, seq({3})), TypeError);  // float64 -> int32 is not same_kind
  copyto(ints, from({1.7, -2.5, 3}, {3}), Casting::Unsafe);
  EXPECT_EQ(values(ints), (std::vector<double>{1, -2, 3}));
  EXPECT_THROW(copyto(ints, seq({3}, int64), Casting::Safe), TypeError);
  EXPECT_THROW(copyto(dst, seq({4})), ValueError);  // does not broadcast
}

TEST(Copyto, ScalarsFill) {
  ndarray dst = zeros({2}, float32);
  copyto(dst, Operand(Scalar(2.5), true));
  EXPECT_EQ(values(dst), (std::vector<double>{2.5, 2.5}));
}

TEST(Copyto, WhereKeepsTheOtherElements) {
  ndarray dst = from({9, 9, 9, 9}, {2, 2});
  const ndarray mask = from({1, 0, 0, 1}, {2, 2}, bool_);
  copyto(dst, seq({2, 2}), Casting::SameKind, mask);
  EXPECT_EQ(values(dst), (std::vector<double>{0, 9, 9, 3}));
  copyto(dst, Operand(Scalar(int64_t{-1}), true), Casting::SameKind, from({0, 1}, {2}, bool_));
  EXPECT_EQ(values(dst), (std::vector<double>{0, -1, 9, -1}));
  EXPECT_THROW(copyto(dst, seq({2, 2}), Casting::SameKind, seq({2, 2}, int8)), TypeError);
}

}  // namespace cunumpy::test
