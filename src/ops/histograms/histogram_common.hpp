// What the histogram functions share: numbers on the host typed as NumPy types them (a
// value of a dtype, weak for a Python number, so NEP 50 promotion picks each step's dtype),
// the outer edges, the equal-bin edges (NumPy's linspace in its computation dtype), and
// the counting pass. Internal header of src/ops/histograms.
#pragma once
#include <optional>
#include <utility>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/op_types.hpp"
#include "cunumpy/ops/histograms.hpp"

namespace cunumpy::hist {

struct Num {
  Scalar v;
  bool weak = false;
  Operand op() const { return Operand(v, weak); }
  DType dtype() const { return v.dtype(); }
};

Num num(const Operand& o);
// The value as a long double (exact for every integer and float dtype here).
long double value(const Scalar& s);
// NumPy's result_type of the operands (weak ones take the others' kind), and the
// result of two weak ones stays weak.
Num promote(const Num& a, const Num& b);
DType result_type(const Num& a, const Num& b);
DType result_type(DType array, const Num& b);
// The value cast to d (NumPy's astype of a scalar).
Num cast(const Num& x, DType d);
// NumPy's _unsigned_subtract: last - first in their result_type, wrapping into the
// unsigned type of a signed integer one. A strong scalar.
Num unsigned_subtract(const Num& last, const Num& first);

// x >= b (ge) or x <= b, an integer x compared with a Python int past its range as NumPy 2
// does (all true or all false).
ndarray compare(const ndarray& x, const Num& b, bool ge);

// The data a histogram counts: a flattened and C-contiguous, bool as uint8.
ndarray flat_data(const ndarray& a);
// (min, max) of a non-empty 1-d contiguous x, one backend pass.
std::pair<Scalar, Scalar> min_max(const ndarray& x);
// NumPy's _get_outer_edges: range=, else the data's min and max (0 and 1 for no data),
// widened by 0.5 each way when they are equal.
std::pair<Num, Num> outer_edges(const ndarray& x, const std::optional<HistogramRange>& range);

// The edges NumPy's _get_bin_edges makes for x (flat_data): for equal bins also
// (first, last, n) for the index arithmetic.
struct BinEdges {
  ndarray edges;
  bool equal = false;
  Num first, last;
  int64_t n = 0;
};
BinEdges bin_edges(const ndarray& x, const HistogramBins& bins, const std::optional<HistogramRange>& range,
                   bool weighted, OpWarnings* warnings);
// n + 1 equal edges from first to last in `dtype` (numpy.linspace, endpoint=True).
ndarray linspace_edges(const Num& first, const Num& last, int64_t n, std::optional<DType> dtype, Device device);

// Counts (int64) or float64 sums of the weights of the values of the integer 1-d idx,
// all in [0, n): one backend pass.
ndarray count_values(const ndarray& idx, int64_t n, const ndarray* weights);

}  // namespace cunumpy::hist
