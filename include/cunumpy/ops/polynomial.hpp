// Polynomials as coefficient arrays, highest power first (numpy.vander, polyval, polyadd,
// polysub, polymul, polyder, polyint, polydiv, roots, poly, polyfit; the poly1d class is
// Python over these).
#pragma once
#include <cstdint>
#include <optional>
#include <utility>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy {

// The Vandermonde matrix of a 1-D x: columns x**(N-1), ..., x**0 (x**0 ... x**(N-1) when
// increasing), N defaulting to len(x), in NumPy's promote_types(x.dtype, int64), by
// repeated products as NumPy. ValueError for x not 1-D or N < 0.
ndarray vander(const ndarray& x, std::optional<int64_t> N = std::nullopt, bool increasing = false);

// p evaluated at x by Horner's scheme (y = y * x + p[i] from zeros_like(x)), in the dtype
// NumPy's loop gives. TypeError for a 0-d p.
ndarray polyval(const ndarray& p, const ndarray& x);

// The sum, difference and product of two polynomials (0-d inputs read as 1-D): the shorter
// one padded with leading zeros; the product is the full convolution of the two with their
// leading zeros trimmed, as NumPy (ValueError for an input of more than one dimension).
ndarray polyadd(const ndarray& a1, const ndarray& a2);
ndarray polysub(const ndarray& a1, const ndarray& a2);
ndarray polymul(const ndarray& a1, const ndarray& a2);

// The m-th derivative of the coefficients p (numpy.polyder): p[:-1] * arange(len(p) - 1, 0, -1)
// m times, in NumPy's promotion (float32 coefficients give float64, as float32 * int64);
// p itself for m = 0; empty once m reaches len(p). ValueError for m < 0; TypeError for a 0-d
// p; a p of more dimensions broadcasts as NumPy's (or fails as it does).
ndarray polyder(const ndarray& p, int64_t m = 1);

// The m-th antiderivative (numpy.polyint): p / arange(len(p), 0, -1) with the integration
// constant k[i] appended at step i. k (made 1-D) holds one constant for all steps or at
// least m of them; none: zeros. p itself for m = 0. ValueError for m < 0 or too few
// constants; TypeError for a 0-d p.
ndarray polyint(const ndarray& p, int64_t m = 1, const std::optional<ndarray>& k = std::nullopt);

// Quotient and remainder of u / v (numpy.polydiv): NumPy's long division in the promoted
// inexact type (integers and bool as float64), then the remainder's leading terms dropped
// while |r[0]| <= 1e-8 and more than one is left (NumPy's allclose(r[0], 0) loop, found
// at once by trim_zeros). v[0] = 0 gives infinities and NaNs, with NumPy's warnings. ValueError for inputs
// of more than one dimension, IndexError for empty ones.
std::pair<ndarray, ndarray> polydiv(const ndarray& u, const ndarray& v);

// The roots of p, as the eigenvalues of its companion matrix (leading and trailing zeros
// stripped first; a trailing zero is a zero root): real when all are real, else complex;
// empty for a constant or all-zero p. ValueError for p not 1-D.
ndarray roots(const ndarray& p);

// The monic polynomial with the given roots (1-D), or with the eigenvalues of a non-empty
// square matrix as roots; real when complex roots come in conjugate pairs. A 0-d 1.0 for no
// roots (NumPy returns the float 1.0). ValueError for other shapes.
ndarray poly(const ndarray& seq_of_zeros);

// polyfit's covariance: none, scaled by the residuals (cov=True), or unscaled.
enum class PolyfitCov { None, Scaled, Unscaled };

struct PolyfitResult {
  ndarray coefficients;     // (deg + 1,) or (deg + 1, K) for a 2-D y, highest power first
  ndarray residuals;        // lstsq's residuals of the scaled problem
  int64_t rank = 0;         // of the scaled Vandermonde matrix; deg + 1 unless ill-conditioned
  ndarray singular_values;  // of the scaled Vandermonde matrix
  double rcond = 0;         // the one used: the given one, or len(x) * eps of x's dtype
  ndarray covariance;       // (deg + 1, deg + 1) or (deg + 1, deg + 1, K) when asked for
};

// numpy.polyfit as NumPy computes it: x and y made inexact (x + 0.0), the Vandermonde
// matrix weighted by w (in place, so NumPy's casting applies), its columns scaled to unit
// norm, linalg::lstsq, the coefficients unscaled; the covariance from
// inv(lhs^T lhs) / outer(scale, scale), times residuals / (len(x) - deg - 1) when scaled.
// ValueError for deg < 0 or (scaled covariance) len(x) <= deg + 1; TypeError for x not 1-D
// or empty, y not 1-D or 2-D, lengths that differ, w not 1-D or of another length. The
// RankWarning (rank < deg + 1) is the caller's to issue.
PolyfitResult polyfit(const ndarray& x, const ndarray& y, int64_t deg, std::optional<double> rcond = std::nullopt,
                      const std::optional<ndarray>& w = std::nullopt, PolyfitCov cov = PolyfitCov::None);

}  // namespace cunumpy
