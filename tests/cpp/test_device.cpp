// Devices, the current device, memory blocks and backends. Without a GPU (CI) the CUDA
// queries must answer "none" without throwing, and asking for a CUDA array must raise a
// cunumpy exception rather than crash.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {

TEST(Device, ParseAndPrint) {
  EXPECT_EQ(Device::parse("cpu"), Device::cpu());
  EXPECT_EQ(Device::parse("cuda"), Device::cuda(0));
  EXPECT_EQ(Device::parse("cuda:1"), Device::cuda(1));
  EXPECT_EQ(Device::cpu().str(), "cpu");
  EXPECT_EQ(Device::cuda(2).str(), "cuda:2");
  EXPECT_TRUE(Device::cpu().is_cpu());
  EXPECT_TRUE(Device::cuda().is_cuda());
  EXPECT_NE(Device::cuda(0), Device::cuda(1));
  for (const char* bad : {"tpu", "cuda:", "cuda:x", "cuda:-1", "cpu:1x", ""})
    EXPECT_THROW(Device::parse(bad), ValueError) << "'" << bad << "'";
}

TEST(Device, CudaQueriesNeverThrow) {
  bool avail = false;
  int n = -1;
  EXPECT_NO_THROW(avail = cuda_is_available());
  EXPECT_NO_THROW(n = cuda_device_count());
  EXPECT_GE(n, 0);
  EXPECT_EQ(avail, n > 0);
}

TEST(Device, DefaultFollowsTheEnvironment) {
  const char* env = std::getenv("CUNUMPY_DEVICE");
  std::string e = env ? env : "";
  Device d = default_device();
  if (e == "cpu") {
    EXPECT_EQ(d, Device::cpu());
  } else if (e.rfind("cuda", 0) == 0) {
    EXPECT_TRUE(d.is_cuda());
  } else {
    EXPECT_EQ(d, cuda_is_available() ? Device::cuda(0) : Device::cpu());
  }
  EXPECT_EQ(current_device(), d);
}

TEST(Device, GuardRestoresAndCurrentIsThreadLocal) {
  Device before = current_device();
  {
    DeviceGuard g(Device::cpu());
    EXPECT_EQ(current_device(), Device::cpu());
    ndarray a({2}, float32);
    EXPECT_EQ(a.device(), Device::cpu());
  }
  EXPECT_EQ(current_device(), before);

  set_current_device(Device::cpu());
  Device seen_in_thread = Device::cpu();
  std::thread t([&] { seen_in_thread = current_device(); });
  t.join();
  EXPECT_EQ(seen_in_thread, default_device());
  set_current_device(before);
}

TEST(Device, CudaIndexOutOfRangeIsValueError) {
  EXPECT_THROW(set_current_device(Device::cuda(1000)), ValueError);
  EXPECT_EQ(current_device(), default_device());
}

TEST(Device, CudaArrayWithoutAGpuRaises) {
  if (cuda_is_available()) GTEST_SKIP() << "a GPU is present";
  EXPECT_THROW(ndarray({4}, float32, Order::C, Device::cuda(0)), Error);
}

TEST(Device, ArraysMoveBetweenDevices) {
  if (!cuda_is_available()) GTEST_SKIP() << "no GPU";
  ndarray h({3}, int32, Order::C, Device::cpu());
  std::vector<int32_t> src{4, 5, 6};
  h.copy_from_host(src.data());
  ndarray g = h.to(Device::cuda(0));
  EXPECT_EQ(g.device(), Device::cuda(0));
  EXPECT_EQ(g.to_vector<int32_t>(), src);
  ndarray back = g.astype(float64).to(Device::cpu());
  EXPECT_EQ(back.device(), Device::cpu());
  EXPECT_EQ(back.to_vector<double>(), (std::vector<double>{4, 5, 6}));
}

TEST(Memory, AllocateOnTheCpu) {
  MemoryPtr m = allocate(Device::cpu(), 1024);
  ASSERT_TRUE(m);
  EXPECT_NE(m->ptr(), nullptr);
  EXPECT_GE(m->size(), 1024u);
  EXPECT_EQ(m->device(), Device::cpu());
  std::memset(m->ptr(), 0xab, 1024);
  MemoryPtr empty = allocate(Device::cpu(), 0);
  ASSERT_TRUE(empty);
}

TEST(Memory, WrappedMemoryKeepsItsOwnerAlive) {
  auto owner = std::make_shared<std::vector<float>>(6, 2.0f);
  std::weak_ptr<std::vector<float>> watch = owner;
  {
    MemoryPtr m = wrap_memory(owner->data(), owner->size() * sizeof(float), Device::cpu(), owner);
    owner.reset();
    EXPECT_FALSE(watch.expired());
    ndarray a(m, 0, Shape{2, 3}, Strides{12, 4}, float32);
    EXPECT_EQ(a.to_vector<float>(), std::vector<float>(6, 2.0f));
    EXPECT_EQ(a.memory().get(), m.get());
  }
  EXPECT_TRUE(watch.expired());
}

TEST(Memory, ViewOutsideTheBlockIsRejected) {
  MemoryPtr m = allocate(Device::cpu(), 16);
  EXPECT_THROW(ndarray(m, 0, Shape{5}, Strides{4}, float32), ValueError);
  EXPECT_THROW(ndarray(m, 8, Shape{3}, Strides{4}, float32), ValueError);
  EXPECT_NO_THROW(ndarray(m, 4, Shape{3}, Strides{4}, float32));
}

// Host -> array -> array -> host byte copies on the CPU (the backend's transfer entries,
// reached through the public ndarray API: the Backend interface is internal).
TEST(Transfers, CpuByteCopies) {
  std::vector<uint8_t> src{1, 2, 3, 4}, out(4);
  ndarray mid(Shape{4}, uint8, Order::C, Device::cpu());
  mid.copy_from_host(src.data());
  ndarray dst = mid.copy();
  dst.copy_to_host(out.data());
  EXPECT_EQ(out, src);
}

}  // namespace cunumpy::test
