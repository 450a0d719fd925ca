// cunumpy::nccl (runtime/nccl.hpp): without a GPU or NCCL every call but available() throws
// NcclError naming the call; with both, a one-rank communicator runs an all-reduce.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {

TEST(Nccl, ElementSizes) {
  EXPECT_EQ(nccl::element_size(nccl::kInt8), 1u);
  EXPECT_EQ(nccl::element_size(nccl::kFloat16), 2u);
  EXPECT_EQ(nccl::element_size(nccl::kBfloat16), 2u);
  EXPECT_EQ(nccl::element_size(nccl::kFloat32), 4u);
  EXPECT_EQ(nccl::element_size(nccl::kUint64), 8u);
  EXPECT_THROW(nccl::element_size(nccl::kNumTypes), nccl::NcclError);
  EXPECT_THROW(nccl::element_size(-1), nccl::NcclError);
}

TEST(Nccl, UnavailableCallsThrowNamingTheCall) {
  if (nccl::available()) GTEST_SKIP() << "NCCL is available here";
  EXPECT_FALSE(nccl::unavailable_reason().empty());
  try {
    nccl::get_unique_id();
    FAIL() << "no NcclError";
  } catch (const nccl::NcclError& e) {
    EXPECT_NE(std::string(e.what()).find("ncclGetUniqueId"), std::string::npos) << e.what();
    EXPECT_EQ(e.status, -1);
  }
  EXPECT_THROW(nccl::group_start(), nccl::NcclError);
  EXPECT_THROW(nccl::Communicator(1, nccl::UniqueId{}, 0, 0), nccl::NcclError);
  EXPECT_THROW(nccl::Communicator::init_all({0}), nccl::NcclError);
}

TEST(Nccl, OneRankAllReduce) {
  if (!nccl::available()) GTEST_SKIP() << nccl::unavailable_reason();
  nccl::Communicator comm(1, nccl::get_unique_id(), 0, 0);
  EXPECT_EQ(comm.size(), 1);
  EXPECT_EQ(comm.rank_id(), 0);
  EXPECT_EQ(comm.device_id(), 0);
  ndarray a = arange(Scalar(0.0), Scalar(8.0), Scalar(1.0), float32).to(Device::cuda(0));
  ndarray out = empty({8}, float32, Order::C, Device::cuda(0));
  comm.all_reduce(reinterpret_cast<std::uintptr_t>(a.data()), reinterpret_cast<std::uintptr_t>(out.data()), 8,
                  nccl::kFloat32, nccl::kSum, 0);
  Stream::null(Device::cuda(0)).synchronize();
  std::vector<float> host(8);
  out.copy_to_host(host.data());
  for (int i = 0; i < 8; ++i) EXPECT_EQ(host[i], static_cast<float>(i));
  EXPECT_THROW(comm.all_reduce(0, 0, 8, 99, nccl::kSum, 0), nccl::NcclError);
  EXPECT_THROW(nccl::Communicator(1, nccl::get_unique_id(), 1, 0), nccl::NcclError);
  comm.destroy();
  EXPECT_EQ(comm.handle(), 0u);
  EXPECT_THROW(comm.size(), nccl::NcclError);
  comm.destroy();
}

}  // namespace cunumpy::test
