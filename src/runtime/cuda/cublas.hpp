// cuBLAS and cuSOLVER (dense), opened with dlopen on first use like NVRTC (nvrtc.cpp): from
// $CUDA_PATH / $CUDA_HOME / /usr/local/cuda, or NVIDIA's pip wheels (nvidia-cublas-cu12,
// nvidia-cusolver-cu12; the CUDA 13 wheels' nvidia/cu13/lib), so that importing cunumpy
// and the CPU backend need neither. One handle of each per device and host thread (a
// handle must not be used by two threads at once), created on first use; the getters below
// set the current stream on it when it differs from the one they set last. Failed calls raise CudaError naming the call and
// the status. Internal header (not installed).
#pragma once
#include <cublas_v2.h>
#include <cusolverDn.h>

namespace cunumpy::cuda {

#define CUNUMPY_CUBLAS_FUNCTIONS(X)                                                         \
  X(cublasCreate) X(cublasSetStream) X(cublasSetMathMode) X(cublasSscal_v2) X(cublasDscal_v2)  \
  X(cublasSgemm_v2) X(cublasDgemm_v2) X(cublasCgemm_v2) X(cublasZgemm_v2)                     \
  X(cublasSgetrfBatched) X(cublasDgetrfBatched) X(cublasCgetrfBatched) X(cublasZgetrfBatched) \
  X(cublasSgetrsBatched) X(cublasDgetrsBatched) X(cublasCgetrsBatched) X(cublasZgetrsBatched) \
  X(cublasStrsm_v2) X(cublasDtrsm_v2) X(cublasCtrsm_v2) X(cublasZtrsm_v2)

#define CUNUMPY_CUSOLVER_FUNCTIONS(X)                                                      \
  X(cusolverDnCreate) X(cusolverDnSetStream) X(cusolverDnCreateParams) X(cusolverDnSetAdvOptions) \
  X(cusolverDnXgetrf_bufferSize) X(cusolverDnXgetrf) X(cusolverDnXgetrs)                   \
  X(cusolverDnXpotrf_bufferSize) X(cusolverDnXpotrf) X(cusolverDnXgeqrf_bufferSize)        \
  X(cusolverDnXgeqrf) X(cusolverDnXsyevd_bufferSize) X(cusolverDnXsyevd)                   \
  X(cusolverDnXgesvd_bufferSize) X(cusolverDnXgesvd) X(cusolverDnSorgqr_bufferSize)        \
  X(cusolverDnSorgqr) X(cusolverDnDorgqr_bufferSize) X(cusolverDnDorgqr)                   \
  X(cusolverDnCungqr_bufferSize) X(cusolverDnCungqr) X(cusolverDnZungqr_bufferSize)        \
  X(cusolverDnZungqr)                                                                      \
  X(cusolverDnSpotrfBatched) X(cusolverDnDpotrfBatched) X(cusolverDnCpotrfBatched)         \
  X(cusolverDnZpotrfBatched) X(cusolverDnCreateSyevjInfo) X(cusolverDnXsyevjSetSortEig)    \
  X(cusolverDnSsyevjBatched_bufferSize) X(cusolverDnDsyevjBatched_bufferSize)              \
  X(cusolverDnCheevjBatched_bufferSize) X(cusolverDnZheevjBatched_bufferSize)              \
  X(cusolverDnSsyevjBatched) X(cusolverDnDsyevjBatched) X(cusolverDnCheevjBatched)         \
  X(cusolverDnZheevjBatched) X(cusolverDnCreateGesvdjInfo) X(cusolverDnXgesvdjSetSortEig)  \
  X(cusolverDnSgesvdjBatched_bufferSize) X(cusolverDnDgesvdjBatched_bufferSize)            \
  X(cusolverDnCgesvdjBatched_bufferSize) X(cusolverDnZgesvdjBatched_bufferSize)            \
  X(cusolverDnSgesvdjBatched) X(cusolverDnDgesvdjBatched) X(cusolverDnCgesvdjBatched)      \
  X(cusolverDnZgesvdjBatched)                                                              \
  X(cusolverDnSlaswp) X(cusolverDnDlaswp) X(cusolverDnClaswp) X(cusolverDnZlaswp)

struct CublasApi {
#define CUNUMPY_DECLARE_FN(name) decltype(&::name) name = nullptr;
  CUNUMPY_CUBLAS_FUNCTIONS(CUNUMPY_DECLARE_FN)
#undef CUNUMPY_DECLARE_FN
  // Spelled out: cublas_api.h overloads this name (a C++ inline taking cudaDataType).
  cublasStatus_t (*cublasGemmStridedBatchedEx)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                               const void*, const void*, cudaDataType, int, long long, const void*,
                                               cudaDataType, int, long long, const void*, void*, cudaDataType, int,
                                               long long, int, cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
};
struct CusolverApi {
#define CUNUMPY_DECLARE_FN(name) decltype(&::name) name = nullptr;
  CUNUMPY_CUSOLVER_FUNCTIONS(CUNUMPY_DECLARE_FN)
#undef CUNUMPY_DECLARE_FN
};

// The tables; CudaError saying what to install when the library cannot be loaded.
const CublasApi& cublas();
const CusolverApi& cusolver();

// This thread's handles for `device` (its context made current), with the device's current
// stream set. GEMM math mode: CUBLAS_DEFAULT_MATH (no TF32) unless CUNUMPY_TF32=1 or
// CUPY_TF32=1 (CUBLAS_TF32_TENSOR_OP_MATH) was set when the handle was created.
cublasHandle_t cublas_handle(int device);
cusolverDnHandle_t cusolver_handle(int device);
// The 64-bit API's parameters of `device` (this thread). getrf runs cuSOLVER's default
// algorithm unless CUNUMPY_GETRF_ALG=1 (CUSOLVER_ALG_1) was set when they were created: a
// measurement knob for the large-solve benchmark (docs/benchmarks.md).
cusolverDnParams_t cusolver_params(int device);
// Whether float32 GEMMs may use TF32 (the environment variables above).
bool tf32_enabled();

// CudaError "<call> failed: <status>" unless the status is success.
void check_cublas(cublasStatus_t s, const char* call);
void check_cusolver(cusolverStatus_t s, const char* call);

}  // namespace cunumpy::cuda
