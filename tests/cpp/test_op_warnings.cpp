// OpWarnings (op_warnings.hpp): the flags a C++ function sets for NumPy's RuntimeWarnings.
#include <gtest/gtest.h>

#include <cmath>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {

TEST(OpWarnings, ReportSetsOnlyTheAskedFlag) {
  OpWarnings w;
  EXPECT_FALSE(w.any());
  report(&w, &OpWarnings::degrees_of_freedom);
  EXPECT_TRUE(w.degrees_of_freedom);
  EXPECT_FALSE(w.all_nan_slice);
  EXPECT_TRUE(w.any());
  report(nullptr, &OpWarnings::all_nan_slice);  // not asked for: nothing to set
}

TEST(OpWarnings, FunctionsReportWithoutThrowing) {
  ndarray e(Shape{0}, float64);
  OpWarnings w;
  EXPECT_TRUE(std::isnan(nanmean(e, {}, &w).item().to_double()));
  EXPECT_TRUE(w.mean_of_empty_slice);
}

}  // namespace cunumpy::test
