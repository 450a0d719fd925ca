// cunumpy/memory/memory.hpp: one block shared by every array viewing it, handed back to
// its allocator by the last reference; allocate() on the current allocator; wrap_memory
// for foreign memory. (The pools behind allocate: test_pool.cpp, test_cuda_runtime.cpp.)
#include <cstring>
#include <vector>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(Memory, DeleterRunsOnceWithPointerAndSize) {
  int calls = 0;
  void* seen_ptr = nullptr;
  std::size_t seen_size = 0;
  char buffer[64];
  {
    auto m = std::make_shared<Memory>(buffer, sizeof buffer, Device::cpu(), [&](void* p, std::size_t n) {
      ++calls;
      seen_ptr = p;
      seen_size = n;
    });
    MemoryPtr other = m;  // a second reference: nothing freed yet
    m.reset();
    EXPECT_EQ(calls, 0);
    EXPECT_EQ(other->ptr(), buffer);
    EXPECT_EQ(other->size(), sizeof buffer);
    EXPECT_TRUE(other->device().is_cpu());
  }
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(seen_ptr, buffer);
  EXPECT_EQ(seen_size, sizeof buffer);
  Memory no_deleter(buffer, 8, Device::cpu(), nullptr);  // destroying it frees nothing
}

TEST(Memory, AllocateOnTheCurrentDevice) {
  const Device d = current_device();
  MemoryPtr m = allocate(d, 1000);
  ASSERT_TRUE(m);
  EXPECT_GE(m->size(), 1000u);
  EXPECT_EQ(m->device(), d);
  EXPECT_NE(m->ptr(), nullptr);
  MemoryPtr empty = allocate(d, 0);  // a valid, empty block
  ASSERT_TRUE(empty);
  EXPECT_EQ(empty->device(), d);
}

TEST(Memory, ArraysAndViewsShareOneBlock) {
  const ndarray a = seq({4, 4});
  const ndarray v = a[{Slice{int64_t(1), int64_t(3)}}];
  EXPECT_EQ(a.memory().get(), v.memory().get());
  EXPECT_EQ(v.offset(), 4 * 8);
  const ndarray c = a.copy();
  EXPECT_NE(c.memory().get(), a.memory().get());
  // The block outlives the array it was made for while a view holds it.
  MemoryPtr held;
  {
    const ndarray t = seq({8});
    held = t.memory();
  }
  EXPECT_GE(held->size(), 64u);
}

TEST(Memory, WrapMemoryViewsHostDataAndKeepsItsOwner) {
  auto owner = std::make_shared<std::vector<double>>(std::vector<double>{1, 2, 3, 4});
  std::weak_ptr<std::vector<double>> watch = owner;
  MemoryPtr m = wrap_memory(owner->data(), owner->size() * sizeof(double), Device::cpu(), owner);
  owner.reset();
  EXPECT_FALSE(watch.expired());  // the memory keeps it alive
  {
    const ndarray a(m, 0, Shape{2, 2}, Strides{16, 8}, float64);
    EXPECT_EQ(values(a), (std::vector<double>{1, 2, 3, 4}));
    EXPECT_EQ(values(sum(a)).at(0), 10.0);
  }
  m.reset();
  EXPECT_TRUE(watch.expired());
}

}  // namespace cunumpy::test
