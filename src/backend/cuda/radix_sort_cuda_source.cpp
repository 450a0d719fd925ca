// Generated CUDA C++ for the LSD radix sort: pure string building. The source is
// self-contained (no cn_scalar.h): elements are read as raw bits.
#include "backend/cuda/radix_sort_cuda.hpp"

#include "cunumpy/base/errors.hpp"

namespace cunumpy::detail {  // cmake/EmbedText.cmake: src/backend/cuda/kernels/*.cuh
extern const char* const kRadixSortFloatKeySource;
extern const char* const kRadixSortPassesSource;
extern const char* const kRadixSortOnesweepSource;
}  // namespace cunumpy::detail

namespace cunumpy::cuda {
namespace {

const char* key_type(int bytes) {
  switch (bytes) {
    case 1: return "unsigned char";
    case 2: return "unsigned short";
    case 4: return "unsigned int";
    default: return "unsigned long long";
  }
}

// T (storage), KT (key), key_of / class_of / value_of for the dtype.
std::string element_part(DType d) {
  const int kb = sort_key_bytes(d);
  std::string s = std::string("typedef ") + key_type(kb) + " KT;\n";
  if (d.is_bool() || d.is_unsigned_integer() || d.is_signed_integer()) {
    s += std::string("typedef ") + key_type(kb) + " T;\n";
    const std::string flip = d.is_signed_integer() ? "((KT)1 << " + std::to_string(kb * 8 - 1) + ")" : "(KT)0";
    s += "__device__ __forceinline__ KT key_of(const T& x, int, int) { return (KT)(x ^ " + flip + "); }\n";
    s += "__device__ __forceinline__ T value_of(KT k) { return (T)(k ^ " + flip + "); }\n";
    s += "__device__ __forceinline__ unsigned class_of(const T&) { return 0; }\n";
    return s;
  }
  // Floats by their bits: negative values reversed, NaN (any sign or payload) the largest key.
  const char* exp_mask = kb == 2 ? "(KT)0x7c00" : kb == 4 ? "(KT)0x7f800000u" : "(KT)0x7ff0000000000000ull";
  s += "#define CN_SIGN ((KT)1 << " + std::to_string(kb * 8 - 1) + ")\n";
  s += std::string("#define CN_EXP ") + exp_mask + "\n";
  s += detail::kRadixSortFloatKeySource;
  if (d.is_complex()) {
    s += std::string("struct T { KT re, im; };\n");
    s += "__device__ __forceinline__ KT key_of(const T& x, int field, int exact) { return float_key(field ? x.im : x.re, exact); }\n";
    // NumPy's complex order puts every value with a NaN part after all others: R+Rj, R+nanj
    // (by real), nan+Rj (by imaginary), nan+nanj.
    s += "__device__ __forceinline__ unsigned class_of(const T& x) { return (bits_nan(x.re) ? 2u : 0u) | (bits_nan(x.im) ? 1u : 0u); }\n";
    s += "__device__ __forceinline__ T value_of(KT) { T t; t.re = t.im = 0; return t; }\n";
  } else {
    s += "typedef KT T;\n";
    s += "__device__ __forceinline__ KT key_of(const T& x, int, int exact) { return float_key(x, exact); }\n";
    s += "__device__ __forceinline__ T value_of(KT k) { return (k & CN_SIGN) ? (KT)(k ^ CN_SIGN) : (KT)~k; }\n";
    s += "__device__ __forceinline__ unsigned class_of(const T&) { return 0; }\n";
  }
  return s;
}

}  // namespace

int sort_key_bytes(DType d) {
  if (d.is_complex()) return static_cast<int>(d.itemsize() / 2);
  return static_cast<int>(d.itemsize());
}

std::string radix_sort_kernel_source(DType d, bool wide_payload) {
  std::string s = "// cunumpy radix sort: " + std::string(d.name()) + "\n";
  // Every kernel, or with -DCN_ONLY -DCN_ONLY_<name>=1 only that one (a path's first use
  // compiles what it launches: the whole source takes NVRTC ~7 s, one pass kernel ~0.3 s).
  s += "#ifdef CN_ONLY\n#define CN_WANT(name) CN_ONLY_##name\n#else\n#define CN_WANT(name) 1\n#endif\n";
  s += std::string("typedef ") + (wide_payload ? "unsigned long long" : "unsigned int") + " VT;\n";
  s += element_part(d);
  s += detail::kRadixSortPassesSource;
  s += "#define CN_OS_ITEMS " + std::to_string(onesweep_items(sort_key_bytes(d))) + "\n";
  s += detail::kRadixSortOnesweepSource;
  return s;
}

}  // namespace cunumpy::cuda
