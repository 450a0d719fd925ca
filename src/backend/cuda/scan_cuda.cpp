// CUDA scans of an (M, K) view along its last axis. With enough rows to fill the GPU, a
// block scans a whole row; with few long rows, one pass over tiles chained by decoupled
// look-back, or (CUNUMPY_SCAN_THREE_PHASE=1) three phases: chunk reductions, an exclusive
// scan of each row's chunk results, chunk scans started from them.
#include <algorithm>
#include <cstdlib>
#include <mutex>

#include "backend/cuda/scan_cuda.hpp"
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
constexpr long long kTile = kBlock * kScanItems;

struct ScanKernels {
  Function reduce, carry, chunks, lookback;
};

ScanKernels scan_kernels(int device, ReduceOp op, DType acc) {
  static auto* cache = new FunctionCache<ScanKernels>();  // process lifetime
  FunctionKey key(KernelFamily::Scan, device);
  key.push(static_cast<uint64_t>(op), 8).push(static_cast<uint64_t>(acc.id()), 8);
  if (auto k = cache->find(key)) return *k;
  if (!detail::kOpsHeaderSource)
    throw NotImplementedError("cunumpy was built without the embedded cn_ops.h (cmake/EmbedText.cmake)");
  const ScanLookbackConfig& lb = scan_lookback_config();
  const std::string name = std::string("scan|") + std::to_string(static_cast<int>(op)) + "|" + acc.name() + "|lb" +
                           std::to_string(lb.bytes) + (lb.sleep ? "s" : "") + std::to_string(lb.min_blocks);
  const std::string src = scan_kernel_source(op, acc.c_type(), scan_identity_expr(op, acc), detail::kOpsHeaderSource);
  ScanKernels k{get_kernel(device, name, src, kScanReduceKernelName),
                get_kernel(device, name, src, kScanCarryKernelName),
                get_kernel(device, name, src, kScanChunksKernelName),
                get_kernel(device, name, src, kScanLookbackKernelName)};
  return cache->insert(key, k);
}

}  // namespace
}  // namespace cunumpy::cuda

namespace cunumpy::detail {

void run_scan_cuda(const ScanTask& task) {
  const int device = task.in.device().index;
  cuda::ensure_context(device);
  const DType acc = task.in.dtype();
  long long M = task.in.shape()[0], K = task.in.shape()[1];
  long long sm = task.in.strides()[0], sk = task.in.strides()[1];
  cuda::ScanKernels k = cuda::scan_kernels(device, task.op, acc);
  cuda::StreamHandle stream = cuda::current_stream(device);
  const long long target = cuda::multiprocessor_count(device) * 8;
  const void* in = task.in.data();
  void* out = task.out.data();
  static const bool three_phase = [] {
    const char* e = std::getenv("CUNUMPY_SCAN_THREE_PHASE");
    return e && *e && *e != '0';
  }();
  // Chunks of whole tiles, enough of them to fill the GPU when rows are few.
  int chunks = 1;
  if (M < target && K > 2 * cuda::kTile)
    chunks = static_cast<int>(std::min<long long>((target + M - 1) / M, K / (2 * cuda::kTile)));
  if (chunks > 1 && !three_phase) {
    // Few long rows: one pass, a tile per block, decoupled look-back (8 bytes per float32
    // element of traffic instead of the three phases' 12).
    const long long tile = cuda::kBlock * cuda::scan_lookback_items(static_cast<int>(acc.itemsize()), cuda::scan_lookback_config().bytes);
    int tiles = static_cast<int>((K + tile - 1) / tile);
    ndarray status(Shape{1 + M * tiles}, uint64, Order::C, task.in.device());
    status.fill(Scalar(0));
    ndarray aggregate, inclusive;
    void* agg_ptr = nullptr;
    void* inc_ptr = nullptr;
    if (acc.itemsize() > 4) {  // else values travel inside the status words
      aggregate = ndarray(Shape{M * tiles}, acc, Order::C, task.in.device());
      inclusive = ndarray(Shape{M * tiles}, acc, Order::C, task.in.device());
      agg_ptr = aggregate.data();
      inc_ptr = inclusive.data();
    }
    void* status_ptr = status.data();
    void* args[] = {&in, &out, &agg_ptr, &inc_ptr, &status_ptr, &K, &sm, &sk, &tiles};
    cuda::launch(k.lookback, static_cast<unsigned>(M * tiles), cuda::kBlock, args, 0, stream);
    return;
  }
  long long per = (K + chunks - 1) / chunks;
  per = (per + cuda::kTile - 1) / cuda::kTile * cuda::kTile;
  chunks = static_cast<int>((K + per - 1) / per);
  const unsigned blocks = static_cast<unsigned>(M * chunks);
  ndarray carry;
  void* carry_ptr = nullptr;
  if (chunks > 1) {
    carry = ndarray(Shape{M * chunks}, acc, Order::C, task.in.device());
    carry_ptr = carry.data();
    void* a1[] = {&in, &carry_ptr, &K, &sm, &sk, &per, &chunks};
    cuda::launch(k.reduce, blocks, cuda::kBlock, a1, 0, stream);
    void* a2[] = {&carry_ptr, &M, &chunks};
    cuda::launch(k.carry, static_cast<unsigned>((M + cuda::kBlock - 1) / cuda::kBlock), cuda::kBlock, a2, 0, stream);
  }
  const void* carry_in = carry_ptr;
  void* a3[] = {&in, &out, &carry_in, &K, &sm, &sk, &per, &chunks};
  cuda::launch(k.chunks, blocks, cuda::kBlock, a3, 0, stream);
}

}  // namespace cunumpy::detail
