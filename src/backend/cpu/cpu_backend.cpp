// CPU implementations of the Backend primitives: casting copies and fills, using the
// same cn::cast semantics as the CUDA kernels.
#include "backend/cpu/cpu_backend.hpp"

#include <algorithm>
#include <cstring>

#include "backend/cpu/cpu_executors.hpp"
#include "backend/cpu/linalg_cpu.hpp"
#include "backend/cpu/random_cpu.hpp"
#include "backend/cpu/host_compiler.hpp"
#include "backend/cpu/parallel.hpp"
#include "backend/cpu/strided_iter.hpp"
#include "core/backend_tasks_raw.hpp"
#include "cunumpy/base/errors.hpp"
#include "core/dtype_dispatch.hpp"
#include "scalar/cn_scalar.h"

namespace cunumpy {
namespace {

constexpr int64_t kGrain = 1 << 16;

template <class To, class From>
void copy_runs(const LaunchPlan& plan, int64_t b, int64_t e) {
  cpu::for_each_run<2>(plan, b, e, [](char** p, const int64_t* s, int64_t n) {
    char* d = p[0];
    const char* src = p[1];
    if (s[0] == sizeof(To) && s[1] == sizeof(From)) {
      if constexpr (std::is_same_v<To, From>) {
        std::memcpy(d, src, n * sizeof(To));
      } else {
        To* dt = reinterpret_cast<To*>(d);
        const From* st = reinterpret_cast<const From*>(src);
        for (int64_t i = 0; i < n; ++i) dt[i] = cn::cast<To>(st[i]);
      }
      return;
    }
    for (int64_t i = 0; i < n; ++i, d += s[0], src += s[1]) {
      From v;
      std::memcpy(&v, src, sizeof(From));
      To o = cn::cast<To>(v);
      std::memcpy(d, &o, sizeof(To));
    }
  });
}

template <class T>
void fill_runs(const LaunchPlan& plan, int64_t b, int64_t e, T value) {
  cpu::for_each_run<1>(plan, b, e, [&](char** p, const int64_t* s, int64_t n) {
    char* d = p[0];
    if (s[0] == sizeof(T)) {
      T* dt = reinterpret_cast<T*>(d);
      for (int64_t i = 0; i < n; ++i) dt[i] = value;
      return;
    }
    for (int64_t i = 0; i < n; ++i, d += s[0]) std::memcpy(d, &value, sizeof(T));
  });
}

class CpuBackend final : public Backend {
 public:
  Device device() const override { return Device::cpu(); }
  void copy(const LaunchPlan& plan) override {
    if (plan.size == 0) return;
    dispatch_dtype(plan.ops[0].dtype, [&](auto to) {
      dispatch_dtype(plan.ops[1].dtype, [&](auto from) {
        using To = typename decltype(to)::type;
        using From = typename decltype(from)::type;
        // A cast flags what NumPy reports ("invalid value encountered in cast").
        cpu::parallel_for_fp(plan.size, kGrain,
                             [&](int64_t b, int64_t e) { copy_runs<To, From>(plan, b, e); });
      });
    });
  }
  void fill(const LaunchPlan& plan, const Scalar& value) override {
    if (plan.size == 0) return;
    dispatch_dtype(plan.ops[0].dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      T v;
      value.cast(plan.ops[0].dtype).store(&v);
      cpu::parallel_for(plan.size, kGrain, [&](int64_t b, int64_t e) { fill_runs<T>(plan, b, e, v); });
    });
  }
  void arange_fill(const ndarray& out, const Scalar& first, const Scalar& second) override {
    const int64_t n = out.size();
    if (n == 0) return;
    dispatch_dtype(out.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      T* buf = static_cast<T*>(out.data());
      first.cast(out.dtype()).store(&buf[0]);
      if (n == 1) return;
      second.cast(out.dtype()).store(&buf[1]);
      const T a = buf[0], b = buf[1];
      cpu::parallel_for(n, kGrain, [&](int64_t lo, int64_t hi) {
        for (int64_t i = std::max<int64_t>(lo, 2); i < hi; ++i) buf[i] = cn::arange_at<T>(a, b, i);
      });
    });
  }
  void copy_to_host(void* dst, const void* src, std::size_t n) override { std::memcpy(dst, src, n); }
  void copy_from_host(void* dst, const void* src, std::size_t n) override { std::memcpy(dst, src, n); }
  void copy_device(void* dst, const void* src, std::size_t n) override { std::memmove(dst, src, n); }
  void synchronize() override {}
  int host_threads() const override { return cpu::num_threads(); }

  void elementwise(const detail::ElementwiseTask& t) override { detail::run_elementwise_cpu(t); }
  void ufunc_at(const detail::UfuncAtTask& t) override {
    ndarray target = t.target;
    detail::run_ufunc_at_cpu(*t.ufunc, *t.loop, target, t.positions, t.b_array, t.b_scalar);
  }
  void reduce(const detail::ReduceTask& t) override { detail::run_reduce_cpu(t); }
  void arg_reduce(const detail::ArgReduceTask& t) override { detail::run_argreduce_cpu(t); }
  void scan(const detail::ScanTask& t) override { detail::run_scan_cpu(t); }
  void sort(const detail::SortTask& t) override { detail::run_sort_cpu(t); }
  void indexed_copy(const detail::IndexedCopy& t) override { detail::run_indexed_copy_cpu(t); }
  ndarray compact(const detail::CompactTask& t) override { return detail::compact_cpu(t.mask, t.data); }
  // FFT (fft_cpu.cpp)
  void fft(const detail::FftTask& t) override { detail::run_fft_cpu(t); }
  FftPlanCacheState fft_plan_cache_state() override { return detail::fft_plan_cache_state_cpu(); }
  void fft_plan_cache_set_limits(int64_t s, int64_t m) override { detail::fft_plan_cache_set_limits_cpu(s, m); }
  void fft_plan_cache_clear() override { detail::fft_plan_cache_clear_cpu(); }

  // User kernels: the host compiler builds a shared library per source; a launch splits
  // the items over the thread pool. Symbols are prefixed: a kernel named like a libc
  // function (sincos) must not clash with it.
  void* compile_user_function(const std::string& source, const std::string& name,
                              const std::vector<std::string>& options) override {
    (void)options;  // NVRTC options; the host compiler takes none
    return cpu::host_function(source, "cn_host_" + name);
  }
  void launch_user_function(const detail::UserLaunch& l) override {
    if (l.items <= 0) return;
    using HostFn = void (*)(void** args, long long begin, long long end);
    constexpr int64_t kUserGrain = 1 << 14;  // elements per task below which threads do not pay
    auto f = reinterpret_cast<HostFn>(l.function);
    const int64_t grain = l.cpu_grain > 0 ? l.cpu_grain : l.kind == detail::LaunchKind::Blocks ? 1 : kUserGrain;
    void** args = l.args;
    cpu::parallel_for(l.items, grain, [&](int64_t b, int64_t e) { f(args, b, e); });
  }

  // RawModule/RawKernel are CUDA C++ with no CPU fallback: CudaError (CUDA_ERROR_NO_DEVICE),
  // as CuPy raises without a GPU. Every other raw_* entry is reached only after a load.
  std::shared_ptr<const detail::RawModuleImage> raw_module_load(const detail::RawModuleLoad& t) override {
    constexpr int kNoDevice = 100;  // CUDA_ERROR_NO_DEVICE
    throw CudaError(std::string(t.what) +
                        (has_backend(DeviceKind::CUDA)
                             ? " needs a CUDA device: the current device is the CPU (user kernels are "
                               "CUDA C++; there is no CPU fallback for them)"
                             : " needs a CUDA device: this cunumpy was built without CUDA"),
                    kNoDevice);
  }
  // ---- linear algebra (linalg_cpu.cpp: BLAS/LAPACK opened with dlopen) -----------------
  void gemm(const detail::GemmTask& t) override { detail::run_gemm_cpu(t); }
  void lu_factor(const detail::LuTask& t) override { detail::run_lu_factor_cpu(t); }
  void lu_solve(const detail::LuSolveTask& t) override { detail::run_lu_solve_cpu(t); }
  void cholesky(const detail::CholeskyTask& t) override { detail::run_cholesky_cpu(t); }
  void qr(const detail::QrTask& t) override { detail::run_qr_cpu(t); }
  void qr_form_q(const detail::QrFormQTask& t) override { detail::run_qr_form_q_cpu(t); }
  void eigh(const detail::EighTask& t) override { detail::run_eigh_cpu(t); }
  void svd(const detail::SvdTask& t) override { detail::run_svd_cpu(t); }
  void eig(const detail::EigTask& t) override { detail::run_eig_cpu(t); }
  // histogram (histogram_cpu.cpp)
  void histogram(const detail::HistogramTask& t) override { detail::run_histogram_cpu(t); }
  void min_max(const detail::MinMaxTask& t) override { detail::run_min_max_cpu(t); }
  // ---- random numbers (random_cpu.cpp) ----------------------------------------------------
  void random_fill(const detail::RandomTask& t) override { detail::run_random_cpu(t); }
  void interp(const detail::InterpTask& t) override { detail::run_interp_cpu(t); }
  void packbits(const detail::PackBitsTask& t) override { detail::run_packbits_cpu(t); }
};

[[maybe_unused]] const bool kRegistered =
    register_backend(DeviceKind::CPU, [](int) -> Backend& { return cpu_backend(); });

}  // namespace

Backend& cpu_backend() {
  static CpuBackend backend;
  return backend;
}

}  // namespace cunumpy
