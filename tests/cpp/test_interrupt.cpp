// cunumpy/base/interrupt.hpp: the hook long host work calls between chunks, and how an
// exception thrown by it abandons a CPU operation and leaves the library usable.
#include <atomic>
#include <stdexcept>

#include "array_helpers.hpp"

namespace cunumpy::test {
namespace {

std::atomic<int> g_calls{0};
bool g_throw = false;

struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};

void counting_hook() {
  ++g_calls;
  if (g_throw) throw Interrupted();
}

// Removes the hook however a test ends.
struct HookScope {
  HookScope() {
    g_calls = 0;
    g_throw = false;
    set_interrupt_hook(&counting_hook);
  }
  ~HookScope() { set_interrupt_hook(nullptr); }
};

}  // namespace

TEST(Interrupt, NoHookIsANoOp) {
  set_interrupt_hook(nullptr);
  EXPECT_NO_THROW(check_interrupt());
}

TEST(Interrupt, CheckRunsTheHook) {
  HookScope scope;
  check_interrupt();
  check_interrupt();
  EXPECT_EQ(g_calls.load(), 2);
  set_interrupt_hook(nullptr);
  check_interrupt();
  EXPECT_EQ(g_calls.load(), 2);
}

TEST(Interrupt, ThrowingHookAbandonsCpuWorkAndTheLibraryStaysUsable) {
  DeviceGuard on_cpu(Device::cpu());  // the CPU loops are what call the hook
  const ndarray x = ones(Shape{1 << 20});
  {
    HookScope scope;
    EXPECT_EQ(values(sum(x)).at(0), double(1 << 20));
    EXPECT_GT(g_calls.load(), 0);  // the CPU loops asked between passes
    g_throw = true;
    EXPECT_THROW(sum(x), Interrupted);
    EXPECT_THROW(add(x, x), Interrupted);
  }
  EXPECT_EQ(values(sum(add(x, x))).at(0), double(2 << 20));
}

}  // namespace cunumpy::test
