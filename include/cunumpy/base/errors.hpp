// Exception classes of the C++ API. Each one maps to the Python exception NumPy or CuPy
// raises for the same mistake (see python/src/bind_errors.cpp).
#pragma once
#include <stdexcept>
#include <string>

namespace cunumpy {

// Base of every cunumpy error.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct TypeError : Error { using Error::Error; };            // -> TypeError
struct ValueError : Error { using Error::Error; };           // -> ValueError
struct IndexError : Error { using Error::Error; };           // -> IndexError
struct AxisError : Error { using Error::Error; };            // -> numpy.exceptions.AxisError
struct NotImplementedError : Error { using Error::Error; };  // -> NotImplementedError
struct OverflowError : Error { using Error::Error; };        // -> OverflowError
struct ZeroDivisionError : Error { using Error::Error; };    // -> ZeroDivisionError
// Out of device or host memory; message gives requested / in use / cached / limit.
struct OutOfMemoryError : Error { using Error::Error; };     // -> cunumpy.cuda.memory.OutOfMemoryError
// A CUDA driver call failed; the message names the call and the CUDA error.
struct CudaError : Error {
  CudaError(const std::string& msg, int code) : Error(msg), code(code) {}
  int code;
};
// NVRTC failed to compile; log() holds the compiler log and the numbered source.
struct CompileError : Error {
  CompileError(const std::string& msg, std::string log) : Error(msg), log(std::move(log)) {}
  std::string log;
};

}  // namespace cunumpy
