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
// the driver has unloaded). The stream last set on each is remembered, so that a call on
// an unchanged stream skips cublasSetStream (which also resets cuBLAS's workspace).
struct Handles {
  cublasHandle_t blas = nullptr;
  cusolverDnHandle_t solver = nullptr;
  cusolverDnParams_t params = nullptr;
  void* blas_stream = nullptr;
  void* solver_stream = nullptr;
  bool blas_stream_known = false, solver_stream_known = false;
};
Handles& handles(int device) {
  // Indexed by device: a vector, not a map, on the per-call path.
  thread_local std::vector<Handles> per_device;
  if (device < 0) throw ValueError("cuBLAS handle of a negative device id " + std::to_string(device));
  if (static_cast<std::size_t>(device) >= per_device.size()) per_device.resize(static_cast<std::size_t>(device) + 1);
  return per_device[static_cast<std::size_t>(device)];
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
  void* stream = current_stream(device);
  if (!h.blas_stream_known || h.blas_stream != stream) {
    check_cublas(api.cublasSetStream(h.blas, static_cast<cudaStream_t>(stream)), "cublasSetStream");
    h.blas_stream = stream;
    h.blas_stream_known = true;
  }
  return h.blas;
}

cusolverDnHandle_t cusolver_handle(int device) {
  ensure_context(device);
  Handles& h = handles(device);
  const CusolverApi& api = cusolver();
  if (!h.solver) check_cusolver(api.cusolverDnCreate(&h.solver), "cusolverDnCreate");
  void* stream = current_stream(device);
  if (!h.solver_stream_known || h.solver_stream != stream) {
    check_cusolver(api.cusolverDnSetStream(h.solver, static_cast<cudaStream_t>(stream)), "cusolverDnSetStream");
    h.solver_stream = stream;
    h.solver_stream_known = true;
  }
  return h.solver;
}

cusolverDnParams_t cusolver_params(int device) {
  Handles& h = handles(device);
  if (!h.params) {
    check_cusolver(cusolver().cusolverDnCreateParams(&h.params), "cusolverDnCreateParams");
    if (const char* e = std::getenv("CUNUMPY_GETRF_ALG"); e && e[0] == '1')
      check_cusolver(cusolver().cusolverDnSetAdvOptions(h.params, CUSOLVERDN_GETRF, CUSOLVER_ALG_1),
                     "cusolverDnSetAdvOptions");
  }
  return h.params;
}

// Handed to users (CuPy's get_cublas_handle), who may set their own stream on it: the next
// internal call sets ours again.
void* cublas_handle_ptr(int device) {
  cublasHandle_t b = cublas_handle(device);
  handles(device).blas_stream_known = false;
  return b;
}
void* cusolver_handle_ptr(int device) {
  cusolverDnHandle_t s = cusolver_handle(device);
  handles(device).solver_stream_known = false;
  return s;
}

}  // namespace cunumpy::cuda
