// Source generation for ElementwiseKernel: one text for NVRTC (a __global__ grid-stride
// loop) and one for the host compiler (an extern "C" function over [begin, end) whose
// arguments come as the same void** array cuLaunchKernel takes). The per-element body is
// identical in both. Internal header; pure string building.
#pragma once
#include <string>
#include <vector>

#include "ops/user_kernels/user_kernel.hpp"

namespace cunumpy::user {

// How one parameter is passed: an element of a broadcast array, a whole (raw) array, or
// a scalar by value.
enum class ArgKind : char { Array = 'a', Raw = 'r', Scalar = 's' };

struct ElementwiseSpec {
  std::string name;
  std::vector<Param> in, out;
  std::vector<ArgKind> in_kinds, out_kinds;  // outputs are Array or Raw
  TypeMap types;                             // placeholder typedefs
  std::vector<DType> in_types, out_types;
  std::string operation, preamble, loop_prep, after_loop;
  bool cn_types = false;
  bool contiguous = true;  // plan: one unit-stride dimension
  int ndim = 1;
  bool index32 = true;
  bool cuda = true;        // NVRTC source, else host C++
};

// Kernel arguments, in order: pointers of the Array operands (outputs, then inputs), the
// Raw parameters (CRaw<T>, outputs then inputs), the scalars by value (input order),
// IDX n, then (strided plans only) the Params block: OFF shape[ndim], then each Array
// operand's OFF strides[ndim].
std::string elementwise_source(const ElementwiseSpec& s);

// Parameter text and, for the host form, the lines unpacking it from `void** cn_args`.
struct Signature {
  std::vector<std::pair<std::string, std::string>> params;  // (type, name)
  std::string cuda_params() const;
  std::string host_unpack() const;
};
std::string typedefs(const TypeMap& types, bool cn_types);

}  // namespace cunumpy::user
