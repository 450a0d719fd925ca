// Python face of the user kernels: _core.ElementwiseKernel and _core.ReductionKernel, with
// CuPy's constructor and call signatures. __call__ is C++, so a call converts its
// arguments, looks up the compiled function and launches without a Python frame.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstring>
#include <optional>
#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/elementwise_kernel.hpp"
#include "cunumpy/ops/reduction_kernel.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/runtime/stream.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;
using namespace cunumpy;

namespace {

// Arrays by handle; Python scalars weak, NumPy scalars strong (their dtype binds an
// otherwise unbound placeholder); anything else TypeError.
Operand to_kernel_operand(nb::handle obj) {
  if (py::is_ndarray(obj)) return Operand(py::as_ndarray(obj));
  if (py::is_python_scalar(obj) || py::is_numpy_scalar(obj)) {
    bool weak = false;
    Scalar s = py::to_scalar(obj, &weak);
    return Operand(s, weak);
  }
  throw TypeError("Unsupported type " + std::string(nb::str(nb::handle(Py_TYPE(obj.ptr()))).c_str()) +
                  " (kernel arguments are cunumpy arrays and scalars)");
}

SmallVector<Operand, 8> to_operands(nb::args args) {
  SmallVector<Operand, 8> ops;
  for (nb::handle a : args) ops.push_back(to_kernel_operand(a));
  return ops;
}

// `stream=`: a cunumpy.cuda.Stream made current for the call.
std::optional<Stream> to_stream(nb::handle s) {
  if (s.is_none()) return std::nullopt;
  return nb::cast<Stream>(s);
}

// Outputs given as arguments come back as the very objects passed in.
nb::object wrap_results(std::vector<ndarray>& results, nb::args args, std::size_t nin,
                        bool no_return, bool return_tuple) {
  if (no_return) return nb::none();
  auto result = [&](std::size_t o) -> nb::object {
    if (args.size() > nin + o) return nb::borrow(args[nin + o]);
    return nb::cast(std::move(results[o]));
  };
  if (results.size() == 1 && !return_tuple) return result(0);
  nb::list l;
  for (std::size_t o = 0; o < results.size(); ++o) l.append(result(o));
  return nb::tuple(l);
}

std::vector<std::string> to_options(nb::handle options) {
  std::vector<std::string> v;
  if (options.is_none()) return v;
  for (nb::handle o : options) v.push_back(nb::cast<std::string>(o));
  return v;
}

struct PyElementwiseKernel {
  std::optional<ElementwiseKernel> kernel;
  std::string in_params, out_params, operation, name, preamble, loop_prep, after_loop;
  bool reduce_dims = true, no_return = false, return_tuple = false;
};

nb::object elementwise_call(PyElementwiseKernel& self, nb::args args, nb::kwargs kwargs) {
  std::optional<int64_t> size;
  nb::handle stream = Py_None;
  for (auto [key, value] : kwargs) {
    const char* k = PyUnicode_AsUTF8(key.ptr());
    if (!k) throw nb::python_error();
    if (std::strcmp(k, "size") == 0) {
      if (!value.is_none()) size = nb::cast<int64_t>(value);
    } else if (std::strcmp(k, "stream") == 0) {
      stream = value;
    } else if (std::strcmp(k, "block_size") == 0) {
      continue;  // CuPy's launch tuning knob: the launch shape here is chosen per device
    } else {
      throw TypeError(std::string("Wrong arguments ") + k + " for ElementwiseKernel '" + self.name + "'");
    }
  }
  SmallVector<Operand, 8> ops = to_operands(args);
  std::optional<Stream> s = to_stream(stream);
  std::optional<StreamGuard> guard;
  if (s) guard.emplace(*s);
  std::vector<ndarray> r = (*self.kernel)(std::span<const Operand>(ops.data(), ops.size()), size);
  return wrap_results(r, args, static_cast<std::size_t>(self.kernel->nin()), self.no_return, self.return_tuple);
}

struct PyReductionKernel {
  std::optional<ReductionKernel> kernel;
  std::string in_params, out_params, map_expr, reduce_expr, post_map_expr, name, preamble;
  std::optional<std::string> identity, reduce_type;
  bool reduce_dims = true;
};

nb::object reduction_call(PyReductionKernel& self, nb::args args, nb::kwargs kwargs) {
  nb::handle out = Py_None, axis = Py_None, stream = Py_None;
  bool keepdims = false;
  for (auto [key, value] : kwargs) {
    const char* k = PyUnicode_AsUTF8(key.ptr());
    if (!k) throw nb::python_error();
    if (std::strcmp(k, "out") == 0) out = value;
    else if (std::strcmp(k, "axis") == 0) axis = value;
    else if (std::strcmp(k, "keepdims") == 0) keepdims = nb::cast<bool>(value);
    else if (std::strcmp(k, "stream") == 0) stream = value;
    else throw TypeError(std::string("Wrong arguments ") + k + " for ReductionKernel '" + self.name + "'");
  }
  SmallVector<Operand, 8> ops = to_operands(args);
  const std::size_t nin = static_cast<std::size_t>(self.kernel->nin());
  nb::handle out_obj = Py_None;
  if (!out.is_none()) {
    if (ops.size() != nin) throw TypeError("cannot specify 'out' as both a positional and keyword argument");
    if (!py::is_ndarray(out)) throw TypeError("Output arguments must be cunumpy.ndarray");
    ops.push_back(Operand(py::as_ndarray(out)));
    out_obj = out;
  } else if (ops.size() == nin + 1) {
    out_obj = args[nin];
  }
  Axes ax;
  if (!axis.is_none()) ax = py::to_axes(axis);
  std::optional<Stream> s = to_stream(stream);
  std::optional<StreamGuard> guard;
  if (s) guard.emplace(*s);
  std::vector<ndarray> r = (*self.kernel)(std::span<const Operand>(ops.data(), ops.size()), ax, keepdims);
  if (!out_obj.is_none() && r.size() == 1) return nb::borrow(out_obj);
  if (r.size() == 1) return nb::cast(std::move(r[0]));
  nb::list l;
  for (ndarray& a : r) l.append(nb::cast(std::move(a)));
  return nb::tuple(l);
}


}  // namespace

void bind_user_kernels(nb::module_& m) {
  using namespace nb::literals;
  nb::class_<PyElementwiseKernel>(m, "ElementwiseKernel",
      "User-defined elementwise kernel (cupy.ElementwiseKernel).")
      .def("__init__",
           [](PyElementwiseKernel* self, const std::string& in_params, const std::string& out_params,
              const std::string& operation, const std::string& name, bool reduce_dims,
              const std::string& preamble, bool no_return, bool return_tuple,
              const std::string& loop_prep, const std::string& after_loop, nb::handle options,
              bool cn_types) {
             new (self) PyElementwiseKernel();
             ElementwiseKernelOptions opt;
             opt.name = name;
             opt.reduce_dims = reduce_dims;
             opt.preamble = preamble;
             opt.loop_prep = loop_prep;
             opt.after_loop = after_loop;
             opt.cn_types = cn_types;
             opt.options = to_options(options);
             self->kernel.emplace(in_params, out_params, operation, opt);
             self->in_params = in_params;
             self->out_params = out_params;
             self->operation = operation;
             self->name = name;
             self->preamble = preamble;
             self->loop_prep = loop_prep;
             self->after_loop = after_loop;
             self->reduce_dims = reduce_dims;
             self->no_return = no_return;
             self->return_tuple = return_tuple;
           },
           "in_params"_a, "out_params"_a, "operation"_a, "name"_a = "kernel", "reduce_dims"_a = true,
           "preamble"_a = "", "no_return"_a = false, "return_tuple"_a = false, "loop_prep"_a = "",
           "after_loop"_a = "", "options"_a.none() = nb::none(), "_cn_types"_a = false)
      .def("__call__", &elementwise_call)
      .def_prop_ro("nin", [](const PyElementwiseKernel& k) { return k.kernel->nin(); })
      .def_prop_ro("nout", [](const PyElementwiseKernel& k) { return k.kernel->nout(); })
      .def_prop_ro("nargs", [](const PyElementwiseKernel& k) { return k.kernel->nin() + k.kernel->nout(); })
      .def_ro("name", &PyElementwiseKernel::name)
      .def_ro("in_params", &PyElementwiseKernel::in_params)
      .def_ro("out_params", &PyElementwiseKernel::out_params)
      .def_ro("operation", &PyElementwiseKernel::operation)
      .def_ro("preamble", &PyElementwiseKernel::preamble)
      .def_ro("reduce_dims", &PyElementwiseKernel::reduce_dims)
      .def_ro("no_return", &PyElementwiseKernel::no_return)
      .def_ro("return_tuple", &PyElementwiseKernel::return_tuple);

  nb::class_<PyReductionKernel>(m, "ReductionKernel",
      "User-defined reduction kernel (cupy.ReductionKernel).")
      .def("__init__",
           [](PyReductionKernel* self, const std::string& in_params, const std::string& out_params,
              const std::string& map_expr, const std::string& reduce_expr,
              const std::string& post_map_expr, std::optional<std::string> identity,
              const std::string& name, std::optional<std::string> reduce_type, bool reduce_dims,
              const std::string& preamble, nb::handle options, bool cn_types) {
             new (self) PyReductionKernel();
             ReductionKernelOptions opt;
             opt.name = name;
             opt.reduce_type = reduce_type;
             opt.reduce_dims = reduce_dims;
             opt.preamble = preamble;
             opt.options = to_options(options);
             opt.cn_types = cn_types;
             self->kernel.emplace(in_params, out_params, map_expr, reduce_expr, post_map_expr, identity, opt);
             self->in_params = in_params;
             self->out_params = out_params;
             self->map_expr = map_expr;
             self->reduce_expr = reduce_expr;
             self->post_map_expr = post_map_expr;
             self->identity = identity;
             self->name = name;
             self->reduce_type = reduce_type;
             self->reduce_dims = reduce_dims;
             self->preamble = preamble;
           },
           "in_params"_a, "out_params"_a, "map_expr"_a, "reduce_expr"_a, "post_map_expr"_a,
           "identity"_a.none(), "name"_a = "reduce_kernel", "reduce_type"_a.none() = nb::none(),
           "reduce_dims"_a = true, "preamble"_a = "", "options"_a.none() = nb::none(),
           "_cn_types"_a = false)
      .def("__call__", &reduction_call)
      .def_prop_ro("nin", [](const PyReductionKernel& k) { return k.kernel->nin(); })
      .def_prop_ro("nout", [](const PyReductionKernel& k) { return k.kernel->nout(); })
      .def_prop_ro("nargs", [](const PyReductionKernel& k) { return k.kernel->nin() + k.kernel->nout(); })
      .def_ro("name", &PyReductionKernel::name)
      .def_ro("in_params", &PyReductionKernel::in_params)
      .def_ro("out_params", &PyReductionKernel::out_params)
      .def_ro("map_expr", &PyReductionKernel::map_expr)
      .def_ro("reduce_expr", &PyReductionKernel::reduce_expr)
      .def_ro("post_map_expr", &PyReductionKernel::post_map_expr)
      .def_ro("identity", &PyReductionKernel::identity)
      .def_ro("reduce_type", &PyReductionKernel::reduce_type)
      .def_ro("preamble", &PyReductionKernel::preamble);
}
