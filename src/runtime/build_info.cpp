// Build options and the run-time CUDA libraries (see build_info.hpp).
#include "cunumpy/runtime/build_info.hpp"

#include <dlfcn.h>

#ifdef CUNUMPY_HAVE_CUDA
#include "runtime/cuda/driver.hpp"
#include "runtime/cuda/nvrtc.hpp"
#endif

#ifndef CUNUMPY_VERSION
#define CUNUMPY_VERSION "unknown"
#endif
#ifndef CUNUMPY_COMPILER
#define CUNUMPY_COMPILER "unknown"
#endif
#ifndef CUNUMPY_BUILD_TYPE
#define CUNUMPY_BUILD_TYPE "unknown"
#endif

namespace cunumpy {

BuildInfo build_info() {
  BuildInfo b;
  b.version = CUNUMPY_VERSION;
  b.compiler = CUNUMPY_COMPILER;
  b.build_type = CUNUMPY_BUILD_TYPE;
#ifdef CUNUMPY_HAVE_CUDA
  b.cuda = true;
  b.cuda_toolkit_version = CUDA_VERSION;
#endif
  return b;
}

#ifdef CUNUMPY_HAVE_CUDA
namespace {
// The file a loaded function comes from: what dlopen's search really found.
std::string file_of(const void* fn) {
  Dl_info info;
  if (fn && dladdr(fn, &info) && info.dli_fname) return info.dli_fname;
  return "";
}
}  // namespace
#endif

std::vector<LibraryInfo> cuda_libraries() {
  std::vector<LibraryInfo> out;
#ifdef CUNUMPY_HAVE_CUDA
  LibraryInfo drv;
  drv.name = "CUDA driver";
  if (const cuda::DriverApi* api = cuda::try_driver()) {
    drv.found = true;
    drv.path = file_of(reinterpret_cast<const void*>(api->cuDriverGetVersion));
    int v = 0;
    if (api->cuDriverGetVersion(&v) == CUDA_SUCCESS)
      drv.version = std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
  } else {
    drv.error = cuda::load_error();
  }
  out.push_back(std::move(drv));

  LibraryInfo rtc;
  rtc.name = "NVRTC";
  if (cuda::nvrtc::is_available()) {
    rtc.found = true;
    rtc.path = cuda::nvrtc::library_path();
    rtc.version = cuda::nvrtc::version();
  } else {
    rtc.error = cuda::nvrtc::load_error();
  }
  out.push_back(std::move(rtc));
#endif
  return out;
}

}  // namespace cunumpy
