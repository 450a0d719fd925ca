// The CUDA Backend: casting copies and fills as generated kernels, byte transfers as
// stream-ordered driver copies. Everything runs on the calling thread's current stream of
// the device; only copy_to_host and synchronize wait.
#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/linalg_cuda.hpp"
#include "backend/cuda/random_cuda.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string_view>
#include <vector>

#include "backend/cuda/copy_kernels.hpp"
#include "backend/cuda/transpose_kernel.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/runtime/synchronize_policy.hpp"
#include "backend/cuda/cuda_executors.hpp"
#include "backend/cuda/raw_kernel_cuda.hpp"
#include "backend/cuda/user_kernel_cuda.hpp"
#include "kernels/cuda/function_cache.hpp"
#include "kernels/cuda/kernel_cache.hpp"
#include "runtime/cuda/driver.hpp"

namespace cunumpy {
namespace {

constexpr unsigned kBlock = 256;
constexpr unsigned kBlocksPerSM = 32;  // enough resident blocks to hide latency

// Grid for a grid-stride loop over `n` items.
unsigned grid_for(int device, int64_t n) {
  int64_t blocks = (n + kBlock - 1) / kBlock;
  int64_t cap = int64_t{cuda::multiprocessor_count(device)} * kBlocksPerSM;
  return static_cast<unsigned>(std::max<int64_t>(1, std::min(blocks, cap)));
}

cuda::KernelLayout layout_of(const LaunchPlan& plan) {
  cuda::KernelLayout l;
  l.contiguous = plan.contiguous;
  l.ndim = plan.ndim();
  l.index32 = plan.index32;
  l.vector_width = plan.contiguous ? plan.vector_width : 1;
  if (!plan.contiguous) {
    for (const PlanOperand& op : plan.ops) {
      const int64_t item = op.dtype.itemsize();
      bool aligned = reinterpret_cast<uintptr_t>(op.data) % static_cast<uintptr_t>(item) == 0;
      for (int64_t s : op.strides) aligned = aligned && s % item == 0;
      l.unaligned = l.unaligned || !aligned;
    }
  }
  return l;
}

// Kernel parameter block for strided plans: shape then each operand's strides, as one
// array of the kernel's offset type (the layout of its `struct Params`).
template <class Off>
std::vector<Off> strided_params(const LaunchPlan& plan, std::size_t nops) {
  std::vector<Off> p;
  p.reserve(static_cast<std::size_t>(plan.ndim()) * (nops + 1));
  for (int64_t e : plan.shape) p.push_back(static_cast<Off>(e));
  for (std::size_t k = 0; k < nops; ++k)
    for (int64_t s : plan.ops[k].strides) p.push_back(static_cast<Off>(s));
  return p;
}

// Small device-to-host reads (float(x.sum()), index-check flags) take the route with the
// least latency: a one-thread kernel stores the bytes into this thread's mapped pinned slot
// and then a sequence number, which the host watches. A copy-engine transfer plus a stream
// synchronize costs several microseconds more. CUNUMPY_SMALL_READ=dma selects the copy.
constexpr std::size_t kSmallReadBytes = 64;

const char* const kSmallReadSource = R"(
extern "C" __global__ void cn_read_small(const unsigned char* src, volatile unsigned char* dst,
                                         int n, volatile unsigned* flag, unsigned seq) {
  for (int i = 0; i < n; ++i) dst[i] = src[i];
  __threadfence_system();  // the bytes reach the host before the flag does
  *flag = seq;
}
)";

struct SmallReadSlot {
  unsigned char* host = nullptr;  // kSmallReadBytes of data, then the flag word
  CUdeviceptr dev = 0;            // the same memory as the device sees it
  unsigned seq = 0;
  ~SmallReadSlot() {
    if (host) cuda::driver().cuMemFreeHost(host);  // at thread exit; errors do not matter
  }
  volatile unsigned* flag() const { return reinterpret_cast<volatile unsigned*>(host + kSmallReadBytes); }
};

SmallReadSlot& small_read_slot() {
  thread_local SmallReadSlot slot;
  if (!slot.host) {
    void* p = nullptr;
    CN_CU(cuMemHostAlloc, &p, kSmallReadBytes + 64, CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP);
    slot.host = static_cast<unsigned char*>(p);
    // Portable mapped memory has one device address in every context (unified addressing).
    CN_CU(cuMemHostGetDevicePointer, &slot.dev, p, 0);
  }
  return slot;
}

bool small_reads_by_kernel() {
  static const bool by_kernel = [] {
    const char* e = std::getenv("CUNUMPY_SMALL_READ");
    return !(e && std::string_view(e) == "dma");
  }();
  return by_kernel;
}

class CudaBackend final : public Backend {
 public:
  explicit CudaBackend(int device) : device_(device) {}
  Device device() const override { return Device(DeviceKind::CUDA, device_); }

  void elementwise(const detail::ElementwiseTask& t) override { detail::run_elementwise_cuda(t); }
  void ufunc_at(const detail::UfuncAtTask& t) override {
    ndarray target = t.target;
    detail::run_ufunc_at_cuda(*t.ufunc, *t.loop, target, t.positions, t.b_array, t.b_scalar);
  }
  void reduce(const detail::ReduceTask& t) override { detail::run_reduce_cuda(t); }
  void arg_reduce(const detail::ArgReduceTask& t) override { detail::run_argreduce_cuda(t); }
  void scan(const detail::ScanTask& t) override { detail::run_scan_cuda(t); }
  void sort(const detail::SortTask& t) override { detail::run_sort_cuda(t); }
  void indexed_copy(const detail::IndexedCopy& t) override { detail::run_indexed_copy_cuda(device_, t); }
  // FFT (fft_cuda.cpp)
  void fft(const detail::FftTask& t) override { detail::run_fft_cuda(device_, t); }
  FftPlanCacheState fft_plan_cache_state() override { return detail::fft_plan_cache_state_cuda(device_); }
  void fft_plan_cache_set_limits(int64_t s, int64_t m) override { detail::fft_plan_cache_set_limits_cuda(device_, s, m); }
  void fft_plan_cache_clear() override { detail::fft_plan_cache_clear_cuda(device_); }
  ndarray compact(const detail::CompactTask& t) override { return detail::compact_cuda(t.mask, t.data); }
  // Symbols are prefixed: a kernel named like a CUDA math function (sincos) must not clash.
  void* compile_user_function(const std::string& source, const std::string& name,
                              const std::vector<std::string>& options) override {
    return cuda::compile_user_kernel(device_, source, "cn_kernel_" + name, options);
  }
  void launch_user_function(const detail::UserLaunch& l) override {
    if (l.items <= 0) return;
    cuda::launch_user_kernel(device_, l.function, l.args, l.items, l.kind == detail::LaunchKind::Blocks);
  }
  // RawModule / RawKernel (backend/cuda/raw_kernel_cuda.cpp).
  std::shared_ptr<const detail::RawModuleImage> raw_module_load(const detail::RawModuleLoad& t) override {
    return cuda::raw_module_load(device_, t);
  }
  void* raw_function(const detail::RawModuleImage& m, const std::string& name) override {
    return cuda::raw_function(device_, m, name);
  }
  int raw_param_count(const detail::RawModuleImage& m, const std::string& name, void* f) override {
    return cuda::raw_param_count(m, name, f);
  }
  std::pair<void*, std::size_t> raw_global(const detail::RawModuleImage& m, const std::string& name) override {
    return cuda::raw_global(device_, m, name);
  }
  void raw_launch(const detail::RawLaunch& l) override { cuda::raw_launch(device_, l); }
  int raw_attribute(void* f, detail::RawAttribute a) override { return cuda::raw_attribute(device_, f, a); }
  void raw_set_attribute(void* f, detail::RawAttribute a, int v) override {
    cuda::raw_set_attribute(device_, f, a, v);
  }

  // ---- linear algebra (linalg_cuda.cpp: cuBLAS, cuSOLVER) -------------------------------
  void gemm(const detail::GemmTask& t) override { detail::run_gemm_cuda(device_, t); }
  void lu_factor(const detail::LuTask& t) override { detail::run_lu_factor_cuda(device_, t); }
  void lu_solve(const detail::LuSolveTask& t) override { detail::run_lu_solve_cuda(device_, t); }
  void cholesky(const detail::CholeskyTask& t) override { detail::run_cholesky_cuda(device_, t); }
  void qr(const detail::QrTask& t) override { detail::run_qr_cuda(device_, t); }
  void qr_form_q(const detail::QrFormQTask& t) override { detail::run_qr_form_q_cuda(device_, t); }
  void eigh(const detail::EighTask& t) override { detail::run_eigh_cuda(device_, t); }
  void svd(const detail::SvdTask& t) override { detail::run_svd_cuda(device_, t); }
  void eig(const detail::EigTask& t) override { detail::run_eig_cuda(device_, t); }
  // ---- histogram (histogram_cuda.cpp) ----------------------------------------------------
  void histogram(const detail::HistogramTask& t) override { detail::run_histogram_cuda(device_, t); }
  void min_max(const detail::MinMaxTask& t) override { detail::run_min_max_cuda(device_, t); }
  // ---- random numbers (random_cuda.cpp: generated kernels) ------------------------------
  void random_fill(const detail::RandomTask& t) override { detail::run_random_cuda(device_, t); }
  void interp(const detail::InterpTask& t) override { detail::run_interp_cuda(device_, t); }
  void packbits(const detail::PackBitsTask& t) override { detail::run_packbits_cuda(device_, t); }

  void copy(const LaunchPlan& plan) override {
    if (plan.size == 0) return;
    const PlanOperand& dst = plan.ops[0];
    const PlanOperand& src = plan.ops[1];
    cuda::ensure_context(device_);
    // A dense same-dtype copy is a plain memcpy.
    if (plan.contiguous && dst.dtype == src.dtype) {
      copy_device(dst.data, src.data, static_cast<std::size_t>(plan.size * dst.dtype.itemsize()));
      return;
    }
    if (try_transpose(plan)) return;
    cuda::KernelLayout l = layout_of(plan);
    cuda::Function f = kernel(pack_key(0, dst.dtype, src.dtype, l), [&] {
      const char* dt = dst.dtype.c_type();
      const char* st = src.dtype.c_type();
      return cuda::get_kernel(device_, cuda::copy_kernel_key(dt, st, l),
                              cuda::copy_kernel_source(dt, st, l), cuda::kCopyKernelName);
    });
    run(f, plan, l, 2, {dst.data, src.data}, nullptr);
  }

  void fill(const LaunchPlan& plan, const Scalar& value) override {
    if (plan.size == 0) return;
    const PlanOperand& dst = plan.ops[0];
    cuda::ensure_context(device_);
    alignas(16) unsigned char bytes[16] = {};
    value.cast(dst.dtype).store(bytes);
    cuda::KernelLayout l = layout_of(plan);
    cuda::Function f = kernel(pack_key(1, dst.dtype, dst.dtype, l), [&] {
      const char* dt = dst.dtype.c_type();
      return cuda::get_kernel(device_, cuda::fill_kernel_key(dt, l),
                              cuda::fill_kernel_source(dt, l), cuda::kFillKernelName);
    });
    run(f, plan, l, 1, {dst.data, nullptr}, bytes);
  }

  void arange_fill(const ndarray& out, const Scalar& first, const Scalar& second) override {
    const int64_t n = out.size();
    if (n == 0) return;
    cuda::ensure_context(device_);
    const DType dt = out.dtype();
    alignas(16) unsigned char a[16] = {}, b[16] = {};
    first.cast(dt).store(a);
    (n > 1 ? second : first).cast(dt).store(b);
    const bool index32 = n <= INT32_MAX;
    cuda::Function f = kernel(uint64_t{1} << 62 | uint64_t{index32} << 8 | static_cast<uint64_t>(dt.id()), [&] {
      return cuda::get_kernel(device_, cuda::arange_kernel_key(dt.c_type(), index32),
                              cuda::arange_kernel_source(dt.c_type(), index32), cuda::kArangeKernelName);
    });
    void* p = out.data();
    uint32_t n32 = static_cast<uint32_t>(n);
    long long n64 = n;
    void* args[] = {&p, index32 ? static_cast<void*>(&n32) : static_cast<void*>(&n64), a, b};
    cuda::launch(f, grid_for(device_, n), kBlock, args, 0, stream());
  }

  void copy_to_host(void* host_dst, const void* device_src, std::size_t n) override {
    if (n == 0) return;
    declare_synchronize();  // every blocking read waits for the stream (allow_synchronize)
    cuda::ensure_context(device_);
    CUstream s = stream();
    if (n <= kSmallReadBytes) {
      SmallReadSlot& slot = small_read_slot();
      if (small_reads_by_kernel()) {
        read_small(slot, device_src, n, s);
      } else {  // one DMA into pinned memory (no staging through pageable memory)
        CN_CU(cuMemcpyDtoHAsync, slot.host, ptr(device_src), n, s);
        CN_CU(cuStreamSynchronize, s);
      }
      std::memcpy(host_dst, slot.host, n);
      return;
    }
    CN_CU(cuMemcpyDtoHAsync, host_dst, ptr(device_src), n, s);
    CN_CU(cuStreamSynchronize, s);  // the caller reads host_dst next
  }

  // Launches cn_read_small behind the stream's work and waits for its flag: spinning while
  // the wait is short, with a look at the stream now and then (a failed or drained stream
  // must not leave us spinning), then blocking in cuStreamSynchronize.
  void read_small(SmallReadSlot& slot, const void* device_src, std::size_t n, CUstream s) {
    cuda::Function f = kernel(uint64_t{1} << 63, [&] {
      return cuda::get_kernel(device_, "read_small", kSmallReadSource, "cn_read_small");
    });
    const unsigned seq = ++slot.seq;
    const void* src = device_src;
    CUdeviceptr dst = slot.dev;
    CUdeviceptr flag = slot.dev + kSmallReadBytes;
    int bytes = static_cast<int>(n);
    unsigned sq = seq;
    void* args[] = {&src, &dst, &bytes, &flag, &sq};
    cuda::launch(f, 1, 1, args, 0, s);
    volatile unsigned* done = slot.flag();
    for (int spin = 1; *done != seq; ++spin) {
      if (spin % 256 != 0) continue;
      if (spin >= (1 << 16)) {  // a long wait: block instead of burning the core
        CN_CU(cuStreamSynchronize, s);
        break;
      }
      const CUresult r = cuda::driver().cuStreamQuery(s);
      if (r == CUDA_SUCCESS) break;  // the stream drained: the flag is there now
      if (r != CUDA_ERROR_NOT_READY) cuda::check(r, "cuStreamQuery");
    }
    if (*done != seq) throw CudaError("cn_read_small: the stream finished without the read's result", CUDA_ERROR_UNKNOWN);
    std::atomic_thread_fence(std::memory_order_acquire);
  }

  void copy_to_host_async(void* host_dst, const void* device_src, std::size_t n) override {
    if (n == 0) return;
    cuda::ensure_context(device_);
    // Into pageable memory the driver returns only when the copy is done; into pinned
    // memory it returns at once and the caller synchronizes the stream.
    CN_CU(cuMemcpyDtoHAsync, host_dst, ptr(device_src), n, stream());
  }

  bool copy_from_peer(void* dst, const void* src, Device src_device, std::size_t n) override {
    if (n == 0) return true;
    if (!src_device.is_cuda()) return false;
    // Stream order on both sides: the copy (on this device's current stream) waits for
    // the source's pending work, and the source stream waits for the copy before it may
    // reuse the source's memory.
    const int from = src_device.index;
    CUstream src_stream = static_cast<CUstream>(cuda::current_stream(from));
    CUstream dst_stream = stream();
    CUevent produced = nullptr, consumed = nullptr;
    cuda::ensure_context(from);
    CN_CU(cuEventCreate, &produced, CU_EVENT_DISABLE_TIMING);
    CN_CU(cuEventRecord, produced, src_stream);
    cuda::ensure_context(device_);
    CN_CU(cuStreamWaitEvent, dst_stream, produced, 0);
    // Unified addressing: the driver copies peer to peer (or stages when it cannot).
    CN_CU(cuMemcpyAsync, ptr(dst), ptr(src), n, dst_stream);
    CN_CU(cuEventCreate, &consumed, CU_EVENT_DISABLE_TIMING);
    CN_CU(cuEventRecord, consumed, dst_stream);
    cuda::ensure_context(from);
    CN_CU(cuStreamWaitEvent, src_stream, consumed, 0);
    cuda::driver().cuEventDestroy(produced);
    cuda::ensure_context(device_);
    cuda::driver().cuEventDestroy(consumed);
    return true;
  }

  void copy_from_host(void* device_dst, const void* host_src, std::size_t n) override {
    if (n == 0) return;
    cuda::ensure_context(device_);
    // From pageable memory the driver stages the source before returning, so the caller
    // may reuse host_src at once; pinned sources are read asynchronously.
    CN_CU(cuMemcpyHtoDAsync, ptr(device_dst), host_src, n, stream());
  }

  void copy_device(void* dst, const void* src, std::size_t n) override {
    if (n == 0 || dst == src) return;
    cuda::ensure_context(device_);
    CN_CU(cuMemcpyDtoDAsync, ptr(dst), ptr(src), n, stream());
  }

  void synchronize() override {
    cuda::ensure_context(device_);
    CN_CU(cuStreamSynchronize, stream());
  }

 private:
  static CUdeviceptr ptr(const void* p) { return reinterpret_cast<CUdeviceptr>(p); }

  // A same-dtype 2-D copy into a dense destination from a source dense along the other
  // axis (ascontiguousarray(x.T)) goes through the tiled transpose kernel.
  bool try_transpose(const LaunchPlan& plan) {
    if (plan.ndim() != 2) return false;
    const PlanOperand& dst = plan.ops[0];
    const PlanOperand& src = plan.ops[1];
    const int64_t item = dst.dtype.itemsize();
    if (dst.dtype != src.dtype || (item & (item - 1)) != 0 || item > 16) return false;
    const int64_t R = plan.shape[0], C = plan.shape[1];
    if (R < 32 || C < 32 || (R + 31) / 32 > 65535) return false;  // grid.y limit
    if (dst.strides[1] != item || dst.strides[0] != C * item) return false;
    if (src.strides[0] != item || src.strides[1] % item != 0 || src.strides[1] < R * item) return false;
    const auto aligned = [item](const void* p) { return reinterpret_cast<uintptr_t>(p) % item == 0; };
    if (!aligned(dst.data) || !aligned(src.data)) return false;
    cuda::Function f = kernel(pack_key(2, dst.dtype, src.dtype, cuda::KernelLayout{}), [&] {
      const int bytes = static_cast<int>(item);
      return cuda::get_kernel(device_, "transpose|" + std::to_string(bytes),
                              cuda::transpose_kernel_source(bytes), cuda::kTransposeKernelName);
    });
    void* d = dst.data;
    void* s = src.data;
    long long r = R, c = C, ld = src.strides[1] / item;
    void* args[] = {&d, &s, &r, &c, &ld};
    const unsigned grid[3] = {static_cast<unsigned>((C + 31) / 32), static_cast<unsigned>((R + 31) / 32), 1};
    const unsigned block[3] = {cuda::kTransposeTile, cuda::kTransposeRows, 1};
    cuda::launch(f, grid, block, args, 0, stream());
    return true;
  }
  CUstream stream() const { return static_cast<CUstream>(cuda::current_stream(device_)); }

  // The structural key packed in an integer: the per-call lookup builds no string and no
  // source text; those are made only the first time (`load` calls get_kernel).
  static uint64_t pack_key(int op, DType dst, DType src, const cuda::KernelLayout& l) {
    uint64_t k = static_cast<uint64_t>(op);
    k = k << 8 | static_cast<uint64_t>(dst.id());
    k = k << 8 | static_cast<uint64_t>(src.id());
    k = k << 1 | (l.contiguous ? 1u : 0u);
    k = k << 8 | static_cast<uint64_t>(l.ndim & 0xff);
    k = k << 1 | (l.index32 ? 1u : 0u);
    k = k << 6 | static_cast<uint64_t>(l.vector_width & 0x3f);
    k = k << 1 | (l.unaligned ? 1u : 0u);
    return k;
  }

  template <class Load>
  cuda::Function kernel(uint64_t key, Load&& load) {
    return kernels_.get(cuda::FunctionKey(cuda::KernelFamily::Copy, device_).push(key, 64), load);
  }

  // Launches `f` over the plan. ptrs: operand base addresses; value: fill value bytes.
  void run(cuda::Function f, const LaunchPlan& plan, const cuda::KernelLayout& l,
           std::size_t nops, std::array<void*, 2> ptrs, void* value) {
    void* args[4];
    int nargs = 0;
    args[nargs++] = &ptrs[0];
    if (nops == 2) args[nargs++] = &ptrs[1];
    uint32_t n32 = static_cast<uint32_t>(plan.size);
    long long n64 = plan.size;
    args[nargs++] = l.index32 ? static_cast<void*>(&n32) : static_cast<void*>(&n64);
    std::vector<int32_t> p32;
    std::vector<long long> p64;
    if (!l.contiguous) {
      if (l.index32) {
        p32 = strided_params<int32_t>(plan, nops);
        args[nargs++] = p32.data();
      } else {
        p64 = strided_params<long long>(plan, nops);
        args[nargs++] = p64.data();
      }
    }
    if (value) args[nargs++] = value;
    int64_t items = l.contiguous && l.vector_width > 1 ? plan.size / l.vector_width : plan.size;
    cuda::launch(f, grid_for(device_, std::max<int64_t>(items, 1)), kBlock, args, 0, stream());
  }

  int device_;
  cuda::FunctionCache<cuda::Function> kernels_;
};

[[maybe_unused]] const bool kRegistered = register_backend(DeviceKind::CUDA, &cuda_backend);

}  // namespace

Backend& cuda_backend(int device_index) {
  constexpr int kMaxDevices = 64;
  static std::atomic<CudaBackend*> backends[kMaxDevices];
  static std::mutex mu;
  int n = cuda::device_count();
  if (device_index < 0 || device_index >= n || device_index >= kMaxDevices) {
    if (n == 0) cuda::driver();  // throws CudaError saying why CUDA is unusable
    throw ValueError("invalid device cuda:" + std::to_string(device_index) + " (" +
                     std::to_string(n) + " CUDA device(s) available)");
  }
  std::atomic<CudaBackend*>& slot = backends[device_index];
  if (CudaBackend* b = slot.load(std::memory_order_acquire)) return *b;
  std::lock_guard<std::mutex> lock(mu);
  if (CudaBackend* b = slot.load(std::memory_order_relaxed)) return *b;
  auto* b = new CudaBackend(device_index);  // process lifetime
  slot.store(b, std::memory_order_release);
  return *b;
}

}  // namespace cunumpy
