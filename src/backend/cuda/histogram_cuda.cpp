// CUDA histogram executors: one pass of cn_hist over the data (kernels/histogram.cuh),
// compiled per dtype set and binning through the one function cache, and the fused
// cn_minmax. Grids are one wave of resident blocks (a partial second wave would double the
// time of its blocks), fewer for small data and for many bins (each block flushes its
// nonzero bins with one global atomic each).
#include <algorithm>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "backend/cuda/cuda_executors.hpp"
#include "core/backend_tasks_histogram.hpp"
#include "cunumpy/base/errors.hpp"
#include "kernels/cuda/function_cache.hpp"
#include "kernels/cuda/kernel_cache.hpp"
#include "runtime/cuda/driver.hpp"

namespace cunumpy::detail {  // cmake/EmbedText.cmake: src/backend/cuda/kernels/histogram.cuh
extern const char* const kHistogramSource;
}  // namespace cunumpy::detail

namespace cunumpy::cuda {
namespace {

constexpr unsigned kBlock = 512;
constexpr long long kSharedLimit = 48 * 1024;  // what a block gets without opting in to more

// The per-SM limits of a device and the registers of a function, queried once each (the
// launch path stays free of driver queries).
struct SmLimits {
  int regs = 0, smem = 0, threads = 0;
};

const SmLimits& sm_limits(int device) {
  static std::mutex mu;
  static std::unordered_map<int, SmLimits> limits;
  std::lock_guard<std::mutex> lock(mu);
  auto it = limits.find(device);
  if (it != limits.end()) return it->second;
  CUdevice dev;
  CN_CU(cuDeviceGet, &dev, device);
  SmLimits l;
  CN_CU(cuDeviceGetAttribute, &l.regs, CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR, dev);
  CN_CU(cuDeviceGetAttribute, &l.smem, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, dev);
  CN_CU(cuDeviceGetAttribute, &l.threads, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, dev);
  return limits.emplace(device, l).first->second;
}

int registers_of(Function f) {
  static std::mutex mu;
  static std::unordered_map<Function, int> regs;
  std::lock_guard<std::mutex> lock(mu);
  auto it = regs.find(f);
  if (it != regs.end()) return it->second;
  int r = 0;
  CN_CU(cuFuncGetAttribute, &r, CU_FUNC_ATTRIBUTE_NUM_REGS, static_cast<CUfunction>(f));
  return regs.emplace(f, r).first->second;
}

// Blocks of kBlock threads per SM for `f` with `smem` bytes of dynamic shared memory
// (registers in units of 8 per thread, 1 KiB of shared memory reserved per block).
int resident_blocks(int device, Function f, long long smem) {
  const SmLimits& l = sm_limits(device);
  const int block = static_cast<int>(kBlock);
  int best = std::max(1, l.threads / block);
  best = std::min(best, l.regs / (((std::max(registers_of(f), 1) + 7) / 8 * 8) * block));
  if (smem) best = static_cast<int>(std::min<long long>(best, l.smem / (smem + 1024)));
  return std::max(best, 1);
}

std::string source(DType ta, DType te, DType tk, DType ts, DType td, int mode, bool weighted) {
  std::string s = "#include \"cn_scalar.h\"\n";
  s += std::string("typedef ") + ta.c_type() + " TA;\n";
  s += std::string("typedef ") + te.c_type() + " TE;\n";
  s += std::string("typedef ") + tk.c_type() + " TK;\n";
  s += std::string("typedef ") + ts.c_type() + " TS;\n";
  s += std::string("typedef ") + td.c_type() + " TD;\n";
  s += "#define CN_MODE " + std::to_string(mode) + "\n#define CN_WEIGHTED " + (weighted ? "1" : "0") +
       "\n#define CN_BLOCK " + std::to_string(kBlock) + "\n";
  return s + detail::kHistogramSource;
}

// cn_hist (which = 0) or cn_minmax (which = 1) for these dtypes, made once per key.
Function hist_function(int device, int which, DType ta, DType te, DType tk, DType ts, DType td, int mode,
                       bool weighted) {
  static auto* cache = new FunctionCache<Function>();  // process lifetime
  FunctionKey key(KernelFamily::Histogram, device);
  key.push(which, 1).push(static_cast<uint64_t>(ta.id()), 8).push(static_cast<uint64_t>(te.id()), 8);
  key.push(static_cast<uint64_t>(tk.id()), 8).push(static_cast<uint64_t>(ts.id()), 8);
  key.push(static_cast<uint64_t>(td.id()), 8).push(static_cast<uint64_t>(mode), 2).push(weighted ? 1 : 0, 1);
  return cache->get(key, [&] {
    const std::string name = which ? "cn_minmax" : "cn_hist";
    const std::string text_key = name + "|" + ta.name() + "|" + te.name() + "|" + tk.name() + "|" + ts.name() +
                                 "|" + td.name() + "|m" + std::to_string(mode) + (weighted ? "|w" : "");
    return get_kernel(device, text_key, source(ta, te, tk, ts, td, mode, weighted), name);
  });
}

// A kernel argument of `d`'s size holding s (8-byte aligned storage).
struct ScalarArg {
  alignas(16) unsigned char bytes[16] = {};
  ScalarArg(const Scalar& s, DType d) { s.cast(d).store(bytes); }
};

long long ceil_div(long long a, long long b) { return (a + b - 1) / b; }

}  // namespace
}  // namespace cunumpy::cuda

namespace cunumpy::detail {

void run_histogram_cuda(int device, const HistogramTask& t) {
  const long long size = t.x.size(), n = t.n;
  if (size == 0 || n == 0) return;
  cuda::ensure_context(device);
  const bool weighted = t.weights.defined();
  const int mode = t.binning == HistogramBinning::Values ? 0 : t.binning == HistogramBinning::EqualBins ? 1 : 2;
  const DType ta = t.x.dtype();
  const DType te = t.edges.defined() ? t.edges.dtype() : float64;
  const DType tk = mode == 1 ? t.range_type : int64;
  const DType ts = mode == 1 ? t.offset_type : float64;
  const DType td = mode == 1 ? t.scale_type : float64;
  cuda::Function f = cuda::hist_function(device, 0, ta, te, tk, ts, td, mode, weighted);
  const long long n_edges = t.edges.defined() ? t.edges.size() : 0;
  const long long item = weighted ? 8 : 4;
  const long long smem = cuda::ceil_div(n_edges * te.itemsize(), 16) * 16 + n * item;
  const bool use_shared = smem <= cuda::kSharedLimit;
  const long long sms = cuda::multiprocessor_count(device);
  const long long vn = std::max<long long>(1, 16 / ta.itemsize());
  long long grid = std::min<long long>(sms * cuda::resident_blocks(device, f, use_shared ? smem : 0),
                                       cuda::ceil_div(size, cuda::kBlock * vn));
  if (use_shared) grid = std::min(grid, std::max(sms, size / (4 * n)));
  grid = std::max({1LL, grid, cuda::ceil_div(size, 1LL << 31)});  // shared counts are 32-bit
  const void* x = t.x.data();
  const void* w = weighted ? t.weights.data() : nullptr;
  const void* e = t.edges.defined() ? t.edges.data() : nullptr;
  cuda::ScalarArg lo(mode == 1 ? t.lo : Scalar(int64_t{0}), tk), hi(mode == 1 ? t.hi : Scalar(int64_t{0}), tk);
  cuda::ScalarArg first(mode == 1 ? t.first : Scalar(0.0), ts), width(mode == 1 ? t.width : Scalar(0.0), td);
  long long sz = size, ne = n_edges, nn = n, shared = use_shared ? 1 : 0;
  void* out = t.out.data();
  void* args[] = {&x, &w, &sz, &e, &ne, lo.bytes, hi.bytes, first.bytes, width.bytes, &nn, &out, &shared};
  cuda::launch(f, static_cast<unsigned>(grid), cuda::kBlock, args, use_shared ? static_cast<std::size_t>(smem) : 0,
               cuda::current_stream(device));
}

void run_min_max_cuda(int device, const MinMaxTask& t) {
  const long long size = t.x.size();
  cuda::ensure_context(device);
  const DType ta = t.x.dtype();
  cuda::Function f = cuda::hist_function(device, 1, ta, float64, int64, float64, float64, 0, false);
  const long long vn = std::max<long long>(1, 16 / ta.itemsize());
  const long long grid = std::max<long long>(
      1, std::min<long long>(cuda::multiprocessor_count(device) * cuda::resident_blocks(device, f, 0),
                             cuda::ceil_div(size, cuda::kBlock * vn * 4)));
  ndarray part(Shape{2 * grid}, ta, Order::C, t.x.device());
  const void* x = t.x.data();
  void* p = part.data();
  long long sz = size;
  void* args[] = {&x, &sz, &p};
  cuda::launch(f, static_cast<unsigned>(grid), cuda::kBlock, args, 0, cuda::current_stream(device));
  std::vector<unsigned char> host(static_cast<std::size_t>(part.nbytes()));
  part.copy_to_host(host.data());
  // The few partials reduced here, NaN winning as in the kernel.
  const auto item = static_cast<std::size_t>(ta.itemsize());
  Scalar lo = Scalar::load(host.data(), ta), hi = Scalar::load(host.data() + item, ta);
  auto is_nan = [](const Scalar& s) { return s.dtype().is_floating() && s.to_double() != s.to_double(); };
  auto less = [](const Scalar& a, const Scalar& b) {
    if (a.dtype().is_floating()) return a.to_double() < b.to_double();
    if (a.dtype().is_unsigned_integer() || a.dtype().is_bool()) return a.to_uint64() < b.to_uint64();
    return a.to_int64() < b.to_int64();
  };
  for (long long b = 1; b < grid; ++b) {
    const Scalar bl = Scalar::load(host.data() + 2 * b * item, ta), bh = Scalar::load(host.data() + (2 * b + 1) * item, ta);
    if (!is_nan(lo) && (is_nan(bl) || less(bl, lo))) lo = bl;
    if (!is_nan(hi) && (is_nan(bh) || less(hi, bh))) hi = bh;
  }
  *t.min = lo;
  *t.max = hi;
}

}  // namespace cunumpy::detail
