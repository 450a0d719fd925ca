// Generated CUDA C++ for the reduction kernel: pure string building.
#include "backend/cuda/reduction_cuda.hpp"

namespace cunumpy::detail {  // cmake/EmbedText.cmake: src/backend/cuda/kernels/*.cuh
extern const char* const kReductionSource;
}  // namespace cunumpy::detail

namespace cunumpy::cuda {

std::string reduce_kernel_source(ReduceOp op, const char* acc_type, const std::string& ops_header) {
  const char* functor = op == ReduceOp::Sum    ? "add"
                        : op == ReduceOp::Prod ? "multiply"
                        : op == ReduceOp::Max  ? "maximum"
                        : op == ReduceOp::Min  ? "minimum"
                        : op == ReduceOp::FMax ? "fmax"
                                               : "fmin";
  std::string s = "#include \"cn_scalar.h\"\n" + ops_header + "\n";
  s += std::string("typedef ") + acc_type + " Acc;\n";
  s += "#define CN_VEC_T Acc\n";
  s += kRowChunkMacro;
  s += std::string("#define CN_COMBINE(a, b) cn::op::") + functor + "::call(a, b)\n";
  // The last pass starts sums and products from the identity, as NumPy's reduce does (a
  // sum of -0.0 is +0.0; (1 + 0j) * z differs from z when z has an infinite part).
  s += op == ReduceOp::Sum    ? "#define CN_FINISH(x) CN_COMBINE(cn::cast<Acc>((int)0), x)\n"
       : op == ReduceOp::Prod ? "#define CN_FINISH(x) CN_COMBINE(cn::cast<Acc>((int)1), x)\n"
                              : "#define CN_FINISH(x) (x)\n";
  // `has` flags instead of an identity: max/min have none, and a chunk may be empty.
  s += detail::kReductionSource;
  return s;
}

}  // namespace cunumpy::cuda
