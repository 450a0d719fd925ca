// Host compilation of generated kernels: memory cache (hash -> library handle) in front of
// the disk cache (<dir>/<hash>.so) in front of the compiler. A library that fails to load
// (truncated, foreign) is rebuilt. With no usable cache directory, a private temporary one
// is used for this process.
#include "backend/cpu/host_compiler.hpp"

#include <dlfcn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

#include "cunumpy/base/errors.hpp"
#include "runtime/kernel_cache_files.hpp"
#include "runtime/source_listing.hpp"

#ifndef CUNUMPY_VERSION
#define CUNUMPY_VERSION "unknown"
#endif

namespace cunumpy::detail {
extern const char* const kScalarHeaderSource;
}

namespace cunumpy::cpu {
namespace {

constexpr const char* kFlags = "-O2 -std=c++20 -shared -fPIC -w";

std::string compiler() {
  const char* cxx = std::getenv("CXX");
  return cxx && *cxx ? cxx : "c++";
}

bool make_dirs(const std::string& path) {
  if (path.empty()) return false;
  for (std::size_t i = 1; i <= path.size(); ++i)
    if (i == path.size() || path[i] == '/') ::mkdir(path.substr(0, i).c_str(), 0755);
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && ::access(path.c_str(), W_OK) == 0;
}

bool write_file(const std::string& path, const std::string& text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  return std::fclose(f) == 0 && ok;
}

std::string read_file(const std::string& path) {
  std::string out;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return out;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
  std::fclose(f);
  return out;
}

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

struct Cache {
  std::mutex mu;
  std::unordered_map<std::string, void*> libs;  // hash -> dlopen handle (never closed)
  std::string dir;
  bool dir_ready = false;
};
Cache& cache() {
  static auto* c = new Cache();  // process lifetime: libraries are never unloaded
  return *c;
}

std::string usable_dir(Cache& c) {  // caller holds c.mu
  if (c.dir_ready) return c.dir;
  c.dir = kernel_cache_dir();
  if (!make_dirs(c.dir)) {
    char tmpl[] = "/tmp/cunumpy-kernels-XXXXXX";
    const char* d = ::mkdtemp(tmpl);
    c.dir = d ? d : "/tmp";
  }
  c.dir_ready = true;
  return c.dir;
}

// Compiles `source` into `so_path` (atomically: a temporary name, then rename).
void compile(const std::string& dir, const std::string& hash, const std::string& source,
             const std::string& name, const std::string& so_path) {
  const std::string work = dir + "/" + hash + ".build." + std::to_string(::getpid());
  ::mkdir(work.c_str(), 0755);
  const std::string src = work + "/kernel.cpp", log = work + "/log.txt", out = work + "/kernel.so";
  if (!write_file(work + "/cn_scalar.h", detail::kScalarHeaderSource) || !write_file(src, source))
    throw CompileError("cannot write the kernel source to " + work, "");
  // $CXX is used as written, so it may carry a launcher or flags ("ccache g++").
  const std::string cmd = compiler() + " " + kFlags + " -o " + quote(out) + " " + quote(src) +
                          " > " + quote(log) + " 2>&1";
  const int rc = std::system(cmd.c_str());
  const bool ok = rc != -1 && WIFEXITED(rc) && WEXITSTATUS(rc) == 0;
  std::string text = read_file(log);
  if (ok) std::rename(out.c_str(), so_path.c_str());
  std::remove(out.c_str());
  std::remove(log.c_str());
  std::remove(src.c_str());
  std::remove((work + "/cn_scalar.h").c_str());
  ::rmdir(work.c_str());
  if (!ok) {
    std::string full = text + "\n\ncommand: " + cmd + "\n\nsource of " + name + ":\n" + detail::numbered_source(source);
    throw CompileError("the host compiler failed to compile kernel '" + name + "':\n" + full, full);
  }
}

}  // namespace

void* host_function(const std::string& source, const std::string& name) {
  const std::string hash =
      fnv1a_128({source, detail::kScalarHeaderSource, compiler(), kFlags, CUNUMPY_VERSION}).hex();
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mu);  // compiles are rare: one at a time keeps it simple
  void* lib = nullptr;
  if (auto it = c.libs.find(hash); it != c.libs.end()) {
    lib = it->second;
  } else {
    const std::string dir = usable_dir(c);
    const std::string so = dir + "/" + hash + ".so";
    lib = ::access(so.c_str(), R_OK) == 0 ? ::dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL) : nullptr;
    if (!lib) {  // absent or damaged: (re)build it
      std::remove(so.c_str());
      compile(dir, hash, source, name, so);
      lib = ::dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (!lib) {
        const char* e = ::dlerror();
        throw CompileError(std::string("cannot load the compiled kernel: ") + (e ? e : "?"), "");
      }
    }
    c.libs.emplace(hash, lib);
  }
  void* fn = ::dlsym(lib, name.c_str());
  if (!fn) throw CompileError("the compiled kernel has no function '" + name + "'", "");
  return fn;
}

}  // namespace cunumpy::cpu
