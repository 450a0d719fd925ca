// The indexing kernels' in-memory lookup by packed integer key (in front of get_kernel's
// string-keyed caches), as the copy kernels do in cuda_backend.cpp.
#include <mutex>
#include <unordered_map>

#include "backend/cuda/indexing_kernels.hpp"

namespace cunumpy::cuda {

Function indexing_kernel(int device, uint64_t key, const std::function<Function()>& load) {
  static std::mutex mu;
  static std::unordered_map<uint64_t, Function> kernels;  // process lifetime, like get_kernel's
  const uint64_t full = key << 8 | static_cast<uint64_t>(device & 0xff);
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = kernels.find(full);
    if (it != kernels.end()) return it->second;
  }
  Function f = load();  // may compile: outside the lock
  std::lock_guard<std::mutex> lock(mu);
  kernels.emplace(full, f);
  return f;
}

}  // namespace cunumpy::cuda
