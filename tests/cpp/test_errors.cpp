// cunumpy/base/errors.hpp: the exception hierarchy, and that the library throws the class
// NumPy's exception maps to for each kind of mistake (messages naming what was wrong).
#include <string>
#include <type_traits>

#include "array_helpers.hpp"

namespace cunumpy::test {

static_assert(std::is_base_of_v<std::runtime_error, Error>);
static_assert(std::is_base_of_v<Error, TypeError> && std::is_base_of_v<Error, ValueError> &&
              std::is_base_of_v<Error, IndexError> && std::is_base_of_v<Error, AxisError> &&
              std::is_base_of_v<Error, NotImplementedError> && std::is_base_of_v<Error, OverflowError> &&
              std::is_base_of_v<Error, ZeroDivisionError> && std::is_base_of_v<Error, OutOfMemoryError> &&
              std::is_base_of_v<Error, CudaError> && std::is_base_of_v<Error, CompileError>);
// LinAlgError is numpy.linalg.LinAlgError, a ValueError.
static_assert(std::is_base_of_v<ValueError, LinAlgError>);

TEST(Errors, CarryTheirDetails) {
  const CudaError c("cuMemAlloc failed: out of memory", 2);
  EXPECT_EQ(c.code, 2);
  EXPECT_STREQ(c.what(), "cuMemAlloc failed: out of memory");
  const CompileError e("NVRTC failed", "1 | int x = ;\nerror: expected an expression");
  EXPECT_NE(e.log.find("expected an expression"), std::string::npos);
  try {
    throw AxisError("axis 3 is out of bounds");
  } catch (const Error& base) {  // every class is caught as cunumpy::Error
    EXPECT_STREQ(base.what(), "axis 3 is out of bounds");
  }
}

TEST(Errors, OperationsThrowNumPysClasses) {
  const ndarray a = seq({2, 3});
  // AxisError names the axis and the dimension count.
  try {
    sum(a, Axes(SmallVector<int64_t, 8>{2}));
    FAIL() << "no AxisError";
  } catch (const AxisError& e) {
    EXPECT_NE(std::string(e.what()).find("axis 2 is out of bounds for array of dimension 2"), std::string::npos);
  }
  // ValueError names the shapes.
  try {
    a.reshape(Shape{4});
    FAIL() << "no ValueError";
  } catch (const ValueError& e) {
    EXPECT_NE(std::string(e.what()).find("size 6"), std::string::npos) << e.what();
  }
  EXPECT_THROW(add(a, seq({4})), ValueError);                         // shapes do not broadcast
  EXPECT_THROW(a.astype(int32, Order::K, Casting::Safe), TypeError);  // float64 -> int32 is unsafe
  EXPECT_THROW(a[{int64_t(5)}], IndexError);
  EXPECT_THROW(ndarray().shape(), ValueError);                        // an empty handle
  EXPECT_THROW(linalg::inv(zeros(Shape{2, 2})), LinAlgError);         // singular
  EXPECT_THROW(linalg::inv(seq({2, 2}, float16)), TypeError);         // float16 in linalg
}

}  // namespace cunumpy::test
