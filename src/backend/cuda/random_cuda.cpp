// CUDA executor of RandomTask: one generated kernel per (distribution, output dtype),
// compiled by NVRTC on first use and kept in the function cache. Each thread fills whole
// counter groups with cn::rnd::group_values (src/scalar/cn_random.h, the code the CPU backend
// runs) in a grid-stride loop, so a value depends only on (key, counter, element index),
// never on the launch configuration. Compiled with --fmad=false: no FMA contraction, so
// floating results equal the CPU backend's bit for bit. Draws without parameters (random,
// standard_normal, standard_exponential) run a second, plain kernel of the same source:
// the same values (cn::rnd::plain_values) with only the generator, transform and store in
// its loop.
#include "backend/cuda/random_cuda.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "cunumpy/base/errors.hpp"
#include "kernels/cuda/function_cache.hpp"
#include "kernels/cuda/kernel_cache.hpp"
#include "runtime/cuda/driver.hpp"
#include "scalar/cn_random.h"

namespace cunumpy::detail {
extern const char* const kRandomHeaderSource __attribute__((weak));  // cmake/EmbedText.cmake
}

namespace cunumpy::cuda {
namespace {

constexpr unsigned kBlock = 256;
constexpr int64_t kBlocksPerSM = 16;
constexpr const char* kRandomKernelName = "cn_random_fill";
constexpr const char* kPlainKernelName = "cn_random_fill_plain";

FunctionCache<Function>& kernels() {
  static auto* k = new FunctionCache<Function>();  // leaked: used until exit
  return *k;
}

// The general kernel: every distribution, parameters as scalars or per-element arrays.
constexpr const char* kGeneralKernelText = R"(
// A value's bytes in the low bytes of a 64-bit word (the packing of whole-group stores).
__device__ __forceinline__ unsigned long long cn_raw(float x) { return __float_as_uint(x); }
__device__ __forceinline__ unsigned long long cn_raw(double x) { return (unsigned long long)__double_as_longlong(x); }
__device__ __forceinline__ unsigned long long cn_raw(signed char x) { return (unsigned char)x; }
__device__ __forceinline__ unsigned long long cn_raw(unsigned char x) { return x; }
__device__ __forceinline__ unsigned long long cn_raw(short x) { return (unsigned short)x; }
__device__ __forceinline__ unsigned long long cn_raw(unsigned short x) { return x; }
__device__ __forceinline__ unsigned long long cn_raw(int x) { return (unsigned int)x; }
__device__ __forceinline__ unsigned long long cn_raw(unsigned int x) { return x; }
__device__ __forceinline__ unsigned long long cn_raw(long long x) { return (unsigned long long)x; }
__device__ __forceinline__ unsigned long long cn_raw(unsigned long long x) { return x; }

// A whole group's G values packed into 64-bit words and written with one 4-, 8- or 16-byte
// store (two 16-byte stores for 32 bytes); G is a constant once inlined.
__device__ __forceinline__ void cn_store_group(cn_out_t* dst, const cn_out_t* v, int G) {
  const int S = (int)sizeof(cn_out_t);
  unsigned long long w[4] = {0ull, 0ull, 0ull, 0ull};
  for (int l = 0; l < G; ++l) w[(l * S) / 8] |= cn_raw(v[l]) << (((l * S) % 8) * 8);
  const int bytes = G * S;
  if (bytes == 32) {
    reinterpret_cast<ulonglong2*>(dst)[0] = make_ulonglong2(w[0], w[1]);
    reinterpret_cast<ulonglong2*>(dst)[1] = make_ulonglong2(w[2], w[3]);
  } else if (bytes == 16) {
    *reinterpret_cast<ulonglong2*>(dst) = make_ulonglong2(w[0], w[1]);
  } else if (bytes == 8) {
    *reinterpret_cast<unsigned long long*>(dst) = w[0];
  } else {
    *reinterpret_cast<unsigned int*>(dst) = (unsigned int)w[0];
  }
}

// One whole group: its G values computed in registers (constant indices throughout), then
// stored by cn_store_group.
template <int W>
__device__ __forceinline__ void cn_whole_group(cn_out_t* dst, long long n, long long g,
    const cn::rnd::Key& key, unsigned long long offset, const cn::rnd::Params& P) {
  cn_out_t v[4];
  cn::rnd::group_values<CN_RANDOM_DIST, cn_out_t, true>(v, n, g, key, offset, P, W);
  cn_store_group(dst, v, cn::rnd::group_size(CN_RANDOM_DIST, (int)sizeof(cn_out_t), W));
}

extern "C" __global__ void cn_random_fill(cn_out_t* out, long long n, unsigned int k0,
    unsigned int k1, unsigned long long offset, int wide, const double* a0, const double* a1,
    const double* a2, double d0, double d1, double d2, const long long* ia0,
    const long long* ia1, long long i0, long long i1) {
  cn::rnd::Params P;
  P.a[0] = a0; P.a[1] = a1; P.a[2] = a2;
  P.d[0] = d0; P.d[1] = d1; P.d[2] = d2;
  P.ia[0] = ia0; P.ia[1] = ia1;
  P.i[0] = i0; P.i[1] = i1;
  const cn::rnd::Key key = {k0, k1};
  // Only Integers has two group sizes (wide: 64-bit words per value).
  const int W = CN_RANDOM_DIST == cn::rnd::kIntegers ? wide : 0;
  const int G = cn::rnd::group_size(CN_RANDOM_DIST, (int)sizeof(cn_out_t), W);
  const long long groups = (n + G - 1) / G;
  const long long whole = n / G;
  const long long stride = (long long)gridDim.x * blockDim.x;
  // Whole groups of 4, 8, 16 or 32 bytes go out as vector stores (the output is a fresh
  // allocation, so group g's bytes start at a multiple of 16 or of their size).
  const int bytes = G * (int)sizeof(cn_out_t);
  const bool vec = (((unsigned long long)out) & 15) == 0 &&
                   (bytes == 32 || bytes == 16 || bytes == 8 || bytes == 4);
  for (long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x; g < groups; g += stride) {
    if (vec && g < whole) {
      if (W) cn_whole_group<1>(out + g * G, n, g, key, offset, P);
      else cn_whole_group<0>(out + g * G, n, g, key, offset, P);
    } else {
      cn_out_t v[4];
      const int c = cn::rnd::group_values<CN_RANDOM_DIST, cn_out_t>(v, n, g, key, offset, P, W);
      cn_out_t* dst = out + g * G;
      for (int l = 0; l < c; ++l) dst[l] = v[l];
    }
  }
}
)";

constexpr const char* kPlainKernelText = R"(
// The common large draw: random, standard_normal or standard_exponential with the identity
// maps, float32 or float64, into a 16-byte aligned array. A group is 16 bytes, one vector
// store; the round keys come in the parameter bank, so the loop holds only the generator,
// the transform and the store. A partial last group goes to the thread that would have had
// the next whole one. The same values as cn_random_fill: both end in plain_values.
extern "C" __global__ void cn_random_fill_plain(cn_out_t* out, long long n, cn::rnd::RoundKeys rk,
    unsigned long long offset) {
  const int G = 16 / (int)sizeof(cn_out_t);
  const long long whole = n / G;
  const long long stride = (long long)gridDim.x * blockDim.x;
  long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  for (; g < whole; g += stride) {
    cn_out_t v[16 / sizeof(cn_out_t)];
    cn::rnd::plain_values<CN_RANDOM_DIST>(cn::rnd::block(rk, offset + (unsigned long long)g, 0), v);
    cn_store_group(out + g * G, v, G);
  }
  if (g == whole && whole * G < n) {
    cn_out_t v[16 / sizeof(cn_out_t)];
    cn::rnd::plain_values<CN_RANDOM_DIST>(cn::rnd::block(rk, offset + (unsigned long long)g, 0), v);
    for (long long l = 0; l < n - whole * G; ++l) out[g * G + l] = v[l];
  }
}
)";

// The source of one (distribution, output type): the general kernel, and for random,
// standard_normal and standard_exponential (float outputs) the plain one beside it.
std::string random_kernel_source(int dist, const char* out_type) {
  if (!detail::kRandomHeaderSource)
    throw NotImplementedError("cunumpy was built without the embedded cn_random.h (cmake/EmbedText.cmake)");
  std::string s = "#include \"cn_scalar.h\"\n";
  s += detail::kRandomHeaderSource;
  s += "\ntypedef " + std::string(out_type) + " cn_out_t;\n";
  s += "#define CN_RANDOM_DIST " + std::to_string(dist) + "\n";
  s += kGeneralKernelText;
  if (dist <= static_cast<int>(detail::RandomDist::Exponential)) s += kPlainKernelText;
  return s;
}

// A draw for cn_random_fill_plain: random, standard_normal or standard_exponential whose
// parameters leave the values as they are, by the rule the general kernel applies
// (cn::rnd::identity_params; only whether a parameter is an array is read here), so both
// kernels give the same values. CUNUMPY_RANDOM_PLAIN=0 keeps every draw on the general
// kernel (for timing the two).
bool plain_draw(const detail::RandomTask& t) {
  static const bool enabled = [] {
    const char* e = std::getenv("CUNUMPY_RANDOM_PLAIN");
    return !(e && e[0] == '0');
  }();
  if (!enabled || t.dist > detail::RandomDist::Exponential) return false;
  cn::rnd::Params P = {};
  for (int k = 0; k < 2; ++k) {
    P.a[k] = t.fparam[k].defined() ? static_cast<const double*>(t.fparam[k].data()) : nullptr;
    P.d[k] = t.fscalar[k];
  }
  return cn::rnd::identity_params(static_cast<int>(t.dist), P);
}

}  // namespace
}  // namespace cunumpy::cuda

namespace cunumpy::detail {

void run_random_cuda(int device, const RandomTask& task) {
  const int64_t n = task.out.size();
  if (n == 0) return;
  cuda::ensure_context(device);
  const int dist = static_cast<int>(task.dist);
  const DType dt = task.out.dtype();
  cuda::FunctionKey key(cuda::KernelFamily::Random, device);
  key.push(static_cast<uint64_t>(dist), 8).push(static_cast<uint64_t>(dt.id()), 8);
  void* out = task.out.data();
  const bool plain = cuda::plain_draw(task) && (reinterpret_cast<uintptr_t>(out) & 15) == 0;
  key.push(plain ? 1 : 0, 1);
  const cuda::Function f = cuda::kernels().get(key, [&] {
    const std::string source = cuda::random_kernel_source(dist, dt.c_type());
    return cuda::get_kernel(device, "random|" + source, source,
                            plain ? cuda::kPlainKernelName : cuda::kRandomKernelName, {"--fmad=false"});
  });
  const int G = random_group_size(task.dist, dt.itemsize(), task.wide);
  const int64_t groups = (n + G - 1) / G;
  const int64_t cap = int64_t{cuda::multiprocessor_count(device)} * cuda::kBlocksPerSM;
  const int64_t blocks = std::max<int64_t>(1, std::min<int64_t>((groups + cuda::kBlock - 1) / cuda::kBlock, cap));
  long long nn = n;
  unsigned long long offset = task.offset;
  if (plain) {
    cn::rnd::RoundKeys rk = cn::rnd::round_keys(task.key0, task.key1);
    void* args[] = {&out, &nn, &rk, &offset};
    cuda::launch(f, static_cast<unsigned>(blocks), cuda::kBlock, args, 0, cuda::current_stream(device));
    return;
  }

  unsigned int k0 = task.key0, k1 = task.key1;
  int wide = task.wide ? 1 : 0;
  const void* a[3];
  double d[3];
  for (int k = 0; k < 3; ++k) {
    a[k] = task.fparam[k].defined() ? task.fparam[k].data() : nullptr;
    d[k] = task.fscalar[k];
  }
  const void* ia[2];
  long long iv[2];
  for (int k = 0; k < 2; ++k) {
    ia[k] = task.iparam[k].defined() ? task.iparam[k].data() : nullptr;
    iv[k] = task.iscalar[k];
  }
  void* args[] = {&out, &nn, &k0, &k1, &offset, &wide, &a[0], &a[1], &a[2], &d[0], &d[1], &d[2],
                  &ia[0], &ia[1], &iv[0], &iv[1]};
  cuda::launch(f, static_cast<unsigned>(blocks), cuda::kBlock, args, 0, cuda::current_stream(device));
}

}  // namespace cunumpy::detail
