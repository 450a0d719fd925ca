// Source generation for ReductionKernel: two functions per source, NAME_partial (block b
// reduces chunk b % chunks of output b / chunks into a 64-byte partial slot) and NAME_final
// (combines an output's partial slots and runs post_map_expr), for NVRTC (shared-memory
// tree of 256 threads) or for the host compiler (one sequential task per block). The map,
// reduce and post-map code is identical in both. Internal header; pure string building.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "kernels/user/elementwise_source.hpp"

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

// NAME_partial arguments: Array input pointers, Raw inputs, scalars, long long M, K,
// chunks, per (K elements per chunk), CnRParams {kshape[KND], rshape[RND], then each Array
// input's kstrides[KND] and rstrides[RND]}, char* partial.
// NAME_final arguments: char* partial, each output's pointer, long long M, chunks.
std::string reduction_source(const ReductionSpec& s);

}  // namespace cunumpy::user
