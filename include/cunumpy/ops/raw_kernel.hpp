// User kernels written in CUDA C++ (CuPy's RawKernel and RawModule): source compiled at run
// time with NVRTC for the current device on first use, cached in memory and on disk
// (CUNUMPY_CACHE_DIR), and launched on the current stream.
//
//   cunumpy::RawKernel add_one(R"(extern "C" __global__ void add_one(float* x, int n) {
//       int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] += 1; })", "add_one");
//   add_one({(n + 255) / 256}, {256}, {x, n});        // x: a float32 ndarray on a GPU
//
// Sources may #include <cunumpy/complex.cuh> (or CuPy's <cupy/complex.cuh>) for complex<T>,
// and the CUDA toolkit's headers. Compile errors throw CompileError (with the NVRTC log and
// the numbered source). Objects can be created anywhere; compiling or launching on the CPU
// backend (or in a build without CUDA) throws CudaError: user kernels need a CUDA device.
#pragma once
#include <complex>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/memory/memory.hpp"
#include "cunumpy/runtime/stream.hpp"

namespace cunumpy {

// Grid or block dimensions.
struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
  constexpr Dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}  // NOLINT
};

// One kernel argument, held by value: an array (its device address), a pointer, or a
// scalar with its own C type (an int is passed as int, a double as double, a
// std::complex<float> as complex<float>). The bytes past the value are zero, so a scalar
// read by the kernel as a wider integer type still reads the same value.
class KernelArg {
 public:
  KernelArg(const ndarray& a);  // NOLINT: the array's data address (a CUDA array)
  template <class T>
    requires std::is_arithmetic_v<T>
  KernelArg(T v) {  // NOLINT
    set(&v, sizeof(T));
  }
  KernelArg(std::complex<float> v) { set(&v, sizeof v); }   // NOLINT
  KernelArg(std::complex<double> v) { set(&v, sizeof v); }  // NOLINT
  template <class T>
  KernelArg(T* p) {  // NOLINT: any pointer, passed as an address
    set(&p, sizeof p);
  }
  KernelArg(std::nullptr_t) { const void* p = nullptr; set(&p, sizeof p); }  // NOLINT
  // `size` (at most 16) raw bytes.
  static KernelArg raw(const void* bytes, std::size_t size);

  const void* value() const { return bytes_; }
  void* value() { return bytes_; }
  std::size_t size() const { return size_; }
  // An array not on a CUDA device (a launch rejects it, naming the argument).
  bool host_array() const { return host_array_; }

 private:
  KernelArg() = default;
  void set(const void* src, std::size_t n);
  alignas(16) unsigned char bytes_[16] = {};
  uint8_t size_ = 0;
  bool host_array_ = false;
};

// What the compiler is told, as CuPy's RawKernel/RawModule keyword arguments.
struct KernelCompileOptions {
  std::vector<std::string> options;  // NVRTC options, e.g. {"-DN=4", "--use_fast_math"}
  std::string backend = "nvrtc";     // only "nvrtc" (CuPy's "nvcc" is not supported)
  bool translate_cucomplex = false;  // #include <cuComplex.h> means complex<T> (CuPy)
  bool enable_cooperative_groups = false;  // launch with cuLaunchCooperativeKernel
  bool jitify = false;  // accepted for CuPy code; has no effect (the toolkit headers are found)
  std::vector<std::string> name_expressions;  // RawModule: template instances to resolve
};

// Attributes of a compiled kernel on the current device (cuFuncGetAttribute).
struct KernelAttributes {
  int max_threads_per_block = 0;
  int shared_size_bytes = 0;
  int const_size_bytes = 0;
  int local_size_bytes = 0;
  int num_regs = 0;
  int ptx_version = 0;
  int binary_version = 0;
  int cache_mode_ca = 0;
  int max_dynamic_shared_size_bytes = 0;
  int preferred_shared_memory_carveout = 0;
};

class RawKernel;

class RawModule {
 public:
  // A module compiled from CUDA C++ `code` (on first use).
  explicit RawModule(std::string code, KernelCompileOptions options = {});
  // A module loaded from a CUBIN, fatbin or PTX file (read on first use).
  static RawModule from_file(std::string path, KernelCompileOptions options = {});

  // Compiles (if needed) and loads the module on the current device; returns NVRTC's log
  // (warnings; "" for a file or a cached image).
  std::string compile() const;
  // The kernel `name`: an extern "C" name, a mangled name, or one of name_expressions
  // (e.g. "my_add<float>"), resolved to its lowered name. Compiles the module.
  RawKernel get_function(const std::string& name) const;
  // The __device__ / __constant__ variable `name` (or a name expression) on the current
  // device: its address and size, valid while the process lives.
  MemoryPtr get_global(const std::string& name) const;
  // The lowered (mangled) name of a name expression; compiles the module.
  std::string lowered_name(const std::string& name_expression) const;

  const std::string& code() const;  // "" for a file
  const std::string& path() const;  // "" for source code
  const KernelCompileOptions& options() const;

  struct Impl;

 private:
  explicit RawModule(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<Impl> impl_;
  friend class RawKernel;
};

class RawKernel {
 public:
  // The kernel `name` of `code` (CuPy's RawKernel(code, name, ...)), compiled on first use.
  RawKernel(std::string code, std::string name, KernelCompileOptions options = {});

  // Launches on the current device's current stream, or on `stream`.
  void operator()(Dim3 grid, Dim3 block, std::initializer_list<KernelArg> args,
                  std::size_t shared_mem = 0) const;
  void operator()(Dim3 grid, Dim3 block, std::span<const KernelArg> args,
                  std::size_t shared_mem = 0) const;
  void launch(Dim3 grid, Dim3 block, std::span<const KernelArg> args, std::size_t shared_mem,
              const Stream& stream) const;
  // The launch itself: params[i] points at the i-th argument's value (cuLaunchKernel's
  // kernelParams). `stream` is a CUstream; when !use_stream, the current stream.
  void launch_params(Dim3 grid, Dim3 block, void** params, std::size_t shared_mem,
                     void* stream, bool use_stream) const;

  // Compiles and loads the kernel on the current device (otherwise done by the first call);
  // returns NVRTC's log.
  std::string compile() const;

  KernelAttributes attributes() const;  // on the current device
  void set_max_dynamic_shared_size_bytes(int bytes) const;
  void set_preferred_shared_memory_carveout(int percent) const;
  // The CUfunction on the current device (compiling on first use).
  void* function() const;

  const std::string& name() const;
  const RawModule& module() const;

  struct Impl;

 private:
  explicit RawKernel(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<Impl> impl_;
  friend class RawModule;
};

}  // namespace cunumpy
