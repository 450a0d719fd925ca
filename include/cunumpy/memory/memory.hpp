// Memory: one allocation on one device, shared by every array that views it. The last
// reference hands the block back to the allocator it came from (usually a caching pool).
#pragma once
#include <cstddef>
#include <functional>
#include <memory>

#include "cunumpy/runtime/device.hpp"

namespace cunumpy {

class Memory {
 public:
  using Deleter = std::function<void(void* ptr, std::size_t size)>;
  Memory(void* ptr, std::size_t size, Device device, Deleter deleter)
      : ptr_(ptr), size_(size), device_(device), deleter_(std::move(deleter)) {}
  ~Memory() {
    if (deleter_) deleter_(ptr_, size_);
  }
  Memory(const Memory&) = delete;
  Memory& operator=(const Memory&) = delete;

  void* ptr() const { return ptr_; }
  std::size_t size() const { return size_; }
  Device device() const { return device_; }

 private:
  void* ptr_;
  std::size_t size_;
  Device device_;
  Deleter deleter_;
};
using MemoryPtr = std::shared_ptr<Memory>;

// Allocates `nbytes` on `device` through that device's current allocator (the default
// caching pool unless set_allocator changed it). nbytes == 0 gives a valid empty block.
// Throws OutOfMemoryError after freeing cached blocks and retrying.
MemoryPtr allocate(Device device, std::size_t nbytes);

// Wraps memory cunumpy did not allocate; `owner` is kept alive as long as the memory is.
MemoryPtr wrap_memory(void* ptr, std::size_t size, Device device, std::shared_ptr<void> owner);

}  // namespace cunumpy
