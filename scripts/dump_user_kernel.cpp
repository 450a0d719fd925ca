// Prints the generated CUDA source of one ElementwiseKernel for each dtype bound to all its
// placeholders, contiguous and strided (2-d) plans, separated by lines "//==== <name>",
// for scripts/check_stats_nvrtc.py. Arguments: name, input params, output params, body,
// preamble, the comma-separated names of the scalar parameters, then dtype names; the
// other non-raw parameters are arrays. Built against the installed
// libcunumpy.
#include <cstdio>
#include <string>

#include "cunumpy/core/dtype.hpp"
#include "ops/user_kernels/elementwise_source.hpp"

int main(int argc, char** argv) {
  using namespace cunumpy;
  if (argc < 8) return 2;
  const std::string scalars = std::string(",") + argv[6] + ",";
  for (int t = 7; t < argc; ++t) {
    const DType d = dtype_from_string(argv[t]);
    for (bool contiguous : {true, false}) {
      user::ElementwiseSpec s;
      s.name = argv[1];
      s.in = user::parse_params(argv[2]);
      s.out = user::parse_params(argv[3]);
      s.operation = argv[4];
      s.preamble = argv[5];
      // Every placeholder (a parameter without a dtype) is bound to d.
      for (const auto* ps : {&s.in, &s.out})
        for (const auto& p : *ps)
          if (!p.dtype) {
            bool seen = false;
            for (const auto& [n, _] : s.types) seen = seen || n == p.type_name;
            if (!seen) s.types.push_back({p.type_name, d});
          }
      auto kind = [&](const user::Param& p) {
        if (p.raw) return user::ArgKind::Raw;
        const bool scalar = scalars.find("," + p.name + ",") != std::string::npos;
        return scalar ? user::ArgKind::Scalar : user::ArgKind::Array;
      };
      for (const auto& p : s.in) { s.in_kinds.push_back(kind(p)); s.in_types.push_back(p.dtype ? *p.dtype : d); }
      for (const auto& p : s.out) { s.out_kinds.push_back(kind(p)); s.out_types.push_back(p.dtype ? *p.dtype : d); }
      s.contiguous = contiguous;
      s.ndim = contiguous ? 1 : 2;
      s.index32 = contiguous;
      std::printf("//==== %s %s %s\n%s\n", argv[1], d.name(), contiguous ? "contiguous" : "strided",
                  user::elementwise_source(s).c_str());
    }
  }
}
