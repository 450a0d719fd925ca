// Compiling and launching generated user-kernel code on the device of the arrays, through
// the device's backend (NVRTC and the CUDA launch path, or the host compiler and the
// thread pool).
#include "core/backend.hpp"
#include "ops/user_kernels/user_kernel.hpp"

namespace cunumpy::user {

void* compile_function(Device device, const std::string& source, const std::string& name,
                       const std::vector<std::string>& options) {
  return backend_for(device).compile_user_function(source, name, options);
}

void launch(Device device, void* fn, void** args, int64_t items, LaunchKind kind, int64_t cpu_grain) {
  if (items <= 0) return;
  backend_for(device).launch_user_function(detail::UserLaunch{fn, args, items, kind, cpu_grain});
}

}  // namespace cunumpy::user
