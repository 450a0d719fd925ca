// AsyncMemoryPool (see async_pool.hpp): cuMemAllocAsync/cuMemFreeAsync on the current
// stream, from the device's default driver pool; on the CPU, a caching host pool.
#include "cunumpy/memory/async_pool.hpp"

#include <atomic>
#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/memory/pool.hpp"

#ifdef CUNUMPY_HAVE_CUDA
#include "runtime/cuda/driver.hpp"
#endif

namespace cunumpy {

struct AsyncMemoryPool::State {
  Device device;
  std::atomic<std::size_t> used{0};
  std::atomic<std::size_t> limit{0};
  std::unique_ptr<MemoryPool> host;  // the CPU backend's stand-in
};

AsyncMemoryPool::AsyncMemoryPool(Device device) : state_(std::make_shared<State>()) {
  state_->device = device;
  if (device.is_cpu()) {
    state_->host = std::make_unique<MemoryPool>(device);
    return;
  }
  if (device.index < 0 || device.index >= cuda_device_count())
    throw ValueError("invalid device " + device.str() + " (" + std::to_string(cuda_device_count()) +
                     " CUDA device(s) available)");
}

AsyncMemoryPool::~AsyncMemoryPool() = default;

Device AsyncMemoryPool::device() const { return state_->device; }

MemoryPtr AsyncMemoryPool::malloc(std::size_t nbytes) {
  State& st = *state_;
  if (st.host) return st.host->malloc(nbytes);
  if (nbytes == 0) return std::make_shared<Memory>(nullptr, 0, st.device, nullptr);
  const std::size_t limit = st.limit.load(std::memory_order_relaxed);
  const std::size_t used = st.used.load(std::memory_order_relaxed);
  auto oom = [&] {
    return OutOfMemoryError("Out of memory allocating " + std::to_string(nbytes) + " bytes on " +
                            st.device.str() + " (async pool; in use: " + std::to_string(used) +
                            " bytes, limit: " + (limit ? std::to_string(limit) + " bytes" : "none") + ")");
  };
  if (limit && used + nbytes > limit) throw oom();
#ifdef CUNUMPY_HAVE_CUDA
  const int index = st.device.index;
  cuda::ensure_context(index);
  CUdeviceptr p = 0;
  CUresult r = cuda::driver().cuMemAllocAsync(&p, nbytes, static_cast<CUstream>(cuda::current_stream(index)));
  if (r == CUDA_ERROR_OUT_OF_MEMORY) throw oom();
  cuda::check(r, CN_STRX(cuMemAllocAsync));
  st.used.fetch_add(nbytes, std::memory_order_relaxed);
  return std::make_shared<Memory>(
      reinterpret_cast<void*>(p), nbytes, st.device, [state = state_, index](void* q, std::size_t n) {
        state->used.fetch_sub(n, std::memory_order_relaxed);
        if (const auto* api = cuda::try_driver()) {
          try {
            cuda::ensure_context(index);
            api->cuMemFreeAsync(reinterpret_cast<CUdeviceptr>(q),
                                static_cast<CUstream>(cuda::current_stream(index)));
          } catch (...) {  // never throw from a deleter
          }
        }
      });
#else
  throw oom();
#endif
}

std::size_t AsyncMemoryPool::used_bytes() const {
  return state_->host ? state_->host->used_bytes() : state_->used.load();
}

std::size_t AsyncMemoryPool::total_bytes() const {
  if (state_->host) return state_->host->total_bytes();
#ifdef CUNUMPY_HAVE_CUDA
  const int index = state_->device.index;
  cuda::ensure_context(index);
  CUmemoryPool pool = nullptr;
  CN_CU(cuDeviceGetDefaultMemPool, &pool, cuda::device_handle(index));
  cuuint64_t reserved = 0;
  CN_CU(cuMemPoolGetAttribute, pool, CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT, &reserved);
  return static_cast<std::size_t>(reserved);
#else
  return 0;
#endif
}

std::size_t AsyncMemoryPool::free_bytes() const {
  const std::size_t total = total_bytes(), used = used_bytes();
  return total > used ? total - used : 0;
}

void AsyncMemoryPool::free_all_blocks() {
  if (state_->host) return state_->host->free_all_blocks();
#ifdef CUNUMPY_HAVE_CUDA
  const int index = state_->device.index;
  cuda::ensure_context(index);
  CN_CU(cuCtxSynchronize);  // frees queued on any stream must have happened
  CUmemoryPool pool = nullptr;
  CN_CU(cuDeviceGetDefaultMemPool, &pool, cuda::device_handle(index));
  CN_CU(cuMemPoolTrimTo, pool, 0);
#endif
}

void AsyncMemoryPool::set_limit(std::size_t bytes) {
  if (state_->host) return state_->host->set_limit(bytes);
  state_->limit.store(bytes);
}

void AsyncMemoryPool::set_limit_fraction(double fraction) {
  if (state_->host) return state_->host->set_limit_fraction(fraction);
  if (!(fraction >= 0.0 && fraction <= 1.0))
    throw ValueError("memory limit fraction must be between 0 and 1, got " + std::to_string(fraction));
  std::size_t total = 0;
#ifdef CUNUMPY_HAVE_CUDA
  CN_CU(cuDeviceTotalMem, &total, cuda::device_handle(state_->device.index));
#endif
  state_->limit.store(static_cast<std::size_t>(static_cast<double>(total) * fraction));
}

std::size_t AsyncMemoryPool::get_limit() const {
  return state_->host ? state_->host->get_limit() : state_->limit.load();
}

}  // namespace cunumpy
