// The kernel headers CMake embeds in the library as strings (cmake/Embed*.cmake and
// cmake/embedded_*.cpp.in). Generated kernel source pastes them in or hands them to the
// compiler as named headers; the disk cache hashes them. Internal header.
#pragma once

namespace cunumpy::detail {
extern const char* const kScalarHeaderSource;     // src/kernels/shared/cn_scalar.h
extern const char* const kOpsHeaderSource;        // src/kernels/shared/cn_ops.h
extern const char* const kUserHeaderSource;       // cn_user.h (user kernels)
extern const char* const kComplexHeaderSource;    // complex.cuh (RawKernel's <cupy/complex.cuh>)
extern const char* const kCuComplexBridgeSource;  // cuComplex.h bridge for complex.cuh
}  // namespace cunumpy::detail
