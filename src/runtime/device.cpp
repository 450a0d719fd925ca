// Devices: parsing, discovery (through the lazily loaded driver) and the thread-local
// current device.
#include "cunumpy/runtime/device.hpp"

#include <cstdlib>
#include <mutex>

#include "cunumpy/base/errors.hpp"

#ifdef CUNUMPY_HAVE_CUDA
#include "runtime/cuda/driver.hpp"
#endif

namespace cunumpy {

Device Device::parse(std::string_view s) {
  auto bad = [&]() {
    return ValueError("invalid device '" + std::string(s) +
                      "': expected 'cpu', 'cuda' or 'cuda:N'");
  };
  if (s == "cpu") return cpu();
  if (s == "cuda" || s == "gpu") return cuda(0);
  if (s.starts_with("cuda:")) {
    std::string_view n = s.substr(5);
    if (n.empty() || n.size() > 6) throw bad();
    int index = 0;
    for (char ch : n) {
      if (ch < '0' || ch > '9') throw bad();
      index = index * 10 + (ch - '0');
    }
    return cuda(index);
  }
  throw bad();
}

std::string Device::str() const {
  return is_cpu() ? std::string("cpu") : "cuda:" + std::to_string(index);
}

int cuda_device_count() {
#ifdef CUNUMPY_HAVE_CUDA
  return cuda::device_count();  // loads the driver once; 0 on any failure
#else
  return 0;
#endif
}

bool cuda_is_available() { return cuda_device_count() > 0; }

namespace {

// Why CUDA cannot be used, for the error raised when CUNUMPY_DEVICE asks for it.
std::string cuda_unavailable_reason() {
#ifdef CUNUMPY_HAVE_CUDA
  const std::string& e = cuda::load_error();
  return e.empty() ? "no CUDA device was found" : e;
#else
  return "cunumpy was built without CUDA support";
#endif
}

// The default, or the error CUNUMPY_DEVICE produced (raised on every use, never a crash).
struct DefaultDevice {
  Device device;
  std::string error;
  bool bad_spelling = false;  // ValueError rather than CudaError
};

DefaultDevice decide_default() {
  const char* env = std::getenv("CUNUMPY_DEVICE");
  if (!env || !*env) return {cuda_is_available() ? Device::cuda(0) : Device::cpu(), {}};
  Device d;
  try {
    d = Device::parse(env);
  } catch (const ValueError& e) {
    return {Device::cpu(), std::string("CUNUMPY_DEVICE: ") + e.what(), true};
  }
  if (d.is_cuda()) {
    int n = cuda_device_count();
    if (n == 0)
      return {d, "CUNUMPY_DEVICE=" + std::string(env) + " asks for CUDA, but " +
                     cuda_unavailable_reason()};
    if (d.index >= n)
      return {d, "CUNUMPY_DEVICE=" + std::string(env) + ": there are only " +
                     std::to_string(n) + " CUDA device(s)"};
  }
  return {d, {}};
}

const DefaultDevice& default_state() {
  static const DefaultDevice state = decide_default();
  return state;
}

// The thread's current device; unset until first read or set.
thread_local bool t_has_current = false;
thread_local Device t_current;

void check_index(Device d) {
  if (d.is_cuda()) {
    int n = cuda_device_count();
    if (d.index < 0 || d.index >= n) {
      std::string why = n == 0 ? " (" + cuda_unavailable_reason() + ")"
                               : " (" + std::to_string(n) + " CUDA device(s) available)";
      throw ValueError("invalid device " + d.str() + why);
    }
  }
}

}  // namespace

Device default_device() {
  const DefaultDevice& s = default_state();
  if (!s.error.empty()) {
    if (s.bad_spelling) throw ValueError(s.error);
    throw CudaError(s.error, 0);
  }
  return s.device;
}

Device current_device() {
  if (!t_has_current) {
    t_current = default_device();  // throws the CUNUMPY_DEVICE error, if any
    t_has_current = true;
  }
  return t_current;
}

void set_current_device(Device d) {
  check_index(d);
  t_current = d;
  t_has_current = true;
}

}  // namespace cunumpy
