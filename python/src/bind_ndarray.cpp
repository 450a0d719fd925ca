// The ndarray class: attributes, views, indexing, copies and host transfer.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

#include <cmath>
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/ops/creation.hpp"
#include "cunumpy/ops/indexing.hpp"
#include "cunumpy/ops/manipulation.hpp"
#include "memory_pointer.hpp"
#include "py_convert.hpp"
#include "py_fp_errors.hpp"

namespace nb = nanobind;

namespace cunumpy::py {
namespace {

// ---- host buffers --------------------------------------------------------------------

// A NumPy array (or any buffer) viewed through the buffer protocol; strides in bytes.
struct HostBuffer {
  Py_buffer view{};
  bool ok = false;
  HostBuffer(nb::handle obj, bool writable) {
    const int flags = PyBUF_RECORDS_RO | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj.ptr(), &view, flags) != 0) throw nb::python_error();
    ok = true;
  }
  ~HostBuffer() {
    if (ok) PyBuffer_Release(&view);
  }
  Shape shape() const { return Shape(view.shape, view.shape + view.ndim); }
  Strides strides() const { return Strides(view.strides, view.strides + view.ndim); }
};

ndarray from_numpy(nb::handle arr_in, std::optional<Device> device) {
  nb::object arr = nb::borrow(arr_in);
  if (!nb::cast<bool>(arr.attr("dtype").attr("isnative")))  // byte-swapped data: native copy first
    arr = arr.attr("astype")(arr.attr("dtype").attr("newbyteorder")("="));
  const DType dtype = to_dtype(arr.attr("dtype"));
  HostBuffer buf(arr, false);
  return array_from_host(buf.view.buf, buf.shape(), buf.strides(), dtype, device.value_or(current_device()));
}

// obj.__cuda_array_interface__ when it has one that is not None (getattr(obj, name, None):
// only AttributeError means "none"). Builtin sequences and scalars are not asked.
bool has_cuda_array_interface(nb::handle obj) {
  PyObject* p = obj.ptr();
  if (PyList_CheckExact(p) || PyTuple_CheckExact(p) || PyFloat_CheckExact(p) || PyLong_CheckExact(p) ||
      PyBool_Check(p) || PyComplex_CheckExact(p))
    return false;
  PyObject* v = PyObject_GetAttrString(p, "__cuda_array_interface__");
  if (!v) {
    if (!PyErr_ExceptionMatches(PyExc_AttributeError)) throw nb::python_error();
    PyErr_Clear();
    return false;
  }
  const bool present = v != Py_None;
  Py_DECREF(v);
  return present;
}

}  // namespace

// Anything that is not one of our arrays (py_convert.hpp): nested sequences holding our
// arrays assembled on the device, CUDA-array-interface producers viewed, the rest through
// numpy.asarray and one upload.
ndarray from_python(nb::handle obj_in, std::optional<DType> dtype, bool copy_views) {
  nb::object obj = nb::borrow(obj_in);
  if (holds_device_array(obj))
    return nested_to_device_array(obj, dtype, [](nb::handle leaf) { return from_python(leaf, std::nullopt); });
  if (has_cuda_array_interface(obj)) {
    // Numba, PyTorch, CuPy device arrays: a view of their memory, no copy (PyTorch's CPU
    // tensors raise AttributeError for the attribute and convert as sequences).
    ndarray view = from_cuda_array_interface(obj);
    if (dtype && *dtype != view.dtype()) return view.astype(*dtype);
    return copy_views ? view.copy() : view;
  }
  nb::object np_arr = dtype ? numpy_module().attr("asarray")(obj, dtype_object(*dtype))
                            : numpy_module().attr("asarray")(obj);
  return from_numpy(np_arr, std::nullopt);
}

namespace {

void copy_into_numpy(const ndarray& a, nb::handle out, bool blocking) {
  const DType od = to_dtype(out.attr("dtype"));
  HostBuffer buf(out, true);
  if (buf.shape() != a.shape())
    throw ValueError("Shape mismatch: cannot copy an array of shape " + shape_str(a.shape()) +
                     " into an array of shape " + shape_str(buf.shape()));
  if (od != a.dtype())
    throw TypeError(std::string("dtype mismatch: cannot copy ") + a.dtype().name() + " data into a " +
                    od.name() + " array");
  if (is_c_contiguous(buf.shape(), buf.strides(), a.itemsize())) {
    a.copy_to_host(buf.view.buf, blocking);
    return;
  }
  // Strided destination: bring the data to host memory, then scatter with the CPU backend.
  ndarray host = a.to(Device::cpu());
  const auto [lo, hi] = byte_extent(buf.shape(), buf.strides(), a.itemsize());
  auto mem = wrap_memory(static_cast<char*>(buf.view.buf) + lo, static_cast<std::size_t>(hi - lo), Device::cpu(), nullptr);
  ndarray dst(mem, -lo, buf.shape(), buf.strides(), a.dtype());
  dst.assign(host);
}

// ---- indexing -----------------------------------------------------------------------

[[noreturn]] void invalid_index();

// An index-sized integer from a Python int (or an object with __index__).
int64_t index_value(PyObject* p) {
  nb::object holder;
  if (!PyLong_Check(p)) {
    holder = nb::steal(PyNumber_Index(p));
    if (!holder.is_valid()) {
      // NumPy: an object whose __index__ raises is not a valid index (IndexError), but an
      // interrupt or a MemoryError stays what it is.
      if (PyErr_ExceptionMatches(PyExc_KeyboardInterrupt) || PyErr_ExceptionMatches(PyExc_MemoryError))
        throw nb::python_error();
      PyErr_Clear();
      invalid_index();
    }
    p = holder.ptr();
  }
  const long long v = PyLong_AsLongLong(p);
  if (v == -1 && PyErr_Occurred()) {
    // NumPy: a value that still fits 64 unsigned bits is an OverflowError, beyond it an IndexError.
    PyErr_Clear();
    PyLong_AsUnsignedLongLong(p);
    const bool fits_u64 = !PyErr_Occurred();
    PyErr_Clear();
    if (fits_u64) throw OverflowError("Python int too large to convert to C long");
    invalid_index();
  }
  return v;
}

[[noreturn]] void invalid_index() {
  throw IndexError("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                   "integer or boolean arrays are valid indices");
}

// An index tuple: basic items while only those appear (no heap allocation), all items once
// an array (integer or boolean) appears.
struct ParsedIndex {
  SmallVector<Index, 8> basic;
  std::vector<IndexItem> items;
  bool advanced = false;
  bool scalar_array = false;  // a 0-d integer array: an integer, but the result is a copy
  Device device;  // where index arrays from the host are uploaded

  void push(Index i) {
    if (advanced) items.push_back(std::visit([](auto v) -> IndexItem { return v; }, i));
    else basic.push_back(i);
  }
  void push_array(ndarray a) {
    if (!advanced) {
      for (const Index& b : basic) items.push_back(std::visit([](auto v) -> IndexItem { return v; }, b));
      advanced = true;
    }
    items.push_back(std::move(a));
  }
  std::span<const Index> basic_span() const { return {basic.data(), basic.size()}; }
};

[[noreturn]] void non_integer_array_index() {
  throw IndexError("arrays used as indices must be of integer (or boolean) type");
}

ndarray bool_scalar_index(bool v) {
  ndarray b(Shape{}, bool_, Order::C, Device::cpu());
  b.fill(Scalar(v));
  return b;
}

// A list, nested tuple or host array used as an index: NumPy's asarray, then an integer
// (or, empty, intp) or boolean array uploaded to the indexed array's device.
void push_host_index(nb::handle item, ParsedIndex& out) {
  nb::object arr = numpy_module().attr("asarray")(item);
  const char kind = nb::cast<std::string>(arr.attr("dtype").attr("kind"))[0];
  const int64_t size = nb::cast<int64_t>(arr.attr("size"));
  const int ndim = nb::cast<int>(arr.attr("ndim"));
  if (kind != 'b' && kind != 'i' && kind != 'u') {
    if (size != 0 && !PyList_Check(item.ptr()) && !PyTuple_Check(item.ptr()) && kind != 'O') non_integer_array_index();
    if (size != 0 || kind == 'O' || kind == 'U' || kind == 'S') invalid_index();
    arr = arr.attr("astype")(numpy_module().attr("intp"));
  }
  if (ndim == 0 && kind != 'b') {  // a 0-d host integer array is an integer
    out.push(index_value(arr.ptr()));
    out.scalar_array = true;
    return;
  }
  out.push_array(from_numpy(arr, out.device));
}

void parse_index_item(nb::handle item, ParsedIndex& out) {
  PyObject* p = item.ptr();
  if (PyLong_Check(p) && !PyBool_Check(p)) {
    out.push(index_value(p));
  } else if (PySlice_Check(p)) {
    auto* s = reinterpret_cast<PySliceObject*>(p);
    Py_ssize_t start, stop, step;
    if (PySlice_Unpack(p, &start, &stop, &step) < 0) throw nb::python_error();  // Python's clamping
    out.push(Slice{s->start == Py_None ? std::nullopt : std::optional<int64_t>(start),
                   s->stop == Py_None ? std::nullopt : std::optional<int64_t>(stop),
                   s->step == Py_None ? std::nullopt : std::optional<int64_t>(step)});
  } else if (p == Py_Ellipsis) {
    out.push(ellipsis);
  } else if (p == Py_None) {
    out.push(newaxis);
  } else if (is_ndarray(item)) {
    const ndarray& a = as_ndarray(item);
    if (!a.dtype().is_integer() && !a.dtype().is_bool()) non_integer_array_index();
    out.push_array(a);
  } else if (PyBool_Check(p)) {
    out.push_array(bool_scalar_index(p == Py_True));
  } else if (is_numpy_scalar(item)) {
    if (PyObject_IsInstance(p, numpy_module().attr("bool_").ptr())) {
      out.push_array(bool_scalar_index(PyObject_IsTrue(p) == 1));
    } else if (PyIndex_Check(p)) {
      out.push(index_value(p));
    } else {
      invalid_index();
    }
  } else if (PyList_Check(p) || PyTuple_Check(p) || PyObject_HasAttrString(p, "__array_interface__")) {
    push_host_index(item, out);
  } else if (PyIndex_Check(p)) {
    out.push(index_value(p));
  } else {
    invalid_index();
  }
}

ParsedIndex parse_index(nb::handle key, Device device) {
  ParsedIndex idx;
  idx.device = device;
  if (PyTuple_Check(key.ptr())) {
    const Py_ssize_t n = PyTuple_GET_SIZE(key.ptr());
    for (Py_ssize_t i = 0; i < n; ++i) parse_index_item(PyTuple_GET_ITEM(key.ptr(), i), idx);
  } else {
    parse_index_item(key, idx);
  }
  return idx;
}

// ---- scalars assigned into arrays ------------------------------------------------------

// NumPy converts a Python scalar stored into an array with int()/float() of the target
// kind: complex into a real type, NaN or inf into an integer type, and integers that do
// not fit raise; everything else is cast.
}  // namespace
void check_python_scalar_store(nb::handle value, const Scalar& s, DType d) {
  PyObject* p = value.ptr();
  if (d.is_bool() || d.is_complex()) return;
  if (PyComplex_Check(p)) {
    if (d.is_integer())
      throw TypeError("int() argument must be a string, a bytes-like object or a real number, not 'complex'");
    throw TypeError("float() argument must be a string or a real number, not 'complex'");
  }
  if (PyFloat_Check(p) && d.is_integer()) {
    const double v = s.to_double();
    if (v != v) throw ValueError("cannot convert float NaN to integer");
    if (v == 1.0 / 0.0 || v == -1.0 / 0.0) throw OverflowError("cannot convert float infinity to integer");
    const double t = std::trunc(v);  // int(v), range-checked
    const int bits = d.itemsize() * 8;
    const double lo = d.is_unsigned_integer() ? 0.0 : -std::ldexp(1.0, bits - 1);
    const double hi = d.is_unsigned_integer() ? std::ldexp(1.0, bits) : std::ldexp(1.0, bits - 1);
    if (t < lo || t >= hi) {
      nb::object i = nb::steal(PyLong_FromDouble(t));
      throw OverflowError("Python integer " + nb::cast<std::string>(nb::str(i)) + " out of bounds for " + d.name());
    }
    return;
  }
  // NumPy integer scalars are range-checked only into signed types (NumPy 2 converts them
  // through a C long there, and wraps them into unsigned types).
  const bool numpy_int = is_numpy_scalar(value) && s.dtype().is_integer() && d.is_signed_integer();
  if ((!PyLong_Check(p) || PyBool_Check(p)) && !numpy_int) return;
  if (!d.is_integer()) return;
  const int bits = d.itemsize() * 8;
  bool fits;
  if (s.dtype() == uint64) {
    fits = d.is_unsigned_integer() ? bits == 64 || s.to_uint64() < (uint64_t(1) << bits)
                                   : s.to_uint64() < (uint64_t(1) << (bits - 1));
  } else {
    const int64_t v = s.to_int64();
    if (d.is_unsigned_integer())
      fits = v >= 0 && (bits == 64 || static_cast<uint64_t>(v) < (uint64_t(1) << bits));
    else
      fits = bits == 64 || (v >= -(int64_t(1) << (bits - 1)) && v < (int64_t(1) << (bits - 1)));
  }
  if (!fits)
    throw OverflowError("Python integer " + s.repr() + " out of bounds for " + d.name());
}
// A Python/NumPy scalar to store into a `d` array: check_python_scalar_store's rules, and
// a Python int beyond 64 bits converts with float() into a float or complex array.
Scalar store_scalar(nb::handle value, DType d) {
  if (PyLong_Check(value.ptr()) && !PyBool_Check(value.ptr()) && d.is_inexact()) {
    int overflow = 0;
    (void)PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
    if (overflow != 0) {
      const double v = PyLong_AsDouble(value.ptr());
      if (v == -1.0 && PyErr_Occurred()) throw nb::python_error();
      return Scalar(v);
    }
  }
  Scalar s = to_scalar(value);
  check_python_scalar_store(value, s, d);
  return s;
}
namespace {

void setitem_impl(ndarray& a, nb::handle key, nb::handle value) {
  ParsedIndex idx = parse_index(key, a.device());
  if (idx.advanced) {
    ndarray v;
    if (is_ndarray(value)) {
      v = as_ndarray(value);
    } else if (is_python_scalar(value) || is_numpy_scalar(value)) {
      Scalar s;
      try {
        s = store_scalar(value, a.dtype());
      } catch (...) {
        (void)index(a, idx.items);  // NumPy reports a bad index before a bad value
        throw;
      }
      v = ndarray(Shape{}, a.dtype(), Order::C, a.device());
      v.fill(s);
    } else {
      v = from_python(value, a.dtype());
    }
    index_assign(a, idx.items, v);
    return;
  }
  ndarray target = a[idx.basic_span()];
  if (is_ndarray(value)) {
    target.assign(as_ndarray(value));
  } else if (is_python_scalar(value) || is_numpy_scalar(value)) {
    target.fill(store_scalar(value, a.dtype()));
  } else {
    ndarray v = from_python(value, a.dtype());
    if (v.ndim() > target.ndim())  // NumPy converts sequences with at most the target's ndim
      throw ValueError("setting an array element with a sequence. The requested array would exceed "
                       "the maximum number of dimension of " + std::to_string(target.ndim()) + ".");
    target.assign(v);
  }
}

// An array value is cast into a's dtype: NumPy reports that cast's errors ("invalid value
// encountered in cast" for NaN into an integer array).
void setitem(ndarray& a, nb::handle key, nb::handle value) {
  py::begin_fp_errors();
  setitem_impl(a, key, value);
  py::report_fp_errors("cast");
}

ndarray getitem(const ndarray& a, nb::handle key) {
  ParsedIndex idx = parse_index(key, a.device());
  if (idx.advanced) return index(a, idx.items);
  if (idx.scalar_array) return a[idx.basic_span()].copy(Order::K);  // as NumPy: no view
  return a[idx.basic_span()];
}
// A cunumpy.ndarray for the signatures (and type stubs) of the methods returning one.
using ArrayObject = nb::typed<nb::object, ndarray>;
ArrayObject as_view_of(nb::handle self, ndarray v);

// ---- Python scalar conversions of 0-d arrays (NumPy 2 refuses ndim > 0) ---------------

Scalar single_value(const ndarray& a, const char* what) {
  if (a.ndim() != 0) throw TypeError("only 0-dimensional arrays can be converted to Python scalars");
  const Scalar s = a.item();
  if (s.dtype().is_complex() && what[0] != 'c') {
    if (what[0] == 'i')
      throw TypeError("int() argument must be a string, a bytes-like object or a real number, not 'complex'");
    throw TypeError("float() argument must be a string or a real number, not 'complex'");
  }
  return s;
}

// An item() index: what operator.index() accepts (TypeError otherwise, as NumPy).
int64_t item_index(nb::handle h) {
  if (PyBool_Check(h.ptr())) throw TypeError("an integer is required");
  nb::object i = nb::steal(PyNumber_Index(h.ptr()));
  if (!i.is_valid()) throw nb::python_error();
  const long long v = PyLong_AsLongLong(i.ptr());
  if (v == -1 && PyErr_Occurred()) throw nb::python_error();
  return v;
}

nb::object item(const ndarray& a, nb::args args) {
  if (args.size() == 0) return scalar_to_python(a.item());
  SmallVector<Index, 8> idx;
  nb::handle t = args.size() == 1 ? args[0] : nb::handle(args);
  const bool tuple = PyTuple_Check(t.ptr());
  if (tuple && PyTuple_GET_SIZE(t.ptr()) == 0) return scalar_to_python(a.item());
  if (!tuple || PyTuple_GET_SIZE(t.ptr()) == 1) {  // one integer (or a 1-tuple): a flat index
    int64_t k = item_index(tuple ? nb::handle(PyTuple_GET_ITEM(t.ptr(), 0)) : t);
    const int64_t n = a.size();
    if (k < -n || k >= n) throw IndexError("index " + std::to_string(k) + " is out of bounds for size " + std::to_string(n));
    if (k < 0) k += n;
    for (int d = a.ndim() - 1; d >= 0; --d) {
      idx.insert(0, k % a.shape()[d]);
      k /= a.shape()[d];
    }
  } else {
    for (nb::handle h : t) idx.push_back(item_index(h));
    if (static_cast<int>(idx.size()) != a.ndim()) throw ValueError("incorrect number of indices for array");
  }
  return scalar_to_python(a[std::span<const Index>(idx.data(), idx.size())].item());
}

// Gathers *shape-style arguments: f(2, 3), f((2, 3)) and f([2, 3]) mean the same.
nb::handle single_or_tuple(nb::args args) { return args.size() == 1 ? args[0] : nb::handle(args); }

// A view's `base` is the Python object that owns the memory, as in NumPy and CuPy
// (a[1:][1:].base is a). The C++ handle knows the owner's data; the owner's Python object
// is remembered in the view's instance dict, under "_cn_base".
nb::object owner_object(nb::handle self) {
  const ndarray& s = as_ndarray(self);
  if (s.owndata()) return nb::borrow(self);
  PyObject* dict = PyObject_GenericGetDict(self.ptr(), nullptr);
  if (!dict) { PyErr_Clear(); return nb::object(); }
  nb::object d = nb::steal(dict);
  PyObject* o = PyDict_GetItemString(d.ptr(), "_cn_base");  // borrowed
  return o ? nb::borrow(o) : nb::object();
}

ArrayObject as_view_of(nb::handle self, ndarray v) {
  const bool shares = !v.owndata() && v.memory() == as_ndarray(self).memory();
  nb::object r = nb::cast(std::move(v));
  if (shares) {
    nb::object owner = owner_object(self);
    if (owner.is_valid()) nb::setattr(r, "_cn_base", owner);
  }
  return r;
}

// The array's flags: the contiguity and ownership as they were when read, and a handle
// to the array itself so that `a.flags.writeable = False` changes the array.
struct Flags {
  bool c_contiguous, f_contiguous, owndata;
  ndarray array;
};

}  // namespace

void bind_ndarray(nb::module_& m) {
  nb::class_<Flags>(m, "Flags")
      .def_ro("c_contiguous", &Flags::c_contiguous)
      .def_ro("f_contiguous", &Flags::f_contiguous)
      .def_ro("owndata", &Flags::owndata)
      .def_prop_rw("writeable", [](const Flags& f) { return f.array.writeable(); },
                   [](Flags& f, nb::handle v) { f.array.set_writeable(PyObject_IsTrue(v.ptr()) == 1); })
      .def("__getitem__", [](const Flags& f, const std::string& k) {
        if (k == "C_CONTIGUOUS" || k == "C" || k == "CONTIGUOUS") return f.c_contiguous;
        if (k == "F_CONTIGUOUS" || k == "F" || k == "FORTRAN") return f.f_contiguous;
        if (k == "OWNDATA" || k == "O") return f.owndata;
        if (k == "WRITEABLE" || k == "W") return f.array.writeable();
        throw nb::key_error(k.c_str());
      })
      .def("__setitem__", [](Flags& f, const std::string& k, nb::handle v) {
        if (k != "WRITEABLE" && k != "W") throw nb::key_error(k.c_str());
        f.array.set_writeable(PyObject_IsTrue(v.ptr()) == 1);
      })
      .def("__repr__", [](const Flags& f) {
        auto b = [](bool v) { return v ? std::string("True") : std::string("False"); };
        return "  C_CONTIGUOUS : " + b(f.c_contiguous) + "\n  F_CONTIGUOUS : " + b(f.f_contiguous) +
               "\n  OWNDATA : " + b(f.owndata) + "\n  WRITEABLE : " + b(f.array.writeable());
      });

  nb::class_<ndarray> cls(m, "ndarray", nb::dynamic_attr(), nb::is_weak_referenceable(),
                          "An N-dimensional array on a device (cunumpy.cuda.Device or the CPU backend), with\n"
                          "numpy.ndarray's attributes and methods (CuPy's cupy.ndarray). ``ndarray(shape, dtype,\n"
                          "memptr=None, strides=None, order='C')`` allocates one, or views memptr's memory.");
  cls.def("__init__",
          [](ndarray* self, nb::handle shape, nb::handle dtype, nb::handle memptr, nb::handle strides,
             nb::handle order) {
            const Shape sh = to_shape(shape);
            const DType dt = to_dtype(dtype);
            const Order o = to_order(order, Order::C);
            if (memptr.is_none()) {
              if (!strides.is_none())
                throw ValueError("ndarray(): strides can only be given together with memptr");
              new (self) ndarray(sh, dt, o);
              return;
            }
            // A view of memory given by the caller (CuPy's memptr=): no copy, no ownership
            // beyond keeping the Memory alive; checked against the memory's size.
            const auto& mp = nb::cast<const MemoryPointer&>(memptr);
            if (!mp.mem) throw ValueError("ndarray(): memptr holds no memory");
            const Strides st = strides.is_none() ? contiguous_strides(sh, dt.itemsize(), o == Order::F ? Order::F : Order::C)
                                                 : to_shape(strides);
            if (st.size() != sh.size())
              throw ValueError("ndarray(): strides " + shape_str(st) + " do not match shape " + shape_str(sh));
            new (self) ndarray(mp.mem, mp.offset, sh, st, dt);
          },
          nb::arg("shape"), nb::arg("dtype") = nb::none(), nb::arg("memptr") = nb::none(),
          nb::arg("strides") = nb::none(), nb::arg("order").none() = "C")
      // attributes
      .def_prop_ro("shape", [](const ndarray& a) { return shape_to_tuple(a.shape()); },
                   nb::for_getter(nb::sig("def shape(self, /) -> tuple[int, ...]")),
                   nb::for_getter("Lengths of the array's dimensions."))
      .def_prop_ro("strides", [](const ndarray& a) { return shape_to_tuple(a.strides()); },
                   nb::for_getter(nb::sig("def strides(self, /) -> tuple[int, ...]")),
                   nb::for_getter("Bytes to step in each dimension to go to the next element."))
      .def_prop_ro("ndim", &ndarray::ndim, nb::for_getter("Number of dimensions."))
      .def_prop_ro("size", &ndarray::size, nb::for_getter("Number of elements."))
      .def_prop_ro("itemsize", &ndarray::itemsize, nb::for_getter("Bytes per element."))
      .def_prop_ro("nbytes", &ndarray::nbytes, nb::for_getter("Bytes of all elements (size * itemsize)."))
      .def_prop_ro("dtype", [](const ndarray& a) { return dtype_object(a.dtype()); },
                   nb::for_getter(nb::sig("def dtype(self, /) -> numpy.dtype")),
                   nb::for_getter("The element type (NumPy's dtype object)."))
      .def_prop_ro("flags", [](const ndarray& a) { return Flags{a.c_contiguous(), a.f_contiguous(), a.owndata(), a}; },
                   nb::for_getter("Memory layout flags (C_CONTIGUOUS, F_CONTIGUOUS, OWNDATA, WRITEABLE)."))
      .def_prop_ro("base", [](nb::handle self) -> nb::object {
        const ndarray& a = as_ndarray(self);
        if (a.owndata()) return nb::none();
        nb::object owner = owner_object(self);
        if (owner.is_valid()) return owner;
        return nb::cast(a.base());
      }, nb::for_getter(nb::sig("def base(self, /) -> ndarray | None")),
         nb::for_getter("The array whose memory this view shares, or None when it owns its memory."))
      .def_prop_ro("data", [](const ndarray& a) {
        return MemoryPointer{a.memory(), a.offset()};
      }, nb::for_getter("Pointer to the first element's memory (cunumpy.cuda.MemoryPointer)."))
      .def_prop_ro("_device_kind", [](const ndarray& a) { return a.device().is_cuda() ? "cuda" : "cpu"; })
      .def_prop_ro("_device_index", [](const ndarray& a) { return a.device().index; })
      // The real or imaginary part of a complex array: a view sharing its memory (the
      // `real`/`imag` properties in _ufunc_functions.py handle the other dtypes).
      .def("_complex_part", [](nb::handle self, bool imag) {
             const ndarray& a = as_ndarray(self);
             if (!a.dtype().is_complex()) throw TypeError("_complex_part needs a complex array");
             DType r = real_dtype(a.dtype());
             ndarray v(a.memory(), a.offset() + (imag && a.size() > 0 ? r.itemsize() : 0), a.shape(),
                       a.strides(), r, a);
             return as_view_of(self, std::move(v));
           }, nb::arg("imag"))
      .def_prop_ro("T", [](nb::handle self) { return as_view_of(self, as_ndarray(self).T()); },
                   nb::for_getter("The transposed array (a view; axes reversed)."))
      .def_prop_ro("mT", [](nb::handle self) { return as_view_of(self, as_ndarray(self).mT()); },
                   nb::for_getter("The last two axes swapped (a view; at least 2-d)."))
      // views
      .def("reshape",
           [](nb::handle self, nb::args args, nb::kwargs kw) {
             const ndarray& a = as_ndarray(self);
             Order order = Order::C;
             nb::handle copy = nb::none();
             for (auto [k, v] : kw) {
               const std::string key = nb::cast<std::string>(k);
               if (key == "order") order = to_order(v, Order::C);
               else if (key == "copy") copy = v;
               else throw TypeError("reshape() got an unexpected keyword argument '" + key + "'");
             }
             if (args.size() == 0) throw TypeError("reshape() takes exactly 1 argument (0 given)");
             // NumPy reads a lone None as "no new shape": a view of the same shape.
             nb::handle shape = single_or_tuple(args);
             ndarray r = a.reshape(shape.is_none() ? a.shape() : to_shape(shape), order);
             // NumPy 2's copy=: False forbids a copy, True always copies.
             const bool is_view = r.memory() == a.memory();
             if (!copy.is_none()) {
               if (!nb::cast<bool>(copy) && !is_view)
                 throw ValueError("Unable to avoid creating a copy while reshaping.");
               if (nb::cast<bool>(copy) && is_view) r = r.copy(order == Order::F ? Order::F : Order::C);
             }
             return as_view_of(self, std::move(r));
           },
           nb::sig("def reshape(self, *shape: int | tuple[int, ...], order: str = 'C', copy: bool | None = None) -> ndarray"),
           "A view with the same data in a new shape (a copy when strides do not allow a view);\n"
           "``a.reshape(2, 3)`` and ``a.reshape((2, 3))`` are the same, one dimension may be -1.\n"
           "``copy=False`` raises ValueError when a copy is needed, ``copy=True`` always copies\n"
           "(numpy.ndarray.reshape).")
      .def("transpose",
           [](nb::handle self, nb::args args) {
             const ndarray& a = as_ndarray(self);
             if (args.size() == 0 || (args.size() == 1 && args[0].is_none())) return as_view_of(self, a.transpose());
             // NumPy reads transpose's axes as it reads a shape (intp): an int beyond int64 is
             // its ValueError "Maximum allowed dimension exceeded", a bool a TypeError.
             const Shape axes = to_shape(single_or_tuple(args));
             return as_view_of(self, a.transpose(std::span<const int64_t>(axes.data(), axes.size())));
           },
           nb::sig("def transpose(self, *axes: int | tuple[int, ...] | None) -> ndarray"),
           "A view with the axes permuted: reversed without arguments, else in the given order\n"
           "(``a.transpose(1, 0, 2)`` or ``a.transpose((1, 0, 2))``; numpy.ndarray.transpose).")
      .def("swapaxes",
           [](nb::handle self, int64_t a1, int64_t a2) { return as_view_of(self, as_ndarray(self).swapaxes(a1, a2)); },
           nb::arg("axis1"), nb::arg("axis2"), "A view with axes axis1 and axis2 interchanged.")
      .def("squeeze",
           [](nb::handle self, nb::handle axis) {
             const ndarray& a = as_ndarray(self);
             if (axis.is_none()) return as_view_of(self, a.squeeze());
             // NumPy's squeeze takes a tuple or one integer: a list (even []) is its TypeError.
             if (!nb::isinstance<nb::tuple>(axis) && !PyIndex_Check(axis.ptr()))
               throw_not_an_integer(axis);
             auto axes = to_axes(axis);
             // NumPy accepts a single integer axis 0 or -1 on a 0-d array (not a tuple).
             if (a.ndim() == 0 && !nb::isinstance<nb::tuple>(axis) && axes.size() == 1 && (axes[0] == 0 || axes[0] == -1))
               return as_view_of(self, a.squeeze());
             return as_view_of(self, a.squeeze(std::span<const int64_t>(axes.data(), axes.size())));
           },
           nb::arg("axis") = nb::none(), "A view without the length-1 axes (all of them, or those in axis).")
      .def("ravel",
           [](nb::handle self, nb::handle order) { return as_view_of(self, as_ndarray(self).ravel(to_order(order, Order::C))); },
           nb::arg("order").none() = "C", "The elements as a 1-d array: a view when the layout allows, else a copy.")
      .def("flatten", [](const ndarray& a, nb::handle order) { return a.flatten(to_order(order, Order::C)); },
           nb::arg("order").none() = "C", "A 1-d copy of the elements in the given order.")
      .def("view",
           [](nb::handle self, nb::handle dtype) {
             const ndarray& a = as_ndarray(self);
             return as_view_of(self, dtype.is_none() ? a.view(a.dtype()) : a.view(to_dtype(dtype)));
           },
           nb::arg("dtype") = nb::none(), "A view of the same memory read as another dtype (same itemsize).")
      // copies and casts
      .def("copy", [](const ndarray& a, nb::handle order) { return a.copy(to_order(order, Order::C)); },
           nb::arg("order").none() = "C", "A copy of the array on the same device, in the given memory order.")
      .def("astype",
           [](nb::handle self, nb::handle dtype, nb::handle order, nb::handle casting, nb::handle subok,
              bool copy) -> ArrayObject {
             const ndarray& a = as_ndarray(self);
             const DType to = to_dtype(dtype);
             const Casting cast = to_casting(casting);
             if (a.dtype().is_complex() && (to.is_integer() || to.is_floating()) && can_cast(a.dtype(), to, cast)) {
               nb::object w = nb::module_::import_("numpy.exceptions").attr("ComplexWarning");
               if (PyErr_WarnEx(w.ptr(), "Casting complex values to real discards the imaginary part", 1) < 0)
                 throw nb::python_error();
             }
             const Order ord = to_order(order, Order::K);
             py::begin_fp_errors();
             ndarray r = a.astype(to, ord, cast, copy);
             py::report_fp_errors("cast");
             if (!copy && r.memory() == a.memory() && r.dtype() == a.dtype() && r.shape() == a.shape() &&
                 r.strides() == a.strides() && r.offset() == a.offset())
               return nb::borrow(self);  // no copy: the array itself, as NumPy
             return nb::cast(std::move(r));
           },
           nb::arg("dtype").none(), nb::arg("order").none() = "K", nb::arg("casting") = "unsafe", nb::arg("subok") = nb::none(),
           nb::arg("copy") = true,
           "The array cast to dtype under the casting rule (ComplexWarning when an imaginary part is\n"
           "dropped); with copy=False the array itself when nothing changes (numpy.ndarray.astype).")
      .def("fill",
           [](ndarray& a, nb::handle value) {
             a.fill(store_scalar(value, a.dtype()));
           },
           nb::arg("value"), "Sets every element to value (cast to the array's dtype).")
      .def("diagonal",
           [](nb::handle self, int64_t offset, int64_t axis1, int64_t axis2) {
             return as_view_of(self, diagonal(as_ndarray(self), offset, axis1, axis2));
           },
           nb::arg("offset") = 0, nb::arg("axis1") = 0, nb::arg("axis2") = 1,
           "The diagonal with the given offset of the axis1/axis2 planes (a read-only view).")
      .def("__copy__", [](const ndarray& a) { return a.copy(Order::K); }, "copy.copy(a): a.copy(order='K').")
      .def("__deepcopy__", [](const ndarray& a, nb::handle) { return a.copy(Order::K); }, nb::arg("memo"),
           "copy.deepcopy(a): a.copy(order='K').")
      // indexing
      .def("__getitem__", [](nb::handle self, nb::handle key) { return as_view_of(self, getitem(as_ndarray(self), key)); },
           nb::arg("key").none(), "a[key]: basic indexing gives a view, advanced indexing a copy (NumPy's rules).")
      .def("__setitem__", &setitem, nb::arg("key").none(), nb::arg("value").none(),
           "a[key] = value: value is broadcast and cast to the selected elements.")
      // host transfer and Python conversions
      .def("_copy_to_numpy", &copy_into_numpy, nb::arg("out"), nb::arg("blocking") = true)
      .def("_copy_from_numpy",
           [](ndarray& a, nb::handle arr) {
             ndarray src = from_numpy(arr, a.device());
             if (src.shape() != a.shape())
               throw ValueError("Shape mismatch. Old shape: " + shape_str(a.shape()) +
                                ", new shape: " + shape_str(src.shape()));
             if (src.dtype() != a.dtype())
               throw TypeError(std::string("Type mismatch: cannot set a ") + a.dtype().name() +
                               " array from " + src.dtype().name() + " data");
             a.assign(src);
           },
           nb::arg("arr"))
      .def("item", &item, nb::sig("def item(self, *args: int) -> int | float | complex | bool"),
           "One element as a Python scalar: the only one, or at a flat index, or at one index per\n"
           "axis (numpy.ndarray.item). Waits for the device.")
      .def("__len__",
           [](const ndarray& a) {
             if (a.ndim() == 0) throw TypeError("len() of unsized object");
             return a.shape()[0];
           })
      .def("__bool__",
           [](const ndarray& a) {
             if (a.size() == 0)
               throw ValueError("The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an array is not empty.");
             if (a.size() > 1)
               throw ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
             return a.item().to_bool();
           })
      .def("__int__", [](const ndarray& a) { return nb::int_(scalar_to_python(single_value(a, "int"))); })
      .def("__float__", [](const ndarray& a) { return nb::float_(scalar_to_python(single_value(a, "float"))); })
      .def("__complex__",
           [](const ndarray& a) {
             auto c = single_value(a, "complex").to_complex();
             return nb::steal(PyComplex_FromDoubles(c.real(), c.imag()));
           })
      .def("__index__",
           [](const ndarray& a) {
             if (!a.dtype().is_integer() || a.ndim() != 0)
               throw TypeError("only integer scalar arrays can be converted to a scalar index");
             return scalar_to_python(a.item());
           })
      .def("__array__",
           [](const ndarray&, nb::args, nb::kwargs) {
             throw TypeError("Implicit conversion to a NumPy array is not allowed. "
                             "Please use `.get()` to construct a NumPy array explicitly.");
           },
           "Raises TypeError, as CuPy: copy to the host explicitly with .get() or cunumpy.asnumpy().");
  // NumPy must not treat our arrays as sequences in its ufuncs: defer to our operators.
  cls.attr("__array_ufunc__") = nb::none();
  cls.attr("__array_priority__") = 100;
  // The class's __module__ ("cunumpy", as CuPy's cupy.ndarray) is set in module.cpp once
  // every binding file has added its methods, which keep cunumpy._core as their module.

  m.def("same_array", [](const ndarray& a, const ndarray& b) { return a.same_handle(b); });
  m.def("from_numpy", [](nb::handle arr) { return from_numpy(arr, std::nullopt); });
  m.def("from_python", [](nb::handle obj, nb::handle dtype, bool copy_views) {
    return from_python(obj, to_optional_dtype(dtype), copy_views);
  }, nb::arg("obj"), nb::arg("dtype") = nb::none(), nb::arg("copy_views") = false);
}

}  // namespace cunumpy::py
