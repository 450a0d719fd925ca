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

extern "C" __global__ void cn_scan_chunks(const char* in, Acc* out, const Acc* carry_in,
    long long K, long long stride_m, long long stride_k, long long per_chunk, int chunks) {
  __shared__ Acc tile[CN_TILE + CN_TILE / 32];
  __shared__ Acc sums[256];
  CN_ROW_CHUNK
  Acc* orow = out + m * K;
  const int lane = tid & 31, warp = tid >> 5;
  Acc carry = chunks > 1 ? carry_in[b] : CN_IDENTITY;
  for (long long t0 = k0; t0 < k1; t0 += CN_TILE) {
    for (int i = 0; i < CN_ITEMS; ++i) {  // coalesced load of the tile
      const long long k = t0 + i * 256 + tid;
      tile[CN_PAD(i * 256 + tid)] = k < k1 ? *(const Acc*)(row + k * stride_k) : CN_IDENTITY;
    }
    __syncthreads();
    Acc run = CN_IDENTITY;  // this thread's CN_ITEMS consecutive elements, scanned serially
    for (int i = 0; i < CN_ITEMS; ++i) {
      run = CN_COMBINE(run, tile[CN_PAD(tid * CN_ITEMS + i)]);
      tile[CN_PAD(tid * CN_ITEMS + i)] = run;
    }
    sums[tid] = run;
    __syncwarp();
    for (int off = 1; off < 32; off <<= 1) {  // inclusive scan of the totals within each warp
      const Acc t = lane >= off ? sums[tid - off] : CN_IDENTITY;
      __syncwarp();
      if (lane >= off) sums[tid] = CN_COMBINE(t, sums[tid]);
      __syncwarp();
    }
    __syncthreads();
    Acc prefix = carry;  // everything before this thread's elements
    for (int w = 0; w < warp; ++w) prefix = CN_COMBINE(prefix, sums[w * 32 + 31]);
    if (lane > 0) prefix = CN_COMBINE(prefix, sums[tid - 1]);
    for (int i = 0; i < CN_ITEMS; ++i)
      tile[CN_PAD(tid * CN_ITEMS + i)] = CN_COMBINE(prefix, tile[CN_PAD(tid * CN_ITEMS + i)]);
    for (int w = 0; w < 8; ++w) carry = CN_COMBINE(carry, sums[w * 32 + 31]);
    __syncthreads();
    for (int i = 0; i < CN_ITEMS; ++i) {  // coalesced store
      const long long k = t0 + i * 256 + tid;
      if (k < k1) orow[k] = tile[CN_PAD(i * 256 + tid)];
    }
    __syncthreads();
  }
}
)";
  return s;
}

}  // namespace cunumpy::cuda
