// Type resolution and C type names of the user kernels (CuPy's _decide_params_type).
#include "cunumpy/base/errors.hpp"
#include "ops/user_kernels/user_kernel.hpp"

namespace cunumpy::detail {
extern const char* const kScalarHeaderSource;         // cmake/EmbedText.cmake
extern const char* const kOpsHeaderSource __attribute__((weak));  // cmake/EmbedText.cmake
extern const char* const kUserHeaderSource __attribute__((weak)); // cmake/EmbedText.cmake
}

namespace cunumpy::user {
namespace {

const DType* find(const TypeMap& m, const std::string& name) {
  for (const auto& [k, v] : m)
    if (k == name) return &v;
  return nullptr;
}

[[noreturn]] void mismatch(const Param& p, DType got, DType want) {
  throw TypeError("Type is mismatched. " + p.name + " " + got.name() + " " + want.name() +
                  (p.dtype ? "" : " " + p.type_name));
}

// Binds or checks one parameter against an array argument's dtype.
void bind(const Param& p, DType got, TypeMap* map) {
  if (p.dtype) {
    if (*p.dtype != got) mismatch(p, got, *p.dtype);
  } else if (const DType* t = find(*map, p.type_name)) {
    if (*t != got) mismatch(p, got, *t);
  } else {
    map->emplace_back(p.type_name, got);
  }
}

}  // namespace

void resolve_types(const std::vector<Param>& in, const std::vector<Param>& out,
                   std::span<const Operand> in_args, std::span<const ndarray> out_args,
                   std::vector<DType>* in_types, std::vector<DType>* out_types, TypeMap* map) {
  map->clear();
  for (std::size_t k = 0; k < out_args.size() && k < out.size(); ++k)
    if (out_args[k].defined()) bind(out[k], out_args[k].dtype(), map);
  for (std::size_t k = 0; k < in.size(); ++k)
    if (in_args[k].is_array()) bind(in[k], in_args[k].array().dtype(), map);
  // Placeholders seen only by scalars take the scalar's own dtype (a Python int: int64).
  for (std::size_t k = 0; k < in.size(); ++k)
    if (in_args[k].is_scalar() && !in[k].dtype && !find(*map, in[k].type_name))
      map->emplace_back(in[k].type_name, in_args[k].dtype());
  auto type_of = [&](const Param& p) {
    if (p.dtype) return *p.dtype;
    if (const DType* t = find(*map, p.type_name)) return *t;
    throw TypeError("Cannot determine the type of '" + p.type_name + " " + p.name +
                    "': no argument binds the placeholder " + p.type_name);
  };
  in_types->clear();
  out_types->clear();
  for (const Param& p : in) in_types->push_back(type_of(p));
  for (const Param& p : out) out_types->push_back(type_of(p));
}

std::string c_type(DType d, bool cn_types) {
  if (cn_types) return d.c_type();
  switch (d.id()) {
    case DTypeId::Float16: return "float16";
    case DTypeId::Complex64: return "complex<float>";
    case DTypeId::Complex128: return "complex<double>";
    default: return d.c_type();
  }
}

std::string source_prelude(bool cn_types) {
  if (!detail::kOpsHeaderSource || !detail::kUserHeaderSource)
    throw NotImplementedError("cunumpy was built without its embedded kernel headers");
  std::string s = "#include \"cn_scalar.h\"\n";
  if (cn_types) s += detail::kOpsHeaderSource;
  s += "\n";
  s += detail::kUserHeaderSource;
  s += "\n";
  return s;
}

}  // namespace cunumpy::user
