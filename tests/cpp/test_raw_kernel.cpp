// RawKernel and RawModule from C++: argument packing and the CPU backend's error anywhere;
// launches, templates through name expressions, globals and attributes on a GPU (skipped
// without one).
#include <gtest/gtest.h>

#include <complex>
#include <cstring>
#include <vector>

#include <cunumpy/cunumpy.hpp>
#include <cunumpy/runtime/cuda_info.hpp>

namespace cunumpy::test {

#define CN_REQUIRE_GPU()                                                          \
  if (cuda_device_count() < 1) GTEST_SKIP() << "needs a CUDA device; none available"

const char* kAddOne = R"(
extern "C" __global__ void add_one(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] + 1.0f;
}
)";

TEST(KernelArg, ScalarsKeepTheirCTypeAndZeroTheRest) {
  KernelArg i8(static_cast<int8_t>(-3));
  EXPECT_EQ(i8.size(), 1u);
  EXPECT_EQ(*static_cast<const int8_t*>(i8.value()), -3);
  EXPECT_EQ(static_cast<const unsigned char*>(i8.value())[1], 0);
  KernelArg f(1.5f);
  EXPECT_EQ(f.size(), 4u);
  EXPECT_EQ(*static_cast<const float*>(f.value()), 1.5f);
  KernelArg d(2.5);
  EXPECT_EQ(d.size(), 8u);
  KernelArg c(std::complex<double>(1, -2));
  EXPECT_EQ(c.size(), 16u);
  EXPECT_EQ(static_cast<const double*>(c.value())[1], -2.0);
  KernelArg b(true);
  EXPECT_EQ(b.size(), 1u);
  int x = 0;
  KernelArg p(&x);
  EXPECT_EQ(*static_cast<int* const*>(p.value()), &x);
  EXPECT_THROW(KernelArg::raw(&x, 17), ValueError);
}

TEST(KernelArg, ArraysPassTheirDataAddress) {
  ndarray a = arange(Scalar(8), float32);
  KernelArg k(a);
  EXPECT_EQ(*static_cast<void* const*>(k.value()), a.data());
  EXPECT_EQ(k.host_array(), !a.device().is_cuda());
}

TEST(RawKernel, ConstructionNeedsNoDevice) {
  RawKernel k(kAddOne, "add_one", {.options = {"-DX=1"}});
  EXPECT_EQ(k.name(), "add_one");
  EXPECT_EQ(k.module().code(), kAddOne);
  EXPECT_EQ(k.module().options().options.size(), 1u);
  EXPECT_THROW(RawKernel(kAddOne, "add_one", {.backend = "nvcc"}), NotImplementedError);
  EXPECT_THROW(RawModule::from_file(""), ValueError);
}

TEST(RawKernel, CpuBackendSaysItNeedsCuda) {
  DeviceGuard g(Device::cpu());
  RawKernel k(kAddOne, "add_one");
  ndarray x = arange(Scalar(4), float32);
  try {
    k({1}, {4}, {x, x, 4});
    FAIL() << "expected CudaError";
  } catch (const CudaError& e) {
    EXPECT_NE(std::string(e.what()).find("needs a CUDA device"), std::string::npos) << e.what();
  }
  EXPECT_THROW(k.compile(), CudaError);
  EXPECT_THROW(RawModule(kAddOne).get_function("add_one"), CudaError);
}

TEST(RawKernel, LaunchAddOne) {
  CN_REQUIRE_GPU();
  DeviceGuard g(Device::cuda(0));
  RawKernel k(kAddOne, "add_one");
  ndarray x = arange(Scalar(1000), float32);
  ndarray y = empty_like(x);
  k({4}, {256}, {x, y, 1000});
  std::vector<float> h = y.to_vector<float>();
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(h[i], static_cast<float>(i + 1));
  if (cuda_info::driver_version() >= 12040)  // the driver reports parameters since 12.4
    EXPECT_THROW(k({4}, {256}, {x, y}), TypeError);
  const KernelAttributes a = k.attributes();
  EXPECT_GT(a.num_regs, 0);
  EXPECT_GE(a.max_threads_per_block, 256);
  Stream s = Stream::create(Device::cuda(0), true);
  std::vector<KernelArg> args = {y, x, 1000};
  k.launch({4}, {256}, args, 0, s);
  s.synchronize();
  h = x.to_vector<float>();
  EXPECT_EQ(h[999], 1001.0f);
}

TEST(RawModule, TemplatesAndGlobals) {
  CN_REQUIRE_GPU();
  DeviceGuard g(Device::cuda(0));
  RawModule m(R"(
#include <cunumpy/complex.cuh>
template <typename T> __global__ void scale(T* x, T s) { x[threadIdx.x] *= s; }
__device__ int counter[2];
)", {.name_expressions = {"scale<float>", "scale<complex<double>>"}});
  ndarray x = arange(Scalar(4), float32);
  m.get_function("scale<float>")({1}, {4}, {x, 2.0f});
  EXPECT_EQ(x.to_vector<float>(), (std::vector<float>{0, 2, 4, 6}));
  EXPECT_EQ(m.lowered_name("scale<float>").rfind("_Z", 0), 0u);
  MemoryPtr c = m.get_global("counter");
  EXPECT_EQ(c->size(), 8u);
  EXPECT_NE(c->ptr(), nullptr);
  EXPECT_THROW(m.get_function("missing"), CudaError);
}

TEST(RawKernel, CompileErrorCarriesLogAndSource) {
  CN_REQUIRE_GPU();
  DeviceGuard g(Device::cuda(0));
  RawKernel k("extern \"C\" __global__ void bad() { nope = 1; }", "bad");
  try {
    k.compile();
    FAIL() << "expected CompileError";
  } catch (const CompileError& e) {
    EXPECT_NE(e.log.find("nope"), std::string::npos);
    EXPECT_NE(e.log.find("   1  extern"), std::string::npos);
  }
}

}  // namespace cunumpy::test
