// CUDA executor of resolved ufunc calls: one generated kernel per structural variant
// (op, loop types, operand storage types, scalar positions, layout, index width), compiled
// by NVRTC on first use and then found in the function cache by a packed key, so a call
// builds no string and no source text. Grid-stride loop, 256 threads per block.
#include "backend/cuda/elementwise_cuda.hpp"

#include <algorithm>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/core/launch_plan.hpp"
#include "kernels/cuda/function_cache.hpp"
#include "kernels/cuda/kernel_cache.hpp"
#include "backend/cuda/cuda_executors.hpp"
#include "runtime/cuda/driver.hpp"

// The text of src/scalar/cn_ops.h, embedded by CMake (cmake/EmbedText.cmake). Weak,
// so that a build without the embedding still links and reports the problem at run time.
namespace cunumpy::detail {
extern const char* const kOpsHeaderSource __attribute__((weak));
}

namespace cunumpy::cuda {
namespace {

constexpr unsigned kBlock = 256;
constexpr int64_t kBlocksPerSM = 32;

unsigned grid_for(int device, int64_t n) {
  int64_t blocks = (n + kBlock - 1) / kBlock;
  int64_t cap = int64_t{multiprocessor_count(device)} * kBlocksPerSM;
  return static_cast<unsigned>(std::max<int64_t>(1, std::min(blocks, cap)));
}

const std::string& ops_header() {
  if (!detail::kOpsHeaderSource)
    throw NotImplementedError(
        "cunumpy was built without the embedded cn_ops.h (cmake/EmbedText.cmake)");
  static const std::string text = [] {
    // The embedded header's own #include of cn_scalar.h is resolved by NVRTC's header list.
    return std::string(detail::kOpsHeaderSource);
  }();
  return text;
}

FunctionCache<Function>& kernels() {
  static auto* k = new FunctionCache<Function>();  // leaked: used until exit
  return *k;
}

}  // namespace
}  // namespace cunumpy::cuda

namespace cunumpy::detail {

void run_elementwise_cuda(const ElementwiseTask& task) {
  const Ufunc& uf = *task.ufunc;
  const UfuncLoop& loop = *task.loop;
  const int nin = uf.nin, nout = uf.nout;

  SmallVector<ndarray, 4> arrays;
  for (const ndarray& o : task.outputs) arrays.push_back(o);
  for (const auto& in : task.inputs)
    if (!in.is_scalar()) arrays.push_back(in.array);
  const int device = arrays[0].device().index;
  cuda::ensure_context(device);
  LaunchPlan plan = make_launch_plan(task.shape, std::span<const ndarray>(arrays.data(), arrays.size()));
  const int vw = plan.contiguous ? plan.vector_width : 1;
  const bool strided = !plan.contiguous;

  // Structural key: ufunc, loop types, operand dtypes, scalar slots, layout (and the
  // device: a CUfunction belongs to one context). dtype ids take 4 bits each.
  if (loop.types.size() > 8 || arrays.size() > 8 || task.inputs.size() > 8)
    throw NotImplementedError("CUDA elementwise kernels take at most 8 operands");
  cuda::FunctionKey key(cuda::KernelFamily::Elementwise, device);
  key.push(static_cast<uint64_t>(uf.index), 32).push(loop.types.size(), 4);
  for (DType t : loop.types) key.push(static_cast<uint64_t>(t.id()), 4);
  key.push(arrays.size(), 4);
  for (const ndarray& a : arrays) key.push(static_cast<uint64_t>(a.dtype().id()), 4);
  key.push(task.inputs.size(), 4);
  for (const auto& in : task.inputs) key.push(in.is_scalar() ? 1 : 0, 1);
  key.push(strided ? 1 : 0, 1).push(static_cast<uint64_t>(strided ? plan.ndim() : vw), 8);
  key.push(plan.index32 ? 1 : 0, 1);

  const cuda::Function f = cuda::kernels().get(key, [&] {
    cuda::ElementwiseKernelDesc d;
    d.functor = uf.functor;
    for (DType t : loop.types) d.loop_types.push_back(t.c_type());
    for (const ndarray& o : task.outputs) d.storage_types.push_back(o.dtype().c_type());
    for (const auto& in : task.inputs) d.storage_types.push_back(in.is_scalar() ? "" : in.array.dtype().c_type());
    d.nin = nin;
    d.nout = nout;
    d.contiguous = plan.contiguous;
    d.ndim = plan.ndim();
    d.index32 = plan.index32;
    d.vector_width = vw;
    // get_kernel's own key (first use only): the text itself identifies it.
    const std::string source = cuda::elementwise_kernel_source(d, cuda::ops_header());
    return cuda::get_kernel(device, "ew|" + source, source, cuda::kElementwiseKernelName,
                            cuda::numpy_exact_options());
  });

  // Arguments: array pointers, n, [params], scalars by value.
  void* args[16];
  int nargs = 0;
  void* ptrs[8];
  for (std::size_t k = 0; k < plan.ops.size(); ++k) {
    ptrs[k] = plan.ops[k].data;
    args[nargs++] = &ptrs[k];
  }
  uint32_t n32 = static_cast<uint32_t>(plan.size);
  long long n64 = plan.size;
  args[nargs++] = plan.index32 ? static_cast<void*>(&n32) : static_cast<void*>(&n64);
  std::vector<int32_t> p32;
  std::vector<long long> p64;
  if (strided) {
    auto fill = [&](auto& p) {
      for (int64_t e : plan.shape) p.push_back(e);
      for (const PlanOperand& op : plan.ops)
        for (int64_t st : op.strides) p.push_back(st);
      args[nargs++] = p.data();
    };
    if (plan.index32) fill(p32); else fill(p64);
  }
  alignas(16) unsigned char scalar_bytes[8][16];
  for (int i = 0; i < nin; ++i) {
    if (!task.inputs[i].is_scalar()) continue;
    task.inputs[i].value.store(scalar_bytes[i]);
    args[nargs++] = scalar_bytes[i];
  }
  int64_t items = vw > 1 ? plan.size / vw : plan.size;
  cuda::launch(f, cuda::grid_for(device, std::max<int64_t>(items, 1)), cuda::kBlock, args, 0,
               cuda::current_stream(device));
}

}  // namespace cunumpy::detail
