#include "py_convert.hpp"

#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"

namespace cunumpy::py {
namespace {

// Handles that are never released: they live as long as the process, and C++ static
// destructors run after the interpreter is gone.
nb::handle g_numpy;
nb::handle g_numpy_dtype_type;
nb::handle g_numpy_generic;
nb::handle g_dtypes[kNumDTypes];
// The NumPy scalar types (np.float32, ...), by DTypeId: dtype=np.float32 is the common
// spelling, and asking numpy.dtype() each time costs most of a small allocation.
nb::handle g_scalar_types[kNumDTypes];

std::string obj_type_name(nb::handle obj) {
  return nb::borrow<nb::str>(nb::handle(reinterpret_cast<PyObject*>(Py_TYPE(obj.ptr()))).attr("__name__")).c_str();
}

DType from_numpy_dtype(nb::handle d) {
  // numpy dtype: kind + itemsize identify our 14 types; other kinds are unsupported.
  nb::str kind = nb::borrow<nb::str>(d.attr("kind"));
  const int itemsize = nb::cast<int>(d.attr("itemsize"));
  const char k = kind.c_str()[0];
  if ((k == 'b' && itemsize == 1) || ((k == 'i' || k == 'u') && (itemsize == 1 || itemsize == 2 || itemsize == 4 || itemsize == 8)) ||
      (k == 'f' && (itemsize == 2 || itemsize == 4 || itemsize == 8)) || (k == 'c' && (itemsize == 8 || itemsize == 16)))
    return dtype_from_kind(k, itemsize);
  throw TypeError("cunumpy does not support the data type " +
                  std::string(nb::str(d).c_str()) + " (supported: bool, int8-int64, uint8-uint64, "
                  "float16, float32, float64, complex64, complex128)");
}

}  // namespace

void throw_not_an_integer(nb::handle obj) {
  throw TypeError("'" + obj_type_name(obj) + "' object cannot be interpreted as an integer");
}

void init_convert() {
  g_numpy = nb::module_::import_("numpy").release();
  g_numpy_dtype_type = nb::object(g_numpy.attr("dtype")).release();
  g_numpy_generic = nb::object(g_numpy.attr("generic")).release();
  for (int i = 0; i < kNumDTypes; ++i)
    g_dtypes[i] = g_numpy_dtype_type(DType(static_cast<DTypeId>(i)).name()).release();
  for (int i = 0; i < kNumDTypes; ++i) g_scalar_types[i] = nb::object(g_dtypes[i].attr("type")).release();
}

nb::handle numpy_module() { return g_numpy; }

nb::object dtype_object(DType d) { return nb::borrow(g_dtypes[static_cast<int>(d.id())]); }

DType to_dtype(nb::handle obj) {
  if (obj.is_none()) return float64;  // NumPy: dtype=None means float64 for creation
  if (PyObject_TypeCheck(obj.ptr(), reinterpret_cast<PyTypeObject*>(g_numpy_dtype_type.ptr())))
    return from_numpy_dtype(obj);
  if (nb::isinstance<nb::str>(obj)) {
    const char* s = nb::borrow<nb::str>(obj).c_str();
    try {
      return dtype_from_string(s);
    } catch (const TypeError&) {
      // Let NumPy parse exotic spellings ('>f4' on little endian is rejected below).
      nb::object d;
      try {
        d = g_numpy_dtype_type(obj);
      } catch (nb::python_error&) {
        throw TypeError("data type '" + std::string(s) + "' not understood");
      }
      if (nb::cast<std::string>(d.attr("byteorder")) == ">")
        throw TypeError("cunumpy supports native byte order only (got '" + std::string(s) + "')");
      return from_numpy_dtype(d);
    }
  }
  for (int i = 0; i < kNumDTypes; ++i)
    if (obj.ptr() == g_scalar_types[i].ptr()) return DType(static_cast<DTypeId>(i));
  if (obj.ptr() == reinterpret_cast<PyObject*>(&PyBool_Type)) return bool_;
  if (obj.ptr() == reinterpret_cast<PyObject*>(&PyLong_Type)) return int64;
  if (obj.ptr() == reinterpret_cast<PyObject*>(&PyFloat_Type)) return float64;
  if (obj.ptr() == reinterpret_cast<PyObject*>(&PyComplex_Type)) return complex128;
  if (is_ndarray(obj)) return as_ndarray(obj).dtype();
  // Scalar types (np.float32), objects with a .dtype attribute, anything NumPy accepts.
  nb::object d;
  try {
    d = g_numpy_dtype_type(obj);
  } catch (nb::python_error&) {
    throw TypeError("Cannot interpret '" + std::string(nb::str(nb::repr(obj)).c_str()) + "' as a data type");
  }
  return from_numpy_dtype(d);
}

std::optional<DType> to_optional_dtype(nb::handle obj) {
  if (obj.is_none()) return std::nullopt;
  return to_dtype(obj);
}

bool is_python_scalar(nb::handle obj) {
  return PyBool_Check(obj.ptr()) || PyLong_CheckExact(obj.ptr()) || PyFloat_CheckExact(obj.ptr()) ||
         PyComplex_CheckExact(obj.ptr()) || PyLong_Check(obj.ptr()) || PyFloat_Check(obj.ptr()) ||
         PyComplex_Check(obj.ptr());
}

bool is_numpy_scalar(nb::handle obj) {
  return PyObject_IsInstance(obj.ptr(), g_numpy_generic.ptr()) == 1;
}

Scalar to_scalar(nb::handle obj, bool* weak) {
  if (weak) *weak = false;
  PyObject* p = obj.ptr();
  if (PyBool_Check(p)) {
    if (weak) *weak = true;
    return Scalar(p == Py_True);
  }
  if (PyLong_Check(p)) {
    if (weak) *weak = true;
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(p, &overflow);
    if (overflow == 0) return Scalar(static_cast<int64_t>(v));
    if (overflow > 0) {
      unsigned long long u = PyLong_AsUnsignedLongLong(p);
      if (!PyErr_Occurred()) return Scalar(static_cast<uint64_t>(u));
      PyErr_Clear();
    }
    throw OverflowError("Python int too large to convert to C long");
  }
  if (PyFloat_Check(p)) {
    if (weak) *weak = true;
    return Scalar(PyFloat_AsDouble(p));
  }
  if (PyComplex_Check(p)) {
    if (weak) *weak = true;
    return Scalar(std::complex<double>(PyComplex_RealAsDouble(p), PyComplex_ImagAsDouble(p)));
  }
  if (is_numpy_scalar(obj)) {
    const DType d = from_numpy_dtype(obj.attr("dtype"));
    nb::object v = obj.attr("item")();
    return to_scalar(v).cast(d);
  }
  if (is_ndarray(obj)) {
    const ndarray& a = as_ndarray(obj);
    if (a.ndim() == 0) return a.item();
  }
  throw TypeError("expected a scalar (bool, int, float or complex), got " + obj_type_name(obj));
}

nb::object scalar_to_python(const Scalar& s) {
  switch (s.dtype().kind()) {
    case 'b': return nb::bool_(s.to_bool());
    case 'i': return nb::steal(PyLong_FromLongLong(s.to_int64()));
    case 'u': return nb::steal(PyLong_FromUnsignedLongLong(s.to_uint64()));
    case 'f': return nb::float_(s.to_double());
    default: {
      auto c = s.to_complex();
      return nb::steal(PyComplex_FromDoubles(c.real(), c.imag()));
    }
  }
}

// A Python int as int64. Out of range: a shape's size is NumPy's ValueError, any other
// integer (an axis) its OverflowError; never the -1 that PyLong_AsLongLong returns.
static int64_t long_value(PyObject* p, bool is_shape) {
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(p, &overflow);
  if (v == -1 && PyErr_Occurred()) throw nb::python_error();
  if (overflow != 0) {
    if (is_shape) throw ValueError("Maximum allowed dimension exceeded");
    throw OverflowError("Python int too large to convert to C long");
  }
  return v;
}

static int64_t to_index(nb::handle obj, const char* what, bool is_shape) {
  PyObject* p = obj.ptr();
  if (PyLong_Check(p)) return long_value(p, is_shape);
  if (PyBool_Check(p) || PyFloat_Check(p) || !PyIndex_Check(p))
    throw TypeError(std::string("'") + obj_type_name(obj) + "' object cannot be interpreted as an integer" +
                    (what[0] ? std::string(" (") + what + ")" : std::string()));
  nb::object i = nb::steal(PyNumber_Index(p));
  if (!i.is_valid()) throw nb::python_error();
  return long_value(i.ptr(), is_shape);
}

// A bool is an int to Python but never a length or an axis to NumPy (np.zeros(True),
// a.sum(axis=True) are TypeErrors); every shape and axis list is read here, so this is the
// one place that refuses them.
static int64_t to_list_item(nb::handle obj, bool is_shape) {
  if (PyBool_Check(obj.ptr()))
    throw TypeError(is_shape ? "an integer is required" : "an integer is required for the axis");
  return to_index(obj, is_shape ? "shape" : "axis", is_shape);
}

static Shape to_int_list(nb::handle obj, bool is_shape) {
  Shape s;
  if (PyBool_Check(obj.ptr())) {
    if (is_shape)
      throw TypeError(std::string("expected a sequence of integers or a single integer, got '") +
                      (obj.ptr() == Py_True ? "True" : "False") + "'");
    throw TypeError("an integer is required for the axis");
  }
  if (PyLong_Check(obj.ptr()) || (PyIndex_Check(obj.ptr()) && !PySequence_Check(obj.ptr()))) {
    s.push_back(to_list_item(obj, is_shape));
    return s;
  }
  // A str or bytes is a sequence to Python, but never one of ints to NumPy (its items would
  // be read as character codes: expand_dims(a, b'x') as axis 120).
  // (As a shape NumPy does read bytes as its character codes: np.empty(b'x') is (120,).)
  if (!is_shape && (PyUnicode_Check(obj.ptr()) || PyBytes_Check(obj.ptr()) || PyByteArray_Check(obj.ptr())))
    throw_not_an_integer(obj);
  if (!PySequence_Check(obj.ptr()))
    throw TypeError("expected a sequence of integers or a single integer, got '" + obj_type_name(obj) + "'");
  // The length first, as NumPy: a sequence whose __len__ raises (or is missing) is refused
  // here, and one whose __getitem__ never raises IndexError is not iterated forever.
  if (PySequence_Size(obj.ptr()) < 0) {
    if (PyErr_ExceptionMatches(PyExc_KeyboardInterrupt) || PyErr_ExceptionMatches(PyExc_MemoryError))
      throw nb::python_error();
    PyErr_Clear();
    throw TypeError("expected a sequence of integers or a single integer, got '" + obj_type_name(obj) + "'");
  }
  nb::object seq = nb::steal(PySequence_Fast(obj.ptr(), "shape must be a sequence"));
  if (!seq.is_valid()) throw nb::python_error();
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.ptr());
  if (n > 64 && is_shape)
    throw ValueError("maximum supported dimension for an ndarray is currently 64, found " + std::to_string(n));
  PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
  for (Py_ssize_t i = 0; i < n; ++i) s.push_back(to_list_item(items[i], is_shape));
  return s;
}

Shape to_shape(nb::handle obj) { return to_int_list(obj, true); }

int64_t to_int64(nb::handle obj) { return to_index(obj, "", false); }

nb::object shape_to_tuple(const Shape& s) {
  PyObject* t = PyTuple_New(static_cast<Py_ssize_t>(s.size()));
  for (std::size_t i = 0; i < s.size(); ++i) PyTuple_SET_ITEM(t, i, PyLong_FromLongLong(s[i]));
  return nb::steal(t);
}

SmallVector<int64_t, 8> to_axes(nb::handle obj) {
  Shape s = to_int_list(obj, false);
  return SmallVector<int64_t, 8>(s.begin(), s.end());
}

// NumPy's TypeError for a keyword that must be a string (order=3, casting=1), instead of
// the std::bad_cast that nb::cast<std::string> throws.
static std::string keyword_string(nb::handle obj, const char* keyword) {
  if (!PyUnicode_Check(obj.ptr()))
    throw TypeError(std::string(keyword) + " must be str, not " + obj_type_name(obj));
  return nb::cast<std::string>(obj);
}

Order to_order(nb::handle obj, Order dflt) {
  if (obj.is_none()) return dflt;
  std::string s = keyword_string(obj, "order");
  if (s.size() != 1) throw ValueError("order must be one of 'C', 'F', 'A', or 'K' (got '" + s + "')");
  return order_from_char(s[0]);
}

Casting to_casting(nb::handle obj) { return casting_from_string(keyword_string(obj, "casting")); }

Order to_creation_order(nb::handle obj) {
  const Order o = to_order(obj, Order::C);
  if (o != Order::C && o != Order::F) throw ValueError("only 'C' or 'F' order is permitted");
  return o;
}

bool is_ndarray(nb::handle obj) { return nb::isinstance<ndarray>(obj); }
ndarray& as_ndarray(nb::handle obj) { return *nb::inst_ptr<ndarray>(obj); }

std::shared_ptr<void> hold_python(nb::handle obj) {
  PyObject* o = obj.ptr();
  Py_XINCREF(o);
  return std::shared_ptr<void>(o, [](void* p) {
    if (!p || !Py_IsInitialized()) return;
#if PY_VERSION_HEX >= 0x030D0000
    if (Py_IsFinalizing()) return;
#else
    if (_Py_IsFinalizing()) return;
#endif
    PyGILState_STATE g = PyGILState_Ensure();
    Py_DECREF(static_cast<PyObject*>(p));
    PyGILState_Release(g);
  });
}

}  // namespace cunumpy::py

// ---- nested sequences holding device arrays (array()/asarray() of [x, y, ...]) ----------
namespace cunumpy::py {
namespace {

bool is_nested_sequence(nb::handle obj) { return PyList_Check(obj.ptr()) || PyTuple_Check(obj.ptr()); }

// One element of the nesting that is not itself a list or tuple, and where it goes.
struct NestedLeaf {
  std::vector<int64_t> position;  // the leading indices of its place in the result
  nb::object object;
  std::optional<ndarray> array;   // a device array, or a host object uploaded
  Scalar scalar;
  DType dtype = float64;
};

// The shape that NumPy's discovery finds: the lengths of the sequences and the leaves'
// shape; `ragged` when the elements of some sequence disagree (then `shape` is the part
// they share, which NumPy's error message reports).
struct NestedShape {
  Shape shape;
  bool ragged = false;
};

Shape common_prefix(const Shape& a, const Shape& b) {
  Shape r;
  for (std::size_t i = 0; i < a.size() && i < b.size() && a[i] == b[i]; ++i) r.push_back(a[i]);
  return r;
}

NestedShape walk_nested(nb::handle obj, std::vector<int64_t>& position, std::vector<NestedLeaf>& leaves,
                        const HostLeafConverter& host_leaf) {
  if (is_nested_sequence(obj)) {
    if (position.size() >= 64)
      throw ValueError("maximum supported dimension for an ndarray is currently 64, found 65");
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(obj.ptr());
    NestedShape out;
    out.shape.push_back(n);
    Shape inner;
    // Each item is read (and held) afresh: converting a host leaf runs Python code, which
    // may resize the list; then the shape check fails instead of reading freed memory.
    for (Py_ssize_t i = 0; i < n && i < PySequence_Fast_GET_SIZE(obj.ptr()); ++i) {
      nb::object item = nb::borrow(PySequence_Fast_GET_ITEM(obj.ptr(), i));
      position.push_back(i);
      NestedShape c = walk_nested(item, position, leaves, host_leaf);
      position.pop_back();
      if (i == 0) {
        inner = c.shape;
        out.ragged = c.ragged;
      } else if (c.ragged || c.shape != inner) {
        out.ragged = true;
        inner = common_prefix(inner, c.shape);
      }
    }
    if (PySequence_Fast_GET_SIZE(obj.ptr()) != n)
      throw ValueError("a list changed size while it was converted to an array");
    for (int64_t d : inner) out.shape.push_back(d);
    return out;
  }
  NestedLeaf leaf;
  leaf.position = position;
  leaf.object = nb::borrow(obj);
  Shape shape;
  if (is_ndarray(obj) || !(is_python_scalar(obj) || is_numpy_scalar(obj))) {
    leaf.array = is_ndarray(obj) ? as_ndarray(obj) : host_leaf(obj);
    leaf.dtype = leaf.array->dtype();
    shape = leaf.array->shape();
  } else {
    leaf.scalar = to_scalar(obj);  // Python scalars count as their default dtypes here, as NumPy's
    leaf.dtype = leaf.scalar.dtype();
  }
  leaves.push_back(std::move(leaf));
  return {shape, false};
}

}  // namespace

namespace {
bool holds_device_array_at(nb::handle obj, int depth) {
  if (is_ndarray(obj)) return true;
  // Beyond NumPy's 64 dimensions (a list that contains itself, say) NumPy's own
  // conversion reports the error.
  if (!is_nested_sequence(obj) || depth > 64) return false;
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(obj.ptr());
  PyObject** items = PySequence_Fast_ITEMS(obj.ptr());  // no Python code runs below
  for (Py_ssize_t i = 0; i < n; ++i)
    if (holds_device_array_at(items[i], depth + 1)) return true;
  return false;
}
}  // namespace

bool holds_device_array(nb::handle obj) { return holds_device_array_at(obj, 0); }

ndarray nested_to_device_array(nb::handle obj, std::optional<DType> dtype, const HostLeafConverter& host_leaf) {
  std::vector<NestedLeaf> leaves;
  std::vector<int64_t> position;
  const NestedShape found = walk_nested(obj, position, leaves, host_leaf);
  if (found.ragged)
    throw ValueError("setting an array element with a sequence. The requested array has an inhomogeneous "
                     "shape after " + std::to_string(found.shape.size()) + " dimensions. The detected shape was " +
                     shape_str(found.shape) + " + inhomogeneous part.");
  DType dt = float64;  // NumPy's dtype for nothing but empty sequences
  if (dtype) {
    dt = *dtype;
  } else if (!leaves.empty()) {
    dt = leaves[0].dtype;
    for (const NestedLeaf& l : leaves) dt = promote_types(dt, l.dtype);
  }
  ndarray out(found.shape, dt, Order::C, current_device());
  // Each leaf lands in its place: a copy (casting, from any device) for an array, a fill
  // for a scalar; nothing passes through the host.
  std::vector<Index> index;
  for (const NestedLeaf& l : leaves) {
    index.assign(l.position.begin(), l.position.end());
    ndarray place = out[std::span<const Index>(index.data(), index.size())];
    if (l.array) {
      place.assign(*l.array);
    } else {
      if (dtype && is_python_scalar(l.object)) check_python_scalar_store(l.object, l.scalar, dt);
      place.fill(l.scalar);
    }
  }
  return out;
}

}  // namespace cunumpy::py
