// cunumpy/core/launch_plan.hpp: the iteration plan every kernel family runs over:
// broadcasting (stride 0), dropping unit dimensions, ordering by the output's strides,
// merging contiguous dimensions, 32-bit indexing and the vector width.
#include "array_helpers.hpp"

namespace cunumpy::test {
namespace {

LaunchPlan plan_of(std::initializer_list<ndarray> arrays, const Shape& shape, bool keep_c_order = false) {
  const std::vector<ndarray> ops(arrays);
  return make_launch_plan(shape, ops, keep_c_order);
}

}  // namespace

TEST(LaunchPlan, ContiguousOperandsCoalesceToOneDimension) {
  const ndarray out(Shape{4, 5, 6}, float32), in(Shape{4, 5, 6}, float32);
  const LaunchPlan p = plan_of({out, in}, out.shape());
  EXPECT_EQ(p.size, 120);
  EXPECT_EQ(p.ndim(), 1);
  EXPECT_EQ(p.shape, (Shape{120}));
  EXPECT_TRUE(p.contiguous);
  EXPECT_TRUE(p.index32);
  ASSERT_EQ(p.ops.size(), 2u);
  EXPECT_EQ(p.ops[0].strides, (Strides{4}));
  EXPECT_EQ(p.ops[0].data, static_cast<char*>(out.data()));
  EXPECT_EQ(p.ops[1].dtype, float32);
  EXPECT_GE(p.vector_width, 1);
}

TEST(LaunchPlan, BroadcastOperandGetsStrideZero) {
  const ndarray out(Shape{3, 4}, float64);
  const ndarray row(Shape{4}, float64);
  const LaunchPlan p = plan_of({out, row}, out.shape());
  EXPECT_EQ(p.size, 12);
  EXPECT_FALSE(p.contiguous);
  ASSERT_EQ(p.ndim(), 2);
  EXPECT_EQ(p.ops[1].strides[0], 0);  // the broadcast (outer) dimension
  EXPECT_EQ(p.ops[1].strides[1], 8);
  EXPECT_THROW(plan_of({out, ndarray(Shape{5}, float64)}, out.shape()), ValueError);
}

TEST(LaunchPlan, UnitDimensionsDropAndOrderFollowsTheOutput) {
  // A transposed (F-order) output: its unit stride dimension goes innermost.
  const ndarray out = ndarray(Shape{6, 5}, float32).T();  // shape (5, 6), strides (4, 20)
  const ndarray in(Shape{5, 6}, float32);
  const LaunchPlan p = plan_of({out, in}, out.shape());
  ASSERT_EQ(p.ndim(), 2);
  EXPECT_EQ(p.ops[0].strides.back(), 4);  // innermost: the output's unit stride
  EXPECT_EQ(p.ops[1].strides.back(), 24); // the input walks its rows there
  // keep_c_order: C-order iteration whatever the output's layout.
  const LaunchPlan c = plan_of({out, in}, out.shape(), true);
  ASSERT_EQ(c.ndim(), 2);
  EXPECT_EQ(c.ops[1].strides.back(), 4);
  // Size-1 dimensions vanish.
  const ndarray unit(Shape{1, 7, 1}, int32);
  const LaunchPlan u = plan_of({unit}, unit.shape());
  EXPECT_EQ(u.shape, (Shape{7}));
  EXPECT_TRUE(u.contiguous);
}

TEST(LaunchPlan, NegativeStridesAndEmptyShapes) {
  const ndarray base = seq({10}, int64);
  const ndarray reversed = base[{Slice{std::nullopt, std::nullopt, -1}}];
  const ndarray out(Shape{10}, int64);
  const LaunchPlan p = plan_of({out, reversed}, out.shape());
  EXPECT_EQ(p.size, 10);
  EXPECT_EQ(p.ops[1].strides.back(), -8);
  EXPECT_EQ(p.ops[1].data, static_cast<char*>(reversed.data()));
  const ndarray empty(Shape{3, 0}, float32);
  EXPECT_EQ(plan_of({empty}, empty.shape()).size, 0);
  // 0-d: one element.
  const ndarray scalar(Shape{}, float64);
  EXPECT_EQ(plan_of({scalar}, scalar.shape()).size, 1);
}

}  // namespace cunumpy::test
