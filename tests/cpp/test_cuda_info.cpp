// cunumpy/runtime/cuda_info.hpp: CUDA runtime queries without CUDA headers. Without a GPU
// (CI) every query is an error naming the reason and nothing crashes; with one, the
// answers are consistent with each other.
#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(CudaInfo, WithoutAGpuQueriesFailCleanly) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "a GPU is present (see WithAGpu)";
  EXPECT_THROW(cuda_info::device_properties(0), Error);
  EXPECT_THROW(cuda_info::mem_get_info(0), Error);
  EXPECT_THROW(cuda_info::device_synchronize(0), Error);
  EXPECT_FALSE(cuda_info::peer_access_enabled(0, 1));  // never throws
  EXPECT_THROW(cuda_info::cublas_handle(0), CudaError);
  EXPECT_THROW(cuda_info::cusolver_handle(0), CudaError);
}

TEST(CudaInfo, WithAGpu) {
  if (cuda_device_count() == 0) GTEST_SKIP() << "needs a CUDA device";
  const cuda_info::DeviceProperties p = cuda_info::device_properties(0);
  EXPECT_FALSE(p.name.empty());
  EXPECT_GE(p.major, 5);
  EXPECT_GT(p.multi_processor_count, 0);
  EXPECT_EQ(p.warp_size, 32);
  const auto [free, total] = cuda_info::mem_get_info(0);
  EXPECT_GT(total, 0u);
  EXPECT_LE(free, total);
  EXPECT_EQ(total, p.total_global_mem);
  EXPECT_GE(cuda_info::driver_version(), 11000);
  EXPECT_GT(cuda_info::runtime_version(), 0);
  EXPECT_NO_THROW(cuda_info::device_synchronize(0));
  // One handle per thread and device, created once.
  void* h = cuda_info::cublas_handle(0);
  EXPECT_NE(h, nullptr);
  EXPECT_EQ(cuda_info::cublas_handle(0), h);
  EXPECT_NE(cuda_info::cusolver_handle(0), nullptr);
  EXPECT_FALSE(cuda_info::device_can_access_peer(0, 0));
}

}  // namespace cunumpy::test
