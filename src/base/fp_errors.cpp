// The per-thread record of floating-point errors (cunumpy/base/fp_errors.hpp).
#include "cunumpy/base/fp_errors.hpp"

#include <cfenv>

namespace cunumpy {
namespace {

struct Record {
  unsigned pending = 0;  // not labelled yet
  unsigned any = 0;      // union of everything, labelled or not: the cheap test
  int n = 0;
  FpErrorReport labelled[kMaxFpErrorReports - 1];
};
thread_local Record t_record;

}  // namespace

void record_fp_errors(unsigned errors) {
  t_record.pending |= errors;
  t_record.any |= errors;
}

void label_fp_errors(const char* where) {
  Record& r = t_record;
  if (!r.pending) return;
  if (r.n < kMaxFpErrorReports - 1) {
    r.labelled[r.n++] = FpErrorReport{r.pending, where};
    r.pending = 0;
  }  // (a full record keeps the rest unlabelled: the caller's name)
}

void clear_thread_fp_flags() { std::feclearexcept(FE_DIVBYZERO | FE_OVERFLOW | FE_UNDERFLOW | FE_INVALID); }

void record_thread_fp_flags() {
  const int f = std::fetestexcept(FE_DIVBYZERO | FE_OVERFLOW | FE_UNDERFLOW | FE_INVALID);
  if (!f) return;
  record_fp_errors(((f & FE_DIVBYZERO) ? kFpDivideByZero : 0u) | ((f & FE_OVERFLOW) ? kFpOverflow : 0u) |
                   ((f & FE_UNDERFLOW) ? kFpUnderflow : 0u) | ((f & FE_INVALID) ? kFpInvalid : 0u));
}

bool fp_errors_recorded() { return t_record.any != 0; }

int take_fp_error_reports(FpErrorReport (&out)[kMaxFpErrorReports]) {
  Record& r = t_record;
  int k = 0;
  for (int i = 0; i < r.n; ++i) out[k++] = r.labelled[i];
  if (r.pending) out[k++] = FpErrorReport{r.pending, nullptr};
  r = Record{};
  return k;
}

unsigned take_fp_errors() {
  const unsigned any = t_record.any;
  t_record = Record{};
  return any;
}

}  // namespace cunumpy
