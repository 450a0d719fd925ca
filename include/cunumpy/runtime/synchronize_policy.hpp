// Whether this thread may wait for the device (cupyx.allow_synchronize). Every blocking
// read of device results calls declare_synchronize() first: ndarray::copy_to_host, item(),
// to(cpu) on both backends, and the CUDA backend's copy_to_host (which the library's own
// read-backs use: nonzero's count, index-check flags, LAPACK's info). Explicit waits
// (Stream/Event/device synchronize) are the caller's request and are not refused.
#pragma once
#include "cunumpy/base/errors.hpp"

namespace cunumpy {

// Raised by declare_synchronize() while this thread disallows synchronization
// (-> cunumpyx.DeviceSynchronized, a RuntimeError).
struct DeviceSynchronized : Error {
  DeviceSynchronized() : Error("Device synchronization was detected while disallowed.") {}
};

bool synchronize_allowed() noexcept;           // this thread; true unless set otherwise
void set_synchronize_allowed(bool allowed) noexcept;
void declare_synchronize();                     // throws DeviceSynchronized when disallowed

}  // namespace cunumpy
