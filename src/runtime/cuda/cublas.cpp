// Lazy loading of cuBLAS / cuSOLVER and their per-device handles (see cublas.hpp).
#include "runtime/cuda/cublas.hpp"

#include "runtime/cuda/library_handles.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "runtime/cuda/driver.hpp"
#include "runtime/library_search.hpp"

namespace cunumpy::cuda {
namespace {

template <class Api>
void* resolve(void* lib, const char* name, const char* library) {
  void* f = dlsym(lib, name);
  if (!f) throw CudaError(std::string(library) + " is missing the function " + name, -1);
  return f;
}

}  // namespace

const CublasApi& cublas() {
  static const CublasApi api = [] {
    void* lib = runtime::open_library({{"libcublas.so.13", "libcublas.so.12", "libcublas.so"}, {"cublas", "cu13"}});
    if (!lib)
      throw CudaError("cuBLAS (libcublas.so) could not be loaded; install the CUDA toolkit or the "
                      "nvidia-cublas-cu12 wheel, or set CUDA_PATH", -1);
    CublasApi a;
#define CUNUMPY_LOAD_FN(name) \
  a.name = reinterpret_cast<decltype(a.name)>(resolve<CublasApi>(lib, CN_STRX(name), "cuBLAS"));
    CUNUMPY_CUBLAS_FUNCTIONS(CUNUMPY_LOAD_FN)
    CUNUMPY_LOAD_FN(cublasGemmStridedBatchedEx)
#undef CUNUMPY_LOAD_FN
    return a;
  }();
  return api;
}

const CusolverApi& cusolver() {
  static const CusolverApi api = [] {
    cublas();  // cuSOLVER needs cuBLAS loaded first (its dependency)
    void* lib = runtime::open_library({{"libcusolver.so.12", "libcusolver.so.11", "libcusolver.so"}, {"cusolver", "cu13"}});
    if (!lib)
      throw CudaError("cuSOLVER (libcusolver.so) could not be loaded; install the CUDA toolkit or the "
                      "nvidia-cusolver-cu12 wheel, or set CUDA_PATH", -1);
    CusolverApi a;
#define CUNUMPY_LOAD_FN(name) \
  a.name = reinterpret_cast<decltype(a.name)>(resolve<CusolverApi>(lib, CN_STRX(name), "cuSOLVER"));
    CUNUMPY_CUSOLVER_FUNCTIONS(CUNUMPY_LOAD_FN)
#undef CUNUMPY_LOAD_FN
    return a;
  }();
  return api;
}

void check_cublas(cublasStatus_t s, const char* call) {
  if (s != CUBLAS_STATUS_SUCCESS)
    throw CudaError(std::string(call) + " failed: cuBLAS status " + std::to_string(static_cast<int>(s)), static_cast<int>(s));
}

void check_cusolver(cusolverStatus_t s, const char* call) {
  if (s != CUSOLVER_STATUS_SUCCESS)
    throw CudaError(std::string(call) + " failed: cuSOLVER status " + std::to_string(static_cast<int>(s)), static_cast<int>(s));
}

bool tf32_enabled() {
  static const bool on = [] {
    for (const char* v : {"CUNUMPY_TF32", "CUPY_TF32"})
      if (const char* s = std::getenv(v); s && s[0] == '1') return true;
    return false;
  }();
  return on;
}

namespace {
// Handles live for the thread's life (never destroyed: destroying at exit may run after
// the driver has unloaded).
struct Handles {
  cublasHandle_t blas = nullptr;
  cusolverDnHandle_t solver = nullptr;
  cusolverDnParams_t params = nullptr;
};
Handles& handles(int device) {
  thread_local std::map<int, Handles> per_device;
  return per_device[device];
}
}  // namespace

cublasHandle_t cublas_handle(int device) {
  ensure_context(device);
  Handles& h = handles(device);
  const CublasApi& api = cublas();
  if (!h.blas) {
    check_cublas(api.cublasCreate(&h.blas), "cublasCreate");
    check_cublas(api.cublasSetMathMode(h.blas, tf32_enabled() ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH),
                 "cublasSetMathMode");
  }
  check_cublas(api.cublasSetStream(h.blas, static_cast<cudaStream_t>(current_stream(device))), "cublasSetStream");
  return h.blas;
}

cusolverDnHandle_t cusolver_handle(int device) {
  ensure_context(device);
  Handles& h = handles(device);
  const CusolverApi& api = cusolver();
  if (!h.solver) check_cusolver(api.cusolverDnCreate(&h.solver), "cusolverDnCreate");
  check_cusolver(api.cusolverDnSetStream(h.solver, static_cast<cudaStream_t>(current_stream(device))),
                 "cusolverDnSetStream");
  return h.solver;
}

cusolverDnParams_t cusolver_params(int device) {
  Handles& h = handles(device);
  if (!h.params) check_cusolver(cusolver().cusolverDnCreateParams(&h.params), "cusolverDnCreateParams");
  return h.params;
}

void* cublas_handle_ptr(int device) { return cublas_handle(device); }
void* cusolver_handle_ptr(int device) { return cusolver_handle(device); }

}  // namespace cunumpy::cuda
