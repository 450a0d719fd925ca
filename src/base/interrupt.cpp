// The process-wide interrupt hook (see interrupt.hpp).
#include "cunumpy/base/interrupt.hpp"

#include <atomic>

namespace cunumpy {
namespace {
std::atomic<InterruptHook> g_hook{nullptr};
}

void set_interrupt_hook(InterruptHook hook) { g_hook.store(hook, std::memory_order_release); }

void check_interrupt() {
  if (InterruptHook h = g_hook.load(std::memory_order_acquire)) h();
}

}  // namespace cunumpy
