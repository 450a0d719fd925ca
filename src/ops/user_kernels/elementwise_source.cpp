// Generated code of ElementwiseKernel (see elementwise_source.hpp).
#include "ops/user_kernels/elementwise_source.hpp"

namespace cunumpy::user {
namespace {

std::string num(int k) { return std::to_string(k); }

std::string elem_type(const Param& p, DType resolved, bool cn_types) {
  return p.dtype ? c_type(resolved, cn_types) : p.type_name;
}

}  // namespace

std::string Signature::cuda_params() const {
  std::string s;
  for (std::size_t k = 0; k < params.size(); ++k)
    s += (k ? ", " : "") + params[k].first + " " + params[k].second;
  return s;
}

std::string Signature::host_unpack() const {
  std::string s;
  for (std::size_t k = 0; k < params.size(); ++k)
    s += "  " + params[k].first + " " + params[k].second + " = *(" + params[k].first + "*)cn_args[" +
         num(static_cast<int>(k)) + "];\n";
  return s;
}

std::string typedefs(const TypeMap& types, bool cn_types) {
  std::string s;
  for (const auto& [name, d] : types) s += "typedef " + c_type(d, cn_types) + " " + name + ";\n";
  return s;
}

std::string elementwise_source(const ElementwiseSpec& s) {
  std::string src = source_prelude(s.cn_types);
  src += s.index32 ? "typedef unsigned int IDX;\ntypedef int OFF;\n" : "typedef long long IDX;\ntypedef long long OFF;\n";
  src += typedefs(s.types, s.cn_types);
  src += s.preamble;
  src += "\n";

  // Array operands in plan order: outputs, then inputs.
  struct ArrayOp { std::string name, type; bool out; };
  std::vector<ArrayOp> arrays;
  Signature sig;
  for (std::size_t k = 0; k < s.out.size(); ++k)
    if (s.out_kinds[k] == ArgKind::Array) arrays.push_back({s.out[k].name, elem_type(s.out[k], s.out_types[k], s.cn_types), true});
  for (std::size_t k = 0; k < s.in.size(); ++k)
    if (s.in_kinds[k] == ArgKind::Array) arrays.push_back({s.in[k].name, elem_type(s.in[k], s.in_types[k], s.cn_types), false});
  for (std::size_t k = 0; k < arrays.size(); ++k) sig.params.push_back({"char*", "cn_a" + num(static_cast<int>(k))});
  for (std::size_t k = 0; k < s.out.size(); ++k)
    if (s.out_kinds[k] == ArgKind::Raw) sig.params.push_back({"CRaw<" + elem_type(s.out[k], s.out_types[k], s.cn_types) + " >", s.out[k].name});
  for (std::size_t k = 0; k < s.in.size(); ++k)
    if (s.in_kinds[k] == ArgKind::Raw) sig.params.push_back({"CRaw<" + elem_type(s.in[k], s.in_types[k], s.cn_types) + " >", s.in[k].name});
  for (std::size_t k = 0; k < s.in.size(); ++k)
    if (s.in_kinds[k] == ArgKind::Scalar) sig.params.push_back({elem_type(s.in[k], s.in_types[k], s.cn_types), "cn_s_" + s.in[k].name});
  sig.params.push_back({"IDX", "cn_n"});
  if (!s.contiguous) {
    src += "#define CN_ND " + num(s.ndim) + "\nstruct CnParams { OFF shape[CN_ND];";
    for (std::size_t k = 0; k < arrays.size(); ++k) src += " OFF stride" + num(static_cast<int>(k)) + "[CN_ND];";
    src += " };\n";
    sig.params.push_back({"CnParams", "cn_p"});
  }

  if (s.cuda) {
    src += "extern \"C\" __global__ void cn_kernel_" + s.name + "(" + sig.cuda_params() + ") {\n";
  } else {
    src += "extern \"C\" void cn_host_" + s.name + "(void** cn_args, long long cn_begin, long long cn_end) {\n";
    src += sig.host_unpack();
  }
  src += "  [[maybe_unused]] CIndexer _ind = {(long long)cn_n};\n";
  src += "  " + s.loop_prep + ";\n";
  if (s.cuda)
    src += "  for (IDX cn_i = (IDX)blockIdx.x * blockDim.x + threadIdx.x; cn_i < cn_n; cn_i += (IDX)gridDim.x * blockDim.x) {\n";
  else
    src += "  for (IDX cn_i = (IDX)cn_begin; cn_i < (IDX)cn_end; ++cn_i) {\n";
  // Element addresses.
  auto ref = [&](std::size_t k) {
    const ArrayOp& a = arrays[k];
    const std::string ak = "cn_a" + num(static_cast<int>(k));
    if (s.contiguous) return "((" + a.type + "*)" + ak + ")[cn_i]";
    return "*(" + a.type + "*)(" + ak + " + cn_o" + num(static_cast<int>(k)) + ")";
  };
  if (!s.contiguous) {
    src += "    IDX cn_rem = cn_i;\n";
    for (std::size_t k = 0; k < arrays.size(); ++k) src += "    OFF cn_o" + num(static_cast<int>(k)) + " = 0;\n";
    src += "    for (int cn_d = CN_ND - 1; cn_d >= 0; --cn_d) {\n"
           "      IDX cn_ext = (IDX)cn_p.shape[cn_d];\n      OFF cn_c = (OFF)(cn_rem % cn_ext);\n      cn_rem /= cn_ext;\n";
    for (std::size_t k = 0; k < arrays.size(); ++k)
      src += "      cn_o" + num(static_cast<int>(k)) + " += cn_c * cn_p.stride" + num(static_cast<int>(k)) + "[cn_d];\n";
    src += "    }\n";
  }
  src += "    [[maybe_unused]] const ptrdiff_t i = (ptrdiff_t)cn_i;\n";
  for (std::size_t k = 0; k < arrays.size(); ++k)
    src += arrays[k].out ? "    " + arrays[k].type + "& " + arrays[k].name + " = " + ref(k) + ";\n"
                         : "    " + arrays[k].type + " " + arrays[k].name + " = " + ref(k) + ";\n";
  for (std::size_t k = 0; k < s.in.size(); ++k)
    if (s.in_kinds[k] == ArgKind::Scalar)
      src += "    " + elem_type(s.in[k], s.in_types[k], s.cn_types) + " " + s.in[k].name + " = cn_s_" + s.in[k].name + ";\n";
  src += "    " + s.operation + ";\n  }\n";
  src += "  " + s.after_loop + ";\n}\n";
  return src;
}

}  // namespace cunumpy::user
