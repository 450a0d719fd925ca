// The indexing kernels' in-memory lookup by packed integer key (in front of get_kernel's
// string-keyed caches), through the shared function cache.
#include "backend/cuda/indexing_kernels.hpp"
#include "kernels/cuda/function_cache.hpp"

namespace cunumpy::cuda {

Function indexing_kernel(int device, uint64_t key, const std::function<Function()>& load) {
  static auto* kernels = new FunctionCache<Function>();  // process lifetime, like get_kernel's
  return kernels->get(FunctionKey(KernelFamily::Indexing, device).push(key, 64), load);
}

}  // namespace cunumpy::cuda
