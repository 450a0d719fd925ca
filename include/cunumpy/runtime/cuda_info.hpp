// CUDA runtime queries with CuPy's cuda.runtime meanings, usable without CUDA headers
// (the Python bindings and C++ users include this, never cuda.h). Without a usable driver
// they throw CudaError naming the reason; built without CUDA, ValueError.
#pragma once
#include <cstddef>
#include <string>
#include <utility>

namespace cunumpy::cuda_info {

struct DeviceProperties {
  std::string name;
  int major = 0, minor = 0;          // compute capability
  std::size_t total_global_mem = 0;  // bytes
  int multi_processor_count = 0;
  int max_threads_per_block = 0;
  int warp_size = 0;
  std::size_t shared_mem_per_block = 0;
  std::size_t l2_cache_size = 0;
  int clock_rate = 0;        // kHz
  int memory_clock_rate = 0; // kHz
  int memory_bus_width = 0;  // bits
  int pci_bus_id = 0, pci_device_id = 0, pci_domain_id = 0;
  int concurrent_kernels = 0;
  int async_engine_count = 0;
  int unified_addressing = 0;
  int managed_memory = 0;
};

DeviceProperties device_properties(int device);
// Driver version as CUDA encodes it (13000 for 13.0).
int driver_version();
// Version of the CUDA toolkit cunumpy was built against (there is no cudart to ask).
int runtime_version();
// (free, total) bytes of `device`.
std::pair<std::size_t, std::size_t> mem_get_info(int device);
// Waits for all work on `device` (every stream).
void device_synchronize(int device);
bool device_can_access_peer(int device, int peer);
// Lets `device` access memory of `peer` (no-op when already enabled).
void device_enable_peer_access(int device, int peer);
// True once device_enable_peer_access(device, peer) succeeded in this process: kernels on
// `device` may then read and write arrays of `peer` (CuPy's rule). Never throws.
bool peer_access_enabled(int device, int peer);
// This thread's cuBLAS / cuSOLVER handle of `device` as an opaque pointer (CuPy's
// Device.cublas_handle), created on first use, with the current stream set. Built without
// CUDA: CudaError.
void* cublas_handle(int device);
void* cusolver_handle(int device);

}  // namespace cunumpy::cuda_info
