// numpy.linalg's functions that are defined through the factorizations and products of
// linalg.hpp: the norms, cond, pinv, lstsq, matrix_rank, multi_dot, tensorinv,
// tensorsolve, the Hermitian SVD (from eigh), and numpy.cross. Each is NumPy's definition
// composed from the C++ ops (svd, inv, solve, matmul, reductions, ufuncs), so it runs on
// the arrays' device with no backend entry of its own. Dtypes follow numpy.linalg
// (integers and bool compute in float64; float16 is a TypeError where a factorization is
// needed).
#pragma once
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy {

// numpy.cross: the cross product of 3-element vectors (and, with `allow_2d`, 2-element
// ones, as NumPy before 2.5) along axisa/axisb of a and b, the result's vector axis at
// axisc. ValueError for other lengths, with NumPy's messages.
ndarray cross(const ndarray& a, const ndarray& b, int64_t axisa = -1, int64_t axisb = -1,
              int64_t axisc = -1, bool allow_2d = false);

namespace linalg {

// A norm's `ord`: NumPy's None, a number (inf, -inf, 0, 1, 2, -2, p), 'fro', 'nuc', or a
// string NumPy does not know (kept for the error message).
struct NormOrder {
  enum class Kind { Default, Number, Fro, Nuc, Invalid };
  Kind kind = Kind::Default;
  double value = 0;     // Kind::Number
  std::string text;     // a string order as the caller spelled it (for error messages)
  static NormOrder none() { return {}; }
  static NormOrder number(double p) { return {Kind::Number, p, {}}; }
  static NormOrder fro(std::string spelled = "fro") { return {Kind::Fro, 0, std::move(spelled)}; }
  static NormOrder nuc() { return {Kind::Nuc, 0, "nuc"}; }
  static NormOrder invalid(std::string s) { return {Kind::Invalid, 0, std::move(s)}; }
  bool is(double p) const { return kind == Kind::Number && value == p; }
};

// numpy.linalg.norm: a vector norm over one axis, a matrix norm over two (axis = one or
// two entries), or, without axis, the 2-norm of the flattened array (ord None) or the
// norm of a 1-D / 2-D array.
ndarray norm(const ndarray& x, const NormOrder& ord = {},
             const std::optional<std::vector<int64_t>>& axis = std::nullopt, bool keepdims = false);
// numpy.linalg.vector_norm: over `axis` (several axes are flattened into one; none: all).
ndarray vector_norm(const ndarray& x, const std::optional<std::vector<int64_t>>& axis = std::nullopt,
                    bool keepdims = false, const NormOrder& ord = NormOrder::number(2));
// numpy.linalg.matrix_norm: over the last two axes (ord default 'fro').
ndarray matrix_norm(const ndarray& x, bool keepdims = false, const NormOrder& ord = NormOrder::fro());

// numpy.linalg.cond: the condition number in the norm `p` (2-norm by the singular values;
// otherwise norm(x) * norm(inv(x))); inf for singular matrices without NaNs.
ndarray cond(const ndarray& x, const NormOrder& p = {});

// The SVD of Hermitian matrices from eigh (numpy.linalg.svd(hermitian=True)): {U, S, Vh}
// with S descending; compute_uv=false: S only (the others undefined).
std::tuple<ndarray, ndarray, ndarray> svd_hermitian(const ndarray& a, bool compute_uv = true);

// numpy.linalg.pinv: singular values at most rcond * largest are dropped; rcond broadcasts
// against the stack. Without rcond: max(M, N) * eps of the dtype (NumPy's rtol=None).
ndarray pinv(const ndarray& a, const std::optional<ndarray>& rcond = std::nullopt, bool hermitian = false);

// numpy.linalg.lstsq through the SVD: {x, residuals, rank, s}. Without rcond: eps *
// max(M, N). Reads the largest singular value and the rank back to the host.
std::tuple<ndarray, ndarray, int64_t, ndarray> lstsq(const ndarray& a, const ndarray& b,
                                                     std::optional<double> rcond = std::nullopt);

// numpy.linalg.matrix_rank: the count of singular values above tol (absolute) or
// rtol * largest (relative; default max(M, N) * eps); tol and rtol broadcast against the
// stack. Below 2-D: 1 unless every entry is zero (a 0-d int64 array).
ndarray matrix_rank(const ndarray& a, const std::optional<ndarray>& tol = std::nullopt, bool hermitian = false,
                    const std::optional<ndarray>& rtol = std::nullopt);

// numpy.linalg.multi_dot: the product of the chain in the order of fewest scalar
// multiplications (dynamic programming); the first and last may be 1-D. `out` receives
// the result when defined.
ndarray multi_dot(std::span<const ndarray> arrays, const ndarray& out = ndarray());

// numpy.linalg.tensorinv / tensorsolve: inv and solve of the tensors reshaped to square
// matrices. tensorsolve's `axes` are moved to the end of a first.
ndarray tensorinv(const ndarray& a, int64_t ind = 2);
ndarray tensorsolve(const ndarray& a, const ndarray& b,
                    const std::optional<std::vector<int64_t>>& axes = std::nullopt);

}  // namespace linalg
}  // namespace cunumpy
