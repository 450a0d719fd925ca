// CUDA side of the user kernels: NVRTC compilation through the kernel cache and launches
// on the current stream. Internal header.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cunumpy::cuda {

void* compile_user_kernel(int device, const std::string& source, const std::string& name,
                          const std::vector<std::string>& options);
// blocks = false: a grid-stride launch over `items`; true: one 256-thread block per item.
void launch_user_kernel(int device, void* fn, void** args, int64_t items, bool blocks);

}  // namespace cunumpy::cuda
