// The per-thread switch behind cupyx.allow_synchronize (synchronize_policy.hpp).
#include "cunumpy/runtime/synchronize_policy.hpp"

namespace cunumpy {
namespace {
thread_local bool t_allowed = true;
}  // namespace

bool synchronize_allowed() noexcept { return t_allowed; }
void set_synchronize_allowed(bool allowed) noexcept { t_allowed = allowed; }

void declare_synchronize() {
  if (!t_allowed) throw DeviceSynchronized();
}

}  // namespace cunumpy
