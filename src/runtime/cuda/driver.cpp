// Lazy loading of libcuda and per-thread primary contexts.
#include "runtime/cuda/driver.hpp"

#include <dlfcn.h>

#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

#include "cunumpy/base/errors.hpp"

namespace cunumpy::cuda {
namespace {

struct Loaded {
  DriverApi api;
  bool ok = false;
  std::string error;
  int count = 0;
};

// Resolves `versioned` (e.g. "cuMemAlloc_v2"), else the same name without its "_vN" or
// "_ptsz" suffix, so a driver older than the headers still works for unchanged ABIs.
void* resolve(void* lib, const char* versioned) {
  if (void* p = dlsym(lib, versioned)) return p;
  std::string name(versioned);
  for (std::string_view suffix : {"_ptsz", "_ptds"}) {
    if (name.size() > suffix.size() && name.ends_with(suffix)) name.resize(name.size() - suffix.size());
  }
  auto pos = name.rfind("_v");
  if (pos != std::string::npos && pos + 2 < name.size() &&
      name.find_first_not_of("0123456789", pos + 2) == std::string::npos)
    name.resize(pos);
  return dlsym(lib, name.c_str());
}

// "<call> failed: NAME (description)", through the driver's own tables when it has them.
std::string format_error(const DriverApi& api, CUresult r, const char* call) {
  const char* name = nullptr;
  const char* desc = nullptr;
  if (api.cuGetErrorName) api.cuGetErrorName(r, &name);
  if (api.cuGetErrorString) api.cuGetErrorString(r, &desc);
  std::string msg = std::string(call) + " failed: ";
  msg += name ? name : ("CUDA error " + std::to_string(static_cast<int>(r)));
  if (desc) msg += std::string(" (") + desc + ")";
  return msg;
}

Loaded* load() {
  auto* l = new Loaded();  // never freed: memory may be returned to the driver at exit
  void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char* e = dlerror();
    l->error = std::string("the CUDA driver (libcuda.so.1) could not be loaded: ") +
               (e ? e : "unknown error");
    return l;
  }
  std::string missing;
#define CUNUMPY_LOAD_FN(name)                                                         \
  l->api.name = reinterpret_cast<decltype(l->api.name)>(resolve(lib, CN_STRX(name))); \
  if (!l->api.name) missing += std::string(missing.empty() ? "" : ", ") + CN_STRX(name);
  CUNUMPY_CUDA_DRIVER_FUNCTIONS(CUNUMPY_LOAD_FN)
#undef CUNUMPY_LOAD_FN
  if (!missing.empty()) {
    l->error = "the CUDA driver is too old; missing functions: " + missing;
    return l;
  }
  l->api.cuFuncGetParamInfo =
      reinterpret_cast<decltype(l->api.cuFuncGetParamInfo)>(resolve(lib, "cuFuncGetParamInfo"));
  l->api.cuFuncGetParamCount =
      reinterpret_cast<decltype(l->api.cuFuncGetParamCount)>(resolve(lib, "cuFuncGetParamCount"));
  CUresult r = l->api.cuInit(0);
  if (r != CUDA_SUCCESS) {
    // Not error_message(): it reads loaded(), whose static is being initialized by this
    // very call; re-entering it deadlocked (__cxa_guard_acquire) every process whose
    // cuInit fails (a driver without a usable GPU; cuInit under AddressSanitizer).
    l->error = format_error(l->api, r, "cuInit");
    return l;
  }
  if (l->api.cuDeviceGetCount(&l->count) != CUDA_SUCCESS) l->count = 0;
  l->ok = true;
  return l;
}

Loaded& loaded() {
  static Loaded* l = load();  // thread-safe one-time initialization
  return *l;
}

// Primary contexts, retained once per device and kept for the life of the process.
struct Contexts {
  std::mutex mu;
  std::vector<CUcontext> ctx;
};
Contexts& contexts() {
  static auto* c = new Contexts();
  return *c;
}

}  // namespace

const DriverApi* try_driver() {
  Loaded& l = loaded();
  return l.ok ? &l.api : nullptr;
}

const std::string& load_error() { return loaded().error; }

const DriverApi& driver() {
  Loaded& l = loaded();
  if (!l.ok) throw CudaError("CUDA is not available: " + l.error, CUDA_ERROR_NOT_INITIALIZED);
  return l.api;
}

std::string error_message(CUresult r, const char* call) {
  // The table is there when cuInit failed too (load() fills it before calling cuInit).
  return format_error(loaded().api, r, call);
}

void check(CUresult r, const char* call) {
  if (r != CUDA_SUCCESS) throw CudaError(error_message(r, call), static_cast<int>(r));
}

int device_count() {
  Loaded& l = loaded();
  return l.ok ? l.count : 0;
}

CUdevice device_handle(int device) {
  const DriverApi& api = driver();
  if (device < 0 || device >= device_count())
    throw ValueError("invalid CUDA device index " + std::to_string(device) + " (" +
                     std::to_string(device_count()) + " device(s) available)");
  CUdevice d = 0;
  check(api.cuDeviceGet(&d, device), "cuDeviceGet");
  return d;
}

// The context this thread made current last; skips the driver call on the hot path.
static thread_local CUcontext t_context = nullptr;
static thread_local int t_context_device = -1;

int context_device() { return t_context_device < 0 ? 0 : t_context_device; }

void ensure_context(int device) {
  if (device == t_context_device && t_context) return;

  const DriverApi& api = driver();
  CUcontext ctx = nullptr;
  {
    Contexts& c = contexts();
    std::lock_guard<std::mutex> lock(c.mu);
    if (c.ctx.empty()) c.ctx.resize(static_cast<std::size_t>(device_count()), nullptr);
    CUdevice dev = device_handle(device);
    ctx = c.ctx[static_cast<std::size_t>(device)];
    if (!ctx) {
      check(api.cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
      c.ctx[static_cast<std::size_t>(device)] = ctx;
    }
  }
  check(api.cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
  t_context = ctx;
  t_context_device = device;
}

}  // namespace cunumpy::cuda
