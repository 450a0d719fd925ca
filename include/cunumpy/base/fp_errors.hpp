// Floating-point errors of CPU operations, for NumPy's error state (np.errstate). The CPU
// executors of float work (elementwise loops, sums and products, cumulative ones, casting
// copies) read the IEEE exception flags of every thread that ran a part of the work and
// record them here, per calling thread; the caller takes them after the operation and
// acts on them (the Python extension warns or raises as np.geterr() says). CUDA work
// records nothing: device kernels have no flags to read (CuPy's behaviour).
#pragma once

namespace cunumpy {

// NumPy's bits (numpy's UFUNC_FPE_DIVIDEBYZERO, _OVERFLOW, _UNDERFLOW, _INVALID).
enum FpError : unsigned {
  kFpDivideByZero = 1,
  kFpOverflow = 2,
  kFpUnderflow = 4,
  kFpInvalid = 8,
};

// Adds errors to this thread's record (the executors call it).
void record_fp_errors(unsigned errors);

// Host work on the calling thread (logspace's std::pow): clear its IEEE flags first, then
// record what the work raised.
void clear_thread_fp_flags();
void record_thread_fp_flags();

// A composition of several steps names each step's errors as NumPy reports them (mean:
// "reduce" for its sum, then "divide" or "scalar divide"): the errors recorded since the
// last label or take get the name `where`, a string literal (kept, not copied).
void label_fp_errors(const char* where);

// Errors, with the name label_fp_errors gave them (nullptr: none given, the caller's).
struct FpErrorReport {
  unsigned errors = 0;
  const char* where = nullptr;
};
constexpr int kMaxFpErrorReports = 8;

// Whether anything was recorded on this thread since the last take (cheap: one read).
bool fp_errors_recorded();
// This thread's reports in the order they were recorded (labelled ones first, the
// unlabelled rest last); returns how many were written to `out`. Clears the record.
int take_fp_error_reports(FpErrorReport (&out)[kMaxFpErrorReports]);
// The union of everything recorded on this thread; clears the record.
unsigned take_fp_errors();

}  // namespace cunumpy
