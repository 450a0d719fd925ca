// Source generation for the CUDA scan kernels (pure string building, testable without a
// GPU). One source per (op, accumulation type) holds the three phases of a scan of the
// rows of an (M, K) strided view into a C-contiguous (M, K) output, each row cut into
// `chunks` chunks (block b: chunk b % chunks of row b / chunks, 256 threads):
//   cn_scan_reduce(in, partial, K, stride_m, stride_k, per_chunk, chunks): partial[b] = op over chunk b
//   cn_scan_carry(partial, M, chunks): each row's partials become exclusive prefixes
//   cn_scan_chunks(in, out, carry, K, stride_m, stride_k, per_chunk, chunks): the chunk's
//     inclusive scan in tiles of 256 x 8 elements (staged through shared memory, so loads
//     and stores are coalesced), started from carry[b] (ignored when chunks == 1).
#pragma once
#include <string>

#include "cunumpy/core/dtype.hpp"
#include "cunumpy/ops/reduction.hpp"

namespace cunumpy::cuda {

// The identity of op in dtype `acc`, as an expression of type Acc (-inf/lowest for max).
std::string scan_identity_expr(ReduceOp op, DType acc);
// `identity`: an expression of type Acc that op leaves every value unchanged with.
std::string scan_kernel_source(ReduceOp op, const char* acc_type, const std::string& identity,
                               const std::string& ops_header);
inline constexpr const char* kScanReduceKernelName = "cn_scan_reduce";
inline constexpr const char* kScanCarryKernelName = "cn_scan_carry";
inline constexpr const char* kScanChunksKernelName = "cn_scan_chunks";
inline constexpr int kScanItems = 8;  // elements per thread per tile

}  // namespace cunumpy::cuda
