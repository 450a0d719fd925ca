// The CUDA backend: NVRTC-generated copy/cast and fill kernels and stream-ordered
// transfers, all on the calling thread's current stream of the device.
#pragma once
#include "core/backend.hpp"

namespace cunumpy {

// The backend of cuda:`device_index`, created on first use. ValueError for an index out
// of range, CudaError when the driver is unusable.
Backend& cuda_backend(int device_index);

}  // namespace cunumpy
