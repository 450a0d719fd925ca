// User kernels on CUDA: the generated source goes through the shared kernel cache (memory
// key = the source itself, then the disk cache, then NVRTC), launched like the built-in
// elementwise kernels (256 threads, grid capped at 32 blocks per SM, grid-stride loops).
#include "backend/cuda/user_kernel_cuda.hpp"

#include <algorithm>

#include "kernels/cuda/kernel_cache.hpp"
#include "runtime/cuda/driver.hpp"

namespace cunumpy::cuda {

void* compile_user_kernel(int device, const std::string& source, const std::string& name,
                          const std::vector<std::string>& options) {
  ensure_context(device);
  std::string key = "user|";
  for (const std::string& o : options) key += o + '|';
  return get_kernel(device, key + source, source, name, options);
}

void launch_user_kernel(int device, void* fn, void** args, int64_t items, bool blocks) {
  constexpr unsigned kBlock = 256;
  ensure_context(device);
  int64_t grid;
  if (blocks) {
    grid = std::min<int64_t>(std::max<int64_t>(items, 1), 0x7fffffff);
  } else {
    const int64_t cap = int64_t{multiprocessor_count(device)} * 32;
    grid = std::max<int64_t>(1, std::min((items + kBlock - 1) / kBlock, cap));
  }
  launch(fn, static_cast<unsigned>(grid), kBlock, args, 0, current_stream(device));
}

}  // namespace cunumpy::cuda
