// NumPy's floating-point error state for the CPU backend's work: a binding that runs an
// operation NumPy reports on (a ufunc, an operator, a reduction, a cast) forgets older
// records first, then, after the operation, hands what it recorded (cunumpy/base/
// fp_errors.hpp) to cunumpy._errstate.report_fp_errors, which warns, raises, calls, prints
// or logs as np.geterr() says. No error, no Python: one thread-local read per call.
#pragma once

#include "cunumpy/base/fp_errors.hpp"

namespace cunumpy::py {

inline void begin_fp_errors() {
  if (fp_errors_recorded()) (void)take_fp_errors();
}

// Reports errors with NumPy's text, "<kind> encountered in <where>".
void report_fp_errors_slow(const char* where);

// where: the ufunc's name, "reduce", "accumulate", "cast", ... (steps the operation
// labelled itself keep their own names).
inline void report_fp_errors(const char* where) {
  if (fp_errors_recorded()) report_fp_errors_slow(where);
}

// Runs f(), an operation NumPy reports on as `where` ("subtract" for diff), and reports
// what its steps recorded (the steps it labelled keep their own names).
template <class F>
auto fp_reported(const char* where, F&& f) {
  begin_fp_errors();
  auto r = f();
  report_fp_errors(where);
  return r;
}

}  // namespace cunumpy::py
