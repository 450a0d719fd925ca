// malloc_managed: unified memory (cuMemAllocManaged), reachable from the host and from
// every device; 64-byte aligned host memory on the CPU backend.
#include <cstdlib>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/memory/pool.hpp"

#ifdef CUNUMPY_HAVE_CUDA
#include "runtime/cuda/driver.hpp"
#endif

namespace cunumpy {

MemoryPtr malloc_managed(Device device, std::size_t nbytes) {
  if (nbytes == 0) return std::make_shared<Memory>(nullptr, 0, device, nullptr);
  if (device.is_cpu()) {
    void* p = std::aligned_alloc(64, (nbytes + 63) / 64 * 64);
    if (!p) throw OutOfMemoryError("Out of memory allocating " + std::to_string(nbytes) + " bytes on cpu");
    return std::make_shared<Memory>(p, nbytes, device, [](void* q, std::size_t) { std::free(q); });
  }
#ifdef CUNUMPY_HAVE_CUDA
  if (device.index < 0 || device.index >= cuda_device_count())
    throw ValueError("invalid device " + device.str());
  cuda::ensure_context(device.index);
  CUdeviceptr p = 0;
  CUresult r = cuda::driver().cuMemAllocManaged(&p, nbytes, CU_MEM_ATTACH_GLOBAL);
  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    throw OutOfMemoryError("Out of memory allocating " + std::to_string(nbytes) +
                           " bytes of managed memory on " + device.str());
  cuda::check(r, CN_STRX(cuMemAllocManaged));
  const int index = device.index;
  return std::make_shared<Memory>(reinterpret_cast<void*>(p), nbytes, device,
                                  [index](void* q, std::size_t) {
                                    if (const auto* api = cuda::try_driver()) {
                                      try {
                                        cuda::ensure_context(index);
                                      } catch (...) {
                                        return;  // never throw from a deleter
                                      }
                                      api->cuMemFree(reinterpret_cast<CUdeviceptr>(q));
                                    }
                                  });
#else
  throw ValueError(device.str() + ": cunumpy was built without CUDA support");
#endif
}

}  // namespace cunumpy
