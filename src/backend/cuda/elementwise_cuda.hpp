// Source generation for the elementwise (ufunc) kernels of the CUDA backend. Input casts
// and the output cast are fused into the kernel; scalar inputs are kernel arguments passed
// by value. Internal header; pure string building, testable without a GPU.
#pragma once
#include <string>
#include <vector>

namespace cunumpy::cuda {

// The structural description a kernel is generated from (and cached under).
struct ElementwiseKernelDesc {
  std::string functor;                   // cn::op::<functor>
  std::vector<std::string> loop_types;   // C types: nin loop inputs, then nout loop outputs
  // C type of each operand as stored: nout outputs, then nin inputs ("" for a scalar input,
  // which is passed by value as its loop type).
  std::vector<std::string> storage_types;
  int nin = 0, nout = 0;
  bool contiguous = true;  // 1-D unit-stride plan: typed pointers
  int ndim = 1;            // strided plans: coalesced dimensions
  bool index32 = true;
  int vector_width = 1;    // contiguous: elements per vector access (1 = scalar)
};

// extern "C" __global__ void cn_elementwise(<array pointers: outputs, then array inputs>,
//     IDX n, [Params p (strided only)], <scalar inputs by value, in input order>)
std::string elementwise_kernel_source(const ElementwiseKernelDesc& d, const std::string& ops_header);
inline constexpr const char* kElementwiseKernelName = "cn_elementwise";

}  // namespace cunumpy::cuda
