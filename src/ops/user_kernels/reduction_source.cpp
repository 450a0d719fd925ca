// Generated code of ReductionKernel (see reduction_source.hpp).
#include "ops/user_kernels/reduction_source.hpp"

namespace cunumpy::user {
namespace {

std::string num(std::size_t k) { return std::to_string(k); }

std::string elem_type(const Param& p, DType resolved, bool cn_types) {
  return p.dtype ? c_type(resolved, cn_types) : p.type_name;
}

// Offsets of one multi-index group: cn_<g>o<k> for each array, from linear index `lin`.
std::string unravel(const std::string& g, const std::string& lin, std::size_t narrays, const std::string& nd) {
  std::string s = "      long long cn_" + g + "rem = " + lin + ";\n";
  for (std::size_t k = 0; k < narrays; ++k) s += "      long long cn_" + g + "o" + num(k) + " = 0;\n";
  s += "      for (int cn_d = " + nd + " - 1; cn_d >= 0; --cn_d) {\n"
       "        long long cn_ext = cn_p." + g + "shape[cn_d];\n"
       "        long long cn_c = cn_" + g + "rem % cn_ext;\n        cn_" + g + "rem /= cn_ext;\n";
  for (std::size_t k = 0; k < narrays; ++k)
    s += "        cn_" + g + "o" + num(k) + " += cn_c * cn_p." + g + "s" + num(k) + "[cn_d];\n";
  s += "      }\n";
  return s;
}

}  // namespace

std::string reduction_source(const ReductionSpec& s) {
  std::string src = source_prelude(s.cn_types);
  src += typedefs(s.types, s.cn_types);
  src += s.preamble;
  src += "\ntypedef " + s.reduce_type + " _type_reduce;\n";
  src += "static_assert(sizeof(_type_reduce) <= " + num(kPartialSlot) + ", \"reduce_type is larger than 64 bytes\");\n";
  src += "#define CN_REDUCE(a, b) (" + s.reduce_expr + ")\n";
  const std::string to_reduce = s.cn_types ? "cn::cast<_type_reduce>" : "(_type_reduce)";
  const std::string identity =
      s.identity ? (s.cn_types ? "cn::cast<_type_reduce>(" + *s.identity + ")" : "_type_reduce(" + *s.identity + ")")
                 : "_type_reduce()";

  std::vector<std::size_t> arrays;  // input indices of Array inputs
  for (std::size_t k = 0; k < s.in.size(); ++k)
    if (s.in_kinds[k] == ArgKind::Array) arrays.push_back(k);
  const std::string knd = num(s.kept_ndim), rnd = num(s.reduced_ndim);
  src += "struct CnRParams { long long kshape[" + knd + "]; long long rshape[" + rnd + "];";
  for (std::size_t a = 0; a < arrays.size(); ++a) src += " long long ks" + num(a) + "[" + knd + "];";
  for (std::size_t a = 0; a < arrays.size(); ++a) src += " long long rs" + num(a) + "[" + rnd + "];";
  src += " };\n";

  Signature part;
  for (std::size_t a = 0; a < arrays.size(); ++a) part.params.push_back({"char*", "cn_a" + num(a)});
  for (std::size_t k = 0; k < s.in.size(); ++k)
    if (s.in_kinds[k] == ArgKind::Raw) part.params.push_back({"CRaw<" + elem_type(s.in[k], s.in_types[k], s.cn_types) + " >", s.in[k].name});
  for (std::size_t k = 0; k < s.in.size(); ++k)
    if (s.in_kinds[k] == ArgKind::Scalar) part.params.push_back({elem_type(s.in[k], s.in_types[k], s.cn_types), "cn_s_" + s.in[k].name});
  for (const char* n : {"cn_M", "cn_K", "cn_chunks", "cn_per"}) part.params.push_back({"long long", n});
  part.params.push_back({"CnRParams", "cn_p"});
  part.params.push_back({"char*", "cn_partial"});
  part.params.push_back({"long long", "cn_slot"});
  for (std::size_t o = 0; o < s.out.size(); ++o) part.params.push_back({"char*", "cn_y" + num(o)});
  part.params.push_back({"int", "cn_stage"});

  // One function for every stage, so NVRTC compiles one kernel per source.
  if (s.cuda) {
    src += "extern \"C\" __global__ void cn_kernel_" + s.name + "(" + part.cuda_params() + ") {\n";
  } else {
    src += "extern \"C\" void cn_host_" + s.name + "(void** cn_args, long long cn_begin, long long cn_end) {\n";
    src += part.host_unpack();
  }
  src += "  [[maybe_unused]] CIndexer _in_ind = {cn_M * cn_K};\n  [[maybe_unused]] CIndexer _out_ind = {cn_M};\n";

  // Reduces the mapped elements cn_k0 + cn_tid, + cn_nt, ... below cn_k1 of output cn_m
  // (kept offsets cn_ko* in scope) into cn_acc.
  std::string accumulate;
  {
    std::string& acc = accumulate;
    acc += "      _type_reduce cn_acc = " + identity + ";\n";
    acc += "      for (long long cn_k = cn_k0 + cn_tid; cn_k < cn_k1; cn_k += cn_nt) {\n";
    acc += unravel("r", "cn_k", arrays.size(), "(int)" + rnd);
    // CuPy's names: _i the output index, _J the index among the reduced elements, _j the
    // input index (reduced axes outermost: _J * outputs + _i).
    acc += "        [[maybe_unused]] const ptrdiff_t _i = cn_m;\n"
           "        [[maybe_unused]] const ptrdiff_t _J = cn_k;\n"
           "        [[maybe_unused]] const ptrdiff_t _j = cn_k * cn_M + cn_m;\n";
    for (std::size_t a = 0; a < arrays.size(); ++a) {
      const std::size_t k = arrays[a];
      const std::string t = elem_type(s.in[k], s.in_types[k], s.cn_types);
      acc += "        " + t + " " + s.in[k].name + " = *(" + t + "*)(cn_a" + num(a) + " + cn_ko" + num(a) + " + cn_ro" + num(a) + ");\n";
    }
    for (std::size_t k = 0; k < s.in.size(); ++k)
      if (s.in_kinds[k] == ArgKind::Scalar)
        acc += "        " + elem_type(s.in[k], s.in_types[k], s.cn_types) + " " + s.in[k].name + " = cn_s_" + s.in[k].name + ";\n";
    acc += "        cn_acc = CN_REDUCE(cn_acc, " + to_reduce + "(" + s.map_expr + "));\n      }\n";
  }
  // Runs post_map_expr for output cn_m with a = cn_acc.
  std::string post = "    _type_reduce a = cn_acc;\n    [[maybe_unused]] const ptrdiff_t _i = cn_m;\n";
  for (std::size_t o = 0; o < s.out.size(); ++o) {
    const std::string t = elem_type(s.out[o], s.out_types[o], s.cn_types);
    post += "    " + t + "& " + s.out[o].name + " = ((" + t + "*)cn_y" + num(o) + ")[cn_m];\n";
  }
  post += "    " + s.post_map_expr + ";\n";
  const std::string loop_m = s.cuda ? "  for (long long cn_m = (long long)blockIdx.x * blockDim.x + threadIdx.x; cn_m < cn_M; "
                                      "cn_m += (long long)gridDim.x * blockDim.x) {\n"
                                    : "  for (long long cn_m = cn_begin; cn_m < cn_end; ++cn_m) {\n";

  // ---- stage 0: partial results, one block (CUDA) or task (CPU) per (output, chunk)
  src += "  if (cn_stage == 0) {\n";
  if (s.cuda) {
    src += "  __shared__ __align__(16) unsigned char cn_sh_raw[" + num(kReduceBlock) + " * sizeof(_type_reduce)];\n"
           "  _type_reduce* cn_sh = (_type_reduce*)cn_sh_raw;\n"
           "  const long long cn_tid = threadIdx.x, cn_nt = blockDim.x;\n"
           "  for (long long cn_b = blockIdx.x; cn_b < cn_M * cn_chunks; cn_b += gridDim.x) {\n";
  } else {
    src += "  const long long cn_tid = 0, cn_nt = 1;\n"
           "  for (long long cn_b = cn_begin; cn_b < cn_end; ++cn_b) {\n";
  }
  src += "    const long long cn_m = cn_b / cn_chunks, cn_ch = cn_b % cn_chunks;\n"
         "    const long long cn_k0 = cn_ch * cn_per;\n"
         "    const long long cn_k1 = cn_k0 + cn_per < cn_K ? cn_k0 + cn_per : cn_K;\n";
  src += "    {\n" + unravel("k", "cn_m", arrays.size(), "(int)" + knd);
  src += accumulate;
  if (s.cuda) {
    src += "      cn_sh[cn_tid] = cn_acc;\n      __syncthreads();\n"
           "      for (int cn_s = " + num(kReduceBlock / 2) + "; cn_s > 0; cn_s >>= 1) {\n"
           "        if (cn_tid < cn_s) {\n"
           "          _type_reduce cn_x = cn_sh[cn_tid], cn_y = cn_sh[cn_tid + cn_s];\n"
           "          cn_sh[cn_tid] = CN_REDUCE(cn_x, cn_y);\n        }\n        __syncthreads();\n      }\n"
           "      if (cn_tid == 0) *(_type_reduce*)(cn_partial + cn_b * cn_slot) = cn_sh[0];\n"
           "      __syncthreads();\n";
  } else {
    src += "      *(_type_reduce*)(cn_partial + cn_b * cn_slot) = cn_acc;\n";
  }
  src += "    }\n  }\n  } else if (cn_stage == 1) {\n";

  // ---- stage 1: combine each output's partial results, then post_map_expr
  src += loop_m;
  src += "    _type_reduce cn_acc = *(_type_reduce*)(cn_partial + cn_m * cn_chunks * cn_slot);\n"
         "    for (long long cn_c = 1; cn_c < cn_chunks; ++cn_c) {\n"
         "      _type_reduce cn_v = *(_type_reduce*)(cn_partial + (cn_m * cn_chunks + cn_c) * cn_slot);\n"
         "      cn_acc = CN_REDUCE(cn_acc, cn_v);\n    }\n";
  src += post + "  }\n  } else {\n";

  // ---- stage 2: one thread (CUDA) or sequential task (CPU) per output, no partials
  src += loop_m;
  src += "    const long long cn_tid = 0, cn_nt = 1, cn_k0 = 0, cn_k1 = cn_K;\n";
  src += unravel("k", "cn_m", arrays.size(), "(int)" + knd);
  src += accumulate;
  src += post + "  }\n  }\n}\n";
  return src;
}

}  // namespace cunumpy::user
