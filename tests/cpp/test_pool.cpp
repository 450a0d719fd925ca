// cunumpy/memory/pool.hpp: the process-wide allocator hook (what every array allocation
// goes through), the uncached allocator, limits, pinned and managed memory. (Block reuse,
// splitting, the OOM ladder and threads: test_cuda_runtime.cpp.)
#include <atomic>
#include <cstring>

#include "array_helpers.hpp"

namespace cunumpy::test {
namespace {

// Restores the default allocators however a test ends.
struct DefaultAllocators {
  ~DefaultAllocators() {
    set_allocator({});
    set_pinned_allocator({});
  }
};

}  // namespace

TEST(Pool, ArraysAllocateThroughTheInstalledAllocator) {
  DefaultAllocators restore;
  std::atomic<int> calls{0};
  std::atomic<std::size_t> bytes{0};
  set_allocator([&](Device d, std::size_t n) {
    ++calls;
    bytes += n;
    return uncached_allocator()(d, n);
  });
  const ndarray a = zeros(Shape{100}, float64);
  EXPECT_GE(calls.load(), 1);
  EXPECT_GE(bytes.load(), 800u);
  expect_near(add(a, Operand(1.0)), std::vector<double>(100, 1.0));
  set_allocator({});
  const int before = calls.load();
  const ndarray b = zeros(Shape{100});
  EXPECT_EQ(calls.load(), before);  // the default pools again
}

TEST(Pool, UncachedAllocatorLeavesTheDefaultPoolAlone) {
  DefaultAllocators restore;
  MemoryPool& pool = default_memory_pool();
  pool.free_all_blocks();
  const std::size_t total = pool.total_bytes();
  set_allocator(uncached_allocator());
  {
    const ndarray big = ones(Shape{1 << 16});
    EXPECT_EQ(pool.total_bytes(), total);
  }
  EXPECT_EQ(pool.total_bytes(), total);
}

TEST(Pool, OwnPoolAccountingAndLimit) {
  MemoryPool pool(current_device());
  EXPECT_EQ(pool.device(), current_device());
  EXPECT_FALSE(pool.pinned());
  {
    MemoryPtr m = pool.malloc(1000);
    EXPECT_GE(m->size(), 1000u);
    EXPECT_GE(pool.used_bytes(), 1000u);
    EXPECT_EQ(pool.total_bytes(), pool.used_bytes() + pool.free_bytes());
  }
  EXPECT_EQ(pool.used_bytes(), 0u);
  EXPECT_GT(pool.n_free_blocks(), 0u);  // cached for reuse
  pool.free_all_blocks(current_stream(current_device()));
  pool.free_all_blocks();
  EXPECT_EQ(pool.total_bytes(), 0u);
  pool.set_limit(4096);
  EXPECT_EQ(pool.get_limit(), 4096u);
  EXPECT_THROW(pool.malloc(1 << 20), OutOfMemoryError);
  EXPECT_NO_THROW(pool.malloc(1024));
  pool.set_limit_fraction(0.5);
  EXPECT_GT(pool.get_limit(), 4096u);
}

TEST(Pool, PinnedAndManagedMemoryAreHostAccessible) {
  DefaultAllocators restore;
  int calls = 0;
  set_pinned_allocator([&](std::size_t n) {
    ++calls;
    return uncached_pinned_allocator()(n);
  });
  MemoryPtr p = allocate_pinned(256);
  EXPECT_EQ(calls, 1);
  std::memset(p->ptr(), 7, 256);
  EXPECT_EQ(static_cast<unsigned char*>(p->ptr())[255], 7);
  MemoryPtr m = malloc_managed(current_device(), 512);
  ASSERT_NE(m->ptr(), nullptr);
  std::memset(m->ptr(), 3, 512);  // managed memory is reachable from the host
  EXPECT_EQ(static_cast<unsigned char*>(m->ptr())[511], 3);
}

}  // namespace cunumpy::test
