// CUDA runtime queries (see cuda_info.hpp), answered by the lazily loaded driver.
#include "cunumpy/runtime/cuda_info.hpp"

#include <mutex>
#include <set>
#include <utility>

#include "cunumpy/base/errors.hpp"

#ifdef CUNUMPY_HAVE_CUDA
#include "runtime/cuda/driver.hpp"
#include "runtime/cuda/library_handles.hpp"
#endif

namespace cunumpy::cuda_info {

#ifdef CUNUMPY_HAVE_CUDA

namespace {
int attribute(CUdevice dev, CUdevice_attribute a) {
  int v = 0;
  CN_CU(cuDeviceGetAttribute, &v, a, dev);
  return v;
}
}  // namespace

DeviceProperties device_properties(int device) {
  CUdevice dev = cuda::device_handle(device);
  DeviceProperties p;
  char name[256] = {};
  CN_CU(cuDeviceGetName, name, static_cast<int>(sizeof name) - 1, dev);
  p.name = name;
  CN_CU(cuDeviceTotalMem, &p.total_global_mem, dev);
  p.major = attribute(dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  p.minor = attribute(dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  p.multi_processor_count = attribute(dev, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  p.max_threads_per_block = attribute(dev, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  p.warp_size = attribute(dev, CU_DEVICE_ATTRIBUTE_WARP_SIZE);
  p.shared_mem_per_block =
      static_cast<std::size_t>(attribute(dev, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK));
  p.l2_cache_size = static_cast<std::size_t>(attribute(dev, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE));
  p.clock_rate = attribute(dev, CU_DEVICE_ATTRIBUTE_CLOCK_RATE);
  p.memory_clock_rate = attribute(dev, CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE);
  p.memory_bus_width = attribute(dev, CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
  p.pci_bus_id = attribute(dev, CU_DEVICE_ATTRIBUTE_PCI_BUS_ID);
  p.pci_device_id = attribute(dev, CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID);
  p.pci_domain_id = attribute(dev, CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID);
  p.concurrent_kernels = attribute(dev, CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS);
  p.async_engine_count = attribute(dev, CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT);
  p.unified_addressing = attribute(dev, CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING);
  p.managed_memory = attribute(dev, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY);
  return p;
}

int driver_version() {
  int v = 0;
  CN_CU(cuDriverGetVersion, &v);
  return v;
}

int runtime_version() { return CUDA_VERSION; }

std::pair<std::size_t, std::size_t> mem_get_info(int device) {
  cuda::ensure_context(device);
  std::size_t free = 0, total = 0;
  CN_CU(cuMemGetInfo, &free, &total);
  return {free, total};
}

void device_synchronize(int device) {
  cuda::ensure_context(device);
  CN_CU(cuCtxSynchronize);
}

namespace {
std::mutex& peers_mu() {
  static auto* mu = new std::mutex();
  return *mu;
}
std::set<std::pair<int, int>>& enabled_peers() {
  static auto* s = new std::set<std::pair<int, int>>();
  return *s;
}
}  // namespace

bool device_can_access_peer(int device, int peer) {
  int v = 0;
  CN_CU(cuDeviceCanAccessPeer, &v, cuda::device_handle(device), cuda::device_handle(peer));
  return v != 0;
}

void device_enable_peer_access(int device, int peer) {
  cuda::ensure_context(peer);
  CUcontext peer_ctx = nullptr;
  CN_CU(cuCtxGetCurrent, &peer_ctx);
  cuda::ensure_context(device);
  CUresult r = cuda::driver().cuCtxEnablePeerAccess(peer_ctx, 0);
  if (r != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED) cuda::check(r, "cuCtxEnablePeerAccess");
  std::lock_guard<std::mutex> lock(peers_mu());
  enabled_peers().insert({device, peer});
}

bool peer_access_enabled(int device, int peer) {
  std::lock_guard<std::mutex> lock(peers_mu());
  return enabled_peers().count({device, peer}) != 0;
}

void* cublas_handle(int device) { return cuda::cublas_handle_ptr(device); }
void* cusolver_handle(int device) { return cuda::cusolver_handle_ptr(device); }

#else  // built without CUDA

namespace {
[[noreturn]] void unavailable() { throw ValueError("cunumpy was built without CUDA support"); }
}  // namespace

DeviceProperties device_properties(int) { unavailable(); }
int driver_version() { unavailable(); }
int runtime_version() { unavailable(); }
std::pair<std::size_t, std::size_t> mem_get_info(int) { unavailable(); }
void device_synchronize(int) { unavailable(); }
bool device_can_access_peer(int, int) { unavailable(); }
void device_enable_peer_access(int, int) { unavailable(); }
bool peer_access_enabled(int, int) { return false; }
void* cublas_handle(int) {
  throw CudaError("cuBLAS handles need the CUDA backend (cunumpy was built without CUDA)", -1);
}
void* cusolver_handle(int) {
  throw CudaError("cuSOLVER handles need the CUDA backend (cunumpy was built without CUDA)", -1);
}

#endif

}  // namespace cunumpy::cuda_info
