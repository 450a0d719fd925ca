// Generated CUDA C++ for argmax/argmin: pure string building.
#include "backend/cuda/reduction_cuda.hpp"
#include "backend/cuda/arg_reduce_cuda.hpp"

namespace cunumpy::detail {  // cmake/EmbedText.cmake: src/backend/cuda/kernels/*.cuh
extern const char* const kArgReduceSource;
}  // namespace cunumpy::detail

namespace cunumpy::cuda {

std::string argreduce_kernel_source(bool is_max, const char* value_type, const std::string& ops_header) {
  std::string s = "#include \"cn_scalar.h\"\n" + ops_header + "\n";
  s += std::string("typedef ") + value_type + " T;\n";
  s += "#define CN_VEC_T T\n";
  s += kRowChunkMacro;
  s += std::string("#define CN_BEATS(a, b) cn::op::") + (is_max ? "argmax_beats" : "argmin_beats") +
       "::call(a, b)\n";
  // Each thread keeps (value, index); two candidates combine to the better one, the lower
  // index on a tie, so the first occurrence wins whatever order threads saw elements in.
  // cn_take is the cheaper form for a candidate known to come later in the row than the
  // kept one (a thread reads its elements in increasing index order): it wins only when it
  // strictly beats, which keeps ties and the first NaN on the earlier element.
  s += detail::kArgReduceSource;
  return s;
}

}  // namespace cunumpy::cuda
