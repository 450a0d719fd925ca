// NumPy's RuntimeWarnings that the statistics functions detect ("All-NaN slice
// encountered", "Mean of empty slice", "Degrees of freedom <= 0 for slice", "divide by
// zero encountered in divide"). A C++
// function that can meet one takes an optional OpWarnings* and sets the matching flag; it
// never prints. The Python binding issues NumPy's warning for each flag set (so the
// warning filters, and `warnings.catch_warnings`, apply as in NumPy).
#pragma once

namespace cunumpy {

struct OpWarnings {
  bool all_nan_slice = false;        // a nan-function met a slice with no valid value
  bool mean_of_empty_slice = false;  // a mean over a slice of no element
  bool degrees_of_freedom = false;   // a variance with count - ddof <= 0
  bool divide_by_zero = false;       // a host-side division by zero NumPy reports (cov's 1 / 0)
  bool suboptimal_bins = false;      // histogram's 'stone' estimator reached its bound

  bool any() const {
    return all_nan_slice || mean_of_empty_slice || degrees_of_freedom || divide_by_zero || suboptimal_bins;
  }
};

// Sets `flag` of *w when w is given (functions take w = nullptr to mean "not asked").
inline void report(OpWarnings* w, bool OpWarnings::*flag) {
  if (w) w->*flag = true;
}

}  // namespace cunumpy
