// MemoryPointer (CuPy's cupy.cuda.MemoryPointer): a Memory plus a byte offset into it.
// What pools' malloc and ndarray.data return, and what ndarray(..., memptr=) takes.
#pragma once
#include <cstdint>

#include "py_convert.hpp"
#include "cunumpy/memory/memory.hpp"

namespace cunumpy::py {

struct MemoryPointer {
  MemoryPtr mem;
  int64_t offset = 0;
  uintptr_t ptr() const {
    return mem ? reinterpret_cast<uintptr_t>(mem->ptr()) + static_cast<uintptr_t>(offset) : 0;
  }
};

// The Memory behind what an allocator returned (a Memory or a MemoryPointer at offset 0).
// TypeError for anything else, naming what was returned.
MemoryPtr memory_from_allocator_result(nb::handle obj, const char* who);

}  // namespace cunumpy::py
