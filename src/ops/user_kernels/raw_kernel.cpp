// RawModule and RawKernel: user CUDA C++ compiled on first use per device through the
// backend's raw_* entries (backend/cuda/raw_kernel_cuda.cpp; the CPU backend refuses them),
// functions looked up once per device and then launched with no lock and no allocation.
#include "cunumpy/ops/raw_kernel.hpp"

#include <atomic>
#include <cctype>
#include <cstring>
#include <mutex>

#include "core/backend.hpp"
#include "core/backend_tasks_raw.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/runtime/device.hpp"

namespace cunumpy {

namespace {

// Functions are cached per device index below this; others are looked up on every call.
constexpr int kMaxCachedDevices = 64;

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
  std::vector<std::shared_ptr<const detail::RawModuleImage>> loaded;  // by device index

  // The module on `device` through its backend, loaded on first use. `what` names the
  // caller in the CPU backend's error.
  std::shared_ptr<const detail::RawModuleImage> on(Backend& backend, Device device, const char* what);
};

std::shared_ptr<const detail::RawModuleImage> RawModule::Impl::on(Backend& backend, Device device,
                                                                 const char* what) {
  const auto index = static_cast<std::size_t>(device.index);
  if (device.is_cuda()) {
    std::lock_guard<std::mutex> lock(mu);
    if (index < loaded.size() && loaded[index]) return loaded[index];
  }
  detail::RawModuleLoad task;
  task.what = what;
  task.code = &code;
  task.path = &path;
  task.options = &options.options;
  task.name_expressions = &options.name_expressions;
  task.label = &label;
  task.translate_cucomplex = options.translate_cucomplex;
  auto m = backend.raw_module_load(task);  // may compile: outside the lock
  if (!device.is_cuda()) return m;
  std::lock_guard<std::mutex> lock(mu);
  if (loaded.size() <= index) loaded.resize(index + 1);
  if (!loaded[index]) loaded[index] = std::move(m);
  return loaded[index];
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
  const Device d = current_device();
  return impl_->on(backend_for(d), d, "RawModule")->log;
}

RawKernel RawModule::get_function(const std::string& name) const {
  RawKernel k(std::make_shared<RawKernel::Impl>(*this, name));
  k.function();  // compile and look up now: a wrong name fails here, as in CuPy
  return k;
}

MemoryPtr RawModule::get_global(const std::string& name) const {
  const Device d = current_device();
  Backend& b = backend_for(d);
  auto m = impl_->on(b, d, "RawModule");
  const auto [p, size] = b.raw_global(*m, name);
  // Modules stay loaded for the life of the process; the owner only ties the two together.
  return wrap_memory(p, size, d, impl_);
}

std::string RawModule::lowered_name(const std::string& name_expression) const {
  const Device d = current_device();
  auto m = impl_->on(backend_for(d), d, "RawModule");
  for (const auto& [expr, lowered] : m->lowered)
    if (expr == name_expression) return lowered;
  throw ValueError("'" + name_expression + "' is not one of this module's name_expressions");
}

const std::string& RawModule::code() const { return impl_->code; }
const std::string& RawModule::path() const { return impl_->path; }
const KernelCompileOptions& RawModule::options() const { return impl_->options; }

// ---- RawKernel --------------------------------------------------------------------------

namespace {
// A kernel ready to launch on one device: its backend and function.
struct Ready {
  Backend* backend;
  void* fn;
};
}  // namespace

struct RawKernel::Impl {
  RawModule module;
  std::string name;
  // Per CUDA device index, set once: the backend, then the function (release), so that a
  // reader that sees the function sees the backend.
  std::atomic<Backend*> backend[kMaxCachedDevices] = {};
  std::atomic<void*> fn[kMaxCachedDevices] = {};
  std::atomic<int> num_params{-1};  // from the first function found; -1: unknown

  Impl(RawModule m, std::string n) : module(std::move(m)), name(std::move(n)) {}

  // The function on the current device, looked up on first use.
  Ready on_current(const char* what = "RawKernel") {
    const Device d = current_device();
    if (d.is_cuda() && d.index < kMaxCachedDevices)
      if (void* f = fn[d.index].load(std::memory_order_acquire))
        return {backend[d.index].load(std::memory_order_relaxed), f};
    return look_up(d, what);
  }
  Ready look_up(Device d, const char* what);
};

Ready RawKernel::Impl::look_up(Device d, const char* what) {
  Backend& b = backend_for(d);
  auto m = module.impl_->on(b, d, what);
  void* f = b.raw_function(*m, name);
  if (num_params.load(std::memory_order_relaxed) < 0) num_params.store(b.raw_param_count(*m, name, f));
  if (d.is_cuda() && d.index < kMaxCachedDevices) {
    backend[d.index].store(&b, std::memory_order_relaxed);
    fn[d.index].store(f, std::memory_order_release);
  }
  return {&b, f};
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

void launch_ready(const Ready& r, const KernelCompileOptions& o, Dim3 grid, Dim3 block,
                  void** params, std::size_t shared_mem, void* stream, bool use_stream) {
  detail::RawLaunch l;
  l.function = r.fn;
  l.grid[0] = grid.x, l.grid[1] = grid.y, l.grid[2] = grid.z;
  l.block[0] = block.x, l.block[1] = block.y, l.block[2] = block.z;
  l.params = params;
  l.shared_mem = shared_mem;
  l.stream = stream;
  l.use_stream = use_stream;
  l.cooperative = o.enable_cooperative_groups;
  r.backend->raw_launch(l);
}

// kernelParams for `args` (pointers to each value, on the stack for up to 32 arguments),
// then the launch. Checks the argument count against the kernel's (a short list would make
// the driver read past it) and that arrays are on a CUDA device.
void launch_args(RawKernel::Impl& k, std::span<const KernelArg> args, Dim3 grid, Dim3 block,
                 std::size_t shared_mem, void* stream, bool use_stream) {
  const Ready r = k.on_current();  // before judging where arrays live
  const int expected = k.num_params.load(std::memory_order_relaxed);
  if (expected >= 0 && static_cast<std::size_t>(expected) != args.size())
    throw TypeError("kernel '" + k.name + "' takes " + std::to_string(expected) +
                    " argument" + (expected == 1 ? "" : "s") + ", got " +
                    std::to_string(args.size()));
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
  launch_ready(r, k.module.options(), grid, block, params, shared_mem, stream, use_stream);
}

}  // namespace

void RawKernel::operator()(Dim3 grid, Dim3 block, std::span<const KernelArg> args,
                           std::size_t shared_mem) const {
  launch_args(*impl_, args, grid, block, shared_mem, nullptr, false);
}

void RawKernel::launch(Dim3 grid, Dim3 block, std::span<const KernelArg> args,
                       std::size_t shared_mem, const Stream& stream) const {
  launch_args(*impl_, args, grid, block, shared_mem, stream.handle(), true);
}

void RawKernel::launch_params(Dim3 grid, Dim3 block, void** params, std::size_t shared_mem,
                              void* stream, bool use_stream) const {
  launch_ready(impl_->on_current(), impl_->module.options(), grid, block, params, shared_mem,
               stream, use_stream);
}

std::string RawKernel::compile() const {
  const Device d = current_device();
  Backend& b = backend_for(d);
  impl_->on_current();
  return impl_->module.impl_->on(b, d, "RawKernel")->log;
}

void* RawKernel::function() const { return impl_->on_current().fn; }

KernelAttributes RawKernel::attributes() const {
  const Ready r = impl_->on_current();
  auto get = [&](detail::RawAttribute a) { return r.backend->raw_attribute(r.fn, a); };
  using A = detail::RawAttribute;
  KernelAttributes a;
  a.max_threads_per_block = get(A::MaxThreadsPerBlock);
  a.shared_size_bytes = get(A::SharedSizeBytes);
  a.const_size_bytes = get(A::ConstSizeBytes);
  a.local_size_bytes = get(A::LocalSizeBytes);
  a.num_regs = get(A::NumRegs);
  a.ptx_version = get(A::PtxVersion);
  a.binary_version = get(A::BinaryVersion);
  a.cache_mode_ca = get(A::CacheModeCa);
  a.max_dynamic_shared_size_bytes = get(A::MaxDynamicSharedSizeBytes);
  a.preferred_shared_memory_carveout = get(A::PreferredSharedMemoryCarveout);
  return a;
}

void RawKernel::set_max_dynamic_shared_size_bytes(int bytes) const {
  const Ready r = impl_->on_current();
  r.backend->raw_set_attribute(r.fn, detail::RawAttribute::MaxDynamicSharedSizeBytes, bytes);
}

void RawKernel::set_preferred_shared_memory_carveout(int percent) const {
  const Ready r = impl_->on_current();
  r.backend->raw_set_attribute(r.fn, detail::RawAttribute::PreferredSharedMemoryCarveout, percent);
}

const std::string& RawKernel::name() const { return impl_->name; }
const RawModule& RawKernel::module() const { return impl_->module; }

}  // namespace cunumpy
