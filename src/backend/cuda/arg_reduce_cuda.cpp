// CUDA argmax/argmin of an (M, K) view along its last axis: one pass when there are enough
// rows to fill the GPU, else each row split into chunks whose (value, index) winners go to
// a partial buffer, reduced by a second launch of the same kernel.
#include <algorithm>
#include <mutex>

#include "backend/cuda/arg_reduce_cuda.hpp"
#include "backend/cuda/reduction_cuda.hpp"
#include "cunumpy/base/errors.hpp"
#include "kernels/cuda/function_cache.hpp"
#include "kernels/cuda/kernel_cache.hpp"
#include "backend/cuda/cuda_executors.hpp"
#include "runtime/cuda/driver.hpp"

namespace cunumpy::detail {
extern const char* const kOpsHeaderSource __attribute__((weak));
}

namespace cunumpy::cuda {
namespace {

constexpr unsigned kBlock = 256;
constexpr int64_t kMinChunk = 4096;

Function argreduce_kernel(int device, bool is_max, DType dt) {
  static auto* cache = new FunctionCache<Function>();  // process lifetime
  FunctionKey key(KernelFamily::ArgReduce, device);
  key.push(static_cast<uint64_t>(dt.id()), 8).push(is_max ? 1 : 0, 1);
  return cache->get(key, [&] {
    if (!detail::kOpsHeaderSource)
      throw NotImplementedError("cunumpy was built without the embedded cn_ops.h (cmake/EmbedText.cmake)");
    std::string name = std::string(is_max ? "argmax|" : "argmin|") + dt.name();
    return get_kernel(device, name, argreduce_kernel_source(is_max, dt.c_type(), detail::kOpsHeaderSource),
                      kArgReduceKernelName);
  });
}

void launch_arg(Function f, int device, const void* in, const void* in_index, void* out_value,
                void* out_index, long long M, long long K, long long sm, long long sk, int chunks,
                long long per) {
  void* args[] = {&in, &in_index, &out_value, &out_index, &K, &sm, &sk, &per, &chunks};
  launch(f, static_cast<unsigned>(M * chunks), kBlock, args, 0, current_stream(device));
}

}  // namespace
}  // namespace cunumpy::cuda

namespace cunumpy::detail {

void run_argreduce_cuda(const ArgReduceTask& task) {
  const int device = task.in.device().index;
  cuda::ensure_context(device);
  const DType dt = task.in.dtype();
  const long long M = task.in.shape()[0], K = task.in.shape()[1];
  const long long sm = task.in.strides()[0], sk = task.in.strides()[1];
  cuda::Function f = cuda::argreduce_kernel(device, task.is_max, dt);
  const int64_t target = cuda::multiprocessor_count(device) * 8;
  int chunks = 1;
  if (M < target && K >= 2 * cuda::kMinChunk)
    chunks = static_cast<int>(std::min<int64_t>((target + M - 1) / M, K / cuda::kMinChunk));
  const long long per = cuda::chunk_length(K, &chunks);
  if (chunks == 1) {
    cuda::launch_arg(f, device, task.in.data(), nullptr, nullptr, task.out.data(), M, K, sm, sk, 1, K);
    return;
  }
  ndarray values(Shape{M * chunks}, dt, Order::C, task.in.device());
  ndarray index(Shape{M * chunks}, int64, Order::C, task.in.device());
  cuda::launch_arg(f, device, task.in.data(), nullptr, values.data(), index.data(), M, K, sm, sk, chunks, per);
  const long long item = dt.itemsize();
  cuda::launch_arg(f, device, values.data(), index.data(), nullptr, task.out.data(), M, chunks,
                   chunks * item, item, 1, chunks);
}

}  // namespace cunumpy::detail
