// Backend: the one interface through which every device-specific operation runs. The ops
// layer resolves a call (dtypes, shapes, outputs) into a task (core/backend_tasks.hpp) and
// hands it to backend_for(device); backend/cpu and backend/cuda implement the entries and
// register themselves at load time (register_backend), so nothing above this header
// branches on the device kind or on how the library was built. An entry a backend does
// not implement raises NotImplementedError naming the operation and the device.
// Internal header: core (ndarray's copies and transfers), backend and ops include it.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/backend_tasks.hpp"
#include "cunumpy/core/launch_plan.hpp"
#include "cunumpy/core/scalar.hpp"
#include "cunumpy/runtime/device.hpp"

namespace cunumpy {

// ---- FFT (task in core/backend_tasks_fft.hpp, included only by the FFT files) ----------
namespace detail { struct FftTask; }
struct FftPlanCacheState {
  int64_t size = 0, max_size = 0;         // plans held, and the most it keeps
  int64_t memsize = 0, max_memsize = -1;  // bytes held by them (work areas, tables); -1: no limit
  int64_t hits = 0, misses = 0;
};
namespace detail {  // core/backend_tasks_raw.hpp
struct RawModuleImage;
struct RawModuleLoad;
struct RawLaunch;
enum class RawAttribute : int;
}  // namespace detail
namespace detail {  // linear algebra: core/backend_tasks_linalg.hpp
struct GemmTask;
struct LuTask;
struct LuSolveTask;
struct CholeskyTask;
struct QrTask;
struct QrFormQTask;
struct EighTask;
struct SvdTask;
struct EigTask;
}  // namespace detail
namespace detail {  // interp: core/backend_tasks_calculus.hpp; packbits: core/backend_tasks_bits.hpp
struct InterpTask;
struct PackBitsTask;
}  // namespace detail
namespace detail {  // histogram: core/backend_tasks_histogram.hpp
struct HistogramTask;
struct MinMaxTask;
}  // namespace detail

namespace detail {  // random numbers: core/backend_tasks_random.hpp
struct RandomTask;
}  // namespace detail

class Backend {
 public:
  virtual ~Backend() = default;
  // The device this backend runs on (cpu, or one cuda:N each).
  virtual Device device() const = 0;

  // ---- data movement (ndarray's copy, astype, fill and host transfers) -----------------
  // plan.ops[0] = destination, plan.ops[1] = source; casts source dtype to destination
  // dtype element by element with NumPy's unsafe-cast semantics.
  virtual void copy(const LaunchPlan& plan) = 0;
  // plan.ops[0] = destination; every element set to value (already of the destination dtype).
  virtual void fill(const LaunchPlan& plan, const Scalar& value) = 0;
  // NumPy's arange fill of the contiguous 1-D `out`: first, second, then cn::arange_at
  // (src/scalar/cn_scalar.h) for the rest, computed where `out` lives.
  virtual void arange_fill(const ndarray& out, const Scalar& first, const Scalar& second) {
    unsupported("arange");
  }
  // Raw byte copies. `device_ptr` lives on this backend's device.
  virtual void copy_to_host(void* host_dst, const void* device_src, std::size_t n) = 0;
  virtual void copy_from_host(void* device_dst, const void* host_src, std::size_t n) = 0;
  virtual void copy_device(void* dst, const void* src, std::size_t n) = 0;
  // Like copy_to_host, but may return before the copy is done (a GPU copying into pinned
  // memory); the caller synchronizes the current stream before reading host_dst.
  virtual void copy_to_host_async(void* host_dst, const void* device_src, std::size_t n) {
    copy_to_host(host_dst, device_src, n);
  }
  // Copies n bytes from `src` on another device of the same kind into `dst` on this one;
  // false when the backend cannot (the caller stages through the host).
  virtual bool copy_from_peer(void* dst, const void* src, Device src_device, std::size_t n) {
    (void)dst, (void)src, (void)src_device, (void)n;
    return false;
  }
  // Waits for all work queued on the current stream of this device.
  virtual void synchronize() = 0;
  // Host threads the backend spreads work over (1 for a GPU), to size work splits.
  virtual int host_threads() const { return 1; }

  // ---- operation families (the tasks of core/backend_tasks.hpp) --------------------------
  virtual void elementwise(const detail::ElementwiseTask& task) { unsupported("elementwise (ufunc)"); }
  virtual void ufunc_at(const detail::UfuncAtTask& task) { unsupported("ufunc.at"); }
  virtual void reduce(const detail::ReduceTask& task) { unsupported("reduce"); }
  virtual void arg_reduce(const detail::ArgReduceTask& task) { unsupported("argmax/argmin"); }
  virtual void scan(const detail::ScanTask& task) { unsupported("scan (cumsum/cumprod)"); }
  virtual void sort(const detail::SortTask& task) { unsupported("sort"); }
  virtual void indexed_copy(const detail::IndexedCopy& task) { unsupported("advanced indexing"); }
  virtual ndarray compact(const detail::CompactTask& task) { unsupported("compaction (nonzero)"); }
  // User kernels (ElementwiseKernel, ReductionKernel, fuse): generated source compiled for
  // this device (a CUfunction, or a host function `void f(void** args, long long begin,
  // long long end)` exported as `name`), then launched on the current stream.
  virtual void* compile_user_function(const std::string& source, const std::string& name,
                                      const std::vector<std::string>& options) {
    unsupported("user kernel compilation");
  }
  virtual void launch_user_function(const detail::UserLaunch& launch) { unsupported("user kernel launch"); }

  // ---- FFT -------------------------------------------------------------------------------
  // A batched 1-D..3-D transform (core/backend_tasks_fft.hpp), run on the current stream.
  virtual void fft(const detail::FftTask& task) { unsupported("fft"); }
  // This device's FFT plan cache (cunumpy.fft.config, CuPy's PlanCache): least recently
  // used plans are dropped past max_size plans or max_memsize bytes of work areas (-1: no
  // memory limit; max_size 0 disables caching). An argument of -2 keeps that limit.
  virtual FftPlanCacheState fft_plan_cache_state() { return {}; }
  virtual void fft_plan_cache_set_limits(int64_t max_size, int64_t max_memsize) {}
  virtual void fft_plan_cache_clear() {}
  // RawModule and RawKernel (user CUDA C++, core/backend_tasks_raw.hpp): a module loaded
  // on this device (compiled on first use), its functions (a CUfunction) and globals, a
  // function's parameter count (-1: the driver cannot say), launches and attributes.
  virtual std::shared_ptr<const detail::RawModuleImage> raw_module_load(const detail::RawModuleLoad& task) {
    unsupported("RawModule");
  }
  virtual void* raw_function(const detail::RawModuleImage& module, const std::string& name) {
    unsupported("RawModule.get_function");
  }
  // Parameters of `function` (kernel `name` of `module`); -1 when unknown.
  virtual int raw_param_count(const detail::RawModuleImage& module, const std::string& name, void* function) {
    return -1;
  }
  // The address and size of global `name`.
  virtual std::pair<void*, std::size_t> raw_global(const detail::RawModuleImage& module, const std::string& name) {
    unsupported("RawModule.get_global");
  }
  virtual void raw_launch(const detail::RawLaunch& launch) { unsupported("RawKernel launch"); }
  virtual int raw_attribute(void* function, detail::RawAttribute attribute) { unsupported("RawKernel.attributes"); }
  virtual void raw_set_attribute(void* function, detail::RawAttribute attribute, int value) {
    unsupported("RawKernel.attributes");
  }
  // ---- linear algebra (tasks in core/backend_tasks_linalg.hpp) ---------------------------
  virtual void gemm(const detail::GemmTask& task) { unsupported("matmul (gemm)"); }
  virtual void lu_factor(const detail::LuTask& task) { unsupported("LU factorization (getrf)"); }
  virtual void lu_solve(const detail::LuSolveTask& task) { unsupported("LU solve (getrs)"); }
  virtual void cholesky(const detail::CholeskyTask& task) { unsupported("cholesky (potrf)"); }
  virtual void qr(const detail::QrTask& task) { unsupported("qr (geqrf)"); }
  virtual void qr_form_q(const detail::QrFormQTask& task) { unsupported("qr (orgqr/ungqr)"); }
  virtual void eigh(const detail::EighTask& task) { unsupported("eigh (syevd/heevd)"); }
  virtual void svd(const detail::SvdTask& task) { unsupported("svd (gesdd/gesvd)"); }
  virtual void eig(const detail::EigTask& task) { unsupported("eig (geev)"); }
  // ---- histogram (tasks in core/backend_tasks_histogram.hpp) -----------------------------
  // Adds each element's count (or weight) to its bin of task.out (bincount, histogram).
  virtual void histogram(const detail::HistogramTask& task) { unsupported("histogram"); }
  // The min and max of a 1-d array in one pass (a histogram's range, bincount's size).
  virtual void min_max(const detail::MinMaxTask& task) { unsupported("min_max (histogram range)"); }
  // ---- random numbers (task in core/backend_tasks_random.hpp) ----------------------------
  // Fills task.out with draws of one distribution from a Philox4x32-10 state, on the
  // current stream; every value depends only on (key, counter, element index).
  virtual void random_fill(const detail::RandomTask& task) { unsupported("random number generation"); }
  // ---- interp and packbits (core/backend_tasks_calculus.hpp, core/backend_tasks_bits.hpp) --
  virtual void interp(const detail::InterpTask& task) { unsupported("interp"); }
  virtual void packbits(const detail::PackBitsTask& task) { unsupported("packbits"); }

 protected:
  // NotImplementedError: "<what> is not implemented by the <device> backend".
  [[noreturn]] void unsupported(const char* what) const;
};

// The backend of `device`. ValueError for a device kind no backend registered (cunumpy
// built without CUDA); the CUDA backend raises CudaError when no driver or device is usable.
Backend& backend_for(Device device);

// Called once per device kind by the backend that implements it (at library load).
using BackendFactory = Backend& (*)(int device_index);
bool register_backend(DeviceKind kind, BackendFactory factory);
// Whether a backend registered for `kind` (false for CUDA in a build without it).
bool has_backend(DeviceKind kind);

}  // namespace cunumpy
