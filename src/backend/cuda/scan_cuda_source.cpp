// Generated CUDA C++ for the three scan phases: pure string building.
#include "backend/cuda/reduction_cuda.hpp"
#include "backend/cuda/scan_cuda.hpp"

namespace cunumpy::cuda {
namespace {

std::string int_literal(DType d, bool lowest) {
  switch (d.id()) {
    case DTypeId::Int8: return std::to_string(lowest ? -128 : 127);
    case DTypeId::Int16: return std::to_string(lowest ? -32768 : 32767);
    case DTypeId::Int32: return lowest ? "(-2147483647 - 1)" : "2147483647";
    case DTypeId::Int64: return lowest ? "(-9223372036854775807LL - 1)" : "9223372036854775807LL";
    case DTypeId::UInt8: return lowest ? "0" : "255";
    case DTypeId::UInt16: return lowest ? "0" : "65535";
    case DTypeId::UInt32: return lowest ? "0u" : "4294967295u";
    default: return lowest ? "0ull" : "18446744073709551615ull";
  }
}

}  // namespace

std::string scan_identity_expr(ReduceOp op, DType d) {
  if (op == ReduceOp::Sum) return "cn::cast<Acc>((int)0)";
  if (op == ReduceOp::Prod) return "cn::cast<Acc>((int)1)";
  const bool is_max = op == ReduceOp::Max;
  if (d.is_bool()) return is_max ? "false" : "true";
  if (d.is_integer()) return "(Acc)" + int_literal(d, is_max);
  return std::string("cn::cast<Acc>(") + (is_max ? "-" : "") + "__longlong_as_double(0x7ff0000000000000LL))";
}

std::string scan_kernel_source(ReduceOp op, const char* acc_type, const std::string& identity,
                               const std::string& ops_header) {
  const char* functor = op == ReduceOp::Sum    ? "add"
                        : op == ReduceOp::Prod ? "multiply"
                        : op == ReduceOp::Max  ? "maximum"
                                               : "minimum";
  std::string s = "#include \"cn_scalar.h\"\n" + ops_header + "\n";
  s += std::string("typedef ") + acc_type + " Acc;\n";
  s += std::string("#define CN_COMBINE(a, b) ((Acc)cn::op::") + functor + "::call(a, b))\n";
  s += "#define CN_IDENTITY (" + identity + ")\n";
  s += "#define CN_ITEMS " + std::to_string(kScanItems) + "\n";
  s += "#define CN_VEC_T Acc\n";
  s += kRowChunkMacro;
  // Shared-memory tile index with one pad slot per 32, so that thread t reading element
  // t * CN_ITEMS + i and the coalesced accesses both avoid bank conflicts.
  s += R"(#define CN_TILE (256 * CN_ITEMS)
#define CN_PAD(i) ((i) + ((i) >> 5))

extern "C" __global__ void cn_scan_reduce(const char* in, Acc* partial, long long K,
    long long stride_m, long long stride_k, long long per_chunk, int chunks) {
  __shared__ Acc sh[256];
  CN_ROW_CHUNK
  Acc acc = CN_IDENTITY;
  for (long long k = k0 + tid; k < k1; k += 256) acc = CN_COMBINE(acc, *(const Acc*)(row + k * stride_k));
  sh[tid] = acc;
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (tid < s) sh[tid] = CN_COMBINE(sh[tid], sh[tid + s]);
    __syncthreads();
  }
  if (tid == 0) partial[b] = sh[0];
}

extern "C" __global__ void cn_scan_carry(Acc* partial, long long M, int chunks) {
  const long long m = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= M) return;
  Acc run = CN_IDENTITY;
  for (int c = 0; c < chunks; ++c) {
    Acc t = partial[m * chunks + c];
    partial[m * chunks + c] = run;
    run = CN_COMBINE(run, t);
  }
}

// Scans the tile [t0, t1) of `row` in shared memory (coalesced loads): afterwards tile
// holds each thread's inclusive prefixes of its CN_ITEMS consecutive elements, and sums
// the inclusive scan of the thread totals within each warp.
__device__ __forceinline__ void cn_tile_scan(const char* row, long long stride_k, long long t0,
                                             long long t1, Acc* tile, Acc* sums) {
  const int tid = threadIdx.x, lane = tid & 31;
  for (int i = 0; i < CN_ITEMS; ++i) {
    const long long k = t0 + i * 256 + tid;
    tile[CN_PAD(i * 256 + tid)] = k < t1 ? *(const Acc*)(row + k * stride_k) : CN_IDENTITY;
  }
  __syncthreads();
  Acc run = CN_IDENTITY;
  for (int i = 0; i < CN_ITEMS; ++i) {
    run = CN_COMBINE(run, tile[CN_PAD(tid * CN_ITEMS + i)]);
    tile[CN_PAD(tid * CN_ITEMS + i)] = run;
  }
  sums[tid] = run;
  __syncwarp();
  for (int off = 1; off < 32; off <<= 1) {
    const Acc t = lane >= off ? sums[tid - off] : CN_IDENTITY;
    __syncwarp();
    if (lane >= off) sums[tid] = CN_COMBINE(t, sums[tid]);
    __syncwarp();
  }
  __syncthreads();
}

// The whole tile's total, from the warp totals of cn_tile_scan.
__device__ __forceinline__ Acc cn_tile_total(const Acc* sums) {
  Acc total = CN_IDENTITY;
  for (int w = 0; w < 8; ++w) total = CN_COMBINE(total, sums[w * 32 + 31]);
  return total;
}

// Stores the scanned tile to orow[t0, t1), every element combined with `carry` (all that
// comes before the tile) and the totals of the earlier threads.
__device__ __forceinline__ void cn_tile_store(Acc* orow, long long t0, long long t1, Acc* tile,
                                              const Acc* sums, Acc carry) {
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  Acc prefix = carry;
  for (int w = 0; w < warp; ++w) prefix = CN_COMBINE(prefix, sums[w * 32 + 31]);
  if (lane > 0) prefix = CN_COMBINE(prefix, sums[tid - 1]);
  for (int i = 0; i < CN_ITEMS; ++i)
    tile[CN_PAD(tid * CN_ITEMS + i)] = CN_COMBINE(prefix, tile[CN_PAD(tid * CN_ITEMS + i)]);
  __syncthreads();
  for (int i = 0; i < CN_ITEMS; ++i) {  // coalesced store
    const long long k = t0 + i * 256 + tid;
    if (k < t1) orow[k] = tile[CN_PAD(i * 256 + tid)];
  }
  __syncthreads();
}

extern "C" __global__ void cn_scan_chunks(const char* in, Acc* out, const Acc* carry_in,
    long long K, long long stride_m, long long stride_k, long long per_chunk, int chunks) {
  __shared__ Acc tile[CN_TILE + CN_TILE / 32];
  __shared__ Acc sums[256];
  CN_ROW_CHUNK
  Acc* orow = out + m * K;
  Acc carry = chunks > 1 ? carry_in[b] : CN_IDENTITY;
  for (long long t0 = k0; t0 < k1; t0 += CN_TILE) {
    const long long t1 = t0 + CN_TILE < k1 ? t0 + CN_TILE : k1;
    cn_tile_scan(row, stride_k, t0, t1, tile, sums);
    const Acc next = CN_COMBINE(carry, cn_tile_total(sums));
    cn_tile_store(orow, t0, t1, tile, sums, carry);
    carry = next;
  }
}

// A status word's value, read past the (non-coherent) L1 cache: another block wrote it.
__device__ __forceinline__ Acc cn_load_published(const Acc* p) {
  Acc v;
  unsigned char* d = (unsigned char*)&v;
  const volatile unsigned char* s = (const volatile unsigned char*)p;
  for (int i = 0; i < (int)sizeof(Acc); ++i) d[i] = s[i];
  return v;
}

// Single-pass scan with decoupled look-back (Merrill and Garland): one tile per block, tiles
// numbered in the order blocks start (an atomic counter), so every tile a block waits for
// belongs to a block already running. Tile b (tile c of row m) publishes its own total
// (flag 1), looks back over flags[b-1], flags[b-2], ... adding totals until it meets an
// inclusive prefix (flag 2; a row's first tile publishes one at once), publishes its own
// inclusive prefix, then writes its elements. `status` (zeroed before the launch): a
// 64-bit tile counter, then one int flag per tile.
extern "C" __global__ void cn_scan_lookback(const char* in, Acc* out, Acc* aggregate,
    Acc* inclusive, int* status, long long K, long long stride_m, long long stride_k, int tiles) {
  __shared__ Acc tile[CN_TILE + CN_TILE / 32];
  __shared__ Acc sums[256];
  __shared__ long long tile_id;
  __shared__ Acc tile_prefix;
  unsigned long long* counter = (unsigned long long*)status;
  volatile int* flags = (volatile int*)(status + 2);
  if (threadIdx.x == 0) tile_id = (long long)atomicAdd(counter, 1ull);
  __syncthreads();
  const long long b = tile_id;
  const long long m = b / tiles, c = b % tiles;
  const long long t0 = c * CN_TILE;
  const long long t1 = t0 + CN_TILE < K ? t0 + CN_TILE : K;
  cn_tile_scan(in + m * stride_m, stride_k, t0, t1, tile, sums);
  if (threadIdx.x == 0) {
    const Acc total = cn_tile_total(sums);
    Acc prefix = CN_IDENTITY;
    if (c == 0) {
      inclusive[b] = total;
      __threadfence();
      flags[b] = 2;
    } else {
      aggregate[b] = total;
      __threadfence();
      flags[b] = 1;
      for (long long j = b - 1;; --j) {
        int f;
        do { f = flags[j]; } while (f == 0);
        __threadfence();
        prefix = CN_COMBINE(cn_load_published(f == 2 ? inclusive + j : aggregate + j), prefix);
        if (f == 2) break;
      }
      inclusive[b] = CN_COMBINE(prefix, total);
      __threadfence();
      flags[b] = 2;
    }
    tile_prefix = prefix;
  }
  __syncthreads();
  cn_tile_store(out + m * K, t0, t1, tile, sums, tile_prefix);
}
)";
  return s;
}

}  // namespace cunumpy::cuda
