// cuComplex.h's API over complex<T>, for RawKernel/RawModule(translate_cucomplex=True):
// `#include <cuComplex.h>` in the user's source is replaced by this header (CuPy's
// behaviour), so cuFloatComplex / cuDoubleComplex are complex<float> / complex<double> and
// kernels taking them accept complex64 / complex128 arrays and complex scalars.
// Include guard, not #pragma once: the same text is offered under two names
// (cunumpy/... and cupy/...), which #pragma once would see as two files.
#ifndef CUNUMPY_CUCOMPLEX_BRIDGE_H_
#define CUNUMPY_CUCOMPLEX_BRIDGE_H_
#include <cunumpy/complex.cuh>

typedef complex<float> cuFloatComplex;
typedef complex<double> cuDoubleComplex;
typedef cuFloatComplex cuComplex;

__host__ __device__ inline float cuCrealf(cuFloatComplex x) { return x.real(); }
__host__ __device__ inline float cuCimagf(cuFloatComplex x) { return x.imag(); }
__host__ __device__ inline cuFloatComplex make_cuFloatComplex(float r, float i) { return cuFloatComplex(r, i); }
__host__ __device__ inline cuFloatComplex cuConjf(cuFloatComplex x) { return conj(x); }
__host__ __device__ inline cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y) { return x + y; }
__host__ __device__ inline cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y) { return x - y; }
__host__ __device__ inline cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y) { return x * y; }
__host__ __device__ inline cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y) { return x / y; }
__host__ __device__ inline float cuCabsf(cuFloatComplex x) { return abs(x); }
__host__ __device__ inline cuFloatComplex cuCfmaf(cuFloatComplex x, cuFloatComplex y, cuFloatComplex d) { return x * y + d; }

__host__ __device__ inline double cuCreal(cuDoubleComplex x) { return x.real(); }
__host__ __device__ inline double cuCimag(cuDoubleComplex x) { return x.imag(); }
__host__ __device__ inline cuDoubleComplex make_cuDoubleComplex(double r, double i) { return cuDoubleComplex(r, i); }
__host__ __device__ inline cuDoubleComplex cuConj(cuDoubleComplex x) { return conj(x); }
__host__ __device__ inline cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y) { return x + y; }
__host__ __device__ inline cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y) { return x - y; }
__host__ __device__ inline cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y) { return x * y; }
__host__ __device__ inline cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y) { return x / y; }
__host__ __device__ inline double cuCabs(cuDoubleComplex x) { return abs(x); }
__host__ __device__ inline cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y, cuDoubleComplex d) { return x * y + d; }

__host__ __device__ inline cuComplex make_cuComplex(float r, float i) { return cuComplex(r, i); }
__host__ __device__ inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) { return cuDoubleComplex(c); }
__host__ __device__ inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) { return cuFloatComplex(c); }

#endif  // CUNUMPY_CUCOMPLEX_BRIDGE_H_
