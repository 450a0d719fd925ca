// Kernel cache: memory (structural key -> CUfunction, and content hash -> loaded module,
// per device) in front of the disk cache (content hash -> CUBIN) in front of NVRTC. A
// source holding several kernels is compiled and loaded once.
#include "kernels/cuda/kernel_cache.hpp"

#include <memory>
#include <mutex>
#include <unordered_map>

#include "cunumpy/base/errors.hpp"
#include "kernels/cuda/compiler_key.hpp"
#include "kernels/cuda/disk_cache.hpp"
#include "runtime/cuda/driver.hpp"
#include "runtime/cuda/nvrtc.hpp"

#ifndef CUNUMPY_VERSION
#define CUNUMPY_VERSION "unknown"
#endif

namespace cunumpy::detail {
extern const char* const kScalarHeaderSource;  // cmake/EmbedText.cmake
}

namespace cunumpy::cuda {
namespace {

// What compilation and launch sizing need to know about a device, queried once.
struct DeviceInfo {
  int arch = 0;  // compute capability as major * 10 + minor
  int sm_count = 0;
};

struct PerDevice {
  std::unordered_map<std::string, Function> functions;  // structural key + name -> function
  std::unordered_map<std::string, CUmodule> modules;    // content hash -> loaded module
  DeviceInfo info;
  bool has_info = false;
};

struct Cache {
  std::mutex mu;
  std::vector<PerDevice> devices;
  DiskCache disk{DiskCache::default_dir()};
};

Cache& cache() {
  static auto* c = new Cache();  // process lifetime: modules are never unloaded
  return *c;
}

PerDevice& slot(Cache& c, int device) {  // caller holds c.mu
  if (device < 0 || device >= device_count())
    throw ValueError("invalid CUDA device index " + std::to_string(device));
  if (c.devices.size() < static_cast<std::size_t>(device_count()))
    c.devices.resize(static_cast<std::size_t>(device_count()));
  return c.devices[static_cast<std::size_t>(device)];
}

DeviceInfo device_info(int device) {
  Cache& c = cache();
  {
    std::lock_guard<std::mutex> lock(c.mu);
    PerDevice& d = slot(c, device);
    if (d.has_info) return d.info;
  }
  CUdevice dev = device_handle(device);
  int major = 0, minor = 0, sms = 0;
  CN_CU(cuDeviceGetAttribute, &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
  CN_CU(cuDeviceGetAttribute, &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
  CN_CU(cuDeviceGetAttribute, &sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
  std::lock_guard<std::mutex> lock(c.mu);
  PerDevice& d = slot(c, device);
  d.info = DeviceInfo{major * 10 + minor, sms};
  d.has_info = true;
  return d.info;
}

// Loads `image` into the current context; nullptr (with the error code in *err) when the
// driver rejects it.
CUmodule load(const std::vector<char>& image, CUresult* err) {
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

Function get_kernel(int device, const std::string& key, const std::string& source,
                    const std::string& name, const std::vector<std::string>& options) {
  Cache& c = cache();
  // One source may hold several kernels: the function name is part of the identity.
  const std::string mem_key = key + '\x1f' + name;
  {  // Fast path: one hash lookup under the lock.
    std::lock_guard<std::mutex> lock(c.mu);
    PerDevice& d = slot(c, device);
    auto it = d.functions.find(mem_key);
    if (it != d.functions.end()) return it->second;
  }

  // Slow path (first use of this key and name on this device), outside the lock: two
  // threads may both compile; the first to insert wins and the image is identical anyway.
  ensure_context(device);
  int arch = device_info(device).arch;
  // Everything that shapes the image: the text (and the shared header it includes), the
  // options, the target and the compiler (compiler_key: without loading NVRTC), cunumpy.
  // Not the function's name: every kernel of a source comes from one compile (the radix
  // sort's source holds 26, once 26 compiles of several seconds each).
  auto hash = [&](const std::string& compiler) {
    return fnv1a_128({source, cunumpy::detail::kScalarHeaderSource, join(options), compiler, CUNUMPY_VERSION});
  };
  const std::string compiler = compiler_key(c.disk, arch);
  const Hash128 h = hash(compiler);
  CUmodule mod = nullptr;
  {
    std::lock_guard<std::mutex> lock(c.mu);
    PerDevice& d = slot(c, device);
    auto it = d.modules.find(h.hex());
    if (it != d.modules.end()) mod = it->second;
  }
  if (!mod) {
    CUresult err = CUDA_SUCCESS;
    if (auto image = c.disk.load(h)) mod = load(*image, &err);  // a bad image: recompile
    if (!mod) {
      nvrtc::Program prog = nvrtc::compile(source, name, arch, options);
      mod = load(prog.image, &err);
      if (!mod) check(err, ("cuModuleLoadData(" + name + ")").c_str());
      const std::string actual = refresh_compiler_key(c.disk, arch);  // NVRTC is loaded now
      c.disk.store(actual == compiler ? h : hash(actual), prog.image);
    }
    std::lock_guard<std::mutex> lock(c.mu);
    mod = slot(c, device).modules.emplace(h.hex(), mod).first->second;  // a racing thread's copy stays loaded, unused
  }
  CUfunction f = nullptr;
  check(driver().cuModuleGetFunction(&f, mod, name.c_str()), ("cuModuleGetFunction(" + name + ")").c_str());

  std::lock_guard<std::mutex> lock(c.mu);
  return slot(c, device).functions.emplace(mem_key, static_cast<Function>(f)).first->second;
}

void launch(Function f, unsigned grid_x, unsigned block_x, void** args, std::size_t shared_mem,
            StreamHandle stream) {
  const unsigned grid[3] = {grid_x, 1, 1};
  const unsigned block[3] = {block_x, 1, 1};
  launch(f, grid, block, args, shared_mem, stream);
}

void launch(Function f, const unsigned grid[3], const unsigned block[3], void** args,
            std::size_t shared_mem, StreamHandle stream) {
  if (!stream) stream = current_stream(context_device());
  CN_CU(cuLaunchKernel, static_cast<CUfunction>(f), grid[0], grid[1], grid[2], block[0],
        block[1], block[2], static_cast<unsigned>(shared_mem), static_cast<CUstream>(stream),
        args, nullptr);
}

const std::vector<std::string>& numpy_exact_options() {
  static const std::vector<std::string> options{"--fmad=false"};
  return options;
}

int multiprocessor_count(int device) { return device_info(device).sm_count; }

int compute_capability(int device) { return device_info(device).arch; }

}  // namespace cunumpy::cuda
