// CUDA executor of ufunc.at: one thread per indexed position, each applying the scalar op
// to its element with an atomic compare-and-swap loop, so positions listed several times
// all take effect (NumPy's unbuffered semantics; the order of the updates is unspecified,
// which only shows in rounding for float add/multiply). 1- and 2-byte elements swap the
// aligned 32-bit word that holds them. 16-byte elements (complex128) have no atomic swap:
// add and subtract update the two parts with atomicAdd, the other ufuncs raise
// NotImplementedError.
#include <algorithm>
#include <string>
#include <vector>

#include "backend/cuda/elementwise_cuda_at.hpp"
#include "cunumpy/base/errors.hpp"
#include "kernels/cuda/function_cache.hpp"
#include "kernels/cuda/kernel_cache.hpp"
#include "backend/cuda/cuda_executors.hpp"
#include "runtime/cuda/driver.hpp"

namespace cunumpy::detail {
extern const char* const kOpsHeaderSource __attribute__((weak));
}

namespace cunumpy::cuda {

std::string ufunc_at_kernel_source(const std::string& functor, const std::string& t,
                                   const std::string& b, int itemsize, bool binary,
                                   const std::string& ops_header) {
  std::string s = "#include \"cn_scalar.h\"\n" + ops_header + "\n";
  s += "typedef " + t + " T;\n";
  s += "typedef " + (binary ? b : t) + " B;\n";
  s += "template <class To, class From> __device__ __forceinline__ To bitcast_(From f) {\n"
       "  union { From f; To t; } u; u.f = f; return u.t;\n}\n";
  const std::string call = "cn::op::" + functor + "::call(cur" + (binary ? ", bv)" : ")");
  s += std::string("extern \"C\" __global__ void ") + kUfuncAtKernelName +
       "(char* base, const long long* offs, const B* b, long long bstep, long long n) {\n"
       "  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;\n"
       "       i += (long long)gridDim.x * blockDim.x) {\n"
       "    char* p = base + offs[i];\n";
  s += binary ? "    const B bv = b[i * bstep];\n" : "";
  if (itemsize == 16) {  // complex128 add/subtract: the two parts are independent sums
    const std::string sign = functor == "subtract" ? "-" : "";
    s += "    atomicAdd((double*)p, " + sign + "bv.re);\n"
         "    atomicAdd((double*)p + 1, " + sign + "bv.im);\n";
  } else if (itemsize == 4 || itemsize == 8) {
    const std::string u = itemsize == 4 ? "unsigned int" : "unsigned long long";
    s += "    " + u + "* w = (" + u + "*)p;\n    " + u + " old = *w, assumed;\n"
         "    do {\n      assumed = old;\n      const T cur = bitcast_<T>(assumed);\n"
         "      const " + u + " nb = bitcast_<" + u + ">((T)" + call + ");\n"
         "      if (nb == assumed) break;\n      old = atomicCAS(w, assumed, nb);\n"
         "    } while (old != assumed);\n";
  } else {  // 1 or 2 bytes inside an aligned 32-bit word
    const std::string u = itemsize == 1 ? "unsigned char" : "unsigned short";
    s += "    const unsigned long long addr = (unsigned long long)p;\n"
         "    unsigned int* w = (unsigned int*)(addr & ~3ull);\n"
         "    const unsigned int shift = (unsigned int)(addr & 3ull) * 8u;\n"
         "    const unsigned int mask = ((1u << (8u * sizeof(T))) - 1u) << shift;\n"
         "    unsigned int old = *w, assumed;\n"
         "    do {\n      assumed = old;\n"
         "      const T cur = bitcast_<T>((" + u + ")((assumed & mask) >> shift));\n"
         "      const unsigned int nb = (assumed & ~mask) | ((unsigned int)bitcast_<" + u + ">((T)" + call + ") << shift);\n"
         "      if (nb == assumed) break;\n      old = atomicCAS(w, assumed, nb);\n"
         "    } while (old != assumed);\n";
  }
  s += "  }\n}\n";
  return s;
}

}  // namespace cunumpy::cuda

namespace cunumpy::detail {

void run_ufunc_at_cuda(const Ufunc& uf, const UfuncLoop& loop, ndarray& target,
                       std::span<const int64_t> positions, const ndarray& b_array,
                       const Scalar& b_scalar) {
  const DType t = loop.types[0];
  const int itemsize = static_cast<int>(t.itemsize());
  const bool sum_parts = uf.nin == 2 && (uf.functor == "add" || uf.functor == "subtract");
  if (itemsize > 8 && !sum_parts)
    throw NotImplementedError(uf.name + ".at on CUDA: no atomic update for " + t.name());
  if (!kOpsHeaderSource) throw NotImplementedError("cunumpy was built without the embedded cn_ops.h");
  const Device dev = target.device();
  const int device = dev.index;
  cuda::ensure_context(device);
  const bool binary = uf.nin == 2;

  // Byte offsets of the positions (C-order flat indices) in the target's layout.
  std::vector<int64_t> offs(positions.size());
  const Shape& shape = target.shape();
  const Strides& strides = target.strides();
  for (std::size_t k = 0; k < positions.size(); ++k) {
    int64_t rem = positions[k], off = 0;
    for (int d = target.ndim() - 1; d >= 0; --d) {
      off += (rem % shape[d]) * strides[d];
      rem /= shape[d];
    }
    offs[k] = off;
  }
  ndarray offs_dev(Shape{static_cast<int64_t>(offs.size())}, int64, Order::C, dev);
  offs_dev.copy_from_host(offs.data());
  ndarray b_dev;
  long long bstep = 0;
  if (binary) {
    if (b_array.defined()) {
      b_dev = b_array;
      bstep = b_array.size() == 1 ? 0 : 1;
    } else {
      b_dev = ndarray(Shape{1}, loop.types[1], Order::C, dev);
      b_dev.fill(b_scalar);
    }
  } else {
    b_dev = offs_dev;  // unused by the kernel; any device pointer
  }

  // The source depends on the ufunc, the target's dtype and the operand's loop type.
  static auto* cache = new cuda::FunctionCache<cuda::Function>();  // process lifetime
  cuda::FunctionKey key(cuda::KernelFamily::UfuncAt, device);
  key.push(static_cast<uint64_t>(uf.index), 32).push(static_cast<uint64_t>(t.id()), 8);
  key.push(binary ? 1 : 0, 1).push(binary ? static_cast<uint64_t>(loop.types[1].id()) : 0, 8);
  const cuda::Function f = cache->get(key, [&] {
    const std::string source = cuda::ufunc_at_kernel_source(
        uf.functor, t.c_type(), binary ? loop.types[1].c_type() : t.c_type(), itemsize, binary,
        kOpsHeaderSource);
    return cuda::get_kernel(device, "at|" + source, source, cuda::kUfuncAtKernelName,
                            cuda::numpy_exact_options());
  });

  void* base = target.data();
  void* offs_ptr = offs_dev.data();
  void* b_ptr = b_dev.data();
  long long n = static_cast<long long>(offs.size());
  void* args[] = {&base, &offs_ptr, &b_ptr, &bstep, &n};
  const long long blocks = std::min<long long>((n + 255) / 256,
                                               static_cast<long long>(cuda::multiprocessor_count(device)) * 32);
  cuda::launch(f, static_cast<unsigned>(std::max<long long>(blocks, 1)), 256, args, 0,
               cuda::current_stream(device));
}

}  // namespace cunumpy::detail
