// Lazy NVRTC loading and compilation to CUBIN.
#include "runtime/cuda/nvrtc.hpp"

#include <dlfcn.h>
#include <unistd.h>
#include <nvrtc.h>

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <cstdio>

#include "cunumpy/base/errors.hpp"
#include "runtime/cuda/driver.hpp"
#include "runtime/library_search.hpp"
#include "runtime/source_listing.hpp"

namespace cunumpy::detail {
extern const char* const kScalarHeaderSource;  // cmake/EmbedText.cmake
}

namespace cunumpy::cuda::nvrtc {
namespace {

#define CUNUMPY_NVRTC_FUNCTIONS(X) \
  X(nvrtcVersion)                  \
  X(nvrtcGetErrorString)           \
  X(nvrtcGetNumSupportedArchs)     \
  X(nvrtcGetSupportedArchs)        \
  X(nvrtcCreateProgram)            \
  X(nvrtcDestroyProgram)           \
  X(nvrtcCompileProgram)           \
  X(nvrtcGetProgramLogSize)        \
  X(nvrtcGetProgramLog)            \
  X(nvrtcGetCUBINSize)             \
  X(nvrtcGetCUBIN)                 \
  X(nvrtcGetPTXSize)               \
  X(nvrtcGetPTX)                   \
  X(nvrtcAddNameExpression)        \
  X(nvrtcGetLoweredName)

struct Api {
#define CUNUMPY_DECLARE_FN(name) decltype(&::name) name = nullptr;
  CUNUMPY_NVRTC_FUNCTIONS(CUNUMPY_DECLARE_FN)
#undef CUNUMPY_DECLARE_FN
  bool ok = false;
  std::string error;
  int major = 0, minor = 0;
  std::vector<int> archs;  // supported sm_XY values, ascending
};

// True when `options` already hold an option starting with one of `prefixes`.
bool has_option(const std::vector<std::string>& options, std::initializer_list<const char*> prefixes) {
  for (const auto& o : options)
    for (const char* p : prefixes)
      if (o.rfind(p, 0) == 0) return true;
  return false;
}

Api* load() {
  auto* api = new Api();  // process lifetime
  // Prefer the NVRTC of the driver's major version: a driver older than the compiler may
  // reject its images. Wheels: nvidia-cuda-nvrtc-cu12 (nvidia/cuda_nvrtc), CUDA 13 (nvidia/cu13).
  runtime::LibrarySearch search{{"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"}, {"cuda_nvrtc", "cu13"}, true};
  if (const DriverApi* d = try_driver()) d->cuDriverGetVersion(&search.driver_version);
  void* lib = runtime::open_library(search);
  if (!lib) {
    api->error = "NVRTC (libnvrtc.so) could not be loaded; install the CUDA toolkit or the "
                 "nvidia-cuda-nvrtc wheel, or set CUDA_PATH";
    return api;
  }
#define CUNUMPY_LOAD_FN(name)                                                 \
  api->name = reinterpret_cast<decltype(api->name)>(dlsym(lib, #name));       \
  if (!api->name) {                                                           \
    api->error = "NVRTC is missing the function " #name;                      \
    return api;                                                               \
  }
  CUNUMPY_NVRTC_FUNCTIONS(CUNUMPY_LOAD_FN)
#undef CUNUMPY_LOAD_FN
  api->nvrtcVersion(&api->major, &api->minor);
  int n = 0;
  if (api->nvrtcGetNumSupportedArchs(&n) == NVRTC_SUCCESS && n > 0) {
    api->archs.resize(static_cast<std::size_t>(n));
    api->nvrtcGetSupportedArchs(api->archs.data());
    std::sort(api->archs.begin(), api->archs.end());
  }
  api->ok = true;
  return api;
}

Api& api_or_null() {
  static Api* a = load();
  return *a;
}

Api& api() {
  Api& a = api_or_null();
  if (!a.ok) throw CompileError(a.error, a.error);
  return a;
}

// Owns an nvrtcProgram.
struct ProgramGuard {
  Api& a;
  nvrtcProgram p = nullptr;
  ~ProgramGuard() {
    if (p) a.nvrtcDestroyProgram(&p);
  }
};

}  // namespace

bool is_available() { return api_or_null().ok; }

std::string library_path() {
  Api& a = api_or_null();
  Dl_info info;
  if (!a.ok || !dladdr(reinterpret_cast<void*>(a.nvrtcVersion), &info) || !info.dli_fname) return "";
  return info.dli_fname;
}

std::string load_error() { return api_or_null().ok ? std::string() : api_or_null().error; }

std::string version() {
  Api& a = api();
  return std::to_string(a.major) + "." + std::to_string(a.minor);
}

int target_arch(int arch, bool* is_ptx) {
  Api& a = api();
  bool ptx = false;
  int target = arch;
  if (!a.archs.empty() && std::find(a.archs.begin(), a.archs.end(), arch) == a.archs.end()) {
    // Unknown to this NVRTC: newest known architecture not above the device's, as PTX,
    // which the driver compiles for the device (forward compatible).
    auto it = std::upper_bound(a.archs.begin(), a.archs.end(), arch);
    target = it == a.archs.begin() ? a.archs.front() : *(it - 1);
    ptx = true;
  }
  if (is_ptx) *is_ptx = ptx;
  return target;
}

Program compile(const std::string& source, const std::string& name, int arch,
                const std::vector<std::string>& options, const std::vector<Header>& headers,
                const std::vector<std::string>& name_expressions) {
  Api& a = api();
  bool ptx = false;
  int target = target_arch(arch, &ptx);

  std::vector<const char*> header_src = {cunumpy::detail::kScalarHeaderSource};
  std::vector<const char*> header_names = {"cn_scalar.h"};
  for (const Header& h : headers) {
    header_src.push_back(h.source);
    header_names.push_back(h.name);
  }
  ProgramGuard prog{a};
  nvrtcResult r = a.nvrtcCreateProgram(&prog.p, source.c_str(), (name + ".cu").c_str(),
                                       static_cast<int>(header_src.size()), header_src.data(),
                                       header_names.data());
  if (r != NVRTC_SUCCESS)
    throw CompileError(std::string("nvrtcCreateProgram failed: ") + a.nvrtcGetErrorString(r), "");
  for (const auto& e : name_expressions) {
    r = a.nvrtcAddNameExpression(prog.p, e.c_str());
    if (r != NVRTC_SUCCESS)
      throw CompileError("nvrtcAddNameExpression(" + e + ") failed: " + a.nvrtcGetErrorString(r), "");
  }

  // No --use_fast_math: results must match NumPy's accuracy. A caller's own -std or -arch
  // (user kernels) replaces ours; an -arch=compute_XY of theirs gives PTX.
  std::vector<std::string> opts;
  if (!has_option(options, {"-std", "--std"})) opts.push_back("-std=c++17");
  if (has_option(options, {"-arch", "--gpu-architecture"})) {
    ptx = false;
    for (const auto& o : options)
      if ((o.rfind("-arch", 0) == 0 || o.rfind("--gpu-architecture", 0) == 0) &&
          o.find("compute_") != std::string::npos)
        ptx = true;
  } else {
    opts.push_back((ptx ? "-arch=compute_" : "-arch=sm_") + std::to_string(target));
  }
  opts.insert(opts.end(), options.begin(), options.end());
  std::vector<const char*> copts;
  for (const auto& o : opts) copts.push_back(o.c_str());

  r = a.nvrtcCompileProgram(prog.p, static_cast<int>(copts.size()), copts.data());
  std::size_t log_size = 0;
  a.nvrtcGetProgramLogSize(prog.p, &log_size);
  std::string log(log_size, '\0');
  if (log_size > 1) a.nvrtcGetProgramLog(prog.p, log.data());
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();

  if (r != NVRTC_SUCCESS) {
    std::string opt_line;
    for (const auto& o : opts) opt_line += " " + o;
    std::string full = log + "\n\noptions:" + opt_line + "\n\nsource of " + name + ":\n" +
                       detail::numbered_source(source);
    throw CompileError("NVRTC failed to compile kernel '" + name + "' (" +
                           a.nvrtcGetErrorString(r) + "):\n" + full,
                       full);
  }

  Program out;
  out.is_ptx = ptx;
  out.log = log;
  for (const auto& e : name_expressions) {
    const char* lowered = nullptr;
    r = a.nvrtcGetLoweredName(prog.p, e.c_str(), &lowered);
    if (r != NVRTC_SUCCESS || !lowered)
      throw CompileError("nvrtcGetLoweredName(" + e + ") failed: " + a.nvrtcGetErrorString(r), "");
    out.lowered_names.emplace_back(lowered);
  }
  std::size_t size = 0;
  if (ptx) {
    a.nvrtcGetPTXSize(prog.p, &size);
    out.image.resize(size);
    a.nvrtcGetPTX(prog.p, out.image.data());
  } else {
    a.nvrtcGetCUBINSize(prog.p, &size);
    out.image.resize(size);
    a.nvrtcGetCUBIN(prog.p, out.image.data());
  }
  return out;
}

const std::vector<std::string>& toolkit_include_options() {
  static const std::vector<std::string>* opts = [] {
    auto* out = new std::vector<std::string>();  // process lifetime
    std::vector<std::string> cands;
    for (const char* env : {"CUDA_PATH", "CUDA_HOME"})
      if (const char* p = std::getenv(env); p && *p) cands.push_back(std::string(p) + "/include");
    cands.push_back("/usr/local/cuda/include");
    const std::string site = runtime::site_packages_dir();
    if (!site.empty()) {
      cands.push_back(site + "/nvidia/cu13/include");
      cands.push_back(site + "/nvidia/cuda_runtime/include");
    }
    for (const auto& c : cands) {
      if (access((c + "/cuda_runtime.h").c_str(), R_OK) != 0) continue;
      out->push_back("-I" + c);
      if (access((c + "/cccl").c_str(), R_OK) == 0) out->push_back("-I" + c + "/cccl");
      break;
    }
    return out;
  }();
  return *opts;
}

}  // namespace cunumpy::cuda::nvrtc
