// cunumpy/memory/async_pool.hpp: CuPy's MemoryAsyncPool (stream-ordered allocation on
// CUDA, a caching host pool on the CPU): accounting per object, limits, arrays over its
// blocks. (The basic use/limit check is also in test_cuda_runtime.cpp.)
#include <cstring>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(AsyncPool, AccountsPerObjectAndFreesOnTheLastReference) {
  const Device d = current_device();
  AsyncMemoryPool a(d), b(d);
  EXPECT_EQ(a.device(), d);
  MemoryPtr m1 = a.malloc(4096), m2 = a.malloc(100);
  EXPECT_GE(a.used_bytes(), 4196u);
  EXPECT_EQ(b.used_bytes(), 0u);  // another pool object counts only its own blocks
  MemoryPtr keep = m1;
  m1.reset();
  EXPECT_GE(a.used_bytes(), 4196u);  // still referenced
  keep.reset();
  m2.reset();
  current_stream(d).synchronize();
  EXPECT_EQ(a.used_bytes(), 0u);
  EXPECT_GE(a.total_bytes(), a.used_bytes());
  EXPECT_EQ(a.free_bytes(), a.total_bytes() - a.used_bytes());
  a.free_all_blocks();
}

TEST(AsyncPool, LimitsAndZeroBytes) {
  AsyncMemoryPool pool(current_device());
  pool.set_limit(8192);
  EXPECT_EQ(pool.get_limit(), 8192u);
  MemoryPtr m = pool.malloc(4096);
  EXPECT_THROW(pool.malloc(8192), OutOfMemoryError);  // 4096 + 8192 is past the limit
  m.reset();
  current_stream(current_device()).synchronize();
  EXPECT_NO_THROW(pool.malloc(8192));
  pool.set_limit(0);
  EXPECT_EQ(pool.get_limit(), 0u);
  MemoryPtr z = pool.malloc(0);
  EXPECT_TRUE(z);
  pool.set_limit_fraction(0.25);
  EXPECT_GT(pool.get_limit(), 0u);
}

TEST(AsyncPool, BlocksBackArrays) {
  AsyncMemoryPool pool(current_device());
  MemoryPtr m = pool.malloc(6 * sizeof(double));
  ndarray a(m, 0, Shape{2, 3}, Strides{24, 8}, float64);
  a.fill(Scalar(2.5));
  expect_near(sum(a), {15.0});
}

}  // namespace cunumpy::test
