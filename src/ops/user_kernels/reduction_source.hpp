// Source generation for ReductionKernel: one function NAME with three stages: stage 0
// (block b reduces chunk b % chunks of output b / chunks into a partial slot; a 256-thread
// shared-memory tree on CUDA, a sequential task on the CPU), stage 1 (combines an output's
// partial slots and runs post_map_expr) and stage 2 (one thread or task reduces a whole
// output and runs post_map_expr: many outputs or short rows). The map, reduce and
// post-map code is identical for NVRTC and the host compiler. Internal header.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "ops/user_kernels/elementwise_source.hpp"

namespace cunumpy::user {

inline constexpr int kPartialSlot = 64;  // bytes per partial result (static_assert in the source)

struct ReductionSpec {
  std::string name;
  std::vector<Param> in, out;
  std::vector<ArgKind> in_kinds;  // outputs are always dense temporaries of M elements
  TypeMap types;
  std::vector<DType> in_types, out_types;
  std::string map_expr, reduce_expr, post_map_expr, preamble, reduce_type;
  std::optional<std::string> identity;
  bool cn_types = false;
  int kept_ndim = 1, reduced_ndim = 1;
  bool cuda = true;
};

// Arguments: Array input pointers, Raw inputs, scalars, long long M, K, chunks, per (K
// elements per chunk), CnRParams {kshape[KND], rshape[RND], then each Array input's
// kstrides[KND] and rstrides[RND]}, char* partial, long long slot (bytes per partial),
// each output's pointer (dense, M elements), int stage. Stage 0 is launched over
// M * chunks blocks, stages 1 and 2 over M elements.
std::string reduction_source(const ReductionSpec& s);

}  // namespace cunumpy::user
