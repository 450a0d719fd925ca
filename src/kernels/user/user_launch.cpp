// Compiling and launching generated user-kernel code on the device of the arrays: NVRTC
// and the CUDA launch path on cuda:N, the host compiler and the thread pool on the CPU.
#include "backend/cpu/host_compiler.hpp"
#include "backend/cpu/parallel.hpp"
#include "cunumpy/core/errors.hpp"
#include "kernels/user/user_kernel.hpp"
#ifdef CUNUMPY_HAVE_CUDA
#include "backend/cuda/user_kernel_cuda.hpp"
#endif

namespace cunumpy::user {
namespace {
using HostFn = void (*)(void** args, long long begin, long long end);
constexpr int64_t kGrain = 1 << 14;  // elements per CPU task below which threads do not pay
}  // namespace

void* compile_function(Device device, const std::string& source, const std::string& name,
                       const std::vector<std::string>& options) {
  // Symbols are prefixed: a kernel named like a libc or CUDA math function (sincos) must
  // not clash with it.
  if (device.is_cpu()) return cpu::host_function(source, "cn_host_" + name);
#ifdef CUNUMPY_HAVE_CUDA
  return cuda::compile_user_kernel(device.index, source, "cn_kernel_" + name, options);
#else
  throw ValueError("cunumpy was built without the CUDA backend");
#endif
}

void launch(Device device, void* fn, void** args, int64_t items, LaunchKind kind, int64_t cpu_grain) {
  if (items <= 0) return;
  if (device.is_cpu()) {
    auto f = reinterpret_cast<HostFn>(fn);
    const int64_t grain = cpu_grain > 0 ? cpu_grain : kind == LaunchKind::Blocks ? 1 : kGrain;
    cpu::parallel_for(items, grain,
                      [&](int64_t b, int64_t e) { f(args, b, e); });
    return;
  }
#ifdef CUNUMPY_HAVE_CUDA
  cuda::launch_user_kernel(device.index, fn, args, items, kind == LaunchKind::Blocks);
#else
  throw ValueError("cunumpy was built without the CUDA backend");
#endif
}

}  // namespace cunumpy::user
