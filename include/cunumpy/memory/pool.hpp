// Memory pools, with CuPy's names. Every device has a default caching pool through which
// allocate() goes: freed blocks stay cached for reuse (best fit, split and re-merged) until
// free_all_blocks(). The CPU backend has one too (over aligned host memory), so code
// written against the pool API runs unchanged without a GPU.
#pragma once
#include <cstddef>
#include <functional>
#include <memory>

#include "cunumpy/memory/memory.hpp"
#include "cunumpy/runtime/device.hpp"
#include "cunumpy/runtime/stream.hpp"

namespace cunumpy {

namespace detail {
class CachingPool;
}

// What allocate() calls. The default sends each device to its default pool.
using Allocator = std::function<MemoryPtr(Device device, std::size_t nbytes)>;

class MemoryPool {
 public:
  // A new, empty pool of `device`. pinned: page-locked host memory (device must be the
  // CPU; plain host memory when CUDA is unavailable).
  explicit MemoryPool(Device device, bool pinned = false);
  // A pool of `device` whose segments come from `upstream` (e.g. malloc_managed) instead
  // of the driver; the pool caches and splits them like any other. `upstream` signals
  // exhaustion by throwing OutOfMemoryError or returning nullptr. (Pass a captureless
  // lambda as Allocator(...): it would also convert to the bool of the constructor above.)
  MemoryPool(Device device, Allocator upstream);
  ~MemoryPool();  // blocks still in use keep the pool's storage alive until freed
  MemoryPool(const MemoryPool&) = delete;
  MemoryPool& operator=(const MemoryPool&) = delete;

  Device device() const;
  bool pinned() const;

  // A block of at least nbytes (rounded up to 512 bytes) for the current stream of the
  // pool's device. Cached blocks are reused; on exhaustion every cached block is released
  // and the allocation retried once, then OutOfMemoryError is thrown.
  MemoryPtr malloc(std::size_t nbytes);

  std::size_t used_bytes() const;    // bytes in blocks handed out
  std::size_t total_bytes() const;   // bytes obtained from the system (used + cached)
  std::size_t free_bytes() const;    // bytes cached for reuse
  std::size_t n_free_blocks() const;
  void free_all_blocks();            // returns every wholly free segment to the system
  void free_all_blocks(const Stream& stream);  // only the segments cached for `stream`

  // Upper bound on total_bytes(); 0 means no limit.
  void set_limit(std::size_t bytes);
  // Limit as a fraction of the device's memory (of physical memory for the CPU).
  void set_limit_fraction(double fraction);
  std::size_t get_limit() const;

 private:
  detail::CachingPool* impl_;  // owned; see ~MemoryPool
};

// The default pool of `device`, created on first use (CUDA pools honour
// CUNUMPY_GPU_MEMORY_LIMIT, bytes or "N%"). ValueError for an invalid CUDA device.
MemoryPool& default_memory_pool(Device device);
MemoryPool& default_memory_pool();  // of current_device()
// The default pool of pinned (page-locked) host memory.
MemoryPool& default_pinned_memory_pool();

// Replaces the process-wide allocator; an empty function restores the default pools.
void set_allocator(Allocator allocator);
// An allocator with no cache: every block comes from and returns to the system
// (CuPy's set_allocator(None)).
Allocator uncached_allocator();

// Managed (unified) memory, reachable from the host and every device (cuMemAllocManaged);
// plain host memory on the CPU. Not pooled: each call allocates.
MemoryPtr malloc_managed(Device device, std::size_t nbytes);

// Pinned host memory for staging buffers (cunumpyx.empty_pinned): from the default pinned
// pool unless set_pinned_allocator changed it.
using PinnedAllocator = std::function<MemoryPtr(std::size_t nbytes)>;
MemoryPtr allocate_pinned(std::size_t nbytes);
// An empty function restores the default pinned pool.
void set_pinned_allocator(PinnedAllocator allocator);
// Pinned memory with no cache (set_pinned_memory_allocator(None)).
PinnedAllocator uncached_pinned_allocator();

}  // namespace cunumpy
