// Prints the generated CUDA source of the radix sort for every dtype and payload width,
// separated by lines "//==== <name>", for scripts/check_sort_nvrtc.py and
// scripts/emulate_sort_kernels.py. Built against the installed libcunumpy.
#include <cstdio>
#include <string>

#include "backend/cuda/radix_sort_cuda.hpp"
#include "cunumpy/core/dtype.hpp"

int main() {
  using namespace cunumpy;
  const DType all[] = {bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
                       float16, float32, float64, complex64, complex128};
  for (DType d : all)
    for (bool wide : {false, true})
      std::printf("//==== sort %s %d\n%s\n", d.name(), wide ? 8 : 4, cuda::radix_sort_kernel_source(d, wide).c_str());
}
