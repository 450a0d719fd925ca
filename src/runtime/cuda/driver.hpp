// The CUDA driver API, loaded with dlopen("libcuda.so.1") on first use so that cunumpy
// loads and runs on the CPU backend where there is no driver. Only the functions cunumpy
// calls are resolved; each pointer has the exact type the toolkit's cuda.h declares.
// Internal header (not installed).
#pragma once
#include <cuda.h>

#include <cstddef>

#include <string>

namespace cunumpy::cuda {

// One entry per driver function: X(api name as written in code). cuda.h maps names such as
// cuMemAlloc to their current versioned symbol (cuMemAlloc_v2); the loader resolves that
// symbol and falls back to the unversioned one for older drivers.
#define CUNUMPY_CUDA_DRIVER_FUNCTIONS(X) \
  X(cuInit)                              \
  X(cuDriverGetVersion)                  \
  X(cuGetErrorName)                      \
  X(cuGetErrorString)                    \
  X(cuDeviceGetCount)                    \
  X(cuDeviceGet)                         \
  X(cuDeviceGetName)                     \
  X(cuDeviceGetAttribute)                \
  X(cuDeviceTotalMem)                    \
  X(cuDeviceCanAccessPeer)               \
  X(cuDevicePrimaryCtxRetain)            \
  X(cuCtxSetCurrent)                     \
  X(cuCtxGetCurrent)                     \
  X(cuCtxSynchronize)                    \
  X(cuCtxEnablePeerAccess)               \
  X(cuMemAlloc)                          \
  X(cuMemFree)                           \
  X(cuMemGetInfo)                        \
  X(cuMemHostAlloc)                      \
  X(cuMemFreeHost)                       \
  X(cuMemHostGetDevicePointer)           \
  X(cuMemAllocManaged)                   \
  X(cuMemAllocAsync)                     \
  X(cuMemFreeAsync)                      \
  X(cuDeviceGetDefaultMemPool)           \
  X(cuMemPoolTrimTo)                     \
  X(cuMemPoolGetAttribute)               \
  X(cuPointerGetAttribute)               \
  X(cuLaunchHostFunc)                    \
  X(cuMemcpyHtoDAsync)                   \
  X(cuMemcpyDtoHAsync)                   \
  X(cuMemcpyDtoDAsync)                   \
  X(cuMemcpyPeerAsync)                   \
  X(cuMemcpyAsync)                       \
  X(cuStreamCreate)                      \
  X(cuStreamCreateWithPriority)          \
  X(cuStreamDestroy)                     \
  X(cuStreamSynchronize)                 \
  X(cuStreamQuery)                       \
  X(cuStreamWaitEvent)                   \
  X(cuEventCreate)                       \
  X(cuEventDestroy)                      \
  X(cuEventRecord)                       \
  X(cuEventSynchronize)                  \
  X(cuEventQuery)                        \
  X(cuEventElapsedTime)                  \
  X(cuModuleLoadData)                    \
  X(cuModuleGetFunction)                 \
  X(cuModuleGetGlobal)                   \
  X(cuFuncGetAttribute)                  \
  X(cuFuncSetAttribute)                  \
  X(cuLaunchKernel)                      \
  X(cuLaunchCooperativeKernel)

struct DriverApi {
#define CUNUMPY_DECLARE_FN(name) decltype(&::name) name = nullptr;
  CUNUMPY_CUDA_DRIVER_FUNCTIONS(CUNUMPY_DECLARE_FN)
#undef CUNUMPY_DECLARE_FN
  // Optional (driver 12.4+): nullptr on older drivers, and nothing needs it to work.
  decltype(&::cuFuncGetParamInfo) cuFuncGetParamInfo = nullptr;
  // Optional (driver 13.1+; declared here since older cuda.h lack it): a function's
  // parameter count, so that probing needs no call past the last parameter.
  CUresult (*cuFuncGetParamCount)(CUfunction func, std::size_t* count) = nullptr;
};

// The driver table, loaded and cuInit'ed once. Returns nullptr (never throws) when
// libcuda.so.1 is missing or cuInit fails; load_error() then says why.
const DriverApi* try_driver();
const std::string& load_error();
// The driver table; throws CudaError naming the reason when the driver is unusable.
const DriverApi& driver();

// Throws CudaError "<call> failed: CUDA_ERROR_X (description)" unless r == CUDA_SUCCESS.
void check(CUresult r, const char* call);
// The same message without throwing (for destructors and logs).
std::string error_message(CUresult r, const char* call);

// Makes the primary context of `device` current on the calling thread (retained once per
// device for the life of the process). Cheap when it is already current. Throws
// ValueError for an index out of range and CudaError for driver failures.
void ensure_context(int device);
// The device whose context ensure_context() last made current on this thread (0 if none).
int context_device();
// Number of devices the driver reports, 0 without a usable driver. Never throws.
int device_count();
// CUdevice handle of `device` (ValueError when out of range).
CUdevice device_handle(int device);

using StreamHandle = void*;  // CUstream
// The calling thread's current stream on `device` (the legacy null stream by default);
// defined with the stream registry (runtime/stream.cpp).
StreamHandle current_stream(int device);

}  // namespace cunumpy::cuda

// Stringizes after macro expansion, so CN_STRX(cuMemAlloc) is "cuMemAlloc_v2".
#define CN_STR_(x) #x
#define CN_STRX(x) CN_STR_(x)

// Calls a driver function through the table and checks its result; errors name the
// versioned symbol that was called:  CN_CU(cuMemAlloc, &ptr, n);
#define CN_CU(fn, ...) \
  ::cunumpy::cuda::check(::cunumpy::cuda::driver().fn(__VA_ARGS__), CN_STRX(fn))
