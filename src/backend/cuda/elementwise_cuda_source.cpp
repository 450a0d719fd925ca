// Generated CUDA C++ for the elementwise (ufunc) kernels: pure string building.
#include <vector>

#include "backend/cuda/elementwise_cuda.hpp"

namespace cunumpy::cuda {
namespace {

std::string idx(int k) { return std::to_string(k); }

}  // namespace

std::string elementwise_kernel_source(const ElementwiseKernelDesc& d, const std::string& ops_header) {
  const int nin = d.nin, nout = d.nout;
  std::string s = "#include \"cn_scalar.h\"\n";
  s += ops_header;
  s += "\n";
  s += d.index32 ? "typedef unsigned int IDX;\ntypedef int OFF;\n" : "typedef long long IDX;\ntypedef long long OFF;\n";
  s += "#define CN_LOOP(i, n) for (IDX i = (IDX)blockIdx.x * blockDim.x + threadIdx.x; i < (n); "
       "i += (IDX)gridDim.x * blockDim.x)\n";
  // Types: L<i> loop input, R<o> loop output, S<k> storage of array operand k.
  for (int i = 0; i < nin; ++i) s += "typedef " + d.loop_types[i] + " L" + idx(i) + ";\n";
  for (int o = 0; o < nout; ++o) s += "typedef " + d.loop_types[nin + o] + " R" + idx(o) + ";\n";
  // Array operands in kernel order: outputs, then array inputs.
  std::vector<int> array_of_input(nin, -1);
  int narrays = nout;
  for (int i = 0; i < nin; ++i)
    if (!d.storage_types[nout + i].empty()) array_of_input[i] = narrays++;
  for (int o = 0; o < nout; ++o) s += "typedef " + d.storage_types[o] + " S" + idx(o) + ";\n";
  for (int i = 0; i < nin; ++i)
    if (array_of_input[i] >= 0) s += "typedef " + d.storage_types[nout + i] + " S" + idx(array_of_input[i]) + ";\n";

  const bool vec = d.contiguous && d.vector_width > 1;
  if (vec)
    for (int k = 0; k < narrays; ++k)
      s += "struct __align__(16) V" + idx(k) + " { S" + idx(k) + " v[" + idx(d.vector_width) + "]; };\n";
  if (!d.contiguous) {
    s += "#define ND " + idx(d.ndim) + "\nstruct Params { OFF shape[ND];";
    for (int k = 0; k < narrays; ++k) s += " OFF stride" + idx(k) + "[ND];";
    s += " };\n";
  }

  // Signature.
  s += std::string("extern \"C\" __global__ void ") + kElementwiseKernelName + "(";
  for (int k = 0; k < narrays; ++k) {
    const bool is_out = k < nout;
    if (d.contiguous)
      // No __restrict__: in-place calls (x += 1) pass the same address as input and output.
      s += std::string(is_out ? "" : "const ") + "S" + idx(k) + "* a" + idx(k) + ", ";
    else
      s += std::string(is_out ? "char* " : "const char* ") + "a" + idx(k) + ", ";
  }
  s += "IDX n";
  if (!d.contiguous) s += ", Params p";
  for (int i = 0; i < nin; ++i)
    if (array_of_input[i] < 0) s += ", L" + idx(i) + " s" + idx(i);
  s += ") {\n";

  // Body of one element, given how to read input i and where to write output o.
  auto element = [&](auto read, auto write) {
    std::string b;
    for (int i = 0; i < nin; ++i)
      b += "    L" + idx(i) + " x" + idx(i) + " = " +
           (array_of_input[i] < 0 ? "s" + idx(i) : "cn::cast<L" + idx(i) + ">(" + read(array_of_input[i]) + ")") + ";\n";
    std::string call = "cn::op::" + d.functor + "::call(";
    for (int i = 0; i < nin; ++i) call += (i ? ", x" : "x") + idx(i);
    if (nout == 1) {
      // Loop result cast to the loop output type, then to the storage type.
      call += ")";
      b += "    " + write(0, "cn::cast<S0>(cn::cast<R0>(" + call + "))") + ";\n";
      return b;
    }
    // Two outputs: the functor returns the first and writes the second through a pointer.
    call += ", &y1)";
    b += "    R1 y1;\n    R0 y0 = " + call + ";\n";
    for (int o = 0; o < nout; ++o)
      b += "    " + write(o, "cn::cast<S" + idx(o) + ">(y" + idx(o) + ")") + ";\n";
    return b;
  };

  if (vec) {
    const std::string w = idx(d.vector_width);
    s += "  const IDX nv = n / " + w + ";\n  CN_LOOP(j, nv) {\n";
    for (int k = nout; k < narrays; ++k) s += "    V" + idx(k) + " in" + idx(k) + " = ((const V" + idx(k) + "*)a" + idx(k) + ")[j];\n";
    for (int o = 0; o < nout; ++o) s += "    V" + idx(o) + " out" + idx(o) + ";\n";
    s += "#pragma unroll\n    for (int q = 0; q < " + w + "; ++q) {\n";
    s += element([](int k) { return "in" + idx(k) + ".v[q]"; },
                 [](int o, const std::string& v) { return "out" + idx(o) + ".v[q] = " + v; });
    s += "    }\n";
    for (int o = 0; o < nout; ++o) s += "    ((V" + idx(o) + "*)a" + idx(o) + ")[j] = out" + idx(o) + ";\n";
    s += "  }\n  CN_LOOP(t, n - nv * " + w + ") {\n    IDX i = nv * " + w + " + t;\n";
    s += element([](int k) { return "a" + idx(k) + "[i]"; },
                 [](int o, const std::string& v) { return "a" + idx(o) + "[i] = " + v; });
    s += "  }\n}\n";
  } else if (d.contiguous) {
    s += "  CN_LOOP(i, n) {\n";
    s += element([](int k) { return "a" + idx(k) + "[i]"; },
                 [](int o, const std::string& v) { return "a" + idx(o) + "[i] = " + v; });
    s += "  }\n}\n";
  } else {
    s += "  CN_LOOP(i, n) {\n    IDX rem = i;\n";
    for (int k = 0; k < narrays; ++k) s += "    OFF o" + idx(k) + " = 0;\n";
    s += "#pragma unroll\n    for (int dd = ND - 1; dd >= 0; --dd) {\n"
         "      IDX extent = (IDX)p.shape[dd];\n      OFF c = (OFF)(rem % extent);\n      rem /= extent;\n";
    for (int k = 0; k < narrays; ++k) s += "      o" + idx(k) + " += c * p.stride" + idx(k) + "[dd];\n";
    s += "    }\n";
    s += element([](int k) { return "*(const S" + idx(k) + "*)(a" + idx(k) + " + o" + idx(k) + ")"; },
                 [](int o, const std::string& v) { return "*(S" + idx(o) + "*)(a" + idx(o) + " + o" + idx(o) + ") = " + v; });
    s += "  }\n}\n";
  }
  return s;
}

}  // namespace cunumpy::cuda
