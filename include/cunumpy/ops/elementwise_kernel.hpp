// ElementwiseKernel: a user-written elementwise operation, as CuPy's
// cupy.ElementwiseKernel. Parameters are typed ("float32 x, float32 y") or use type
// placeholders ("T x, T y") bound from the arguments' dtypes at call time; `raw` parameters
// see the whole array (x[i], x.size()) instead of one element. The generated kernel is
// compiled once per (argument dtypes, layout, device): NVRTC on CUDA devices, the host C++
// compiler ($CXX, else c++) on the CPU; both are cached in memory and on disk.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/elementwise.hpp"

namespace cunumpy {

struct ElementwiseKernelOptions {
  std::string name = "kernel";
  bool reduce_dims = true;  // accepted for CuPy compatibility: dimensions are always merged
  std::string preamble;     // code placed before the kernel (helper functions, structs)
  std::string loop_prep;    // code run once per thread before the loop
  std::string after_loop;   // code run once per thread after the loop
  std::vector<std::string> options;  // NVRTC options (CUDA only)
  // Internal (fuse): element types are cunumpy's own cn::half / cn::complex<T> and the
  // scalar ops of cn_ops.h (cn::op::sin::call(...)) are available.
  bool cn_types = false;
};

class ElementwiseKernel {
 public:
  // Parses the parameter lists now (ValueError on a malformed list); compiles on first call.
  ElementwiseKernel(const std::string& in_params, const std::string& out_params,
                    const std::string& operation, ElementwiseKernelOptions options = {});

  // args: the nin inputs (arrays or scalars), optionally followed by the nout outputs
  // (arrays). Returns the nout outputs (the given ones, or new arrays of the broadcast
  // shape of the non-raw array arguments). `size` sets the loop size when no non-raw array
  // argument does. TypeError for a wrong argument count or mismatched dtypes.
  std::vector<ndarray> operator()(std::span<const Operand> args,
                                  std::optional<int64_t> size = std::nullopt) const;
  std::vector<ndarray> operator()(std::initializer_list<Operand> args) const {
    return (*this)(std::span<const Operand>(args.begin(), args.size()));
  }

  int nin() const;
  int nout() const;
  const std::string& name() const;

  struct Impl;

 private:
  std::shared_ptr<Impl> impl_;
};

}  // namespace cunumpy
