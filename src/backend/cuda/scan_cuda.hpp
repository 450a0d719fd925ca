// Source generation for the CUDA scan kernels (pure string building, testable without a
// GPU). One source per (op, accumulation type) scans the rows of an (M, K) strided view
// into a C-contiguous (M, K) output, 256 threads per block:
//   cn_scan_lookback(in, out, aggregate, inclusive, status, K, stride_m, stride_k, tiles):
//     one pass, a tile of 256 x scan_lookback_items(itemsize) elements per block
//     (M * tiles blocks), decoupled look-back between tiles; status: 8 + 8 * M * tiles
//     zeroed bytes; aggregate/inclusive: M * tiles values when itemsize > 4, else unused.
// and the three-phase form (CUNUMPY_SCAN_THREE_PHASE=1), each row cut into `chunks`
// chunks (block b: chunk b % chunks of row b / chunks), which is also the one-pass form
// of many rows (chunks = 1: a block scans a whole row):
//   cn_scan_reduce(in, partial, K, stride_m, stride_k, per_chunk, chunks): partial[b] = op over chunk b
//   cn_scan_carry(partial, M, chunks): each row's partials become exclusive prefixes
//   cn_scan_chunks(in, out, carry, K, stride_m, stride_k, per_chunk, chunks): the chunk's
//     inclusive scan in tiles of 256 x 8 elements (staged through shared memory, so loads
//     and stores are coalesced), started from carry[b] (ignored when chunks == 1).
#pragma once
#include <string>

#include "cunumpy/core/dtype.hpp"
#include "cunumpy/core/op_types.hpp"

namespace cunumpy::cuda {

// The identity of op in dtype `acc`, as an expression of type Acc (-inf/lowest for max).
std::string scan_identity_expr(ReduceOp op, DType acc);
// `identity`: an expression of type Acc that op leaves every value unchanged with.
std::string scan_kernel_source(ReduceOp op, const char* acc_type, const std::string& identity,
                               const std::string& ops_header);
inline constexpr const char* kScanReduceKernelName = "cn_scan_reduce";
inline constexpr const char* kScanCarryKernelName = "cn_scan_carry";
inline constexpr const char* kScanChunksKernelName = "cn_scan_chunks";
inline constexpr const char* kScanLookbackKernelName = "cn_scan_lookback";
inline constexpr int kScanItems = 8;  // elements per thread per tile (three phases)
// Tuning of the look-back kernel, read once from the environment for measurements on the
// GPU (CUNUMPY_SCAN_LB_BYTES: Acc bytes per thread, 32, 64 or 128; CUNUMPY_SCAN_LB_SLEEP=0:
// spin without __nanosleep; CUNUMPY_SCAN_LB_BLOCKS: the minimum resident blocks per SM
// asked of the compiler, 0 = 6 (4 for 16-byte Acc); CUNUMPY_SCAN_LB_ASYNC=0: tile loads
// through registers instead of cp.async). 2^28 float32 on the H200, ms: 128 bytes with
// 6 blocks 0.660; 64 bytes with 8 blocks 0.760 (0.760 without cp.async), with 6 0.830,
// with 4 (64 registers, the kernel that held its items in registers) 0.973; 32 bytes 1.051.
struct ScanLookbackConfig {
  int bytes = 128;     // 32 KB tiles: six fill an SM's shared memory
  bool sleep = true;
  int min_blocks = 0;  // 0: 6 (42 registers), 4 for 16-byte Acc
  bool async = true;   // cp.async tile loads (sm_80 on)
};
const ScanLookbackConfig& scan_lookback_config();
// Elements per thread of the look-back tile (the kernel's CN_LB_ITEMS).
inline constexpr int scan_lookback_items(int itemsize, int bytes = 64) {
  return itemsize >= 4 ? bytes / itemsize : 16;
}

}  // namespace cunumpy::cuda
