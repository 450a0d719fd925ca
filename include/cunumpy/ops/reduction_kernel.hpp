// ReductionKernel: a user-written reduction, as CuPy's cupy.ReductionKernel. Each input
// element is mapped by `map_expr`, the mapped values are combined pairwise by
// `reduce_expr` (a and b, of type _type_reduce) starting from `identity`, and
// `post_map_expr` writes the result `a` to the outputs. As in CuPy, `_i` is the output
// index, `_J` the index among an output's reduced elements and `_j` the input index
// (`_J * outputs + _i`). Compiled once per (dtypes, layout, device) like ElementwiseKernel.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/reduction.hpp"

namespace cunumpy {

struct ReductionKernelOptions {
  std::string name = "reduce_kernel";
  std::optional<std::string> reduce_type;  // C type of a and b; default: the first output's
  bool reduce_dims = true;                 // accepted for CuPy compatibility
  std::string preamble;
  std::vector<std::string> options;        // NVRTC options (CUDA only)
  bool cn_types = false;                   // internal (fuse); see ElementwiseKernelOptions
};

class ReductionKernel {
 public:
  // `identity` is a C expression ("0", "-INFINITY"); nullopt value-initializes.
  ReductionKernel(const std::string& in_params, const std::string& out_params,
                  const std::string& map_expr, const std::string& reduce_expr,
                  const std::string& post_map_expr, std::optional<std::string> identity,
                  ReductionKernelOptions options = {});

  // args: the inputs, optionally followed by the outputs. `axis` = nullopt reduces every
  // axis of the broadcast inputs.
  std::vector<ndarray> operator()(std::span<const Operand> args, const Axes& axis = std::nullopt,
                                  bool keepdims = false) const;

  int nin() const;
  int nout() const;
  const std::string& name() const;

  struct Impl;

 private:
  std::shared_ptr<Impl> impl_;
};

}  // namespace cunumpy
