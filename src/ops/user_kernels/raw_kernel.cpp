// RawModule and RawKernel: user CUDA C++ compiled on first use per device (through
// kernels/cuda/user_module), functions looked up once per device and then launched with
// no lock and no allocation.
#include "cunumpy/ops/raw_kernel.hpp"

#include <atomic>
#include <cctype>
#include <cstring>
#include <mutex>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/runtime/device.hpp"

#ifdef CUNUMPY_HAVE_CUDA
#include "kernels/cuda/kernel_cache.hpp"
#include "kernels/cuda/user_module.hpp"
#include "runtime/cuda/driver.hpp"
#endif

namespace cunumpy {

namespace cuda {
struct UserModule;  // kernels/cuda/user_module.hpp (CUDA builds only)
}

namespace {

constexpr int kNoDevice = 100;  // CUDA_ERROR_NO_DEVICE, for the CPU backend's error

// The current device's index; CudaError when it is not a CUDA device.
int require_cuda_device(const char* what) {
#ifdef CUNUMPY_HAVE_CUDA
  const Device d = current_device();
  if (d.is_cuda()) return d.index;
  throw CudaError(std::string(what) +
                      " needs a CUDA device: the current device is the CPU (user kernels are "
                      "CUDA C++; there is no CPU fallback for them)",
                  kNoDevice);
#else
  throw CudaError(std::string(what) + " needs a CUDA device: this cunumpy was built without CUDA",
                  kNoDevice);
#endif
}

// Functions are cached per device index below this; others are looked up on every call.
constexpr int kMaxCachedDevices = 64;

#ifdef CUNUMPY_HAVE_CUDA
// The number of parameters `f` takes, or -1 when the driver cannot say (before 12.4).
int count_params(CUfunction f) {
  auto get = cuda::driver().cuFuncGetParamInfo;
  if (!get) return -1;
  int n = 0;
  std::size_t offset = 0, size = 0;
  while (n < 4096 && get(f, static_cast<std::size_t>(n), &offset, &size) == CUDA_SUCCESS) ++n;
  return n > 0 ? n : -1;  // 0 may also mean "no information in this image": do not judge
}
#endif

}  // namespace

// ---- KernelArg --------------------------------------------------------------------------

KernelArg::KernelArg(const ndarray& a) {
  const void* p = a.data();
  set(&p, sizeof p);
  host_array_ = !a.device().is_cuda();
}

KernelArg KernelArg::raw(const void* bytes, std::size_t size) {
  if (size > sizeof(KernelArg::bytes_))
    throw ValueError("a kernel argument holds at most 16 bytes (got " + std::to_string(size) + ")");
  KernelArg k;
  k.set(bytes, size);
  return k;
}

void KernelArg::set(const void* src, std::size_t n) {
  std::memcpy(bytes_, src, n);
  size_ = static_cast<uint8_t>(n);
}

// ---- RawModule --------------------------------------------------------------------------

struct RawModule::Impl {
  std::string code;  // as given
  std::string path;
  KernelCompileOptions options;
  std::string label = "raw_module";  // the kernel's name for a RawKernel (compile errors)
  std::mutex mu;
  std::vector<std::shared_ptr<const cuda::UserModule>> loaded;  // by device index

  // The module on `device` (whose context is made current), built on first use.
  std::shared_ptr<const cuda::UserModule> on(int device);
};

std::shared_ptr<const cuda::UserModule> RawModule::Impl::on(int device) {
#ifdef CUNUMPY_HAVE_CUDA
  {
    std::lock_guard<std::mutex> lock(mu);
    if (static_cast<std::size_t>(device) < loaded.size() && loaded[device]) return loaded[device];
  }
  cuda::ensure_context(device);
  std::shared_ptr<const cuda::UserModule> m;
  if (!path.empty()) {
    m = cuda::user_module_from_file(device, path);
  } else {
    cuda::UserSource src{options.translate_cucomplex ? cuda::translate_cucomplex(code) : code,
                         options.options, options.name_expressions, label};
    m = cuda::user_module_from_source(device, src);
  }
  std::lock_guard<std::mutex> lock(mu);
  if (loaded.size() <= static_cast<std::size_t>(device)) loaded.resize(device + 1);
  if (!loaded[device]) loaded[device] = std::move(m);
  return loaded[device];
#else
  (void)device;
  require_cuda_device("RawModule");
  return nullptr;
#endif
}

namespace {
void check_options(const KernelCompileOptions& o) {
  if (o.backend == "nvcc")
    throw NotImplementedError("backend='nvcc' is not supported: cunumpy compiles user kernels "
                              "with NVRTC (backend='nvrtc')");
  if (o.backend != "nvrtc")
    throw ValueError("invalid backend '" + o.backend + "' (expected 'nvrtc')");
}
}  // namespace

RawModule::RawModule(std::string code, KernelCompileOptions options)
    : impl_(std::make_shared<Impl>()) {
  check_options(options);
  impl_->code = std::move(code);
  impl_->options = std::move(options);
}

RawModule RawModule::from_file(std::string path, KernelCompileOptions options) {
  check_options(options);
  if (path.empty()) throw ValueError("RawModule: empty path");
  if (!options.name_expressions.empty())
    throw ValueError("RawModule: name_expressions need source code, not a compiled file");
  auto impl = std::make_shared<Impl>();
  impl->path = std::move(path);
  impl->options = std::move(options);
  return RawModule(std::move(impl));
}

std::string RawModule::compile() const {
  const int dev = require_cuda_device("RawModule");
#ifdef CUNUMPY_HAVE_CUDA
  return impl_->on(dev)->log;
#else
  (void)dev;
  return {};
#endif
}

RawKernel RawModule::get_function(const std::string& name) const {
  RawKernel k(std::make_shared<RawKernel::Impl>(*this, name));
  k.function();  // compile and look up now: a wrong name fails here, as in CuPy
  return k;
}

MemoryPtr RawModule::get_global(const std::string& name) const {
  const int dev = require_cuda_device("RawModule");
#ifdef CUNUMPY_HAVE_CUDA
  auto m = impl_->on(dev);
  CUdeviceptr p = 0;
  std::size_t size = 0;
  CN_CU(cuModuleGetGlobal, &p, &size, m->module, m->symbol(name).c_str());
  // Modules stay loaded for the life of the process; the owner only ties the two together.
  return wrap_memory(reinterpret_cast<void*>(p), size, Device::cuda(dev), impl_);
#else
  (void)dev;
  return nullptr;
#endif
}

std::string RawModule::lowered_name(const std::string& name_expression) const {
  const int dev = require_cuda_device("RawModule");
#ifdef CUNUMPY_HAVE_CUDA
  auto m = impl_->on(dev);
  for (const auto& [expr, lowered] : m->lowered)
    if (expr == name_expression) return lowered;
  throw ValueError("'" + name_expression + "' is not one of this module's name_expressions");
#else
  (void)dev;
  return {};
#endif
}

const std::string& RawModule::code() const { return impl_->code; }
const std::string& RawModule::path() const { return impl_->path; }
const KernelCompileOptions& RawModule::options() const { return impl_->options; }

// ---- RawKernel --------------------------------------------------------------------------

struct RawKernel::Impl {
  RawModule module;
  std::string name;
  std::atomic<void*> fn[kMaxCachedDevices] = {};  // CUfunction per device, set once
  std::atomic<int> num_params{-1};  // from the first function found; -1: unknown

  Impl(RawModule m, std::string n) : module(std::move(m)), name(std::move(n)) {}
  void* on(int device);  // the function on `device`; its context must be current
};

void* RawKernel::Impl::on(int device) {
#ifdef CUNUMPY_HAVE_CUDA
  if (device < kMaxCachedDevices)
    if (void* f = fn[device].load(std::memory_order_acquire)) return f;
  auto m = module.impl_->on(device);
  CUfunction f = nullptr;
  const std::string& symbol = m->symbol(name);
  cuda::check(cuda::driver().cuModuleGetFunction(&f, m->module, symbol.c_str()),
              ("cuModuleGetFunction(" + symbol + ")").c_str());
  if (num_params.load(std::memory_order_relaxed) < 0) num_params.store(count_params(f));
  if (device < kMaxCachedDevices) fn[device].store(f, std::memory_order_release);
  return f;
#else
  (void)device;
  return nullptr;
#endif
}

RawKernel::RawKernel(std::string code, std::string name, KernelCompileOptions options)
    : impl_(std::make_shared<Impl>(RawModule(std::move(code), std::move(options)), std::move(name))) {
  std::string label = impl_->name;  // a file name for NVRTC's messages
  for (char& c : label)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
  impl_->module.impl_->label = label.empty() ? "raw_kernel" : label;
}

void RawKernel::operator()(Dim3 grid, Dim3 block, std::initializer_list<KernelArg> args,
                           std::size_t shared_mem) const {
  (*this)(grid, block, std::span<const KernelArg>(args.begin(), args.size()), shared_mem);
}

namespace {
// kernelParams for `args`: pointers to each value, on the stack for up to 32 arguments.
// Checks the argument count against the kernel's (a short list would make the driver read
// past it) and that arrays are on a CUDA device.
template <class F>
void with_params(RawKernel::Impl& k, std::span<const KernelArg> args, F&& f) {
  const int dev = require_cuda_device("RawKernel");  // before judging where arrays live
#ifdef CUNUMPY_HAVE_CUDA
  cuda::ensure_context(dev);
  k.on(dev);
  const int expected = k.num_params.load(std::memory_order_relaxed);
  if (expected >= 0 && static_cast<std::size_t>(expected) != args.size())
    throw TypeError("kernel '" + k.name + "' takes " + std::to_string(expected) +
                    " argument" + (expected == 1 ? "" : "s") + ", got " +
                    std::to_string(args.size()));
#else
  (void)dev;
  (void)k;
#endif
  void* small[32];
  std::vector<void*> big;
  void** params = small;
  if (args.size() > 32) {
    big.resize(args.size());
    params = big.data();
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i].host_array())
      throw ValueError("RawKernel argument " + std::to_string(i) +
                       " is an array on the CPU; user kernels take arrays on a CUDA device");
    params[i] = const_cast<void*>(args[i].value());  // the driver only reads them
  }
  f(params);
}
}  // namespace

void RawKernel::operator()(Dim3 grid, Dim3 block, std::span<const KernelArg> args,
                           std::size_t shared_mem) const {
  with_params(*impl_, args, [&](void** p) { launch_params(grid, block, p, shared_mem, nullptr, false); });
}

void RawKernel::launch(Dim3 grid, Dim3 block, std::span<const KernelArg> args,
                       std::size_t shared_mem, const Stream& stream) const {
  with_params(*impl_, args, [&](void** p) {
    launch_params(grid, block, p, shared_mem, stream.handle(), true);
  });
}

void RawKernel::launch_params(Dim3 grid, Dim3 block, void** params, std::size_t shared_mem,
                              void* stream, bool use_stream) const {
  const int dev = require_cuda_device("RawKernel");
#ifdef CUNUMPY_HAVE_CUDA
  cuda::ensure_context(dev);
  auto f = static_cast<CUfunction>(impl_->on(dev));
  auto s = static_cast<CUstream>(use_stream ? stream : cuda::current_stream(dev));
  if (impl_->module.options().enable_cooperative_groups)
    CN_CU(cuLaunchCooperativeKernel, f, grid.x, grid.y, grid.z, block.x, block.y, block.z,
          static_cast<unsigned>(shared_mem), s, params);
  else
    CN_CU(cuLaunchKernel, f, grid.x, grid.y, grid.z, block.x, block.y, block.z,
          static_cast<unsigned>(shared_mem), s, params, nullptr);
#else
  (void)dev;
#endif
}

std::string RawKernel::compile() const {
  const int dev = require_cuda_device("RawKernel");
#ifdef CUNUMPY_HAVE_CUDA
  cuda::ensure_context(dev);
  impl_->on(dev);
  return impl_->module.impl_->on(dev)->log;
#else
  (void)dev;
  return {};
#endif
}

void* RawKernel::function() const {
  const int dev = require_cuda_device("RawKernel");
#ifdef CUNUMPY_HAVE_CUDA
  cuda::ensure_context(dev);
#endif
  return impl_->on(dev);
}

KernelAttributes RawKernel::attributes() const {
  KernelAttributes a;
#ifdef CUNUMPY_HAVE_CUDA
  auto f = static_cast<CUfunction>(function());
  auto get = [&](CUfunction_attribute attr) {
    int v = 0;
    CN_CU(cuFuncGetAttribute, &v, attr, f);
    return v;
  };
  a.max_threads_per_block = get(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  a.shared_size_bytes = get(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
  a.const_size_bytes = get(CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES);
  a.local_size_bytes = get(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES);
  a.num_regs = get(CU_FUNC_ATTRIBUTE_NUM_REGS);
  a.ptx_version = get(CU_FUNC_ATTRIBUTE_PTX_VERSION);
  a.binary_version = get(CU_FUNC_ATTRIBUTE_BINARY_VERSION);
  a.cache_mode_ca = get(CU_FUNC_ATTRIBUTE_CACHE_MODE_CA);
  a.max_dynamic_shared_size_bytes = get(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
  a.preferred_shared_memory_carveout = get(CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT);
#else
  function();  // throws: no CUDA
#endif
  return a;
}

void RawKernel::set_max_dynamic_shared_size_bytes(int bytes) const {
#ifdef CUNUMPY_HAVE_CUDA
  auto f = static_cast<CUfunction>(function());
  CN_CU(cuFuncSetAttribute, f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
#else
  (void)bytes;
  function();
#endif
}

void RawKernel::set_preferred_shared_memory_carveout(int percent) const {
#ifdef CUNUMPY_HAVE_CUDA
  auto f = static_cast<CUfunction>(function());
  CN_CU(cuFuncSetAttribute, f, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, percent);
#else
  (void)percent;
  function();
#endif
}

const std::string& RawKernel::name() const { return impl_->name; }
const RawModule& RawKernel::module() const { return impl_->module; }

}  // namespace cunumpy
