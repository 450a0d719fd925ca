// Generated CUDA C++ for the three scan phases: pure string building.
#include <algorithm>
#include <cstdlib>
#include "backend/cuda/reduction_cuda.hpp"
#include "backend/cuda/scan_cuda.hpp"

namespace cunumpy::detail {  // cmake/EmbedText.cmake: src/backend/cuda/kernels/*.cuh
extern const char* const kScanSource;
}  // namespace cunumpy::detail

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

const ScanLookbackConfig& scan_lookback_config() {
  static const ScanLookbackConfig config = [] {
    ScanLookbackConfig c;
    if (const char* e = std::getenv("CUNUMPY_SCAN_LB_BYTES")) {
      const int b = std::atoi(e);
      if (b == 32 || b == 64 || b == 128) c.bytes = b;
    }
    if (const char* e = std::getenv("CUNUMPY_SCAN_LB_SLEEP")) c.sleep = std::atoi(e) != 0;
    if (const char* e = std::getenv("CUNUMPY_SCAN_LB_BLOCKS")) c.min_blocks = std::max(0, std::min(8, std::atoi(e)));
    if (const char* e = std::getenv("CUNUMPY_SCAN_LB_ASYNC")) c.async = std::atoi(e) != 0;
    return c;
  }();
  return config;
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
  const ScanLookbackConfig& lb = scan_lookback_config();
  s += "#define CN_LB_BYTES " + std::to_string(lb.bytes) + "\n";
  s += "#define CN_LB_SLEEP " + std::string(lb.sleep ? "1" : "0") + "\n";
  s += "#define CN_LB_ASYNC " + std::string(lb.async ? "1" : "0") + "\n";
  // Default: six blocks per SM, as many 32 KB tiles as shared memory holds (four for
  // complex128, whose look-back would spill at six blocks' 42 registers).
  s += "#define CN_LB_BOUNDS __launch_bounds__(256, " +
       (lb.min_blocks ? std::to_string(lb.min_blocks) : std::string("(sizeof(Acc) > 8 ? 4 : 6)")) + ")\n";
  s += "#define CN_VEC_T Acc\n";
  s += kRowChunkMacro;
  // Shared-memory tile index with one pad slot per 32, so that thread t reading element
  // t * CN_ITEMS + i and the coalesced accesses both avoid bank conflicts.
  s += detail::kScanSource;
  return s;
}

}  // namespace cunumpy::cuda
