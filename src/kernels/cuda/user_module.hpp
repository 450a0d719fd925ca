// Modules of user kernels (RawKernel, RawModule): a whole CUmodule per source and device,
// with the lowered names of its name expressions, cached in memory (content hash ->
// module, per device, for the life of the process) and on disk through the kernel disk
// cache (image and lowered names in one file). The internal kernels use kernel_cache.hpp,
// which keeps single functions under cheap structural keys instead.
// Internal header (not installed).
#pragma once
#include <cuda.h>

#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cunumpy::cuda {

struct UserModule {
  CUmodule module = nullptr;
  int device = 0;
  std::vector<std::pair<std::string, std::string>> lowered;  // name expression -> lowered name
  std::string log;  // NVRTC's warnings ("" when loaded from a cache or a file)
  // Kernel symbol -> parameter count, read from the image (kernels/cuda/image_params.hpp).
  std::unordered_map<std::string, int> param_counts;

  // The lowered name of `name` when it is a name expression, else `name` itself.
  const std::string& symbol(const std::string& name) const;
};

struct UserSource {
  std::string code;  // as the user wrote it (translated already when translate_cucomplex)
  std::vector<std::string> options;  // the user's NVRTC options
  std::vector<std::string> name_expressions;
  std::string name = "raw_module";  // names the source in compile errors (not in the cache key)
};

// `src` compiled for `device` (whose context must be current), loaded. Throws CompileError
// with the log and the numbered source, CudaError when the driver rejects the image.
std::shared_ptr<const UserModule> user_module_from_source(int device, const UserSource& src);
// The CUBIN, fatbin or PTX file at `path`, loaded on `device`; CudaError
// (CUDA_ERROR_FILE_NOT_FOUND) when it cannot be read.
std::shared_ptr<const UserModule> user_module_from_file(int device, const std::string& path);

// `#include <cuComplex.h>` (or "cuComplex.h") replaced by the complex<T> bridge header.
std::string translate_cucomplex(const std::string& code);

}  // namespace cunumpy::cuda
