// What linalg_cuda.cpp (one library call per matrix, GEMM) and linalg_cuda_batched.cpp
// (stacks of small matrices) share: CUDA data types of dtypes, matrix addresses in a
// factorization batch, pool scratch and the per-matrix info flags. Internal header.
#pragma once
#include <cuComplex.h>

#include <algorithm>
#include <string>

#include "core/backend_tasks_linalg.hpp"
#include "cunumpy/base/errors.hpp"
#include "cunumpy/memory/memory.hpp"
#include "runtime/cuda/cublas.hpp"

namespace cunumpy::detail::linalg_cuda {

inline cudaDataType data_type(DType d) {
  switch (d.id()) {
    case DTypeId::Float16: return CUDA_R_16F;
    case DTypeId::Float32: return CUDA_R_32F;
    case DTypeId::Float64: return CUDA_R_64F;
    case DTypeId::Complex64: return CUDA_C_32F;
    case DTypeId::Complex128: return CUDA_C_64F;
    default: throw TypeError(std::string("linear algebra on CUDA: unsupported dtype ") + d.name());
  }
}
inline cudaDataType real_data_type(DType d) { return d == float64 || d == complex128 ? CUDA_R_64F : CUDA_R_32F; }

// Matrix j of a factorization batch (matrices of `elems` elements one after another).
inline char* matrix(const ndarray& a, int64_t j, int64_t elems) {
  return static_cast<char*>(a.data()) + j * elems * a.itemsize();
}

// A stream-ordered scratch block from the device pool (freed when `mem` goes).
struct Scratch {
  MemoryPtr mem;
  void* ptr = nullptr;
  Scratch(int device, std::size_t bytes) {
    if (bytes == 0) return;
    mem = allocate(Device(DeviceKind::CUDA, device), bytes);
    ptr = mem->ptr();
  }
};

// Per-matrix int32 flags on the device; copied into the task's int64 `info` at the end.
struct InfoFlags {
  ndarray flags;
  InfoFlags(int device, int64_t batch)
      : flags(Shape{std::max<int64_t>(batch, 1)}, int32, Order::C, Device(DeviceKind::CUDA, device)) {}
  int* at(int64_t j) const { return static_cast<int*>(flags.data()) + j; }
  void store(const ndarray& info, int64_t batch) const {
    ndarray out = info;
    if (out.defined() && batch > 0) out.assign(flags.reshape(Shape{std::max<int64_t>(batch, 1)})[{Slice{0, batch, std::nullopt}}]);
  }
};

// The entry of a typed family (S, D, C, Z) for dtype d, through one signature whose
// element pointers are void (the four differ only in those types).
template <class Fn, class S, class D, class C, class Z>
Fn typed_entry(DType d, S s, D dd, C c, Z z, const char* what) {
  switch (d.id()) {
    case DTypeId::Float32: return reinterpret_cast<Fn>(s);
    case DTypeId::Float64: return reinterpret_cast<Fn>(dd);
    case DTypeId::Complex64: return reinterpret_cast<Fn>(c);
    case DTypeId::Complex128: return reinterpret_cast<Fn>(z);
    default: throw TypeError(std::string(what) + ": unsupported dtype " + d.name());
  }
}

}  // namespace cunumpy::detail::linalg_cuda
