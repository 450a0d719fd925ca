// A pool over CUDA's stream-ordered allocator (cudaMallocAsync), CuPy's MemoryAsyncPool:
// blocks are allocated and freed on the current stream by the driver's own pool of the
// device. On the CPU it is a caching host pool with the same API, so code runs unchanged.
#pragma once
#include <cstddef>
#include <memory>

#include "cunumpy/memory/memory.hpp"
#include "cunumpy/runtime/device.hpp"

namespace cunumpy {

class AsyncMemoryPool {
 public:
  explicit AsyncMemoryPool(Device device);
  ~AsyncMemoryPool();
  AsyncMemoryPool(const AsyncMemoryPool&) = delete;
  AsyncMemoryPool& operator=(const AsyncMemoryPool&) = delete;

  Device device() const;
  // nbytes on the current stream (cuMemAllocAsync); freed on the stream current when the
  // last reference goes (cuMemFreeAsync). OutOfMemoryError past the limit or the device.
  MemoryPtr malloc(std::size_t nbytes);

  std::size_t used_bytes() const;   // bytes handed out by this object and not yet freed
  std::size_t total_bytes() const;  // bytes the driver's pool holds for the device
  std::size_t free_bytes() const;   // total - used
  // Waits for the device, then returns the driver pool's unused memory to the system.
  void free_all_blocks();
  void set_limit(std::size_t bytes);  // bound on used_bytes(); 0: none
  void set_limit_fraction(double fraction);
  std::size_t get_limit() const;

  struct State;

 private:
  std::shared_ptr<State> state_;  // shared with the deleters of blocks still out
};

}  // namespace cunumpy
