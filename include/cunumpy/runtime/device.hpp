// Devices: "cpu" and "cuda:N". The current device is thread-local, like CuPy's.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace cunumpy {

enum class DeviceKind : uint8_t { CPU, CUDA };

struct Device {
  DeviceKind kind = DeviceKind::CPU;
  int index = 0;

  constexpr Device() = default;
  constexpr Device(DeviceKind k, int i = 0) : kind(k), index(i) {}
  static constexpr Device cpu() { return Device(DeviceKind::CPU, 0); }
  static constexpr Device cuda(int i = 0) { return Device(DeviceKind::CUDA, i); }
  // "cpu", "cuda", "cuda:1"; ValueError otherwise.
  static Device parse(std::string_view s);

  bool is_cpu() const { return kind == DeviceKind::CPU; }
  bool is_cuda() const { return kind == DeviceKind::CUDA; }
  std::string str() const;  // "cpu" or "cuda:N"

  friend constexpr bool operator==(Device a, Device b) {
    return a.kind == b.kind && a.index == b.index;
  }
  friend constexpr bool operator!=(Device a, Device b) { return !(a == b); }
};

// True when the CUDA driver loads and reports at least one device. Never throws.
bool cuda_is_available();
// Number of CUDA devices; 0 when there is no driver or no GPU. Never throws.
int cuda_device_count();

// The process default: CUNUMPY_DEVICE=cpu|cuda|cuda:N if set, else cuda:0 when a GPU is
// usable, else cpu. Decided once, on first use.
Device default_device();
// The calling thread's current device (default_device() until changed).
Device current_device();
// Sets the calling thread's current device; ValueError for a CUDA index out of range.
void set_current_device(Device d);

// Makes `d` current for a scope and restores the previous one after.
class DeviceGuard {
 public:
  explicit DeviceGuard(Device d) : prev_(current_device()) { set_current_device(d); }
  ~DeviceGuard() { set_current_device(prev_); }
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  Device prev_;
};

}  // namespace cunumpy
