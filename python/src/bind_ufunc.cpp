// Python face of the elementwise engine: _core._UfuncBase (the base of cunumpy.ufunc, whose
// __call__ is here), _core.ufunc_call, the registry's attributes (ufunc_infos) and the ndarray
// operators, bound here in C++ so that `x + 1.0` costs a few microseconds.
// Operand rules (CuPy's and NEP 50's): Python bool/int/float/complex are weak scalars,
// NumPy scalars are strong 0-d values, a numpy.ndarray raises TypeError (no implicit
// host-to-device copy), anything else makes an operator return NotImplemented.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstring>
#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "py_convert.hpp"
#include "py_fp_errors.hpp"
#include "py_operand.hpp"

namespace nb = nanobind;
using namespace cunumpy;

namespace {

using py::Convert;
using py::require_operand;
using py::to_operand;

nb::object not_implemented() { return nb::borrow(Py_NotImplemented); }

// ---- operators --------------------------------------------------------------------------
// Their signatures say they return a cunumpy.ndarray (NotImplemented for unknown operands
// lets Python try the other side, as its data model wants).
using ArrayObject = nb::typed<nb::object, ndarray>;

ArrayObject unary_operator(const Ufunc& uf, const ndarray& self) {
  const Operand in[1] = {Operand(self)};
  py::begin_fp_errors();
  nb::object r = nb::cast(std::move(ufunc_call(uf, in)[0]));
  py::report_fp_errors(uf.name.c_str());
  return r;
}

const Ufunc* power_ufunc() {
  static const Ufunc* power = &get_ufunc("power");
  return power;
}

// NumPy's fast_scalar_power: `x ** 2`, `x ** -1` (a Python int) and `x ** 0.5` (a Python
// float) of a float or complex x call square, reciprocal and sqrt, whose values (sqrt(-0.0)
// is -0.0, sqrt(-inf) nan, complex 1/z) and error names ("overflow encountered in square")
// differ from power's. nullptr: power itself.
const Ufunc* fast_power_ufunc(const ndarray& self, nb::handle exponent) {
  if (!self.dtype().is_inexact()) return nullptr;
  if (PyLong_CheckExact(exponent.ptr())) {
    int overflow = 0;
    const long e = PyLong_AsLongAndOverflow(exponent.ptr(), &overflow);
    if (overflow != 0) return nullptr;
    static const Ufunc* reciprocal = &get_ufunc("reciprocal");
    static const Ufunc* square = &get_ufunc("square");
    return e == -1 ? reciprocal : e == 2 ? square : nullptr;
  }
  if (PyFloat_CheckExact(exponent.ptr()) && PyFloat_AS_DOUBLE(exponent.ptr()) == 0.5) {
    static const Ufunc* sqrt = &get_ufunc("sqrt");
    return sqrt;
  }
  return nullptr;
}

template <bool Reflected>
ArrayObject binary_operator(const Ufunc& uf, const ndarray& self, nb::handle other) {
  if (!Reflected && &uf == power_ufunc()) {
    if (const Ufunc* fast = fast_power_ufunc(self, other)) return unary_operator(*fast, self);
  }
  Operand rhs;
  if (to_operand(other, &rhs) == Convert::Unknown) return not_implemented();
  const Operand in[2] = {Reflected ? rhs : Operand(self), Reflected ? Operand(self) : rhs};
  py::begin_fp_errors();
  nb::object r = nb::cast(std::move(ufunc_call(uf, in)[0]));
  py::report_fp_errors(uf.name.c_str());
  return r;
}

ArrayObject inplace_operator(const Ufunc& uf, nb::handle self_obj, nb::handle other) {
  ndarray& self = py::as_ndarray(self_obj);
  UfuncOptions options;
  options.out.push_back(self);
  if (&uf == power_ufunc()) {
    if (const Ufunc* fast = fast_power_ufunc(self, other)) {
      const Operand in[1] = {Operand(self)};
      py::begin_fp_errors();
      ufunc_call(*fast, in, options);
      py::report_fp_errors(fast->name.c_str());
      return nb::borrow(self_obj);
    }
  }
  Operand rhs;
  if (to_operand(other, &rhs) == Convert::Unknown) return not_implemented();
  const Operand in[2] = {Operand(self), rhs};
  py::begin_fp_errors();
  ufunc_call(uf, in, options);
  py::report_fp_errors(uf.name.c_str());
  return nb::borrow(self_obj);
}

// Sets cls.<name> to a C++ method.
template <class F>
void set_method(nb::handle cls, const std::string& name, F&& f) {
  nb::setattr(cls, name.c_str(),
              nb::cpp_function(std::forward<F>(f), nb::is_method(), nb::scope(cls), nb::name(name.c_str())));
}

void bind_binary_operator(nb::handle cls, const char* op, const char* ufunc) {
  const Ufunc* uf = &get_ufunc(ufunc);
  std::string name(op);
  set_method(cls, "__" + name + "__",
             [uf](const ndarray& self, nb::handle other) { return binary_operator<false>(*uf, self, other); });
  set_method(cls, "__r" + name + "__",
             [uf](const ndarray& self, nb::handle other) { return binary_operator<true>(*uf, self, other); });
  set_method(cls, "__i" + name + "__",
             [uf](nb::handle self, nb::handle other) { return inplace_operator(*uf, self, other); });
}

// divmod(x, y) and its reflected form: the two outputs of the divmod ufunc as a tuple.
template <bool Reflected>
nb::object divmod_operator(const Ufunc& uf, const ndarray& self, nb::handle other) {
  Operand rhs;
  if (to_operand(other, &rhs) == Convert::Unknown) return not_implemented();
  const Operand in[2] = {Reflected ? rhs : Operand(self), Reflected ? Operand(self) : rhs};
  py::begin_fp_errors();
  std::vector<ndarray> r = ufunc_call(uf, in);
  py::report_fp_errors(uf.name.c_str());
  return nb::make_tuple(std::move(r[0]), std::move(r[1]));
}

// ufunc_at(index, a, positions as int64 bytes, b or None): see cunumpy::ufunc_at.
void py_ufunc_at(int index, nb::handle a_obj, nb::bytes positions, nb::handle b) {
  std::span<const Ufunc> all = all_ufuncs();
  if (index < 0 || index >= static_cast<int>(all.size())) throw ValueError("bad ufunc index");
  ndarray& a = py::as_ndarray(a_obj);
  std::vector<int64_t> pos(positions.size() / sizeof(int64_t));
  if (!pos.empty()) std::memcpy(pos.data(), positions.c_str(), pos.size() * sizeof(int64_t));
  py::begin_fp_errors();
  if (b.is_none()) {
    ufunc_at(all[index], a, pos, nullptr);
  } else {
    Operand op = require_operand(b);
    ufunc_at(all[index], a, pos, &op);
  }
  py::report_fp_errors("at");  // NumPy names the method here
}

void bind_comparison(nb::handle cls, const char* op, const char* ufunc) {
  const Ufunc* uf = &get_ufunc(ufunc);
  set_method(cls, op, [uf](const ndarray& self, nb::handle other) { return binary_operator<false>(*uf, self, other); });
}

// ---- ufunc_call(index, args, out, dtype, casting, where) ---------------------------------
nb::object call_ufunc(int index, nb::tuple args, nb::handle out, nb::handle dtype,
                      nb::handle casting, nb::handle where) {
  std::span<const Ufunc> all = all_ufuncs();
  if (index < 0 || index >= static_cast<int>(all.size())) throw ValueError("bad ufunc index");
  const Ufunc& uf = all[index];
  const std::size_t nargs = args.size();
  if (nargs != static_cast<std::size_t>(uf.nin) &&
      nargs != static_cast<std::size_t>(uf.nin + uf.nout))
    throw TypeError(uf.name + "() takes from " + std::to_string(uf.nin) + " to " +
                    std::to_string(uf.nin + uf.nout) + " positional arguments but " +
                    std::to_string(nargs) + " were given");
  SmallVector<Operand, 4> inputs;
  for (int i = 0; i < uf.nin; ++i) inputs.push_back(require_operand(args[i]));

  UfuncOptions options;
  SmallVector<nb::handle, 4> out_objects;
  auto add_out = [&](nb::handle o) {
    out_objects.push_back(o);
    if (o.is_none()) {
      options.out.emplace_back();
    } else if (py::is_ndarray(o)) {
      options.out.push_back(py::as_ndarray(o));
    } else {
      throw TypeError("return arrays must be of ArrayType");
    }
  };
  if (nargs > static_cast<std::size_t>(uf.nin)) {
    if (!out.is_none()) throw TypeError("cannot specify 'out' as both a positional and keyword argument");
    for (int o = 0; o < uf.nout; ++o) add_out(args[uf.nin + o]);
  } else if (PyTuple_Check(out.ptr())) {
    nb::tuple t = nb::borrow<nb::tuple>(out);
    if (t.size() != static_cast<std::size_t>(uf.nout))
      throw ValueError("The 'out' tuple must have exactly " + std::to_string(uf.nout) +
                       " entries: one per ufunc output");
    for (nb::handle o : t) add_out(o);
  } else if (!out.is_none()) {
    add_out(out);
  }
  bool any_out = false;
  for (const ndarray& o : options.out) any_out = any_out || o.defined();
  if (!any_out) options.out.clear();
  options.dtype = py::to_optional_dtype(dtype);
  if (!casting.is_none()) options.casting = py::to_casting(casting);
  if (!(where.ptr() == Py_True)) {
    // Anything array-like (False, numpy.bool_, lists) becomes a boolean mask, as in NumPy.
    nb::object mask = py::is_ndarray(where)
                          ? nb::borrow(where)
                          : nb::module_::import_("cunumpy").attr("asarray")(where, "bool");
    options.where = py::as_ndarray(mask);
  }

  py::begin_fp_errors();
  std::vector<ndarray> results =
      ufunc_call(uf, std::span<const Operand>(inputs.data(), inputs.size()), options);
  py::report_fp_errors(uf.name.c_str());
  // Given outputs are returned as the very objects passed in, as NumPy does.
  auto result = [&](int o) -> nb::object {
    if (o < static_cast<int>(out_objects.size()) && !out_objects[o].is_none())
      return nb::borrow(out_objects[o]);
    return nb::cast(std::move(results[o]));
  };
  if (uf.nout == 1) return result(0);
  nb::list l;
  for (int o = 0; o < uf.nout; ++o) l.append(result(o));
  return nb::tuple(l);
}

// Base class of cunumpy.ufunc: __call__ in C++, so `cp.add(x, 1)` pays no Python frame.
struct UfuncBase {
  int index = 0;
};

nb::object ufunc_base_call(const UfuncBase& self, nb::args args, nb::kwargs kwargs) {
  nb::handle out = Py_None, dtype = Py_None, casting = Py_None, where = Py_True;
  for (auto [key, value] : kwargs) {
    const char* k = PyUnicode_AsUTF8(key.ptr());
    if (!k) throw nb::python_error();
    if (std::strcmp(k, "out") == 0) out = value;
    else if (std::strcmp(k, "dtype") == 0) dtype = value;
    else if (std::strcmp(k, "casting") == 0) casting = value;
    else if (std::strcmp(k, "where") == 0) where = value;
    else if (std::strcmp(k, "order") == 0 || std::strcmp(k, "subok") == 0) continue;  // layout follows the inputs
    else throw TypeError(std::string("'") + k + "' is an invalid keyword to ufunc '" +
                         all_ufuncs()[self.index].name + "'");
  }
  return call_ufunc(self.index, nb::tuple(args), out, dtype, casting, where);
}

// (name, nin, nout, identity, types, functor) of every registered ufunc, in registry
// order; functor: the scalar op's struct in cn_ops.h (scripts/check_ops_nvrtc.py uses it).
nb::list ufunc_infos() {
  nb::list l;
  for (const Ufunc& uf : all_ufuncs()) {
    nb::list types;
    for (const UfuncLoop& loop : uf.loops) types.append(nb::str(loop.signature.c_str()));
    l.append(nb::make_tuple(uf.name, uf.nin, uf.nout, uf.identity, types, uf.functor));
  }
  return l;
}

}  // namespace

void bind_ufuncs(nb::module_& m) {
  m.def("ufunc_call", &call_ufunc, nb::arg("index"), nb::arg("args"), nb::arg("out").none() = nb::none(),
        nb::arg("dtype").none() = nb::none(), nb::arg("casting").none() = nb::none(),
        nb::arg("where").none() = nb::borrow(Py_True));
  m.def("ufunc_infos", &ufunc_infos);
  m.def("ufunc_at", &py_ufunc_at, nb::arg("index"), nb::arg("a"), nb::arg("positions"),
        nb::arg("b").none());
  nb::class_<UfuncBase>(m, "_UfuncBase")
      .def(nb::init<>())
      .def_rw("_index", &UfuncBase::index)
      .def("__call__", &ufunc_base_call);

  nb::handle cls = nb::type<ndarray>();
  bind_binary_operator(cls, "add", "add");
  bind_binary_operator(cls, "sub", "subtract");
  bind_binary_operator(cls, "mul", "multiply");
  bind_binary_operator(cls, "truediv", "true_divide");
  bind_binary_operator(cls, "floordiv", "floor_divide");
  bind_binary_operator(cls, "mod", "remainder");
  bind_binary_operator(cls, "pow", "power");
  bind_binary_operator(cls, "and", "bitwise_and");
  bind_binary_operator(cls, "or", "bitwise_or");
  bind_binary_operator(cls, "xor", "bitwise_xor");
  bind_binary_operator(cls, "lshift", "left_shift");
  bind_binary_operator(cls, "rshift", "right_shift");
  const Ufunc* dm = &get_ufunc("divmod");
  set_method(cls, "__divmod__", [dm](const ndarray& self, nb::handle other) { return divmod_operator<false>(*dm, self, other); });
  set_method(cls, "__rdivmod__", [dm](const ndarray& self, nb::handle other) { return divmod_operator<true>(*dm, self, other); });
  bind_comparison(cls, "__eq__", "equal");
  bind_comparison(cls, "__ne__", "not_equal");
  bind_comparison(cls, "__lt__", "less");
  bind_comparison(cls, "__le__", "less_equal");
  bind_comparison(cls, "__gt__", "greater");
  bind_comparison(cls, "__ge__", "greater_equal");
  const Ufunc* neg = &get_ufunc("negative");
  const Ufunc* pos = &get_ufunc("positive");
  const Ufunc* abs = &get_ufunc("absolute");
  const Ufunc* inv = &get_ufunc("invert");
  set_method(cls, "__neg__", [neg](const ndarray& a) { return unary_operator(*neg, a); });
  set_method(cls, "__pos__", [pos](const ndarray& a) { return unary_operator(*pos, a); });
  set_method(cls, "__abs__", [abs](const ndarray& a) { return unary_operator(*abs, a); });
  set_method(cls, "__invert__", [inv](const ndarray& a) { return unary_operator(*inv, a); });
  // Defining __eq__ drops the inherited hash; arrays are unhashable, as in NumPy.
  nb::setattr(cls, "__hash__", nb::none());

}
