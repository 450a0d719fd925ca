// Host compilation of generated kernels: memory cache (hash -> library handle) in front of
// the disk cache (<dir>/<hash>.cnso) in front of the compiler. A cache file is a checksummed
// header (magic, payload length, FNV-1a of the payload, the cache key) and the shared
// library. It is verified in memory, then the payload is written to a private temporary
// file that is dlopen'ed and unlinked: the cache file itself is never mapped, so a file
// truncated or rewritten by another process cannot raise SIGBUS/SIGILL here, and a file
// that dlopen would accept but that is damaged, foreign or lacks the function is rebuilt.
// With no usable cache directory, a private temporary one is used for this process.
#include "backend/cpu/host_compiler.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cerrno>
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

// ---- cache file format ----
constexpr char kMagic[8] = {'C', 'N', 'H', 'O', 'S', 'T', 'S', '1'};
struct FileHeader {
  char magic[8];
  uint64_t length;    // payload bytes
  uint64_t checksum;  // fnv1a64 of the payload
  uint64_t key;       // fnv1a64 of the cache key: another kernel's file is refused
};
static_assert(sizeof(FileHeader) == 32);

// The library bytes of a cache file, or empty when the file is absent or fails any check.
std::string verified_payload(const std::string& path, const std::string& key) {
  const std::string file = read_file(path);
  if (file.size() < sizeof(FileHeader)) return "";
  FileHeader h;
  std::memcpy(&h, file.data(), sizeof h);
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0 || h.length != file.size() - sizeof h ||
      h.key != fnv1a_64(key.data(), key.size()))
    return "";
  std::string payload = file.substr(sizeof h);
  if (fnv1a_64(payload.data(), payload.size()) != h.checksum) return "";
  return payload;
}

bool write_fd(int fd, const char* p, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

// Writes header + payload under a temporary name, then renames it over `path` (readers
// see the old file or the whole new one). Failure only costs a rebuild next time.
void store(const std::string& path, const std::string& key, const std::string& payload) {
  FileHeader h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.length = payload.size();
  h.checksum = fnv1a_64(payload.data(), payload.size());
  h.key = fnv1a_64(key.data(), key.size());
  std::string tmp = path + ".tmp.XXXXXX";
  const int fd = ::mkstemp(tmp.data());
  if (fd < 0) return;
  const bool ok = write_fd(fd, reinterpret_cast<const char*>(&h), sizeof h) &&
                  write_fd(fd, payload.data(), payload.size());
  if (::close(fd) == 0 && ok && std::rename(tmp.c_str(), path.c_str()) == 0) return;
  std::remove(tmp.c_str());
}

// dlopens verified library bytes from a private copy (unlinked once loaded: the mapping
// stays valid and nothing else can change it). Null when dlopen refuses it.
void* load_private_copy(const std::string& dir, const std::string& payload) {
  for (const std::string& d : {dir, std::string("/tmp")}) {
    std::string tmp = d + "/.cunumpy-load." + std::to_string(::getpid()) + ".XXXXXX";
    const int fd = ::mkstemp(tmp.data());
    if (fd < 0) continue;
    const bool ok = write_fd(fd, payload.data(), payload.size());
    ::close(fd);
    void* lib = ok ? ::dlopen(tmp.c_str(), RTLD_NOW | RTLD_LOCAL) : nullptr;
    std::remove(tmp.c_str());
    return lib;
  }
  return nullptr;
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

// Compiles `source` and returns the shared library's bytes.
std::string compile(const std::string& dir, const std::string& hash, const std::string& source,
                    const std::string& name) {
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
  std::string library = ok ? read_file(out) : std::string();
  std::remove(out.c_str());
  std::remove(log.c_str());
  std::remove(src.c_str());
  std::remove((work + "/cn_scalar.h").c_str());
  ::rmdir(work.c_str());
  if (!ok) {
    std::string full = text + "\n\ncommand: " + cmd + "\n\nsource of " + name + ":\n" + detail::numbered_source(source);
    throw CompileError("the host compiler failed to compile kernel '" + name + "':\n" + full, full);
  }
  if (library.empty()) throw CompileError("the host compiler wrote no library for kernel '" + name + "'", "");
  return library;
}

}  // namespace

void* host_function(const std::string& source, const std::string& name) {
  const std::string key = source + '\x1f' + detail::kScalarHeaderSource + '\x1f' + compiler() + '\x1f' +
                          kFlags + '\x1f' + CUNUMPY_VERSION;
  const std::string hash =
      fnv1a_128({source, detail::kScalarHeaderSource, compiler(), kFlags, CUNUMPY_VERSION}).hex();
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mu);  // compiles are rare: one at a time keeps it simple
  if (auto it = c.libs.find(hash); it != c.libs.end()) {
    if (void* fn = ::dlsym(it->second, name.c_str())) return fn;
    throw CompileError("the compiled kernel has no function '" + name + "'", "");
  }
  const std::string dir = usable_dir(c);
  const std::string path = dir + "/" + hash + ".cnso";
  // A cache file that passes every check but still fails to load or lacks the function
  // (a valid file of the wrong kernel, a damaged one with a recomputed checksum) is rebuilt.
  void* lib = nullptr;
  if (std::string payload = verified_payload(path, key); !payload.empty()) {
    lib = load_private_copy(dir, payload);
    if (lib && !::dlsym(lib, name.c_str())) lib = nullptr;  // (stays loaded: harmless)
  }
  if (!lib) {
    std::remove(path.c_str());
    const std::string library = compile(dir, hash, source, name);
    lib = load_private_copy(dir, library);
    if (!lib) {
      const char* e = ::dlerror();
      throw CompileError(std::string("cannot load the compiled kernel: ") + (e ? e : "?"), "");
    }
    store(path, key, library);
  }
  c.libs.emplace(hash, lib);
  void* fn = ::dlsym(lib, name.c_str());
  if (!fn) throw CompileError("the compiled kernel has no function '" + name + "'", "");
  return fn;
}

}  // namespace cunumpy::cpu
