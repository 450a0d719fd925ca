// Device memory (cuMemAlloc) and pinned host memory (cuMemHostAlloc) for the caching pool.
// Built in every configuration: without CUDA the pinned source falls back to host memory
// and asking for a device source is an error.
#include "cunumpy/base/errors.hpp"
#include "memory/caching_pool.hpp"

#ifdef CUNUMPY_HAVE_CUDA
#include "runtime/cuda/driver.hpp"
#endif

namespace cunumpy::detail {

#ifdef CUNUMPY_HAVE_CUDA
namespace {

class CudaSource final : public RawSource {
 public:
  explicit CudaSource(int device) : device_(device) {
    cuda::ensure_context(device);
    CN_CU(cuDeviceTotalMem, &capacity_, cuda::device_handle(device));
  }
  Device device() const override { return Device::cuda(device_); }
  void* alloc(std::size_t n) override {
    cuda::ensure_context(device_);
    CUdeviceptr p = 0;
    CUresult r = cuda::driver().cuMemAlloc(&p, n);
    if (r == CUDA_ERROR_OUT_OF_MEMORY) return nullptr;  // the pool's OOM ladder takes over
    cuda::check(r, CN_STRX(cuMemAlloc));
    return reinterpret_cast<void*>(p);
  }
  void free(void* p, std::size_t) override {
    cuda::ensure_context(device_);
    // cuMemFree synchronizes the device, so cached segments are freed only on request.
    CN_CU(cuMemFree, reinterpret_cast<CUdeviceptr>(p));
  }
  std::size_t capacity() const override { return capacity_; }
  StreamKey current_stream() const override { return current_stream_key(device_); }
  void order_after(const StreamKey& from, const StreamKey& to) override {
    if (from.handle == to.handle) return;
    cuda::ensure_context(device_);
    // A throwaway event: creating one costs microseconds, and this runs only when a
    // segment changes streams (not on the cached fast path).
    CUevent e = nullptr;
    CN_CU(cuEventCreate, &e, CU_EVENT_DISABLE_TIMING);
    CUresult r = cuda::driver().cuEventRecord(e, static_cast<CUstream>(from.handle));
    if (r == CUDA_SUCCESS)
      r = cuda::driver().cuStreamWaitEvent(static_cast<CUstream>(to.handle), e, 0);
    cuda::driver().cuEventDestroy(e);  // released by the driver once the wait is done
    cuda::check(r, "cuEventRecord/cuStreamWaitEvent (stream-ordered block reuse)");
  }
  void synchronize(const StreamKey& s) override {
    cuda::ensure_context(device_);
    CN_CU(cuStreamSynchronize, static_cast<CUstream>(s.handle));
  }
  std::string name() const override { return Device::cuda(device_).str(); }

 private:
  int device_;
  std::size_t capacity_ = 0;
};

class PinnedSource final : public RawSource {
 public:
  Device device() const override { return Device::cpu(); }
  void* alloc(std::size_t n) override {
    cuda::ensure_context(cuda::context_device());
    void* p = nullptr;
    // PORTABLE: usable from every device's context.
    CUresult r = cuda::driver().cuMemHostAlloc(&p, n, CU_MEMHOSTALLOC_PORTABLE);
    if (r == CUDA_ERROR_OUT_OF_MEMORY) return nullptr;
    cuda::check(r, CN_STRX(cuMemHostAlloc));
    return p;
  }
  void free(void* p, std::size_t) override { CN_CU(cuMemFreeHost, p); }
  std::size_t capacity() const override { return make_host_source()->capacity(); }
  std::string name() const override { return "pinned host memory"; }
};

}  // namespace

std::unique_ptr<RawSource> make_cuda_source(int device) {
  return std::make_unique<CudaSource>(device);
}

std::unique_ptr<RawSource> make_pinned_source() {
  if (cuda::device_count() == 0) return make_host_source();  // nothing to pin for
  return std::make_unique<PinnedSource>();
}

#else  // no CUDA in this build

std::unique_ptr<RawSource> make_cuda_source(int device) {
  throw ValueError("cuda:" + std::to_string(device) +
                   ": cunumpy was built without CUDA support");
}

std::unique_ptr<RawSource> make_pinned_source() { return make_host_source(); }

#endif

}  // namespace cunumpy::detail
