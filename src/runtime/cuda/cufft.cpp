// Lazy cuFFT loading (see cufft.hpp), on the model of nvrtc.cpp.
#include "runtime/cuda/cufft.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "runtime/cuda/driver.hpp"

namespace cunumpy::cuda::cufft {
namespace {

std::string site_packages_dir();

std::vector<std::string> candidates() {
  // cuFFT 12 ships with CUDA 13, cuFFT 11 with CUDA 12: prefer the driver's generation.
  std::vector<std::string> names = {"libcufft.so.12", "libcufft.so.11", "libcufft.so"};
  int driver_version = 0;
  if (const DriverApi* d = try_driver()) d->cuDriverGetVersion(&driver_version);
  if (driver_version > 0 && driver_version < 13000) std::swap(names[0], names[1]);
  std::vector<std::string> dirs;
  if (const char* p = std::getenv("CUDA_PATH")) dirs.push_back(std::string(p) + "/lib64");
  if (const char* p = std::getenv("CUDA_HOME")) dirs.push_back(std::string(p) + "/lib64");
  dirs.push_back("/usr/local/cuda/lib64");
  const std::string site = site_packages_dir();
  if (!site.empty()) {
    dirs.push_back(site + "/nvidia/cufft/lib");  // nvidia-cufft-cu12
    dirs.push_back(site + "/nvidia/cu13/lib");   // CUDA 13 wheels
  }
  std::vector<std::string> out = names;
  for (const auto& d : dirs)
    for (const auto& n : names) out.push_back(d + "/" + n);
  return out;
}

std::string site_packages_dir() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void*>(&candidates), &info) || !info.dli_fname) return "";
  std::string self = info.dli_fname;
  auto pos = self.rfind("/site-packages/");
  if (pos == std::string::npos) pos = self.rfind("/dist-packages/");
  if (pos == std::string::npos) return "";
  return self.substr(0, self.find('/', pos + 1));
}

Api* load() {
  auto* a = new Api();  // process lifetime
  void* lib = nullptr;
  for (const auto& c : candidates())
    if ((lib = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL))) break;
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
