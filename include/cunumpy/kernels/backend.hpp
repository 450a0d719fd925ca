// Backend: what a device kind supplies to run the ops layer. The CPU backend runs
// multi-threaded loops; the CUDA backend runs NVRTC-compiled kernels on the current stream.
#pragma once
#include <cstddef>

#include "cunumpy/core/scalar.hpp"
#include "cunumpy/kernels/launch_plan.hpp"
#include "cunumpy/runtime/device.hpp"

namespace cunumpy {

class Backend {
 public:
  virtual ~Backend() = default;
  // plan.ops[0] = destination, plan.ops[1] = source; casts source dtype to destination
  // dtype element by element with NumPy's unsafe-cast semantics.
  virtual void copy(const LaunchPlan& plan) = 0;
  // plan.ops[0] = destination; every element set to value (already of the destination dtype).
  virtual void fill(const LaunchPlan& plan, const Scalar& value) = 0;
  // Raw byte copies. `device_ptr` lives on this backend's device.
  virtual void copy_to_host(void* host_dst, const void* device_src, std::size_t n) = 0;
  virtual void copy_from_host(void* device_dst, const void* host_src, std::size_t n) = 0;
  virtual void copy_device(void* dst, const void* src, std::size_t n) = 0;
  // Like copy_to_host, but may return before the copy is done (a GPU copying into pinned
  // memory); the caller synchronizes the current stream before reading host_dst.
  virtual void copy_to_host_async(void* host_dst, const void* device_src, std::size_t n) {
    copy_to_host(host_dst, device_src, n);
  }
  // Copies n bytes from `src` on another device of the same kind into `dst` on this one;
  // false when the backend cannot (the caller stages through the host).
  virtual bool copy_from_peer(void* dst, const void* src, Device src_device, std::size_t n) {
    (void)dst, (void)src, (void)src_device, (void)n;
    return false;
  }
  // Waits for all work queued on the current stream of this device.
  virtual void synchronize() = 0;
};

// The backend of `device` (created on first use). ValueError for a CUDA device when the
// library was built without CUDA, CudaError when no driver or device is usable.
Backend& backend_for(Device device);

}  // namespace cunumpy
