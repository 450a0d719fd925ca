// The slow half of py_fp_errors.hpp: Python calls, only when an error was recorded.
#include "py_fp_errors.hpp"

#include <nanobind/nanobind.h>

namespace nb = nanobind;

namespace cunumpy::py {

void report_fp_errors_slow(const char* where) {
  FpErrorReport reports[kMaxFpErrorReports];
  const int n = take_fp_error_reports(reports);
  // Looked up once and kept for the process (never released: no destructor at exit).
  static PyObject* report = [] {
    nb::object f = nb::module_::import_("cunumpy._errstate").attr("report_fp_errors");
    return f.release().ptr();
  }();
  nb::handle fn(report);
  // In NumPy's order of operations; 'raise' mode stops at the first (python_error).
  for (int i = 0; i < n; ++i) fn(reports[i].errors, reports[i].where ? reports[i].where : where);
}

}  // namespace cunumpy::py
