// Compiles generated C++ (user kernels on the CPU backend) into a shared library with the
// host compiler ($CXX, else c++), caches the library on disk next to the CUDA kernel cache
// (CUNUMPY_CACHE_DIR, ...) under a hash of the source, compiler and flags, and dlopens it.
// Internal header.
#pragma once
#include <string>

namespace cunumpy::cpu {

// The address of the extern "C" function `name` of `source`. The source may
// #include "cn_scalar.h" (written next to it). Throws CompileError with the compiler's
// output and the numbered source when compilation fails. Thread-safe.
void* host_function(const std::string& source, const std::string& name);

}  // namespace cunumpy::cpu
