// Window functions for signal processing (numpy.bartlett, blackman, hamming, hanning,
// kaiser) and the Bessel function they need (numpy.i0). Windows are float64 arrays of M
// points on the current device: empty for M < 1, [1.0] for M == 1. M need not be whole
// (NumPy's formulas take it as given).
#pragma once

#include "cunumpy/core/ndarray.hpp"

namespace cunumpy {

ndarray bartlett(double M);
ndarray blackman(double M);
ndarray hamming(double M);
ndarray hanning(double M);
ndarray kaiser(double M, double beta);

// The modified Bessel function of the first kind, order 0, elementwise (NumPy's Cephes
// Chebyshev expansions); floating x keeps its dtype, others compute in float64. TypeError
// for complex x.
ndarray i0(const ndarray& x);

}  // namespace cunumpy
