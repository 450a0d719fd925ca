// Generated CUDA C++ for the copy (cast) and fill kernels.
#include "backend/cuda/copy_kernels.hpp"

namespace cunumpy::cuda {
namespace {

std::string layout_key(const KernelLayout& l) {
  std::string k = l.contiguous ? "|c|v" + std::to_string(l.vector_width)
                               : "|nd" + std::to_string(l.ndim) + (l.unaligned ? "u" : "");
  k += l.index32 ? "|i32" : "|i64";
  return k;
}

// Index types, grid-stride loop and (strided) offset computation shared by both kernels.
std::string prologue(const KernelLayout& l) {
  std::string s = "#include \"cn_scalar.h\"\n";
  s += l.index32 ? "typedef unsigned int IDX;  // n <= INT32_MAX: i + stride cannot wrap\n"
                   "typedef int OFF;\n"
                 : "typedef long long IDX;\ntypedef long long OFF;\n";
  s += "#define CN_LOOP(i, n) for (IDX i = (IDX)blockIdx.x * blockDim.x + threadIdx.x; i < (n); "
       "i += (IDX)gridDim.x * blockDim.x)\n";
  if (!l.contiguous) {
    s += "#define ND " + std::to_string(l.ndim) + "\n";
    // Byte-wise access for addresses that are not multiples of the item size.
    s += l.unaligned
             ? "template <class T> __device__ __forceinline__ T cn_load(const char* p) {\n"
               "  T v; char* q = (char*)&v;\n"
               "  for (int k = 0; k < (int)sizeof(T); ++k) q[k] = p[k];\n  return v;\n}\n"
               "template <class T> __device__ __forceinline__ void cn_store(char* p, T v) {\n"
               "  const char* q = (const char*)&v;\n"
               "  for (int k = 0; k < (int)sizeof(T); ++k) p[k] = q[k];\n}\n"
             : "template <class T> __device__ __forceinline__ T cn_load(const char* p) {\n"
               "  return *(const T*)p;\n}\n"
               "template <class T> __device__ __forceinline__ void cn_store(char* p, T v) {\n"
               "  *(T*)p = v;\n}\n";
  }
  return s;
}

// Offsets of element i for `nstrides` operands (innermost dimension last).
std::string offsets(int nstrides) {
  std::string s = "    IDX rem = i;\n";
  for (int k = 0; k < nstrides; ++k) s += "    OFF o" + std::to_string(k) + " = 0;\n";
  s += "#pragma unroll\n    for (int d = ND - 1; d >= 0; --d) {\n"
       "      IDX extent = (IDX)p.shape[d];\n"
       "      OFF c = (OFF)(rem % extent);\n"
       "      rem /= extent;\n";
  for (int k = 0; k < nstrides; ++k)
    s += "      o" + std::to_string(k) + " += c * p.stride" + std::to_string(k) + "[d];\n";
  s += "    }\n";
  return s;
}

}  // namespace

std::string copy_kernel_key(const char* dst_type, const char* src_type, const KernelLayout& l) {
  return std::string("copy|") + dst_type + "|" + src_type + layout_key(l);
}

std::string fill_kernel_key(const char* dst_type, const KernelLayout& l) {
  return std::string("fill|") + dst_type + layout_key(l);
}

std::string copy_kernel_source(const char* dst_type, const char* src_type, const KernelLayout& l) {
  std::string s = prologue(l);
  s += std::string("typedef ") + dst_type + " Dst;\ntypedef " + src_type + " Src;\n";
  if (l.contiguous && l.vector_width > 1) {
    std::string w = std::to_string(l.vector_width);
    s += "struct __align__(16) DstVec { Dst v[" + w + "]; };\n";
    s += "struct __align__(16) SrcVec { Src v[" + w + "]; };\n";
    s += "extern \"C\" __global__ void cn_copy(Dst* __restrict__ dst, const Src* __restrict__ src, IDX n) {\n"
         "  const IDX nv = n / " + w + ";\n"
         "  CN_LOOP(i, nv) {\n"
         "    SrcVec a = ((const SrcVec*)src)[i];\n"
         "    DstVec b;\n"
         "#pragma unroll\n"
         "    for (int k = 0; k < " + w + "; ++k) b.v[k] = cn::cast<Dst>(a.v[k]);\n"
         "    ((DstVec*)dst)[i] = b;\n"
         "  }\n"
         "  CN_LOOP(j, n - nv * " + w + ") { IDX i = nv * " + w + " + j; dst[i] = cn::cast<Dst>(src[i]); }\n"
         "}\n";
  } else if (l.contiguous) {
    s += "extern \"C\" __global__ void cn_copy(Dst* __restrict__ dst, const Src* __restrict__ src, IDX n) {\n"
         "  CN_LOOP(i, n) dst[i] = cn::cast<Dst>(src[i]);\n"
         "}\n";
  } else {
    s += "struct Params { OFF shape[ND]; OFF stride0[ND]; OFF stride1[ND]; };\n";
    s += "extern \"C\" __global__ void cn_copy(char* dst, const char* src, IDX n, Params p) {\n"
         "  CN_LOOP(i, n) {\n" +
         offsets(2) +
         "    cn_store<Dst>(dst + o0, cn::cast<Dst>(cn_load<Src>(src + o1)));\n"
         "  }\n"
         "}\n";
  }
  return s;
}

std::string fill_kernel_source(const char* dst_type, const KernelLayout& l) {
  std::string s = prologue(l);
  s += std::string("typedef ") + dst_type + " Dst;\n";
  if (l.contiguous && l.vector_width > 1) {
    std::string w = std::to_string(l.vector_width);
    s += "struct __align__(16) DstVec { Dst v[" + w + "]; };\n";
    s += "extern \"C\" __global__ void cn_fill(Dst* __restrict__ dst, IDX n, Dst value) {\n"
         "  DstVec b;\n"
         "#pragma unroll\n"
         "  for (int k = 0; k < " + w + "; ++k) b.v[k] = value;\n"
         "  const IDX nv = n / " + w + ";\n"
         "  CN_LOOP(i, nv) ((DstVec*)dst)[i] = b;\n"
         "  CN_LOOP(j, n - nv * " + w + ") dst[nv * " + w + " + j] = value;\n"
         "}\n";
  } else if (l.contiguous) {
    s += "extern \"C\" __global__ void cn_fill(Dst* __restrict__ dst, IDX n, Dst value) {\n"
         "  CN_LOOP(i, n) dst[i] = value;\n"
         "}\n";
  } else {
    s += "struct Params { OFF shape[ND]; OFF stride0[ND]; };\n";
    s += "extern \"C\" __global__ void cn_fill(char* dst, IDX n, Params p, Dst value) {\n"
         "  CN_LOOP(i, n) {\n" +
         offsets(1) +
         "    cn_store<Dst>(dst + o0, value);\n"
         "  }\n"
         "}\n";
  }
  return s;
}

std::string arange_kernel_key(const char* dst_type, bool index32) {
  return std::string("arange|") + dst_type + (index32 ? "|i32" : "|i64");
}

std::string arange_kernel_source(const char* dst_type, bool index32) {
  KernelLayout l;
  l.index32 = index32;
  std::string s = prologue(l);
  s += std::string("typedef ") + dst_type + " Dst;\n";
  s += "extern \"C\" __global__ void cn_arange(Dst* __restrict__ dst, IDX n, Dst first, Dst second) {\n"
       "  CN_LOOP(i, n) dst[i] = i == 0 ? first : i == 1 ? second : cn::arange_at<Dst>(first, second, (long long)i);\n"
       "}\n";
  return s;
}

}  // namespace cunumpy::cuda
