// The CUDA backend's FFT task on cuFFT (runtime/cuda/cufft.hpp, loaded on first use).
// A task maps onto one cufftMakePlanMany64 plan when each array's layout fits cuFFT's
// advanced layout (positive element strides, each transformed axis's stride a multiple of
// the next one's, the batch axes mergeable into one distance); an input that does not fit
// is first copied C-contiguous, and so is every C2R input (cuFFT overwrites it). Plans are
// cached per device under everything that defines them (type, lengths, embeds, strides,
// distances, batch) with CuPy's PlanCache rules; they are made with automatic allocation
// off, and each call takes its work area from the memory pool and sets the current stream.
// The norm= scale is one grid-stride kernel over the output afterwards.
#include <array>
#include <map>
#include <memory>
#include <mutex>
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

struct CufftPlan {
  int device = 0;
  cufftHandle handle = 0;
  std::size_t work = 0;
  std::mutex mutex;  // stream, work area and execution of one handle go together
  ~CufftPlan() {
    if (!handle) return;
    try {
      cuda::ensure_context(device);
      cf::api().cufftDestroy(handle);
    } catch (...) {
    }
  }
  int64_t memsize() const { return static_cast<int64_t>(work); }
};

// type, rank, n[3], inembed[3], istride, idist, onembed[3], ostride, odist, batch
using PlanKey = std::array<long long, 16>;
using Cache = FftPlanCache<PlanKey, CufftPlan>;

Cache& cache_for(int device) {
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<Cache>>* caches = new std::map<int, std::unique_ptr<Cache>>();  // process lifetime
  std::lock_guard<std::mutex> lock(mutex);
  auto& c = (*caches)[device];
  if (!c) c = std::make_unique<Cache>(16, -1);
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
  std::vector<int64_t> st(D);
  for (int d = 0; d < D; ++d) {
    if (a.strides()[d] % item) return false;
    st[d] = a.strides()[d] / item;
  }
  // Effective strides of the transformed axes: a unit extent takes the packed value.
  std::vector<int64_t> eff(D, 0);
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

const char* const kScaleSource = R"(
extern "C" __global__ void cn_fft_scale(T* p, long long n, T s) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    p[i] *= s;
}
)";

void scale_output(int device, const ndarray& out, double scale) {
  const bool dbl = out.dtype() == float64 || out.dtype() == complex128;
  const char* type = dbl ? "double" : "float";
  cuda::Function f = cuda::get_kernel(device, std::string("fft_scale|") + type,
                                      std::string("typedef ") + type + " T;\n" + kScaleSource, "cn_fft_scale");
  void* p = out.data();
  long long n = out.size() * (out.dtype().is_complex() ? 2 : 1);
  double sd = scale;
  float sf = static_cast<float>(scale);
  void* args[] = {&p, &n, dbl ? static_cast<void*>(&sd) : static_cast<void*>(&sf)};
  const long long blocks = std::min<long long>((n + 255) / 256, 32LL * cuda::multiprocessor_count(device));
  cuda::launch(f, static_cast<unsigned>(std::max<long long>(blocks, 1)), 256, args);
}


// C2R input as cuFFT needs it: a C-contiguous copy (cuFFT overwrites its C2R input) whose
// zero-frequency and, for even n, Nyquist terms have no imaginary part (NumPy ignores them;
// cuFFT's result for a non-Hermitian input is otherwise its own).
ndarray c2r_input(const ndarray& in, int64_t n) {
  ndarray tmp = in.copy(Order::C);
  ndarray parts = tmp.view(tmp.dtype() == complex64 ? float32 : float64);
  std::vector<Index> idx(parts.ndim(), Slice{});
  idx.back() = int64_t{1};
  parts[idx].fill(Scalar(0.0));
  if (n % 2 == 0) {
    idx.back() = int64_t{2 * (n / 2) + 1};
    parts[idx].fill(Scalar(0.0));
  }
  return tmp;
}

}  // namespace

void run_fft_cuda(int device, const FftTask& t);

namespace {

// A C2R over several axes as NumPy defines it: the complex axes first (a C2C task into a
// temporary), then a 1-D C2R along the last axis.
void c2r_in_steps(int device, const FftTask& t) {
  const int D = t.in.ndim(), rank = t.rank();
  std::vector<int64_t> perm;
  for (int d = 0; d < D - rank; ++d) perm.push_back(d);
  perm.push_back(D - 1);
  for (int d = D - rank; d < D - 1; ++d) perm.push_back(d);
  std::vector<int64_t> inverse(D);
  for (int d = 0; d < D; ++d) inverse[perm[d]] = d;
  FftTask c2c;
  c2c.kind = FftKind::C2C;
  c2c.forward = false;
  c2c.in = t.in.transpose(perm);
  c2c.out = ndarray(c2c.in.shape(), t.in.dtype(), Order::C, t.in.device());
  for (int k = 0; k < rank - 1; ++k) c2c.n.push_back(t.n[k]);
  run_fft_cuda(device, c2c);
  FftTask c2r = t;
  c2r.in = c2c.out.transpose(inverse);
  c2r.n = {t.n[rank - 1]};
  run_fft_cuda(device, c2r);
}

}  // namespace

void run_fft_cuda(int device, const FftTask& t) {
  if (t.kind == FftKind::C2R && t.rank() > 1) return c2r_in_steps(device, t);
  cuda::ensure_context(device);
  const cf::Api& api = cf::api();
  const int rank = t.rank();
  const bool dbl = t.in.dtype() == float64 || t.in.dtype() == complex128;
  cufftType type;
  switch (t.kind) {
    case FftKind::C2C: type = dbl ? CUFFT_Z2Z : CUFFT_C2C; break;
    case FftKind::R2C: type = dbl ? CUFFT_D2Z : CUFFT_R2C; break;
    default: type = dbl ? CUFFT_Z2D : CUFFT_C2R; break;
  }
  ndarray in = t.in;
  Layout li, lo;
  if (t.kind == FftKind::C2R) {
    in = c2r_input(t.in, t.n[rank - 1]);
    layout_of(in, rank, li);
  } else if (!layout_of(in, rank, li)) {
    in = t.in.copy(Order::C);
    layout_of(in, rank, li);
  }
  ndarray out = t.out;
  const bool out_fits = layout_of(out, rank, lo);
  if (!out_fits) {
    out = ndarray(t.out.shape(), t.out.dtype(), Order::C, t.out.device());
    layout_of(out, rank, lo);
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
  std::shared_ptr<CufftPlan> plan = cache_for(device).get(key, [&] {
    auto p = std::make_shared<CufftPlan>();
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
    return p;
  });
  {
    std::lock_guard<std::mutex> lock(plan->mutex);
    cf::check(api.cufftSetStream(plan->handle, static_cast<cudaStream_t>(cuda::current_stream(device))),
              "cufftSetStream");
    MemoryPtr work;
    if (plan->work) work = allocate(Device::cuda(device), plan->work);
    cf::check(api.cufftSetWorkArea(plan->handle, work ? work->ptr() : nullptr), "cufftSetWorkArea");
    const int dir = t.forward ? CUFFT_FORWARD : CUFFT_INVERSE;
    void* src = in.data();
    void* dst = out.data();
    switch (type) {
      case CUFFT_C2C:
        cf::check(api.cufftExecC2C(plan->handle, static_cast<cufftComplex*>(src), static_cast<cufftComplex*>(dst), dir), "cufftExecC2C");
        break;
      case CUFFT_Z2Z:
        cf::check(api.cufftExecZ2Z(plan->handle, static_cast<cufftDoubleComplex*>(src), static_cast<cufftDoubleComplex*>(dst), dir), "cufftExecZ2Z");
        break;
      case CUFFT_R2C:
        cf::check(api.cufftExecR2C(plan->handle, static_cast<cufftReal*>(src), static_cast<cufftComplex*>(dst)), "cufftExecR2C");
        break;
      case CUFFT_D2Z:
        cf::check(api.cufftExecD2Z(plan->handle, static_cast<cufftDoubleReal*>(src), static_cast<cufftDoubleComplex*>(dst)), "cufftExecD2Z");
        break;
      case CUFFT_C2R:
        cf::check(api.cufftExecC2R(plan->handle, static_cast<cufftComplex*>(src), static_cast<cufftReal*>(dst)), "cufftExecC2R");
        break;
      default:
        cf::check(api.cufftExecZ2D(plan->handle, static_cast<cufftDoubleComplex*>(src), static_cast<cufftDoubleReal*>(dst)), "cufftExecZ2D");
        break;
    }
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
