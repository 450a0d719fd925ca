// CUDA reductions of an (M, K) view along its last axis: one pass when there are enough
// rows to fill the GPU, else two passes (each row split into chunks reduced by separate
// blocks into a partial buffer, then the partials reduced by the same kernel).
#include <algorithm>
#include <cstdlib>
#include <mutex>

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
constexpr int64_t kMinChunk = 4096;  // elements per block below which splitting rows stops paying

// The row (block per row chunk) or column (thread per output) kernel of (op, acc).
Function reduce_kernel(int device, ReduceOp op, DType acc, bool cols) {
  static auto* cache = new FunctionCache<Function>();  // process lifetime
  FunctionKey key(KernelFamily::Reduce, device);
  key.push(static_cast<uint64_t>(op), 8).push(static_cast<uint64_t>(acc.id()), 8).push(cols ? 1 : 0, 1);
  return cache->get(key, [&] {
    if (!detail::kOpsHeaderSource)
      throw NotImplementedError("cunumpy was built without the embedded cn_ops.h (cmake/EmbedText.cmake)");
    std::string name = std::string("reduce|") + std::to_string(static_cast<int>(op)) + "|" + acc.name();
    return get_kernel(device, name, reduce_kernel_source(op, acc.c_type(), detail::kOpsHeaderSource),
                      cols ? kReduceColsKernelName : kReduceKernelName);
  });
}

void launch_reduce(Function f, int device, const void* in, void* out, long long M, long long K,
                   long long sm, long long sk, int chunks, long long per) {
  const void* in_ptr = in;
  void* out_ptr = out;
  void* args[] = {&in_ptr, &out_ptr, &K, &sm, &sk, &per, &chunks};
  launch(f, static_cast<unsigned>(M * chunks), kBlock, args, 0, current_stream(device));
}

void launch_reduce_cols(Function f, int device, const void* in, void* out, long long M, long long K,
                        long long sm, long long sk, unsigned chunks) {
  long long per = (K + chunks - 1) / chunks;
  const void* in_ptr = in;
  void* out_ptr = out;
  void* args[] = {&in_ptr, &out_ptr, &M, &K, &sm, &sk, &per};
  const unsigned grid[3] = {static_cast<unsigned>(std::min<long long>((M + kBlock - 1) / kBlock, 65535)), chunks, 1};
  const unsigned block[3] = {kBlock, 1, 1};
  launch(f, grid, block, args, 0, current_stream(device));
}

}  // namespace
}  // namespace cunumpy::cuda

namespace cunumpy::detail {

void run_reduce_cuda(const ReduceTask& task) {
  const int device = task.in.device().index;
  cuda::ensure_context(device);
  const DType acc = task.in.dtype();
  const long long M = task.in.shape()[0], K = task.in.shape()[1];
  const long long sm = task.in.strides()[0], sk = task.in.strides()[1];
  const int64_t sms = cuda::multiprocessor_count(device);
  const long long item = acc.itemsize();
  if (M >= 256 && std::llabs(sm) <= item && std::llabs(sk) > item) {
    // Kept axis innermost in memory (e.g. sum over axis 0 of a C-ordered matrix): thread
    // per output, coalesced; K split over blockIdx.y until ~2048 threads per SM, then the
    // chunk results (chunks x M, contiguous) reduced the same way.
    cuda::Function f = cuda::reduce_kernel(device, task.op, acc, /*cols=*/true);
    const long long blocks_x = std::min<long long>((M + cuda::kBlock - 1) / cuda::kBlock, 65535);
    long long chunks = std::max<long long>(1, (sms * 8) / blocks_x);
    chunks = std::min<long long>({chunks, std::max<long long>(1, K / 64), 65535});
    if (chunks == 1) {
      cuda::launch_reduce_cols(f, device, task.in.data(), task.out.data(), M, K, sm, sk, 1);
      return;
    }
    ndarray partial(Shape{chunks * M}, acc, Order::C, task.in.device());
    cuda::launch_reduce_cols(f, device, task.in.data(), partial.data(), M, K, sm, sk,
                             static_cast<unsigned>(chunks));
    cuda::launch_reduce_cols(f, device, partial.data(), task.out.data(), M, chunks, item,
                             M * item, 1);
    return;
  }
  cuda::Function f = cuda::reduce_kernel(device, task.op, acc, /*cols=*/false);
  // Enough blocks to fill the GPU: split rows into chunks when there are few rows.
  const int64_t target = sms * 8;
  int chunks = 1;
  if (M < target && K >= 2 * cuda::kMinChunk)
    chunks = static_cast<int>(std::min<int64_t>((target + M - 1) / M, K / cuda::kMinChunk));
  const long long per = cuda::chunk_length(K, &chunks);
  if (chunks == 1) {
    cuda::launch_reduce(f, device, task.in.data(), task.out.data(), M, K, sm, sk, 1, K);
    return;
  }
  ndarray partial(Shape{M * chunks}, acc, Order::C, task.in.device());
  cuda::launch_reduce(f, device, task.in.data(), partial.data(), M, K, sm, sk, chunks, per);
  cuda::launch_reduce(f, device, partial.data(), task.out.data(), M, chunks, chunks * item, item, 1, chunks);
  // `partial` goes back to the stream-ordered pool; later work on this stream reuses it safely.
}

}  // namespace cunumpy::detail
