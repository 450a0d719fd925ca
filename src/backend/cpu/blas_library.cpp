// dlopen of the CPU backend's BLAS/LAPACK (see blas_library.hpp).
#include "backend/cpu/blas_library.hpp"

#include <dlfcn.h>
#include <link.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

#include "backend/cpu/parallel.hpp"
#include "runtime/library_search.hpp"
#include "cunumpy/base/errors.hpp"

namespace cunumpy::cpu {
namespace {

// printf patterns of a routine's Fortran symbol; the ILP64 ones first.
struct Convention {
  const char* pattern;
  bool ilp64;
};
constexpr Convention kConventions[] = {
    {"scipy_%s_64_", true}, {"%s_64_", true}, {"scipy_%s_", false}, {"%s_", false}};

void* lookup(void* handle, int convention, const char* name) {
  char sym[96];
  std::snprintf(sym, sizeof sym, kConventions[convention].pattern, name);
  return dlsym(handle, sym);
}

std::mutex g_mutex;
std::vector<std::string>& candidates() {
  static std::vector<std::string> c;
  return c;
}

// The first loaded shared object whose file name mentions openblas (NumPy's bundled copy).
std::string loaded_openblas() {
  std::string found;
  dl_iterate_phdr([](dl_phdr_info* info, std::size_t, void* out) {
    const char* n = info->dlpi_name;
    if (n && std::strstr(n, "openblas")) {
      *static_cast<std::string*>(out) = n;
      return 1;
    }
    return 0;
  }, &found);
  return found;
}

// Opens `path` and finds the convention under which dgemm and dgetrf both resolve.
bool try_open(const std::string& path, int flags, BlasLibrary& lib) {
  void* h = dlopen(path.c_str(), flags);
  if (!h) return false;
  for (int c = 0; c < static_cast<int>(std::size(kConventions)); ++c) {
    if (lookup(h, c, "dgemm") && lookup(h, c, "dgetrf")) {
      lib.handle = h;
      lib.convention = c;
      lib.ilp64 = kConventions[c].ilp64;
      lib.path = path;
      return true;
    }
  }
  dlclose(h);
  return false;
}

BlasLibrary open_library() {
  BlasLibrary lib;
  std::vector<std::string> tried;
  auto attempt = [&](const std::string& p, int flags = RTLD_NOW | RTLD_LOCAL) {
    if (p.empty()) return false;
    tried.push_back(p);
    return try_open(p, flags, lib);
  };
  if (const char* env = std::getenv("CUNUMPY_BLAS_LIBRARY"); env && *env) {
    if (attempt(env)) return lib;
    throw Error(std::string("CUNUMPY_BLAS_LIBRARY=") + env +
                       " could not be opened as a BLAS/LAPACK library: " + (dlerror() ? dlerror() : "no dgemm/dgetrf"));
  }
  if (attempt(loaded_openblas())) return lib;
  for (const auto& c : candidates())
    if (attempt(c)) return lib;
  // The scipy-openblas64 wheel (a dependency of the Python package) next to this library.
  if (const std::string site = runtime::site_packages_dir(); !site.empty())
    if (attempt(site + "/scipy_openblas64/lib/libscipy_openblas64_.so")) return lib;
  for (const char* name : {"libscipy_openblas64_.so", "libscipy_openblas.so", "libopenblas64_.so.0",
                           "libopenblas.so.0", "libopenblas.so", "liblapack.so.3"})
    if (attempt(name)) return lib;
  std::string msg =
      "linear algebra on the CPU needs a BLAS/LAPACK library and none was found (tried:";
  for (const auto& t : tried) msg += " " + t;
  msg += "). Install one: `pip install scipy-openblas64` (the OpenBLAS NumPy's wheels use) or "
         "`apt-get install libopenblas0-pthread`, or point CUNUMPY_BLAS_LIBRARY at one.";
  throw Error(msg);
}

}  // namespace

void* BlasLibrary::find(const char* name) const { return lookup(handle, convention, name); }

void* BlasLibrary::require(const char* name) const {
  void* f = find(name);
  if (!f) throw Error(std::string("the BLAS/LAPACK library ") + path + " has no routine " + name);
  return f;
}

const BlasLibrary& blas_library() {
  static const BlasLibrary lib = [] {
    std::lock_guard<std::mutex> lock(g_mutex);
    BlasLibrary l = open_library();
    // Threads as the rest of the CPU backend when the user chose a number; OpenBLAS's
    // default is already one per core.
    if (std::getenv("CUNUMPY_NUM_THREADS")) {
      if (void* f = l.find("openblas_set_num_threads"); f && l.ilp64) {
        int64_t n = num_threads();
        reinterpret_cast<void (*)(const int64_t*)>(f)(&n);
      } else if (f) {
        int n = num_threads();
        reinterpret_cast<void (*)(const int*)>(f)(&n);
      }
    }
    return l;
  }();
  return lib;
}

void add_blas_candidate(const std::string& path) {
  std::lock_guard<std::mutex> lock(g_mutex);
  candidates().push_back(path);
}

}  // namespace cunumpy::cpu
