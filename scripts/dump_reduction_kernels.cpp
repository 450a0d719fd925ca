// Prints the generated CUDA source of every reduction, argmax/argmin and scan kernel
// (each op x accumulation dtype), separated by lines "//==== <name>", for
// scripts/check_reduction_nvrtc.py. Built against the installed libcunumpy.
#include <cstdio>
#include <string>

#include "backend/cuda/arg_reduce_cuda.hpp"
#include "backend/cuda/reduction_cuda.hpp"
#include "backend/cuda/scan_cuda.hpp"
#include "cunumpy/core/dtype.hpp"

namespace cunumpy::detail {
extern const char* const kOpsHeaderSource;
}

int main() {
  using namespace cunumpy;
  const std::string ops = detail::kOpsHeaderSource;
  const DType all[] = {bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
                       float16, float32, float64, complex64, complex128};
  for (DType d : all) {
    for (bool is_max : {true, false})
      std::printf("//==== argreduce %d %s\n%s\n", is_max, d.name(),
                  cuda::argreduce_kernel_source(is_max, d.c_type(), ops).c_str());
    if (d == float16) continue;  // reductions and scans accumulate float16 in float32
    for (int op = 0; op < 6; ++op)
      std::printf("//==== reduce %d %s\n%s\n", op, d.name(),
                  cuda::reduce_kernel_source(static_cast<ReduceOp>(op), d.c_type(), ops).c_str());
    for (int op = 0; op < 4; ++op) {
      const auto r = static_cast<ReduceOp>(op);
      std::printf("//==== scan %d %s\n%s\n", op, d.name(),
                  cuda::scan_kernel_source(r, d.c_type(), cuda::scan_identity_expr(r, d), ops).c_str());
    }
  }
}
