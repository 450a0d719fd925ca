// Lazy cuFFT loading (see cufft.hpp), on the model of nvrtc.cpp.
#include "runtime/cuda/cufft.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "runtime/cuda/driver.hpp"
#include "runtime/library_search.hpp"

namespace cunumpy::cuda::cufft {
namespace {

Api* load() {
  auto* a = new Api();  // process lifetime
  // cuFFT 12 ships with CUDA 13, cuFFT 11 with CUDA 12: prefer the driver's generation.
  runtime::LibrarySearch search{{"libcufft.so.12", "libcufft.so.11", "libcufft.so"}, {"cufft", "cu13"}, true};
  if (const DriverApi* d = try_driver()) d->cuDriverGetVersion(&search.driver_version);
  void* lib = runtime::open_library(search);
  if (!lib) {
    a->error = "cuFFT (libcufft.so) could not be loaded; install the CUDA toolkit or the "
               "nvidia-cufft wheel (pip install nvidia-cufft-cu12), or set CUDA_PATH";
    return a;
  }
#define CUNUMPY_LOAD_FN(name)                                           \
  a->name = reinterpret_cast<decltype(a->name)>(dlsym(lib, #name));     \
  if (!a->name) {                                                       \
    a->error = "cuFFT is missing the function " #name;                  \
    return a;                                                           \
  }
  CUNUMPY_CUFFT_FUNCTIONS(CUNUMPY_LOAD_FN)
#undef CUNUMPY_LOAD_FN
  a->cufftGetVersion(&a->version);
  a->ok = true;
  return a;
}

const char* result_name(cufftResult r) {
  switch (r) {
    case CUFFT_SUCCESS: return "CUFFT_SUCCESS";
    case CUFFT_INVALID_PLAN: return "CUFFT_INVALID_PLAN";
    case CUFFT_ALLOC_FAILED: return "CUFFT_ALLOC_FAILED";
    case CUFFT_INVALID_TYPE: return "CUFFT_INVALID_TYPE";
    case CUFFT_INVALID_VALUE: return "CUFFT_INVALID_VALUE";
    case CUFFT_INTERNAL_ERROR: return "CUFFT_INTERNAL_ERROR";
    case CUFFT_EXEC_FAILED: return "CUFFT_EXEC_FAILED";
    case CUFFT_SETUP_FAILED: return "CUFFT_SETUP_FAILED";
    case CUFFT_INVALID_SIZE: return "CUFFT_INVALID_SIZE";
    case CUFFT_UNALIGNED_DATA: return "CUFFT_UNALIGNED_DATA";
    case CUFFT_INVALID_DEVICE: return "CUFFT_INVALID_DEVICE";
    case CUFFT_NO_WORKSPACE: return "CUFFT_NO_WORKSPACE";
    case CUFFT_NOT_IMPLEMENTED: return "CUFFT_NOT_IMPLEMENTED";
    case CUFFT_NOT_SUPPORTED: return "CUFFT_NOT_SUPPORTED";
    default: return "CUFFT error";
  }
}

}  // namespace

const Api& api() {
  static Api* a = load();
  if (!a->ok) throw CudaError(a->error, -1);
  return *a;
}

void check(cufftResult r, const char* call) {
  if (r != CUFFT_SUCCESS)
    throw CudaError(std::string(call) + " failed: " + result_name(r) + " (" + std::to_string(static_cast<int>(r)) + ")",
                    static_cast<int>(r));
}

}  // namespace cunumpy::cuda::cufft
