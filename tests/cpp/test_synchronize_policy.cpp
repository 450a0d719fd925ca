// synchronize_policy.hpp: while this thread disallows synchronization, blocking reads of
// device results throw DeviceSynchronized; other threads and launching work are unaffected.
#include <gtest/gtest.h>

#include <thread>

#include <cunumpy/cunumpy.hpp>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(SynchronizePolicy, BlockingReadsThrowWhileDisallowed) {
  ndarray x = seq({4}, float64);
  EXPECT_TRUE(synchronize_allowed());
  set_synchronize_allowed(false);
  ndarray y = x.copy();  // work on the device only
  EXPECT_THROW(y.item(), ValueError);  // size 4: NumPy's error comes first
  EXPECT_THROW(y[{int64_t(1)}].item(), DeviceSynchronized);
  double host[4];
  EXPECT_THROW(y.copy_to_host(host), DeviceSynchronized);
  bool other_thread_ok = false;
  std::thread t([&] { other_thread_ok = synchronize_allowed(); });
  t.join();
  EXPECT_TRUE(other_thread_ok);
  set_synchronize_allowed(true);
  EXPECT_EQ(values(y), (std::vector<double>{0, 1, 2, 3}));
}

TEST(ThreadAllocator, ThisThreadOnly) {
  int calls = 0;
  set_thread_allocator(Allocator([&](Device d, std::size_t n) {
    ++calls;
    return default_memory_pool(d).malloc(n);
  }));
  EXPECT_TRUE(has_thread_allocator());
  ndarray a = seq({8}, float32);
  EXPECT_GE(calls, 1);
  const int before = calls;
  std::thread t([] { ndarray b = seq({8}, float32); });
  t.join();
  EXPECT_EQ(calls, before);  // the other thread used the default pool
  set_thread_allocator(std::nullopt);
  EXPECT_FALSE(has_thread_allocator());
  ndarray c = seq({8}, float32);
  EXPECT_EQ(calls, before);
}

}  // namespace cunumpy::test
