// backend_for: picks the executor of a device kind.
#include "cunumpy/kernels/backend.hpp"

#include "backend/cpu/cpu_backend.hpp"
#include "cunumpy/core/errors.hpp"
#ifdef CUNUMPY_HAVE_CUDA
#include "backend/cuda/cuda_backend.hpp"
#endif

namespace cunumpy {

Backend& backend_for(Device device) {
  if (device.is_cpu()) return cpu_backend();
#ifdef CUNUMPY_HAVE_CUDA
  return cuda_backend(device.index);
#else
  throw ValueError("device " + device.str() + " is not available: cunumpy was built without CUDA");
#endif
}

}  // namespace cunumpy
