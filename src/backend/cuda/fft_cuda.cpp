// The CUDA backend's FFT task on cuFFT (runtime/cuda/cufft.hpp, loaded on first use).
// A task maps onto one cufftMakePlanMany64 plan when each array's layout fits cuFFT's
// advanced layout (positive element strides, each transformed axis's stride a multiple of
// the next one's, the batch axes mergeable into one distance); an input that does not fit
// is first copied C-contiguous, and so is a C2R input that is not the op's own temporary
// (cuFFT overwrites it). Plans are cached per device under everything that defines them
// (type, lengths, embeds, strides, distances, batch) with CuPy's PlanCache rules, or come
// from a plan made ahead (FftTask::plan); they are made with automatic allocation off.
// Per call: the stream is set only when it changed, a work area (if the plan needs one)
// comes from the memory pool and is set only when its address changed. The norm= scale
// is one grid-stride kernel over the output afterwards (none for a factor of 1).
#include <algorithm>
#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backend/cuda/cuda_executors.hpp"
#include "backend/fft_plan_cache.hpp"
#include "core/backend_tasks_fft.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/memory/memory.hpp"
#include "kernels/cuda/kernel_cache.hpp"
#include "runtime/cuda/cufft.hpp"
#include "runtime/cuda/driver.hpp"

namespace cunumpy::detail {
namespace {

namespace cf = cuda::cufft;

// type, rank, n[3], inembed[3], istride, idist, onembed[3], ostride, odist, batch
using PlanKey = std::array<long long, 16>;

struct CufftPlan final : FftBackendPlan {
  PlanKey key{};
  int device = 0;
  cufftHandle handle = 0;
  std::size_t work = 0;
  // Stream, work area and execution of one handle go together; the stream and work area
  // last given to cuFFT, so that an unchanged one is not set again.
  mutable std::mutex mutex;
  mutable cuda::StreamHandle stream = nullptr;
  mutable bool stream_set = false;
  mutable void* work_area = nullptr;
  ~CufftPlan() override {
    if (!handle) return;
    try {
      cuda::ensure_context(device);
      cf::api().cufftDestroy(handle);
    } catch (...) {
    }
  }
  int64_t memsize() const { return static_cast<int64_t>(work); }
};

using Cache = FftPlanCache<PlanKey, CufftPlan>;

// One cache per device, made on first use and kept for the process: no lock to find it.
constexpr int kMaxDevices = 64;

Cache& cache_for(int device) {
  static std::atomic<Cache*> caches[kMaxDevices] = {};
  if (device < 0 || device >= kMaxDevices) throw ValueError("CUDA device index out of range for the FFT plan cache");
  Cache* c = caches[device].load(std::memory_order_acquire);
  if (c) return *c;
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  c = caches[device].load(std::memory_order_relaxed);
  if (!c) {
    c = new Cache(16, -1);  // process lifetime
    caches[device].store(c, std::memory_order_release);
  }
  return *c;
}

// cuFFT's advanced layout of `a` (the last `rank` axes transformed), or false.
struct Layout {
  long long embed[3] = {1, 1, 1};
  long long stride = 1, dist = 1, batch = 1;
};

bool layout_of(const ndarray& a, int rank, Layout& l) {
  const int D = a.ndim();
  const int64_t item = a.itemsize();
  const Shape& e = a.shape();
  const Strides& bytes = a.strides();
  int64_t st[64], eff[64];
  for (int d = 0; d < D; ++d) {
    if (bytes[d] % item) return false;
    st[d] = bytes[d] / item;
  }
  // Effective strides of the transformed axes: a unit extent takes the packed value.
  for (int k = D - 1; k >= D - rank; --k)
    eff[k] = e[k] != 1 ? st[k] : k == D - 1 ? 1 : eff[k + 1] * e[k + 1];
  if (eff[D - 1] <= 0) return false;
  l.stride = eff[D - 1];
  l.embed[0] = e[D - rank];
  for (int k = D - rank; k < D - 1; ++k) {
    // address = ((x0 * embed1 + x1) * embed2 + x2) * stride: each pitch a multiple of the next
    if (eff[k] <= 0 || eff[k] % eff[k + 1]) return false;
    const int64_t embed = eff[k] / eff[k + 1];
    if (embed < e[k + 1]) return false;
    l.embed[k + 1 - (D - rank)] = embed;
  }
  // The batch axes merged into one distance (innermost first).
  l.batch = 1;
  int64_t dist = 0, expect = 0;
  for (int d = D - rank - 1; d >= 0; --d) {
    if (e[d] == 1) continue;
    if (dist == 0) {
      if (st[d] <= 0) return false;
      dist = st[d];
    } else if (st[d] != expect) {
      return false;
    }
    expect = st[d] * e[d];
    l.batch *= e[d];
  }
  l.dist = dist ? dist : eff[D - rank] * e[D - rank];
  return true;
}

// The layout of a C-contiguous array of `shape` (what layout_of gives for one).
Layout c_layout(const Shape& shape, int rank) {
  const int D = static_cast<int>(shape.size());
  Layout l;
  long long count = 1;
  for (int k = 0; k < rank; ++k) {
    l.embed[k] = shape[D - rank + k];
    count *= shape[D - rank + k];
  }
  l.batch = 1;
  for (int d = 0; d < D - rank; ++d) l.batch *= shape[d];
  l.dist = count;
  return l;
}

const char* const kScaleSource = R"(
extern "C" __global__ void cn_fft_scale(T* p, long long n, T s) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    p[i] *= s;
}
)";

void scale_output(int device, const ndarray& out, double scale) {
  const bool dbl = out.dtype() == float64 || out.dtype() == complex128;
  // Built once: the kernel cache finds the key without looking at the source.
  static const std::string keys[2] = {"fft_scale|float", "fft_scale|double"};
  static const std::string sources[2] = {std::string("typedef float T;\n") + kScaleSource,
                                         std::string("typedef double T;\n") + kScaleSource};
  static const std::string name = "cn_fft_scale";
  cuda::Function f = cuda::get_kernel(device, keys[dbl], sources[dbl], name);
  void* p = out.data();
  long long n = out.size() * (out.dtype().is_complex() ? 2 : 1);
  double sd = scale;
  float sf = static_cast<float>(scale);
  void* args[] = {&p, &n, dbl ? static_cast<void*>(&sd) : static_cast<void*>(&sf)};
  const long long blocks = std::min<long long>((n + 255) / 256, 32LL * cuda::multiprocessor_count(device));
  cuda::launch(f, static_cast<unsigned>(std::max<long long>(blocks, 1)), 256, args);
}

// A C2R input as NumPy reads it: the zero-frequency and, for even n, Nyquist terms with no
// imaginary part (NumPy ignores them; cuFFT's result for a non-Hermitian input is its
// own). `a` is C-contiguous and cuFFT's to overwrite.
void zero_edge_imaginary(const ndarray& a, int64_t n) {
  ndarray parts = a.view(a.dtype() == complex64 ? float32 : float64);
  std::vector<Index> idx(parts.ndim(), Slice{});
  idx.back() = int64_t{1};
  parts[idx].fill(Scalar(0.0));
  if (n % 2 == 0) {
    idx.back() = int64_t{2 * (n / 2) + 1};
    parts[idx].fill(Scalar(0.0));
  }
}

cufftType type_of(const FftTask& t) {
  const bool dbl = t.in.dtype() == float64 || t.in.dtype() == complex128;
  switch (t.kind) {
    case FftKind::C2C: return dbl ? CUFFT_Z2Z : CUFFT_C2C;
    case FftKind::R2C: return dbl ? CUFFT_D2Z : CUFFT_R2C;
    default: return dbl ? CUFFT_Z2D : CUFFT_C2R;
  }
}

void exec(const cf::Api& api, const CufftPlan& plan, cufftType type, void* src, void* dst, bool forward) {
  const int dir = forward ? CUFFT_FORWARD : CUFFT_INVERSE;
  switch (type) {
    case CUFFT_C2C:
      cf::check(api.cufftExecC2C(plan.handle, static_cast<cufftComplex*>(src), static_cast<cufftComplex*>(dst), dir), "cufftExecC2C");
      break;
    case CUFFT_Z2Z:
      cf::check(api.cufftExecZ2Z(plan.handle, static_cast<cufftDoubleComplex*>(src), static_cast<cufftDoubleComplex*>(dst), dir), "cufftExecZ2Z");
      break;
    case CUFFT_R2C:
      cf::check(api.cufftExecR2C(plan.handle, static_cast<cufftReal*>(src), static_cast<cufftComplex*>(dst)), "cufftExecR2C");
      break;
    case CUFFT_D2Z:
      cf::check(api.cufftExecD2Z(plan.handle, static_cast<cufftDoubleReal*>(src), static_cast<cufftDoubleComplex*>(dst)), "cufftExecD2Z");
      break;
    case CUFFT_C2R:
      cf::check(api.cufftExecC2R(plan.handle, static_cast<cufftComplex*>(src), static_cast<cufftReal*>(dst)), "cufftExecC2R");
      break;
    default:
      cf::check(api.cufftExecZ2D(plan.handle, static_cast<cufftDoubleComplex*>(src), static_cast<cufftDoubleReal*>(dst)), "cufftExecZ2D");
      break;
  }
}

}  // namespace

void run_fft_cuda(int device, const FftTask& t) {
  if (t.kind == FftKind::C2R && t.rank() != 1)
    throw NotImplementedError("the CUDA FFT runs C2R tasks of rank 1 only (the op splits them)");
  const bool planning = t.made != nullptr;
  cuda::ensure_context(device);
  const cf::Api& api = cf::api();
  const int rank = t.rank();
  const cufftType type = type_of(t);
  // The input as cuFFT reads it: its own layout, or a C-contiguous copy (planning: only
  // the copy's layout is needed).
  ndarray in = t.in;
  Layout li, lo;
  const bool in_fits = layout_of(in, rank, li);
  const bool copy_in = t.kind == FftKind::C2R ? !(t.in_scratch && t.in.c_contiguous()) : !in_fits;
  if (copy_in) {
    li = c_layout(t.in.shape(), rank);
    if (!planning) in = t.in.copy(Order::C);
  }
  ndarray out = t.out;
  const bool out_fits = layout_of(out, rank, lo);
  if (!out_fits) {
    lo = c_layout(t.out.shape(), rank);
    if (!planning) out = ndarray(t.out.shape(), t.out.dtype(), Order::C, t.out.device());
  }
  PlanKey key{};
  key[0] = static_cast<long long>(type);
  key[1] = rank;
  for (int k = 0; k < rank; ++k) {
    key[2 + k] = t.n[k];
    key[5 + k] = li.embed[k];
    key[10 + k] = lo.embed[k];
  }
  key[8] = li.stride, key[9] = li.dist;
  key[13] = lo.stride, key[14] = lo.dist;
  key[15] = li.batch;
  const CufftPlan* plan = nullptr;
  if (const auto* own = dynamic_cast<const CufftPlan*>(t.plan); own && own->device == device && own->key == key)
    plan = own;
  std::shared_ptr<CufftPlan> held;
  if (!plan) {
    held = cache_for(device).get(key, [&] {
      auto p = std::make_shared<CufftPlan>();
      p->key = key;
      p->device = device;
      cf::check(api.cufftCreate(&p->handle), "cufftCreate");
      cf::check(api.cufftSetAutoAllocation(p->handle, 0), "cufftSetAutoAllocation");
      long long n[3], ie[3], oe[3];
      for (int k = 0; k < rank; ++k) n[k] = t.n[k], ie[k] = li.embed[k], oe[k] = lo.embed[k];
      std::size_t work = 0;
      cf::check(api.cufftMakePlanMany64(p->handle, rank, n, ie, li.stride, li.dist, oe, lo.stride, lo.dist, type,
                                        li.batch, &work),
                "cufftMakePlanMany64");
      p->work = work;
      // No work area needed: say so once (automatic allocation is off).
      if (!work) cf::check(api.cufftSetWorkArea(p->handle, nullptr), "cufftSetWorkArea");
      return p;
    }, /*insert=*/!planning);
    plan = held.get();
  }
  if (planning) {
    *t.made = held;
    return;
  }
  if (t.kind == FftKind::C2R) zero_edge_imaginary(in, t.n[0]);
  {
    std::lock_guard<std::mutex> lock(plan->mutex);
    const cuda::StreamHandle stream = cuda::current_stream(device);
    if (!plan->stream_set || plan->stream != stream) {
      cf::check(api.cufftSetStream(plan->handle, static_cast<cudaStream_t>(stream)), "cufftSetStream");
      plan->stream = stream;
      plan->stream_set = true;
    }
    MemoryPtr work;
    if (plan->work) {
      work = allocate(Device::cuda(device), plan->work);
      if (work->ptr() != plan->work_area) {
        cf::check(api.cufftSetWorkArea(plan->handle, work->ptr()), "cufftSetWorkArea");
        plan->work_area = work->ptr();
      }
    }
    exec(api, *plan, type, in.data(), out.data(), t.forward);
    // `work` goes back to the pool here; the pool orders its reuse after this stream's work.
  }
  if (t.scale != 1.0) scale_output(device, out, t.scale);
  if (!out_fits) {
    ndarray target = t.out;
    target.assign(out);
  }
}

FftPlanCacheState fft_plan_cache_state_cuda(int device) { return cache_for(device).state(); }
void fft_plan_cache_set_limits_cuda(int device, int64_t max_size, int64_t max_memsize) {
  cache_for(device).set_limits(max_size, max_memsize);
}
void fft_plan_cache_clear_cuda(int device) { cache_for(device).clear(); }

}  // namespace cunumpy::detail
