// The one search for dlopen'ed vendor libraries (see library_search.hpp).
#include "runtime/library_search.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <utility>

namespace cunumpy::runtime {

std::string site_packages_dir() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void*>(&site_packages_dir), &info) || !info.dli_fname) return "";
  const std::string self = info.dli_fname;
  auto pos = self.rfind("/site-packages/");
  if (pos == std::string::npos) pos = self.rfind("/dist-packages/");
  if (pos == std::string::npos) return "";
  return self.substr(0, self.find('/', pos + 1));
}

std::vector<std::string> library_candidates(const LibrarySearch& search) {
  std::vector<std::string> names = search.names;
  if (search.prefer_driver_generation && names.size() >= 2 && search.driver_version > 0 &&
      search.driver_version < 13000)
    std::swap(names[0], names[1]);
  std::vector<std::string> dirs;
  for (const char* env : {"CUDA_PATH", "CUDA_HOME"})
    if (const char* p = std::getenv(env)) dirs.push_back(std::string(p) + "/lib64");
  dirs.push_back("/usr/local/cuda/lib64");
  if (const std::string site = site_packages_dir(); !site.empty())
    for (const auto& w : search.wheel_dirs) dirs.push_back(site + "/nvidia/" + w + "/lib");
  std::vector<std::string> out = names;
  for (const auto& d : dirs)
    for (const auto& n : names) out.push_back(d + "/" + n);
  return out;
}

void* open_library(const LibrarySearch& search) {
  for (const auto& c : library_candidates(search))
    if (void* h = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL)) return h;
  return nullptr;
}

}  // namespace cunumpy::runtime
