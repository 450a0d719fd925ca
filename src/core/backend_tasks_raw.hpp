// The tasks of RawModule and RawKernel (CuPy's user CUDA C++): loading a module on a
// device, looking up its functions and globals, launching, and a function's attributes.
// ops/user_kernels/raw_kernel.cpp resolves the call; backend/cuda implements the entries
// (the CPU backend refuses them with the CudaError RawKernel has always raised there).
// Separate from backend_tasks.hpp so that editing it rebuilds only its users.
// Internal header.
#pragma once
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace cunumpy::detail {

// A module loaded on one device. Opaque above the backend, except what every backend can
// report: the compiler's log and the lowered names of the name expressions.
struct RawModuleImage {
  virtual ~RawModuleImage() = default;
  std::string log;                                            // "" when loaded from a cache or a file
  std::vector<std::pair<std::string, std::string>> lowered;   // name expression -> lowered name
};

// A module to load: source code (with its compile options), or a CUBIN, fatbin or PTX file.
struct RawModuleLoad {
  const char* what = "RawModule";  // the caller ("RawModule", "RawKernel"), for errors
  const std::string* code = nullptr;
  const std::string* path = nullptr;  // non-empty: load this file instead of compiling code
  const std::vector<std::string>* options = nullptr;
  const std::vector<std::string>* name_expressions = nullptr;
  const std::string* label = nullptr;  // names the source in compile errors
  bool translate_cucomplex = false;
};

// A function's attributes (cuFuncGetAttribute's), in KernelAttributes' order.
enum class RawAttribute : int {
  MaxThreadsPerBlock, SharedSizeBytes, ConstSizeBytes, LocalSizeBytes, NumRegs, PtxVersion,
  BinaryVersion, CacheModeCa, MaxDynamicSharedSizeBytes, PreferredSharedMemoryCarveout,
};
inline constexpr int kRawAttributeCount = 10;

// One launch of a function from raw_function, on `stream` (or the device's current
// stream when use_stream is false). `params`: pointers to each argument's value.
struct RawLaunch {
  void* function = nullptr;
  unsigned grid[3] = {1, 1, 1};
  unsigned block[3] = {1, 1, 1};
  void** params = nullptr;
  std::size_t shared_mem = 0;
  void* stream = nullptr;
  bool use_stream = false;
  bool cooperative = false;  // cuLaunchCooperativeKernel (enable_cooperative_groups)
};

}  // namespace cunumpy::detail
