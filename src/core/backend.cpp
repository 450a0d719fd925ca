// The backend registry: each device kind's factory, set by the backend that implements it
// when the library loads (backend/cpu/cpu_backend.cpp, backend/cuda/cuda_backend.cpp).
#include "core/backend.hpp"

#include <atomic>

#include "cunumpy/base/errors.hpp"

namespace cunumpy {
namespace {

constexpr int kKinds = 2;  // DeviceKind::CPU, DeviceKind::CUDA

std::atomic<BackendFactory>& slot(DeviceKind kind) {
  static std::atomic<BackendFactory> factories[kKinds] = {};
  return factories[static_cast<int>(kind)];
}

}  // namespace

bool register_backend(DeviceKind kind, BackendFactory factory) {
  slot(kind).store(factory, std::memory_order_release);
  return true;
}

bool has_backend(DeviceKind kind) { return slot(kind).load(std::memory_order_acquire) != nullptr; }

Backend& backend_for(Device device) {
  if (BackendFactory f = slot(device.kind).load(std::memory_order_acquire)) return f(device.index);
  throw ValueError("device " + device.str() + " is not available: cunumpy was built without " +
                   (device.is_cpu() ? "the CPU backend" : "CUDA"));
}

namespace detail {
[[noreturn]] void throw_out_of_bounds(int64_t index, int axis, int64_t length) {
  throw IndexError("index " + std::to_string(index) + " is out of bounds for axis " +
                   std::to_string(axis) + " with size " + std::to_string(length));
}
}  // namespace detail

void Backend::unsupported(const char* what) const {
  throw NotImplementedError(std::string(what) + " is not implemented by the " + device().str() +
                            " backend");
}

}  // namespace cunumpy
