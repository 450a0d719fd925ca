// cuFFT, loaded with dlopen on first use (libcufft.so.12 / .so.11 / .so, then the
// toolkit's lib64 folders and NVIDIA's pip wheels nvidia/cufft/lib and nvidia/cu13/lib next
// to this library), as NVRTC is (nvrtc.hpp): importing cunumpy never needs it. Internal.
#pragma once
#include <cufft.h>

#include <string>

namespace cunumpy::cuda::cufft {

#define CUNUMPY_CUFFT_FUNCTIONS(X) \
  X(cufftGetVersion)               \
  X(cufftCreate)                   \
  X(cufftDestroy)                  \
  X(cufftSetAutoAllocation)        \
  X(cufftMakePlanMany64)           \
  X(cufftSetWorkArea)              \
  X(cufftSetStream)                \
  X(cufftExecC2C)                  \
  X(cufftExecZ2Z)                  \
  X(cufftExecR2C)                  \
  X(cufftExecD2Z)                  \
  X(cufftExecC2R)                  \
  X(cufftExecZ2D)

struct Api {
#define CUNUMPY_DECLARE_FN(name) decltype(&::name) name = nullptr;
  CUNUMPY_CUFFT_FUNCTIONS(CUNUMPY_DECLARE_FN)
#undef CUNUMPY_DECLARE_FN
  bool ok = false;
  std::string error;
  int version = 0;
};

// The loaded library; CudaError saying how to install it when it cannot be loaded.
const Api& api();
// CudaError naming the call and cuFFT's error unless r is CUFFT_SUCCESS.
void check(cufftResult r, const char* call);

}  // namespace cunumpy::cuda::cufft
