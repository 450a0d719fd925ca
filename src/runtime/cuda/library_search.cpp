// The search for NVIDIA's shared libraries (see library_search.hpp).
#include "runtime/cuda/library_search.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <vector>

namespace cunumpy::cuda {

std::string site_packages_dir() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void*>(&site_packages_dir), &info) || !info.dli_fname) return "";
  std::string self = info.dli_fname;
  auto pos = self.rfind("/site-packages/");
  if (pos == std::string::npos) pos = self.rfind("/dist-packages/");
  if (pos == std::string::npos) return "";
  return self.substr(0, self.find('/', pos + 1));
}

void* open_nvidia_library(std::initializer_list<const char*> names, const char* wheel_dir) {
  std::vector<std::string> dirs = {""};
  if (const char* p = std::getenv("CUDA_PATH")) dirs.push_back(std::string(p) + "/lib64/");
  if (const char* p = std::getenv("CUDA_HOME")) dirs.push_back(std::string(p) + "/lib64/");
  dirs.push_back("/usr/local/cuda/lib64/");
  const std::string site = site_packages_dir();
  if (!site.empty()) {
    dirs.push_back(site + "/nvidia/" + wheel_dir + "/lib/");
    dirs.push_back(site + "/nvidia/cu13/lib/");
  }
  for (const auto& d : dirs)
    for (const char* n : names)
      if (void* h = dlopen((d + n).c_str(), RTLD_NOW | RTLD_LOCAL)) return h;
  return nullptr;
}

}  // namespace cunumpy::cuda
