// Searching (NumPy's names): where with one argument (nonzero) and with three (select,
// NumPy 2's promotion of x and y, Python scalars weak), searchsorted, digitize and interp.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/op_types.hpp"

namespace cunumpy {

// NumPy's side= of searchsorted.
enum class Side { Left, Right };

// The indices of the nonzero elements, one int64 array per dimension (nonzero).
std::vector<ndarray> where(const ndarray& condition);
// x where condition (cast to bool) is true, else y, broadcast together; the result dtype
// is NumPy 2's promotion of x and y (Python scalars weak). A Python int out of range of an
// integer result dtype raises OverflowError, as NumPy 2.5's where (and every ufunc) does;
// with `wrap_python_ints` it wraps, as NumPy's where did before 2.5.
ndarray where(const ndarray& condition, const Operand& x, const Operand& y,
              bool wrap_python_ints = false);

// For each element of v, the position in the sorted 1-D `a` (or a[sorter]) where it would
// go to keep the order: the first such position for Side::Left, the last for Right. Both
// are compared in NumPy's result_type of a and v, in np.sort's order (NaN last, complex
// lexicographic). int64 in v's shape (a scalar v gives a 0-d array). ValueError for a not
// 1-D, a sorter of the wrong size or out of range; TypeError for a non-integer sorter.
ndarray searchsorted(const ndarray& a, const Operand& v, Side side = Side::Left,
                     const std::optional<ndarray>& sorter = std::nullopt);

// The bin of each element of x for monotonic (increasing or decreasing) 1-D bins, as
// NumPy's digitize: bins[i-1] <= x < bins[i] (increasing, right=false). TypeError for
// complex x, ValueError for bins that are not 1-D or not monotonic.
ndarray digitize(const ndarray& x, const ndarray& bins, bool right = false);

// NumPy's interp: the piecewise-linear interpolant of the samples (xp increasing, fp) at
// x, float64 (complex128 for a complex fp) in x's shape; left/right (default fp[0] and
// fp[-1]) outside [xp[0], xp[-1]]; with a period, xp is periodic and left/right are
// ignored. ValueError for xp or fp not 1-D, of different lengths or empty, a zero period;
// TypeError for complex x or xp.
ndarray interp(const ndarray& x, const ndarray& xp, const ndarray& fp,
               const std::optional<Scalar>& left = std::nullopt,
               const std::optional<Scalar>& right = std::nullopt,
               const std::optional<double>& period = std::nullopt);

namespace detail {
// The ElementwiseKernel text of searchsorted's binary search (side, with a sorter or
// not), for the NVRTC compile check in scripts/check_stats_nvrtc.py.
struct SearchKernelText {
  std::string name, in_params, out_params, body, preamble;
};
SearchKernelText searchsorted_kernel_text(bool right, bool sorter);
// interp's kernel (R: float64 or complex128), for the same check.
SearchKernelText interp_kernel_text();
}  // namespace detail

}  // namespace cunumpy
