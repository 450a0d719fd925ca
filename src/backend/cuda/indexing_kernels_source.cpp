// Generated CUDA C++ for the indexing kernels (see indexing_kernels.hpp). Everything that
// varies per call (shape, strides, addresses) is a kernel parameter; the text depends only
// on item size, dimension counts and mode, so each variant compiles once.
#include <string>

#include "backend/cuda/indexing_kernels.hpp"

namespace cunumpy::detail {  // cmake/EmbedText.cmake: src/backend/cuda/kernels/*.cuh
extern const char* const kCompactCommonSource;
extern const char* const kCompactScanSource;
extern const char* const kCompactWriteBodySource;
}  // namespace cunumpy::detail

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

std::string compact_scan_source() {
  std::string s = detail::kCompactCommonSource;
  s += detail::kCompactScanSource;
  return s;
}

std::string compact_write_source(int itemsize, int unit, int ndim) {
  std::string s = detail::kCompactCommonSource;
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
  s += detail::kCompactWriteBodySource;
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
