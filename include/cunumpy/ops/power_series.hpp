// numpy.polynomial.polynomial's power series (coefficients lowest degree first): the part
// CuPy has (polyvander, polycompanion, polyval, polyvalfromroots) and polyutils' trimseq and
// trimcoef. The poly1d family (highest power first) is polynomial.hpp; the names differ by
// namespace as numpy.polyval and numpy.polynomial.polynomial.polyval do.
#pragma once
#include <cstdint>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/op_types.hpp"

namespace cunumpy::polynomial {

// The pseudo-Vandermonde matrix of degree deg: x + 0.0 (integers and bool as float64, 0-d
// as 1-D), shape x.shape + (deg + 1,), columns 1, x, x*x, ... by repeated products as NumPy
// (a view with the degree axis moved last). ValueError for deg < 0.
ndarray polyvander(const ndarray& x, int64_t deg);

// The companion matrix of the series c (1-D, as polyutils.as_series leaves it): ones on the
// subdiagonal and -c[:-1] / c[-1] in the last column; [[-c[0] / c[1]]] for two
// coefficients. ValueError for fewer than two.
ndarray polycompanion(const ndarray& c);

// The series c at x by Horner's scheme (c[-1] + x*0, then c[-i] + c0*x), with c's integer
// and bool coefficients as float64. With tensor and an array x, c is reshaped to
// c.shape + (1,) * x.ndim, so every column of c is evaluated at every x; a scalar x keeps
// its NumPy weakness (a Python float leaves float32 coefficients float32).
ndarray polyval(const Operand& x, const ndarray& c, bool tensor = true);

// prod(x - r, axis=0): the monic series with roots r (integer and bool roots as float64)
// at x; tensor as polyval. ValueError when !tensor and an array x has x.ndim >= r.ndim.
ndarray polyvalfromroots(const Operand& x, const ndarray& r, bool tensor = true);

// seq (1-D) without its trailing exact zeros, the first element always kept: a view.
ndarray trimseq(const ndarray& seq);

// c[:i + 1] copied, i the last index with |c[i]| > tol, or c[:1] * 0 when there is none
// (c 1-D, as polyutils.as_series leaves it). ValueError for tol < 0.
ndarray trimcoef(const ndarray& c, double tol = 0);

}  // namespace cunumpy::polynomial
