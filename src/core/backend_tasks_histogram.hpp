// Histogram tasks (core/backend.hpp's "histogram" entries): counting the elements of a 1-d
// array into bins, and the fused min/max that sizes bincount and derives a range. The op
// (src/ops/histograms) resolves every dtype of NumPy's bin-index expression; a backend only
// evaluates it. Internal header: the histogram op and the two executors include it.
#pragma once
#include <cstdint>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/scalar.hpp"

namespace cunumpy::detail {

// How an element's bin is found.
enum class HistogramBinning : uint8_t {
  Values,     // the element is its bin (bincount; 0 <= x < n checked by the op)
  EqualBins,  // NumPy's equal-bin index: (x - first) / width * n, corrected by the edges
  Edges,      // searchsorted(edges, x, 'right') - 1, the last edge inclusive
};

struct HistogramTask {
  HistogramBinning binning = HistogramBinning::Values;
  ndarray x;        // 1-d, C-contiguous: any integer, bool, float32 or float64 dtype
  ndarray weights;  // undefined, or float64 of x's size, C-contiguous
  // EqualBins: the n + 1 edges (float32/float64); Edges: the n + 1 edges in the
  // comparison dtype (NumPy's result_type of x and the bins, no float16/bool/complex).
  ndarray edges;
  // EqualBins: x is kept when lo <= (range_type)x <= hi; (edge_type)x - first is computed
  // in offset_type, then / width * n in scale_type (NumPy's dtypes of each step).
  DType range_type = int64, offset_type = float64, scale_type = float64;
  Scalar lo, hi;     // of range_type
  Scalar first;      // of offset_type
  Scalar width;      // of scale_type
  int64_t n = 0;     // bins
  ndarray out;       // n zeros: int64 counts, or float64 sums of the weights (added to)
};

// The smallest and largest element of a non-empty 1-d x (NaN wins, as NumPy's min/max).
struct MinMaxTask {
  ndarray x;
  Scalar* min = nullptr;  // receive values of x's dtype
  Scalar* max = nullptr;
};

}  // namespace cunumpy::detail
