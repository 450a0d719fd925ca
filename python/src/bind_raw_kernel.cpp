// cunumpy.RawKernel and cunumpy.RawModule (CuPy's user kernels). A launch from Python is
// one call into C++: grid, block and arguments are converted here straight from the
// Python objects into kernel parameters on the stack, then cuLaunchKernel.
#include <nanobind/nanobind.h>
#include <nanobind/stl/shared_ptr.h>

#include <climits>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/raw_kernel.hpp"
#include "cunumpy/memory/memory.hpp"
#include "cunumpy/runtime/stream.hpp"
#include "memory_pointer.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;
using namespace nb::literals;

namespace cunumpy::py {
namespace {

std::string type_name(PyObject* o) { return Py_TYPE(o)->tp_name; }

// ---- NumPy scalars by value ---------------------------------------------------------
// A NumPy scalar object is PyObject_HEAD followed by its value (numpy's arrayscalars.h),
// so its bytes are read in place. Checked once per type at import against tobytes();
// a type whose layout differs takes the slow path (tobytes()) instead.
struct NumpyScalarType {
  PyTypeObject* type;
  uint8_t size;
  bool in_place;
};
NumpyScalarType g_scalar_types[24];
int g_num_scalar_types = 0;
PyTypeObject* g_ndarray_type = nullptr;
PyTypeObject* g_numpy_ndarray_type = nullptr;

void init_scalar_types() {
  nb::handle np = numpy_module();
  g_numpy_ndarray_type = reinterpret_cast<PyTypeObject*>(np.attr("ndarray").ptr());
  struct Sample {
    const char* name;
    nb::object value;
  };
  const Sample samples[] = {
      {"bool_", nb::bool_(true)},         {"int8", nb::int_(-3)},
      {"int16", nb::int_(-1234)},         {"int32", nb::int_(-123456)},
      {"int64", nb::int_(-12345678901)},  {"longlong", nb::int_(-12345678901)},
      {"uint8", nb::int_(201)},           {"uint16", nb::int_(54321)},
      {"uint32", nb::int_(3456789012)},   {"uint64", nb::int_(12345678901)},
      {"ulonglong", nb::int_(12345678901)}, {"float16", nb::float_(-1.75)},
      {"float32", nb::float_(-1.7)},      {"float64", nb::float_(-1.7)},
      {"complex64", nb::steal(PyComplex_FromDoubles(-1.7, 2.3))},
      {"complex128", nb::steal(PyComplex_FromDoubles(-1.7, 2.3))},
  };
  for (const Sample& s : samples) {
    if (!nb::hasattr(np, s.name)) continue;
    nb::object type = np.attr(s.name);
    auto* t = reinterpret_cast<PyTypeObject*>(type.ptr());
    bool seen = false;
    for (int i = 0; i < g_num_scalar_types; ++i) seen |= g_scalar_types[i].type == t;
    if (seen) continue;
    nb::object v = type(s.value);
    nb::bytes expect = nb::borrow<nb::bytes>(v.attr("tobytes")());
    const auto size = static_cast<uint8_t>(expect.size());
    const bool in_place = std::memcmp(reinterpret_cast<const char*>(v.ptr()) + sizeof(PyObject),
                                      expect.c_str(), size) == 0;
    type.inc_ref();  // a NumPy type, held for the life of the process
    g_scalar_types[g_num_scalar_types++] = {t, size, in_place};
  }
  g_ndarray_type = reinterpret_cast<PyTypeObject*>(nb::type<ndarray>().ptr());
}

[[noreturn]] void unsupported(std::size_t i, PyObject* o) {
  std::string hint;
  if (PyObject_TypeCheck(o, g_numpy_ndarray_type))
    hint = " (copy NumPy arrays to the device first, e.g. cunumpy.asarray(a))";
  throw TypeError("RawKernel argument " + std::to_string(i) + ": unsupported type '" +
                  type_name(o) + "'" + hint +
                  "; expected a cunumpy.ndarray, a NumPy scalar, or a Python bool, int, "
                  "float or complex");
}

// A Python int as CUDA's long long (CuPy's rule), OverflowError past its range.
KernelArg long_long_arg(std::size_t i, PyObject* o) {
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
  if (overflow)
    throw OverflowError("RawKernel argument " + std::to_string(i) + ": Python int too large for long long");
  return KernelArg(v);
}

// The kernel parameter for Python object `o`, the `i`-th argument.
KernelArg to_kernel_arg(std::size_t i, PyObject* o) {
  PyTypeObject* t = Py_TYPE(o);
  if (t == g_ndarray_type) return KernelArg(*nb::inst_ptr<ndarray>(o));
  if (t == &PyLong_Type) return long_long_arg(i, o);
  if (t == &PyFloat_Type) return KernelArg(PyFloat_AS_DOUBLE(o));
  if (t == &PyBool_Type) return KernelArg(o == Py_True);
  for (int k = 0; k < g_num_scalar_types; ++k) {
    const NumpyScalarType& s = g_scalar_types[k];
    if (t != s.type) continue;
    if (s.in_place) return KernelArg::raw(reinterpret_cast<const char*>(o) + sizeof(PyObject), s.size);
    nb::bytes b = nb::borrow<nb::bytes>(nb::handle(o).attr("tobytes")());
    return KernelArg::raw(b.c_str(), b.size());
  }
  if (t == &PyComplex_Type) {
    const Py_complex c = PyComplex_AsCComplex(o);
    return KernelArg(std::complex<double>(c.real, c.imag));
  }
  // Rarer spellings: subclasses, None (a null pointer, as CuPy passes it), objects with
  // __cuda_array_interface__ (e.g. PyTorch tensors).
  if (nb::isinstance<ndarray>(o)) return KernelArg(*nb::inst_ptr<ndarray>(o));
  if (o == Py_None) return KernelArg(nullptr);
  if (PyBool_Check(o)) return KernelArg(o == Py_True);
  if (PyLong_Check(o)) return long_long_arg(i, o);
  if (PyFloat_Check(o)) return KernelArg(PyFloat_AsDouble(o));
  if (PyComplex_Check(o)) {
    const Py_complex c = PyComplex_AsCComplex(o);
    return KernelArg(std::complex<double>(c.real, c.imag));
  }
  if (PyObject_HasAttrString(o, "__cuda_array_interface__")) {
    nb::object cai = nb::handle(o).attr("__cuda_array_interface__");
    nb::object data = cai["data"];
    const auto ptr = nb::cast<uintptr_t>(data[nb::int_(0)]);
    return KernelArg(reinterpret_cast<void*>(ptr));
  }
  unsupported(i, o);
}

// ---- grid and block -------------------------------------------------------------------

unsigned to_dim(PyObject* o, const char* what) {
  long long v = 0;
  if (PyLong_Check(o)) {
    v = PyLong_AsLongLong(o);
  } else if (!PyBool_Check(o) && !PyFloat_Check(o) && PyIndex_Check(o)) {
    nb::object i = nb::steal(PyNumber_Index(o));
    if (!i.is_valid()) throw nb::python_error();
    v = PyLong_AsLongLong(i.ptr());
  } else {
    throw TypeError(std::string(what) + " must be an int or a tuple of up to 3 ints, got '" +
                    type_name(o) + "'");
  }
  if (v == -1 && PyErr_Occurred()) throw nb::python_error();
  if (v < 0 || v > static_cast<long long>(UINT_MAX))
    throw ValueError(std::string(what) + " dimensions must be non-negative and fit 32 bits (got " +
                     std::to_string(v) + ")");
  return static_cast<unsigned>(v);
}

Dim3 to_dim3(nb::handle h, const char* what) {
  PyObject* o = h.ptr();
  if (!PyTuple_Check(o) && !PyList_Check(o)) return Dim3(to_dim(o, what));
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(o);  // tuples and lists alike
  if (n < 1 || n > 3)
    throw ValueError(std::string(what) + " must have 1 to 3 dimensions (got " + std::to_string(n) + ")");
  PyObject** items = PySequence_Fast_ITEMS(o);
  unsigned d[3] = {1, 1, 1};
  for (Py_ssize_t k = 0; k < n; ++k) d[k] = to_dim(items[k], what);
  return Dim3(d[0], d[1], d[2]);
}

// ---- the call -------------------------------------------------------------------------

void call_kernel(const RawKernel& k, nb::handle grid, nb::handle block, nb::handle args,
                 std::size_t shared_mem, nb::handle stream) {
  const Dim3 g = to_dim3(grid, "grid");
  const Dim3 b = to_dim3(block, "block");
  PyObject* a = args.ptr();
  if (!PyTuple_Check(a) && !PyList_Check(a))
    throw TypeError("args must be a tuple of kernel arguments, got '" + type_name(a) + "'");
  const auto n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(a));
  PyObject** items = PySequence_Fast_ITEMS(a);

  // KernelArg is trivially destructible: up to 32 live in raw stack storage.
  alignas(KernelArg) unsigned char small[32 * sizeof(KernelArg)];
  std::vector<KernelArg> big;
  KernelArg* packed = reinterpret_cast<KernelArg*>(small);
  if (n > 32) {
    big.reserve(n);
    for (std::size_t i = 0; i < n; ++i) big.push_back(to_kernel_arg(i, items[i]));
    packed = big.data();
  } else {
    for (std::size_t i = 0; i < n; ++i) new (packed + i) KernelArg(to_kernel_arg(i, items[i]));
  }
  const std::span<const KernelArg> span(packed, n);
  if (stream.is_none()) {
    k(g, b, span, shared_mem);
  } else if (nb::isinstance<Stream>(stream)) {
    k.launch(g, b, span, shared_mem, *nb::inst_ptr<Stream>(stream));
  } else {
    throw TypeError("stream must be a cunumpy.cuda.Stream or None, got '" +
                    type_name(stream.ptr()) + "'");
  }
}

// ---- construction helpers -------------------------------------------------------------

std::vector<std::string> to_strings(nb::handle h, const char* what) {
  std::vector<std::string> out;
  if (h.is_none()) return out;
  if (PyUnicode_Check(h.ptr())) {  // one option given as a string
    out.emplace_back(nb::borrow<nb::str>(h).c_str());
    return out;
  }
  if (!PySequence_Check(h.ptr()))
    throw TypeError(std::string(what) + " must be a tuple of str, got '" + type_name(h.ptr()) + "'");
  nb::object seq = nb::steal(PySequence_Fast(h.ptr(), what));
  if (!seq.is_valid()) throw nb::python_error();
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.ptr());
  PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
  for (Py_ssize_t i = 0; i < n; ++i) {
    if (!PyUnicode_Check(items[i]))
      throw TypeError(std::string(what) + " must hold str, got '" + type_name(items[i]) + "'");
    out.emplace_back(PyUnicode_AsUTF8(items[i]));
  }
  return out;
}

nb::tuple to_tuple(const std::vector<std::string>& v) {
  nb::list l;
  for (const auto& s : v) l.append(nb::str(s.c_str(), s.size()));
  return nb::tuple(l);
}

KernelCompileOptions make_options(nb::handle options, const std::string& backend,
                                  bool translate_cucomplex, bool enable_cooperative_groups,
                                  bool jitify, nb::handle name_expressions) {
  KernelCompileOptions o;
  o.options = to_strings(options, "options");
  o.backend = backend;
  o.translate_cucomplex = translate_cucomplex;
  o.enable_cooperative_groups = enable_cooperative_groups;
  o.jitify = jitify;
  o.name_expressions = to_strings(name_expressions, "name_expressions");
  return o;
}

nb::dict attributes_dict(const RawKernel& k) {
  const KernelAttributes a = k.attributes();
  nb::dict d;
  d["binary_version"] = a.binary_version;
  d["cache_mode_ca"] = a.cache_mode_ca;
  d["const_size_bytes"] = a.const_size_bytes;
  d["local_size_bytes"] = a.local_size_bytes;
  d["max_dynamic_shared_size_bytes"] = a.max_dynamic_shared_size_bytes;
  d["max_threads_per_block"] = a.max_threads_per_block;
  d["num_regs"] = a.num_regs;
  d["preferred_shared_memory_carveout"] = a.preferred_shared_memory_carveout;
  d["ptx_version"] = a.ptx_version;
  d["shared_size_bytes"] = a.shared_size_bytes;
  return d;
}

void write_log(const std::string& log, nb::handle log_stream) {
  if (!log_stream.is_none() && !log.empty()) log_stream.attr("write")(log);
}

// Properties shared by RawKernel and RawModule, read from the module's options.
template <class Cls, class GetModule>
void common_properties(Cls& cls, GetModule module_of) {
  cls.def_prop_ro("code", [module_of](const typename Cls::Type& x) -> nb::object {
        const RawModule& m = module_of(x);
        if (!m.path().empty()) return nb::none();  // a module loaded from a file (CuPy: None)
        return nb::str(m.code().c_str(), m.code().size());
      })
      .def_prop_ro("file_path", [module_of](const typename Cls::Type& x) -> nb::object {
        const std::string& p = module_of(x).path();
        if (p.empty()) return nb::none();
        return nb::str(p.c_str());
      })
      .def_prop_ro("options", [module_of](const typename Cls::Type& x) { return to_tuple(module_of(x).options().options); })
      .def_prop_ro("backend", [module_of](const typename Cls::Type& x) { return module_of(x).options().backend; })
      .def_prop_ro("translate_cucomplex", [module_of](const typename Cls::Type& x) { return module_of(x).options().translate_cucomplex; })
      .def_prop_ro("enable_cooperative_groups", [module_of](const typename Cls::Type& x) { return module_of(x).options().enable_cooperative_groups; })
      .def_prop_ro("jitify", [module_of](const typename Cls::Type& x) { return module_of(x).options().jitify; });
}

}  // namespace

void bind_raw_kernel(nb::module_& m) {
  init_scalar_types();

  nb::class_<RawKernel> k(m, "RawKernel",
                          "A CUDA C++ kernel compiled with NVRTC on first use (CuPy's RawKernel).");
  k.def("__init__",
        [](RawKernel* self, const std::string& code, const std::string& name, nb::handle options,
           const std::string& backend, bool translate_cucomplex, bool enable_cooperative_groups,
           bool jitify) {
          new (self) RawKernel(code, name,
                               make_options(options, backend, translate_cucomplex,
                                            enable_cooperative_groups, jitify, nb::none()));
        },
        "code"_a, "name"_a, "options"_a = nb::tuple(), "backend"_a = "nvrtc", nb::kw_only(),
        "translate_cucomplex"_a = false, "enable_cooperative_groups"_a = false, "jitify"_a = false)
      .def("__call__", &call_kernel, "grid"_a, "block"_a, "args"_a, nb::kw_only(),
           "shared_mem"_a = 0, "stream"_a = nb::none())
      .def("compile", [](const RawKernel& k, nb::handle log_stream) { write_log(k.compile(), log_stream); },
           "log_stream"_a = nb::none())
      .def_prop_ro("name", &RawKernel::name)
      .def_prop_ro("attributes", &attributes_dict)
      .def_prop_ro("max_threads_per_block", [](const RawKernel& k) { return k.attributes().max_threads_per_block; })
      .def_prop_ro("shared_size_bytes", [](const RawKernel& k) { return k.attributes().shared_size_bytes; })
      .def_prop_ro("const_size_bytes", [](const RawKernel& k) { return k.attributes().const_size_bytes; })
      .def_prop_ro("local_size_bytes", [](const RawKernel& k) { return k.attributes().local_size_bytes; })
      .def_prop_ro("num_regs", [](const RawKernel& k) { return k.attributes().num_regs; })
      .def_prop_ro("ptx_version", [](const RawKernel& k) { return k.attributes().ptx_version; })
      .def_prop_ro("binary_version", [](const RawKernel& k) { return k.attributes().binary_version; })
      .def_prop_ro("cache_mode_ca", [](const RawKernel& k) { return k.attributes().cache_mode_ca; })
      .def_prop_rw("max_dynamic_shared_size_bytes",
                   [](const RawKernel& k) { return k.attributes().max_dynamic_shared_size_bytes; },
                   [](RawKernel& k, int v) { k.set_max_dynamic_shared_size_bytes(v); })
      .def_prop_rw("preferred_shared_memory_carveout",
                   [](const RawKernel& k) { return k.attributes().preferred_shared_memory_carveout; },
                   [](RawKernel& k, int v) { k.set_preferred_shared_memory_carveout(v); })
      .def("__repr__", [](const RawKernel& k) { return "<cunumpy.RawKernel '" + k.name() + "'>"; })
      // The parameter bytes a call would pass, one bytes object per argument (for tests;
      // runs without a GPU). Arrays give their data address.
      .def_static("_pack_args", [](nb::handle args) {
        if (!PyTuple_Check(args.ptr()) && !PyList_Check(args.ptr()))
          throw TypeError("args must be a tuple");
        nb::list out;
        PyObject** items = PySequence_Fast_ITEMS(args.ptr());
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(args.ptr()); ++i) {
          const KernelArg a = to_kernel_arg(static_cast<std::size_t>(i), items[i]);
          out.append(nb::bytes(static_cast<const char*>(a.value()), a.size()));
        }
        return out;
      }, "args"_a);
  common_properties(k, [](const RawKernel& x) -> const RawModule& { return x.module(); });

  nb::class_<RawModule> mod(m, "RawModule",
                            "CUDA C++ source (or a CUBIN, fatbin or PTX file) holding kernels and "
                            "globals (CuPy's RawModule).");
  mod.def("__init__",
          [](RawModule* self, nb::handle code, nb::handle path, nb::handle options,
             const std::string& backend, bool translate_cucomplex, bool enable_cooperative_groups,
             nb::handle name_expressions, bool jitify) {
            if (code.is_none() == path.is_none())
              throw TypeError("RawModule: give exactly one of code and path");
            KernelCompileOptions o = make_options(options, backend, translate_cucomplex,
                                                  enable_cooperative_groups, jitify, name_expressions);
            if (!code.is_none()) {
              if (!PyUnicode_Check(code.ptr())) throw TypeError("RawModule: code must be a str");
              new (self) RawModule(nb::borrow<nb::str>(code).c_str(), std::move(o));
            } else {
              nb::object p = nb::module_::import_("os").attr("fspath")(path);
              new (self) RawModule(RawModule::from_file(nb::cast<std::string>(p), std::move(o)));
            }
          },
          "code"_a = nb::none(), nb::kw_only(), "path"_a = nb::none(), "options"_a = nb::tuple(),
          "backend"_a = "nvrtc", "translate_cucomplex"_a = false,
          "enable_cooperative_groups"_a = false, "name_expressions"_a = nb::none(),
          "jitify"_a = false)
      .def("compile", [](const RawModule& m, nb::handle log_stream) { write_log(m.compile(), log_stream); },
           "log_stream"_a = nb::none())
      .def("get_function", &RawModule::get_function, "name"_a)
      // A MemoryPointer, as CuPy returns: ndarray(shape, dtype, memptr=...) views it.
      .def("get_global", [](const RawModule& m, const std::string& name) {
        return cunumpy::py::MemoryPointer{m.get_global(name), 0};
      }, "name"_a)
      .def("_lowered_name", &RawModule::lowered_name, "name_expression"_a)
      .def_prop_ro("name_expressions", [](const RawModule& m) -> nb::object {
        const auto& e = m.options().name_expressions;
        if (e.empty()) return nb::none();
        return to_tuple(e);
      })
      .def("__repr__", [](const RawModule& m) {
        return m.path().empty() ? std::string("<cunumpy.RawModule>")
                                : "<cunumpy.RawModule '" + m.path() + "'>";
      });
  common_properties(mod, [](const RawModule& x) -> const RawModule& { return x; });
}

}  // namespace cunumpy::py
