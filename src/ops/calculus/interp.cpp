// numpy.interp: argument checks, float64/complex128 conversion and the periodic wrapping
// here; the lookup itself is the backend's interp entry (one pass over x).
#include <cmath>
#include <string>
#include <vector>

#include "core/backend.hpp"
#include "core/backend_tasks_calculus.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/calculus.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/joining.hpp"
#include "cunumpy/ops/sorting.hpp"
#include "ops/slice_axis.hpp"

namespace cunumpy {
namespace {

// `a` as a C-contiguous array of `d`; TypeError unless a casts safely, as NumPy's conversion.
ndarray as_contiguous(const ndarray& a, DType d) {
  if (!can_cast(a.dtype(), d, Casting::Safe))
    throw TypeError(std::string("Cannot cast array data from dtype('") + a.dtype().name() + "') to dtype('" +
                    d.name() + "') according to the rule 'safe'");
  return a.dtype() == d && a.c_contiguous() ? a : a.astype(d, Order::C);  // keeps 0-d shapes
}

}  // namespace

ndarray interp(const ndarray& x_in, const ndarray& xp_in, const ndarray& fp_in,
               const std::optional<Scalar>& left, const std::optional<Scalar>& right,
               const std::optional<double>& period_in) {
  const DType fdt = fp_in.dtype().is_complex() ? complex128 : float64;
  ndarray x = as_contiguous(x_in, float64), xp = as_contiguous(xp_in, float64), fp = as_contiguous(fp_in, fdt);
  const bool periodic = period_in.has_value();
  if (periodic) {
    if (*period_in == 0) throw ValueError("period must be a non-zero value");
    const double period = std::fabs(*period_in);
    if (xp.ndim() != 1 || fp.ndim() != 1) throw ValueError("Data points must be 1-D sequences");
    if (xp.shape()[0] != fp.shape()[0]) throw ValueError("fp and xp are not of the same length");
    x = remainder(x, period);
    xp = remainder(xp, period);
    const ndarray order = argsort(xp);
    xp = take(xp, order, 0);
    fp = take(fp, order, 0);
    using detail::slice_axis;
    const std::vector<ndarray> xs{subtract(slice_axis(xp, 0, -1, std::nullopt), period), xp,
                                  add(slice_axis(xp, 0, 0, 1), period)};
    const std::vector<ndarray> fs{slice_axis(fp, 0, -1, std::nullopt), fp, slice_axis(fp, 0, 0, 1)};
    xp = concatenate(xs, 0);
    fp = concatenate(fs, 0);
  }
  if (xp.ndim() != 1)
    throw ValueError(xp.ndim() == 0 ? "object of too small depth for desired array"
                                    : "setting an array element with a sequence. The requested array would "
                                      "exceed the maximum number of dimension of 1.");
  if (fp.ndim() != 1)
    throw ValueError(fp.ndim() == 0 ? "object of too small depth for desired array"
                                    : "object too deep for desired array");
  if (xp.shape()[0] == 0) throw ValueError("array of sample points is empty");
  if (xp.shape()[0] != fp.shape()[0]) throw ValueError("fp and xp are not of the same length.");
  detail::InterpTask task;
  task.x = x;
  task.xp = xp;
  task.fp = fp;
  task.out = ndarray(x.shape(), fdt, Order::C, x.device());
  if (left && !periodic) {
    if (fdt == float64 && left->dtype().is_complex()) throw TypeError("must be real number, not complex");
    task.left = left->to_complex();
    task.has_left = true;
  }
  if (right && !periodic) {
    if (fdt == float64 && right->dtype().is_complex()) throw TypeError("must be real number, not complex");
    task.right = right->to_complex();
    task.has_right = true;
  }
  if (x.size() > 0) backend_for(x.device()).interp(task);
  return task.out;
}

}  // namespace cunumpy
