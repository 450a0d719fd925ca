// cunumpy/core/op_types.hpp: the operand of a ufunc (array, strong or weak scalar: NEP 50)
// and the ufunc registry's descriptors (NumPy's names, arity, identities, loop tables).
#include <set>
#include <string>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(OpTypes, OperandKinds) {
  const ndarray a = seq({3}, float32);
  const Operand arr(a);
  EXPECT_TRUE(arr.is_array());
  EXPECT_FALSE(arr.is_scalar());
  EXPECT_EQ(arr.dtype(), float32);
  const Operand py_float(2.5);  // a C++ double is a Python float: weak
  EXPECT_TRUE(py_float.is_weak());
  const Operand py_bool(true);  // bool is never weak
  EXPECT_TRUE(py_bool.is_scalar());
  EXPECT_FALSE(py_bool.is_weak());
  const Operand strong(Scalar(2.5));
  EXPECT_FALSE(strong.is_weak());
  EXPECT_EQ(strong.dtype(), float64);
  EXPECT_TRUE(Operand::weak(Scalar(int64_t(3))).is_weak());
  EXPECT_TRUE(Operand::huge_int(1e30).is_huge_int());
  // What the kinds mean: a weak float keeps float32, a strong float64 promotes.
  EXPECT_EQ(add(a, py_float).dtype(), float32);
  EXPECT_EQ(add(a, strong).dtype(), float64);
}

TEST(OpTypes, UfuncDescriptors) {
  const Ufunc& add_uf = get_ufunc("add");
  EXPECT_EQ(add_uf.name, "add");
  EXPECT_EQ(add_uf.nin, 2);
  EXPECT_EQ(add_uf.nout, 1);
  EXPECT_EQ(add_uf.identity, "0");
  bool has_dd = false;
  for (const UfuncLoop& l : add_uf.loops) {
    EXPECT_EQ(l.types.size(), 3u) << l.signature;
    if (l.signature == "dd->d") has_dd = true;
  }
  EXPECT_TRUE(has_dd);
  EXPECT_EQ(get_ufunc("multiply").identity, "1");
  EXPECT_TRUE(get_ufunc("equal").comparison);
  EXPECT_TRUE(get_ufunc("logical_and").logical);
  EXPECT_TRUE(get_ufunc("sign").refuses_bool);
  EXPECT_EQ(get_ufunc("divmod").nout, 2);
  EXPECT_EQ(find_ufunc("no_such_ufunc"), nullptr);
  // The index is a stable position in the registry.
  std::set<int> indices;
  for (const Ufunc& u : all_ufuncs()) {
    EXPECT_EQ(&all_ufuncs()[static_cast<std::size_t>(u.index)], &u);
    indices.insert(u.index);
  }
  EXPECT_EQ(indices.size(), all_ufuncs().size());
}

TEST(OpTypes, ReduceOpsAndIndexModes) {
  const ndarray x = from({3, -1, 2}, {3});
  expect_near(reduce(ReduceOp::Sum, x, std::nullopt, std::nullopt, false), {4});
  expect_near(reduce(ReduceOp::Prod, x, std::nullopt, std::nullopt, false), {-6});
  expect_near(reduce(ReduceOp::Max, x, std::nullopt, std::nullopt, false), {3});
  expect_near(reduce(ReduceOp::Min, x, std::nullopt, std::nullopt, false), {-1});
  const ndarray idx = from({-1, 5}, {2}, int64);
  expect_near(take(x, idx, 0, IndexMode::Wrap), {2, 2});
  expect_near(take(x, idx, 0, IndexMode::Clip), {3, 2});
  EXPECT_THROW(take(x, idx, 0, IndexMode::Raise), IndexError);
}

}  // namespace cunumpy::test
