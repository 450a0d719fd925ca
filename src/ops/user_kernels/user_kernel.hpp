// Shared machinery of the user kernels (ElementwiseKernel, ReductionKernel, fuse): parameter
// parsing, CuPy's type resolution, the C type names the generated code uses, and compiling
// and launching generated source on either backend. Internal header.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/backend_tasks.hpp"
#include "cunumpy/core/dtype.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/shape.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/runtime/device.hpp"
#include "kernels/cuda/function_cache.hpp"

namespace cunumpy::user {

// The compiled functions of one user kernel (CUfunction or host function) by a packed key
// of (device, argument kinds and dtypes, layout): the shared function cache type, whose
// `make` compiles outside the lock (two threads racing on a new key both compile, and the
// first stored function serves every later call).
using FunctionCache = cuda::FunctionCache<void*>;

// A key of `family` for a call on `device` (the CPU and each CUDA device apart).
inline cuda::FunctionKey function_key(cuda::KernelFamily family, Device device) {
  return cuda::FunctionKey(family, device.is_cpu() ? 0xffff : device.index);
}

// One parameter of "T x, raw float32 y": its name, the type as written, the dtype when the
// type names one (else a placeholder), and whether it is raw.
struct Param {
  std::string name;
  std::string type_name;
  std::optional<DType> dtype;
  bool raw = false;
};

// Parses a comma-separated parameter list; ValueError for a malformed entry.
std::vector<Param> parse_params(std::string_view text);

// Placeholder name -> dtype, in binding order.
using TypeMap = std::vector<std::pair<std::string, DType>>;

// CuPy's rules: array arguments bind placeholders and must match typed parameters exactly
// (TypeError "Type is mismatched" otherwise); scalars take their parameter's type, or bind
// an unbound placeholder to their own dtype. `out_args` entries may be undefined.
void resolve_types(const std::vector<Param>& in, const std::vector<Param>& out,
                   std::span<const Operand> in_args, std::span<const ndarray> out_args,
                   std::vector<DType>* in_types, std::vector<DType>* out_types, TypeMap* map);

// The outputs a call passed after its inputs (undefined ndarrays when it passed none).
// TypeError for a wrong argument count, a non-array output or a non-array `raw` input.
std::vector<ndarray> given_outputs(const std::vector<Param>& in, const std::vector<Param>& out,
                                   std::span<const Operand> args, const std::string& kernel_name);

// The device of a call (of its arrays, else the current one) and the broadcast shape of
// its non-raw arrays (inputs and given outputs). ValueError for arrays on several devices.
struct CallShape {
  Device device;
  Shape shape;
  bool have_arrays = false;
};
CallShape call_shape(const std::vector<Param>& in, const std::vector<Param>& out,
                     std::span<const Operand> in_args, std::span<const ndarray> outs);

// The C type user code sees for `d`: CuPy's spelling (float16, complex<float>) or, with
// cn_types, cunumpy's (cn::half, cn::complex<float>).
std::string c_type(DType d, bool cn_types);

// The headers every generated source starts with (cn_scalar.h, optionally cn_ops.h, then
// cn_user.h), as text ready to paste.
std::string source_prelude(bool cn_types);

// Compiled function of a generated source on a device: a CUfunction, or on the CPU a
// `void f(void** args, long long begin, long long end)` from a host-compiled library,
// exported there as cn_host_<name>.
void* compile_function(Device device, const std::string& source, const std::string& name,
                       const std::vector<std::string>& options = {});

// How a launch spreads its items (core/backend_tasks.hpp).
using LaunchKind = detail::LaunchKind;
// Runs `fn` with the kernel-argument array `args` (pointers to each argument's value, as
// cuLaunchKernel takes them) on the current stream of `device`.
// `cpu_grain`: items per CPU task at least (0: a default for elementwise work).
void launch(Device device, void* fn, void** args, int64_t items, LaunchKind kind,
            int64_t cpu_grain = 0);

// Threads per block of the generated CUDA reductions (their shared-memory tree's size).
inline constexpr int kReduceBlock = 256;

}  // namespace cunumpy::user
