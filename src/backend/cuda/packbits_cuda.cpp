// CUDA executor of packbits (task in core/backend_tasks_bits.hpp): a thread per output
// byte, grid-stride; rows packed along the last axis (inner == 1) whose 8 elements of bytes
// lie 8-aligned are read as one 64-bit word.
#include <string>

#include "backend/cuda/cuda_executors.hpp"
#include "core/backend_tasks_bits.hpp"
#include "kernels/cuda/kernel_cache.hpp"
#include "runtime/cuda/driver.hpp"

namespace cunumpy::detail {
namespace {

const char* unsigned_type(int itemsize) {
  return itemsize == 1 ? "unsigned char" : itemsize == 2 ? "unsigned short"
         : itemsize == 4 ? "unsigned int" : "unsigned long long";
}

std::string packbits_source(int itemsize, bool little, bool words) {
  std::string s = std::string("typedef ") + unsigned_type(itemsize) + " U;\n";
  s += little ? "#define CN_BIT(k) (1u << (k))\n" : "#define CN_BIT(k) (0x80u >> (k))\n";
  if (words) s += "#define CN_WORDS 1\n";
  s += R"(
extern "C" __global__ void cn_packbits(const U* __restrict__ in, unsigned char* __restrict__ out,
                                       long long n, long long inner, long long total) {
  for (long long q = (long long)blockIdx.x * blockDim.x + threadIdx.x; q < total;
       q += (long long)gridDim.x * blockDim.x) {
    unsigned byte = 0;
#ifdef CN_WORDS
    // bool/uint8 rows of a multiple of 8 elements: the group is one aligned 64-bit word
    const unsigned long long w = ((const unsigned long long*)in)[q];
    #pragma unroll
    for (int k = 0; k < 8; ++k)
      if ((w >> (8 * k)) & 0xffull) byte |= CN_BIT(k);
#else
    const long long nb = (n + 7) / 8;
    const long long i = q % inner, ob = q / inner, b = ob % nb, o = ob / nb;
    const U* src = in + (o * n + b * 8) * inner + i;
    const long long rest = n - b * 8;
    const int count = rest < 8 ? (int)rest : 8;
    for (int k = 0; k < count; ++k)
      if (src[k * inner] != 0) byte |= CN_BIT(k);
#endif
    out[q] = (unsigned char)byte;
  }
}
)";
  return s;
}

}  // namespace

void run_packbits_cuda(int device, const PackBitsTask& t) {
  long long total = t.out.size();
  if (total == 0) return;
  const int itemsize = t.in.itemsize();
  // Each group of 8 one-byte elements is a whole word when rows hold a multiple of 8 and
  // the data starts 8-aligned (then every group does).
  const bool words = itemsize == 1 && t.inner == 1 && t.n % 8 == 0 &&
                     reinterpret_cast<uintptr_t>(t.in.data()) % 8 == 0;
  cuda::ensure_context(device);
  const std::string key = "packbits|" + std::to_string(itemsize) + (t.little ? "l" : "b") + (words ? "w" : "e");
  cuda::Function f = cuda::get_kernel(device, key, packbits_source(itemsize, t.little, words), "cn_packbits");
  const void* in = t.in.data();
  void* out = t.out.data();
  long long n = t.n, inner = t.inner;
  void* args[] = {&in, &out, &n, &inner, &total};
  constexpr unsigned kBlock = 256;
  const long long blocks = (total + kBlock - 1) / kBlock;
  const long long cap = static_cast<long long>(cuda::multiprocessor_count(device)) * 32;
  cuda::launch(f, static_cast<unsigned>(blocks < cap ? blocks : cap), kBlock, args, 0,
               cuda::current_stream(device));
}

}  // namespace cunumpy::detail
