// One thread per element of c: c[j](i, p) = sum over l of a[j](i, l) * b[j](l, p), operands
// at any element strides (transposed and broadcast batches included). Integer dtypes
// accumulate in the unsigned type of their width, so overflow wraps as NumPy's loops do;
// bool is an OR of ANDs; float32/float64 accumulate in their own type (as cuBLAS without
// TF32; the sum's order differs from BLAS's only by rounding).
// The small float products come here for the host time of `a @ b` on small arrays: a
// cuBLAS call costs several microseconds of host work on top of its launch (the lead's
// trace, docs/benchmarks.md), this path one cached-kernel launch. Sizes: k <= 64 and at
// most 16384 results, where the kernel's per-thread loop stays within a few microseconds.
#include "backend/cuda/gemm_kernel_cuda.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <unordered_map>

#include "kernels/cuda/kernel_cache.hpp"
#include "runtime/cuda/driver.hpp"

namespace cunumpy::detail {
namespace {

using namespace cunumpy::cuda;

const char* kGemmKernelName = "cn_kernel_gemm";
constexpr int64_t kSmallK = 64;
constexpr int64_t kSmallResults = 16384;

std::string gemm_kernel_source(DType d) {
  const std::string t = d.is_bool() ? "bool" : d.c_type();
  // The accumulator: unsigned of the width for integers, the type itself for floats.
  const std::string u = d.is_bool() ? "bool" : d.is_inexact() ? t : d.itemsize() == 1 ? "unsigned char"
                        : d.itemsize() == 2 ? "unsigned short" : d.itemsize() == 4 ? "unsigned int" : "unsigned long long";
  // The fixed-width names first: T and U are spelled with them.
  std::string s =
      "typedef signed char int8_t; typedef short int16_t; typedef int int32_t; typedef long long int64_t;\n"
      "typedef unsigned char uint8_t; typedef unsigned short uint16_t; typedef unsigned int uint32_t;\n"
      "typedef unsigned long long uint64_t;\n";
  s += "typedef " + t + " T;\ntypedef " + u + " U;\n";
  s += "extern \"C\" __global__ void cn_kernel_gemm(T* c, const T* a, const T* b, long long batch, long long m,\n"
       "    long long n, long long k, long long sa0, long long sa1, long long sa2, long long sb0, long long sb1,\n"
       "    long long sb2) {\n"
       "  const long long total = batch * m * n;\n"
       "  for (long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x; idx < total;\n"
       "       idx += (long long)gridDim.x * blockDim.x) {\n"
       "    const long long p = idx % n, r = idx / n, i = r % m, j = r / m;\n"
       "    const T* ar = a + j * sa0 + i * sa1;\n"
       "    const T* bc = b + j * sb0 + p * sb2;\n";
  if (d.is_bool())
    s += "    bool acc = false;\n"
         "    for (long long l = 0; l < k && !acc; ++l) acc = ar[l * sa2] && bc[l * sb1];\n"
         "    c[idx] = acc;\n";
  else
    s += "    U acc = 0;\n"
         "    for (long long l = 0; l < k; ++l) acc = (U)(acc + (U)((U)ar[l * sa2] * (U)bc[l * sb1]));\n"
         "    c[idx] = (T)acc;\n";
  s += "  }\n}\n";
  return s;
}

// This thread's compiled kernel per (device, dtype): no source string is built per call.
Function gemm_kernel(int device, DType d) {
  thread_local std::unordered_map<int64_t, Function> cache;
  const int64_t key = static_cast<int64_t>(device) * 256 + static_cast<int64_t>(d.id());
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  Function f = get_kernel(device, std::string("kernel_gemm|") + d.name(), gemm_kernel_source(d), kGemmKernelName);
  cache.emplace(key, f);
  return f;
}

bool small_gemm_enabled() {
  static const bool on = [] {
    const char* e = std::getenv("CUNUMPY_SMALL_GEMM");
    return !(e && e[0] == '0');
  }();
  return on;
}

}  // namespace

bool kernel_gemm_applies(const GemmTask& t) {
  const DType d = t.c.dtype();
  if (d != float32 && d != float64) return false;
  const int64_t results = t.c.shape()[0] * t.c.shape()[1] * t.c.shape()[2];
  return t.a.shape()[2] <= kSmallK && results <= kSmallResults && small_gemm_enabled();
}

void run_kernel_gemm_cuda(int device, const GemmTask& t) {
  const DType d = t.c.dtype();
  ensure_context(device);
  Function f = gemm_kernel(device, d);
  long long batch = t.c.shape()[0], m = t.c.shape()[1], n = t.c.shape()[2], k = t.a.shape()[2];
  const long long isz = d.itemsize();
  long long sa0 = t.a.strides()[0] / isz, sa1 = t.a.strides()[1] / isz, sa2 = t.a.strides()[2] / isz;
  long long sb0 = t.b.strides()[0] / isz, sb1 = t.b.strides()[1] / isz, sb2 = t.b.strides()[2] / isz;
  void* c = t.c.data();
  const void* a = t.a.data();
  const void* b = t.b.data();
  void* args[] = {&c, &a, &b, &batch, &m, &n, &k, &sa0, &sa1, &sa2, &sb0, &sb1, &sb2};
  const long long total = batch * m * n;
  const unsigned block = 256;
  const unsigned grid = static_cast<unsigned>(std::min<long long>((total + block - 1) / block,
                                                                   static_cast<long long>(multiprocessor_count(device)) * 32));
  launch(f, grid, block, args);
}

}  // namespace cunumpy::detail
