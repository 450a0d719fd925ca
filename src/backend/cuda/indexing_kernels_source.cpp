// Generated CUDA C++ for the indexing kernels (see indexing_kernels.hpp). Everything that
// varies per call (shape, strides, addresses) is a kernel parameter; the text depends only
// on item size, dimension counts and mode, so each variant compiles once.
#include <string>

#include "backend/cuda/indexing_kernels.hpp"

namespace cunumpy::cuda {

namespace {

const char* unit_type(int unit) {
  switch (unit) {
    case 1: return "unsigned char";
    case 2: return "unsigned short";
    case 4: return "unsigned int";
    case 8: return "unsigned long long";
    default: return "ulonglong2";  // one 16-byte access: a repeated-index write is not torn
  }
}

}  // namespace

std::string element_type(int itemsize, int unit) {
  if (unit == itemsize) return std::string("typedef ") + unit_type(unit) + " T;\n";
  return std::string("struct T { ") + unit_type(unit) + " v[" + std::to_string(itemsize / unit) + "]; };\n";
}

int element_unit(int itemsize, std::initializer_list<int64_t> values) {
  int unit = itemsize < 16 ? itemsize : 16;
  for (int64_t v : values)
    while (unit > 1 && v % unit != 0) unit /= 2;
  return unit;
}

namespace {

std::string v(int k) { return "p.v[" + std::to_string(k) + "]"; }

}  // namespace

std::string indexed_copy_source(int itemsize, int unit, int ndim, int naxes, bool scatter, bool plain_contiguous, int mode) {
  const int SH = 0, IS = ndim, PS = 2 * ndim, XS = 3 * ndim, AL = XS + naxes * ndim, AS = AL + naxes, PT = AS + naxes;
  const int nparams = indexed_copy_param_count(ndim, naxes);
  std::string s = element_type(itemsize, unit);
  s += "struct Params { long long v[" + std::to_string(nparams) + "]; };\n";
  s += std::string("extern \"C\" __global__ void ") + kIndexedCopyKernelName +
       "(char* indexed, char* plain, long long n, unsigned long long* err, Params p) {\n"
       "  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;\n"
       "       i += (long long)gridDim.x * blockDim.x) {\n"
       "    long long io = 0;\n";
  if (ndim > 0) s += "    long long rem = i;\n";
  if (!plain_contiguous) s += "    long long po = 0;\n";
  for (int k = 0; k < naxes; ++k) s += "    long long x" + std::to_string(k) + " = 0;\n";
  for (int d = ndim - 1; d >= 0; --d) {
    s += "    {\n";
    s += d > 0 ? "      const long long c = rem % " + v(SH + d) + ";\n      rem /= " + v(SH + d) + ";\n"
               : "      const long long c = rem;\n";
    s += "      io += c * " + v(IS + d) + ";\n";
    if (!plain_contiguous) s += "      po += c * " + v(PS + d) + ";\n";
    for (int k = 0; k < naxes; ++k) s += "      x" + std::to_string(k) + " += c * " + v(XS + k * ndim + d) + ";\n";
    s += "    }\n";
  }
  s += "    bool ok = true;\n";
  for (int k = 0; k < naxes; ++k) {
    const std::string ks = std::to_string(k);
    s += "    {\n      long long ix = *(const long long*)((const char*)(unsigned long long)" + v(PT + k) + " + x" + ks + ");\n";
    s += "      const long long len = " + v(AL + k) + ";\n";
    if (mode == 0) {
      s += "      const long long raw = ix;\n      if (ix < 0) ix += len;\n"
           "      if (ix < 0 || ix >= len) {\n"
           "        if (atomicCAS(err, 0ull, " + std::to_string(k + 1) + "ull) == 0ull) err[1] = (unsigned long long)raw;\n"
           "        ok = false;\n      }\n";
    } else if (mode == 1) {
      s += "      if (len == 0) ok = false; else { ix %= len; if (ix < 0) ix += len; }\n";
    } else {
      s += "      if (len == 0) ok = false;\n      ix = ix < 0 ? 0 : (ix >= len ? len - 1 : ix);\n";
    }
    s += "      io += ix * " + v(AS + k) + ";\n    }\n";
  }
  s += "    if (!ok) continue;\n";
  const std::string plain_el = plain_contiguous ? "((T*)plain)[i]" : "*(T*)(plain + po)";
  s += scatter ? "    *(T*)(indexed + io) = " + plain_el + ";\n" : "    " + plain_el + " = *(const T*)(indexed + io);\n";
  s += "  }\n}\n";
  return s;
}

namespace {

// Sixteen mask bytes of one thread (zero past n), and how many are nonzero.
const char* const kCompactCommon = R"(
#define CN_BLOCK 256
#define CN_CHUNK 4096
__device__ __forceinline__ unsigned cn_nonzero_bytes(unsigned w) {
  unsigned t = (w & 0x7f7f7f7fu) + 0x7f7f7f7fu;
  t = ~(t | w | 0x7f7f7f7fu);  // high bit of each zero byte
  return 4u - __popc(t);
}
__device__ __forceinline__ void cn_load16(const unsigned char* m, long long n, long long start, unsigned w[4]) {
  if (start + 16 <= n && (((unsigned long long)(m + start)) & 15ull) == 0) {
    const uint4 q = *(const uint4*)(m + start);
    w[0] = q.x; w[1] = q.y; w[2] = q.z; w[3] = q.w;
    return;
  }
  w[0] = w[1] = w[2] = w[3] = 0;
  for (int j = 0; j < 16; ++j)
    if (start + j < n && m[start + j]) w[j >> 2] |= 1u << ((j & 3) * 8);
}
)";

}  // namespace

std::string compact_scan_source() {
  std::string s = kCompactCommon;
  s += R"(
extern "C" __global__ void cn_compact_count(const unsigned char* m, long long n, unsigned int* counts) {
  unsigned w[4];
  cn_load16(m, n, (long long)blockIdx.x * CN_CHUNK + threadIdx.x * 16, w);
  unsigned c = cn_nonzero_bytes(w[0]) + cn_nonzero_bytes(w[1]) + cn_nonzero_bytes(w[2]) + cn_nonzero_bytes(w[3]);
  for (int o = 16; o > 0; o >>= 1) c += __shfl_down_sync(0xffffffffu, c, o);
  __shared__ unsigned warp_sums[CN_BLOCK / 32];
  if ((threadIdx.x & 31) == 0) warp_sums[threadIdx.x >> 5] = c;
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned t = 0;
    for (int k = 0; k < CN_BLOCK / 32; ++k) t += warp_sums[k];
    counts[blockIdx.x] = t;
  }
}
extern "C" __global__ void cn_compact_scan(const unsigned int* counts, unsigned long long* offsets, long long nchunks) {
  __shared__ unsigned long long s[1024];
  const long long per = (nchunks + 1023) / 1024;
  const long long b = threadIdx.x * per;
  const long long e = b + per < nchunks ? b + per : nchunks;
  unsigned long long sum = 0;
  for (long long i = b; i < e; ++i) sum += counts[i];
  s[threadIdx.x] = sum;
  __syncthreads();
  for (int off = 1; off < 1024; off <<= 1) {  // inclusive scan of the per-thread sums
    const unsigned long long add = threadIdx.x >= off ? s[threadIdx.x - off] : 0ull;
    __syncthreads();
    s[threadIdx.x] += add;
    __syncthreads();
  }
  unsigned long long run = s[threadIdx.x] - sum;
  for (long long i = b; i < e; ++i) {
    offsets[i] = run;
    run += counts[i];
  }
  if (threadIdx.x == 1023) offsets[nchunks] = s[1023];
}
)";
  return s;
}

std::string compact_write_source(int itemsize, int unit, int ndim) {
  std::string s = kCompactCommon;
  const bool data = itemsize > 0;
  if (data) {
    s += element_type(itemsize, unit);
    s += "extern \"C\" __global__ void cn_compact_write(const unsigned char* m, long long n,\n"
         "    const unsigned long long* offsets, const T* data, T* out) {\n";
  } else {
    s += "struct Shape { long long v[" + std::to_string(ndim) + "]; };\n";
    s += "extern \"C\" __global__ void cn_compact_write(const unsigned char* m, long long n,\n"
         "    const unsigned long long* offsets, long long* coords, long long total, Shape shape) {\n";
  }
  s += R"(  const long long start = (long long)blockIdx.x * CN_CHUNK + threadIdx.x * 16;
  unsigned w[4];
  cn_load16(m, n, start, w);
  unsigned flags = 0;
  for (int j = 0; j < 16; ++j)
    if ((w[j >> 2] >> ((j & 3) * 8)) & 0xffu) flags |= 1u << j;
  const unsigned c = __popc(flags);
  const unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  unsigned incl = c;
  for (unsigned o = 1; o < 32; o <<= 1) {
    const unsigned y = __shfl_up_sync(0xffffffffu, incl, o);
    if (lane >= o) incl += y;
  }
  __shared__ unsigned warp_sums[CN_BLOCK / 32];
  if (lane == 31) warp_sums[warp] = incl;
  __syncthreads();
  unsigned base = 0;
  for (unsigned k = 0; k < warp; ++k) base += warp_sums[k];
  unsigned long long pos = offsets[blockIdx.x] + base + incl - c;
  for (int j = 0; j < 16; ++j) {
    if (!((flags >> j) & 1u)) continue;
    const long long i = start + j;
)";
  if (data) {
    s += "    out[pos++] = data[i];\n";
  } else {
    s += "    long long rem = i;\n";
    for (int d = ndim - 1; d > 0; --d)
      s += "    coords[" + std::to_string(d) + "ll * total + pos] = rem % shape.v[" + std::to_string(d) +
           "];\n    rem /= shape.v[" + std::to_string(d) + "];\n";
    s += "    coords[pos] = rem;\n    ++pos;\n";
  }
  s += "  }\n}\n";
  return s;
}

}  // namespace cunumpy::cuda
