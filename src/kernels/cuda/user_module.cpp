// User modules: memory cache (device + content hash -> loaded module) in front of the disk
// cache (content hash -> image + lowered names) in front of NVRTC.
#include "kernels/cuda/compiler_key.hpp"
#include "kernels/cuda/user_module.hpp"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>

#include "cunumpy/base/errors.hpp"
#include "kernels/cuda/disk_cache.hpp"
#include "kernels/cuda/image_params.hpp"
#include "kernels/cuda/kernel_cache.hpp"
#include "runtime/cuda/driver.hpp"
#include "runtime/cuda/nvrtc.hpp"

#ifndef CUNUMPY_VERSION
#define CUNUMPY_VERSION "unknown"
#endif

namespace cunumpy::detail {
extern const char* const kComplexHeaderSource;    // cmake/EmbedText.cmake
extern const char* const kCuComplexBridgeSource;  // cmake/EmbedText.cmake
}  // namespace cunumpy::detail

namespace cunumpy::cuda {
namespace {

struct Cache {
  std::mutex mu;
  std::map<std::pair<int, std::string>, std::shared_ptr<const UserModule>> modules;
  DiskCache disk{DiskCache::default_dir()};
};

Cache& cache() {
  static auto* c = new Cache();  // process lifetime: modules are never unloaded
  return *c;
}

std::shared_ptr<const UserModule> cached(int device, const std::string& key) {
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mu);
  auto it = c.modules.find({device, key});
  return it == c.modules.end() ? nullptr : it->second;
}

// Two threads may both build the same module; the first one stored is kept.
std::shared_ptr<const UserModule> remember(int device, const std::string& key,
                                           std::shared_ptr<const UserModule> m) {
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mu);
  return c.modules.emplace(std::make_pair(device, key), std::move(m)).first->second;
}

const std::vector<nvrtc::Header>& user_headers() {
  static const std::vector<nvrtc::Header> h = {
      {"cunumpy/complex.cuh", detail::kComplexHeaderSource},
      {"cupy/complex.cuh", detail::kComplexHeaderSource},
      {"cunumpy/cuComplex_bridge.h", detail::kCuComplexBridgeSource},
      {"cupy/cuComplex_bridge.h", detail::kCuComplexBridgeSource},
  };
  return h;
}

// ---- the disk payload: lowered names, then the image ---------------------------------
// "CNUM" | u32 count | count x (u32 len, expression, u32 len, lowered name) | image

void put_u32(std::vector<char>& out, uint32_t v) {
  char b[4];
  std::memcpy(b, &v, 4);
  out.insert(out.end(), b, b + 4);
}

void put_str(std::vector<char>& out, const std::string& s) {
  put_u32(out, static_cast<uint32_t>(s.size()));
  out.insert(out.end(), s.begin(), s.end());
}

std::vector<char> pack(const std::vector<std::pair<std::string, std::string>>& lowered,
                       const std::vector<char>& image) {
  std::vector<char> out = {'C', 'N', 'U', 'M'};
  put_u32(out, static_cast<uint32_t>(lowered.size()));
  for (const auto& [expr, name] : lowered) {
    put_str(out, expr);
    put_str(out, name);
  }
  out.insert(out.end(), image.begin(), image.end());
  return out;
}

// False when the payload is malformed (then it is recompiled).
bool unpack(const std::vector<char>& in, std::vector<std::pair<std::string, std::string>>* lowered,
            std::vector<char>* image) {
  std::size_t pos = 0;
  auto u32 = [&](uint32_t* v) {
    if (in.size() - pos < 4) return false;
    std::memcpy(v, in.data() + pos, 4);
    pos += 4;
    return true;
  };
  auto str = [&](std::string* s) {
    uint32_t n = 0;
    if (!u32(&n) || in.size() - pos < n) return false;
    s->assign(in.data() + pos, n);
    pos += n;
    return true;
  };
  if (in.size() < 8 || std::memcmp(in.data(), "CNUM", 4) != 0) return false;
  pos = 4;
  uint32_t count = 0;
  if (!u32(&count)) return false;
  for (uint32_t i = 0; i < count; ++i) {
    std::string expr, name;
    if (!str(&expr) || !str(&name)) return false;
    lowered->emplace_back(std::move(expr), std::move(name));
  }
  if (pos >= in.size()) return false;
  image->assign(in.begin() + static_cast<std::ptrdiff_t>(pos), in.end());
  return true;
}

// Loads `image` into the current context; nullptr (and *err) when the driver rejects it.
CUmodule load_image(const std::vector<char>& image, CUresult* err) {
  CUmodule mod = nullptr;
  *err = driver().cuModuleLoadData(&mod, image.data());
  return *err == CUDA_SUCCESS ? mod : nullptr;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += x + '\n';
  return s;
}

}  // namespace

const std::string& UserModule::symbol(const std::string& name) const {
  for (const auto& [expr, lowered_name] : lowered)
    if (expr == name) return lowered_name;
  return name;
}

std::shared_ptr<const UserModule> user_module_from_source(int device, const UserSource& src) {
  const int arch = compute_capability(device);
  Cache& c = cache();
  std::vector<std::string> options = src.options;
  for (const auto& o : nvrtc::toolkit_include_options()) options.push_back(o);
  // Everything that shapes the image and the lowered names; the compiler through
  // compiler_key, which does not load NVRTC when a file beside the cache knows it.
  auto hash = [&](const std::string& compiler) {
    return fnv1a_128({"user-module-1", src.code, detail::kComplexHeaderSource,
                      detail::kCuComplexBridgeSource, join(options), join(src.name_expressions),
                      compiler, CUNUMPY_VERSION});
  };
  const std::string compiler = compiler_key(c.disk, arch);
  Hash128 h = hash(compiler);
  std::string key = h.hex();
  if (auto m = cached(device, key)) return m;

  auto m = std::make_shared<UserModule>();
  m->device = device;
  CUresult err = CUDA_SUCCESS;
  if (auto payload = c.disk.load(h)) {
    std::vector<char> image;
    if (unpack(*payload, &m->lowered, &image) &&
        m->lowered.size() == src.name_expressions.size())
      m->module = load_image(image, &err);  // a bad image: compile again below
    if (m->module) m->param_counts = image_param_counts({image.data(), image.size()});
    if (!m->module) m->lowered.clear();
  }
  if (!m->module) {
    nvrtc::Program prog = nvrtc::compile(src.code, src.name, arch, options, user_headers(),
                                         src.name_expressions);
    m->module = load_image(prog.image, &err);
    if (!m->module) check(err, "cuModuleLoadData");
    m->param_counts = image_param_counts({prog.image.data(), prog.image.size()});
    for (std::size_t i = 0; i < src.name_expressions.size(); ++i)
      m->lowered.emplace_back(src.name_expressions[i], prog.lowered_names[i]);
    m->log = prog.log;
    const std::string actual = refresh_compiler_key(c.disk, arch);  // NVRTC is loaded now
    if (actual != compiler) {
      h = hash(actual);
      key = h.hex();
    }
    c.disk.store(h, pack(m->lowered, prog.image));
  }
  return remember(device, key, std::move(m));
}

std::shared_ptr<const UserModule> user_module_from_file(int device, const std::string& path) {
  std::vector<char> image;
  if (FILE* f = std::fopen(path.c_str(), "rb")) {
    char buf[1 << 16];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) image.insert(image.end(), buf, buf + n);
    std::fclose(f);
  } else {
    throw CudaError("cuModuleLoad failed: CUDA_ERROR_FILE_NOT_FOUND (cannot read '" + path + "')",
                    CUDA_ERROR_FILE_NOT_FOUND);
  }
  image.push_back('\0');  // PTX is text and must end with NUL; harmless after a CUBIN
  const std::string key =
      "file:" + fnv1a_128({std::string_view(image.data(), image.size())}).hex();
  if (auto m = cached(device, key)) return m;
  auto m = std::make_shared<UserModule>();
  m->device = device;
  CUresult err = CUDA_SUCCESS;
  m->module = load_image(image, &err);
  if (!m->module) check(err, ("cuModuleLoadData(" + path + ")").c_str());
  m->param_counts = image_param_counts({image.data(), image.size()});
  return remember(device, key, std::move(m));
}

std::string translate_cucomplex(const std::string& code) {
  std::string out;
  std::size_t pos = 0;
  while (pos < code.size()) {
    std::size_t end = code.find('\n', pos);
    if (end == std::string::npos) end = code.size();
    std::string line = code.substr(pos, end - pos);
    const std::size_t first = line.find_first_not_of(" \t");
    if (first != std::string::npos && line[first] == '#' &&
        line.find("include", first) != std::string::npos &&
        (line.find("<cuComplex.h>") != std::string::npos ||
         line.find("\"cuComplex.h\"") != std::string::npos))
      line = "#include <cunumpy/cuComplex_bridge.h>";
    out += line;
    if (end < code.size()) out += '\n';
    pos = end + 1;
  }
  return out;
}

}  // namespace cunumpy::cuda
