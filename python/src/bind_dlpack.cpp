// Zero-copy exchange with other array libraries: DLPack (versioned 1.x capsules and the
// legacy ones; ndarray.__dlpack__/__dlpack_device__, _core.from_dlpack) and the CUDA array
// interface v3 (ndarray.__cuda_array_interface__, _core.from_cuda_array_interface).
// The structs below are DLPack's stable C ABI (dlpack.h, v1.0), declared from the spec.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/memory/memory.hpp"
#include "cunumpy/runtime/stream.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;

namespace cunumpy::py {
namespace {

namespace dl {
enum : int32_t { kCPU = 1, kCUDA = 2, kCUDAHost = 3, kCUDAManaged = 13 };
enum : uint8_t { kInt = 0, kUInt = 1, kFloat = 2, kBfloat = 4, kComplex = 5, kBool = 6 };
struct Device {
  int32_t device_type;
  int32_t device_id;
};
struct DataType {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
};
struct Tensor {
  void* data;
  Device device;
  int32_t ndim;
  DataType dtype;
  int64_t* shape;
  int64_t* strides;  // in elements; NULL: C-contiguous
  uint64_t byte_offset;
};
struct ManagedTensor {
  Tensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(ManagedTensor*);
};
struct Version {
  uint32_t major;
  uint32_t minor;
};
struct ManagedTensorVersioned {
  Version version;
  void* manager_ctx;
  void (*deleter)(ManagedTensorVersioned*);
  uint64_t flags;
  Tensor dl_tensor;
};
constexpr uint64_t kFlagReadOnly = 1;
constexpr uint64_t kFlagIsCopied = 2;
}  // namespace dl

// BufferError, the exception DLPack's protocol uses for an export it cannot make.
[[noreturn]] void buffer_error(const std::string& msg) {
  PyErr_SetString(PyExc_BufferError, msg.c_str());
  throw nb::python_error();
}

dl::DataType to_dl(DType d) {
  const uint8_t bits = static_cast<uint8_t>(d.itemsize() * 8);
  if (d.is_bool()) return {dl::kBool, 8, 1};
  if (d.is_complex()) return {dl::kComplex, bits, 1};
  if (d.is_floating()) return {dl::kFloat, bits, 1};
  if (d.is_signed_integer()) return {dl::kInt, bits, 1};
  return {dl::kUInt, bits, 1};
}

DType from_dl(dl::DataType t) {
  if (t.lanes != 1) throw TypeError("from_dlpack: vector dtypes (lanes != 1) are not supported");
  const int bytes = t.bits / 8;
  switch (t.code) {
    case dl::kBool: if (t.bits == 8) return bool_; break;
    case dl::kInt:
      if (bytes == 1) return int8;
      if (bytes == 2) return int16;
      if (bytes == 4) return int32;
      if (bytes == 8) return int64;
      break;
    case dl::kUInt:
      if (bytes == 1) return uint8;
      if (bytes == 2) return uint16;
      if (bytes == 4) return uint32;
      if (bytes == 8) return uint64;
      break;
    case dl::kFloat:
      if (bytes == 2) return float16;
      if (bytes == 4) return float32;
      if (bytes == 8) return float64;
      break;
    case dl::kComplex:
      if (bytes == 8) return complex64;
      if (bytes == 16) return complex128;
      break;
    default: break;
  }
  throw TypeError("from_dlpack: unsupported DLPack dtype (code " + std::to_string(t.code) + ", " +
                  std::to_string(t.bits) + " bits)");
}

// ---- export -----------------------------------------------------------------------------

// What an exported tensor keeps alive: the array (so its memory) and the shape/strides
// arrays the DLTensor points to.
struct ExportCtx {
  ndarray array;
  std::vector<int64_t> shape, strides;
};

void fill_tensor(dl::Tensor& t, ExportCtx& ctx) {
  const ndarray& a = ctx.array;
  const int n = a.ndim();
  ctx.shape.assign(a.shape().begin(), a.shape().end());
  ctx.strides.resize(n);
  for (int i = 0; i < n; ++i) ctx.strides[i] = a.strides()[i] / a.itemsize();
  t.data = a.data();
  t.byte_offset = 0;
  t.device = a.device().is_cpu() ? dl::Device{dl::kCPU, 0} : dl::Device{dl::kCUDA, a.device().index};
  t.ndim = n;
  t.dtype = to_dl(a.dtype());
  t.shape = ctx.shape.data();
  t.strides = ctx.strides.data();
  // Byte strides that are not a multiple of the item size cannot be expressed.
  for (int i = 0; i < n; ++i)
    if (a.strides()[i] % a.itemsize() != 0)
      buffer_error("__dlpack__: the array's strides are not multiples of its item size");
}

void delete_legacy(dl::ManagedTensor* m) {
  delete static_cast<ExportCtx*>(m->manager_ctx);
  delete m;
}
void delete_versioned(dl::ManagedTensorVersioned* m) {
  delete static_cast<ExportCtx*>(m->manager_ctx);
  delete m;
}

// A capsule nobody consumed (still named "dltensor"...) frees its tensor.
void legacy_capsule_destructor(PyObject* cap) {
  if (PyCapsule_IsValid(cap, "dltensor")) {
    auto* m = static_cast<dl::ManagedTensor*>(PyCapsule_GetPointer(cap, "dltensor"));
    if (m && m->deleter) m->deleter(m);
  } else {
    PyErr_Clear();
  }
}
void versioned_capsule_destructor(PyObject* cap) {
  if (PyCapsule_IsValid(cap, "dltensor_versioned")) {
    auto* m = static_cast<dl::ManagedTensorVersioned*>(PyCapsule_GetPointer(cap, "dltensor_versioned"));
    if (m && m->deleter) m->deleter(m);
  } else {
    PyErr_Clear();
  }
}

// The consumer's stream (DLPack's integer convention for CUDA: None or 1 = legacy default,
// 2 = per-thread default, -1 = no synchronization, else a CUstream) waits for the work
// queued so far on the array's current stream, without blocking the host.
void order_before_consumer(const ndarray& a, nb::handle stream) {
  if (a.device().is_cpu()) return;
  long long s = 1;
  if (!stream.is_none()) s = nb::cast<long long>(stream);
  if (s == -1) return;
  if (s == 0) throw ValueError("__dlpack__: stream=0 is ambiguous for CUDA (use 1 or 2)");
  Stream producer = current_stream(a.device());
  Stream consumer = s == 1 ? Stream::null(a.device())
                           : Stream::external(a.device(), reinterpret_cast<void*>(static_cast<uintptr_t>(s)));
  if (producer == consumer) return;
  consumer.wait_event(producer.record());
}

nb::object dlpack(const ndarray& self, nb::handle stream, nb::handle max_version, nb::handle dl_device,
                  nb::handle copy) {
  ndarray a = self;
  bool copied = false;
  const bool want_copy = !copy.is_none() && nb::cast<bool>(copy);
  const bool no_copy = !copy.is_none() && !nb::cast<bool>(copy);
  if (!dl_device.is_none()) {
    auto [type, id] = nb::cast<std::tuple<int, int>>(dl_device);
    Device target;
    if (type == dl::kCPU) target = Device::cpu();
    else if (type == dl::kCUDA) target = Device(DeviceKind::CUDA, id);
    else buffer_error("__dlpack__: unsupported dl_device type " + std::to_string(type));
    if (target != a.device()) {
      if (no_copy) buffer_error("__dlpack__: dl_device differs from the array's device and copy=False");
      a = a.to(target);
      copied = true;
    }
  }
  if (want_copy && !copied) {
    a = a.copy();
    copied = true;
  }
  order_before_consumer(self, stream);
  bool versioned = false;
  if (!max_version.is_none()) {
    auto [major, minor] = nb::cast<std::tuple<int, int>>(max_version);
    (void)minor;
    versioned = major >= 1;
  }
  auto* ctx = new ExportCtx{a, {}, {}};
  try {
    if (versioned) {
      auto* m = new dl::ManagedTensorVersioned{};
      m->version = {1, 0};
      m->manager_ctx = ctx;
      m->deleter = delete_versioned;
      m->flags = copied ? dl::kFlagIsCopied : 0;
      fill_tensor(m->dl_tensor, *ctx);
      PyObject* cap = PyCapsule_New(m, "dltensor_versioned", versioned_capsule_destructor);
      if (!cap) {
        delete_versioned(m);
        throw nb::python_error();
      }
      return nb::steal(cap);
    }
    auto* m = new dl::ManagedTensor{};
    m->manager_ctx = ctx;
    m->deleter = delete_legacy;
    fill_tensor(m->dl_tensor, *ctx);
    PyObject* cap = PyCapsule_New(m, "dltensor", legacy_capsule_destructor);
    if (!cap) {
      delete_legacy(m);
      throw nb::python_error();
    }
    return nb::steal(cap);
  } catch (...) {
    throw;
  }
}

// ---- import -----------------------------------------------------------------------------

// Calls the producer's deleter once the last cunumpy view of its memory is gone, holding
// the GIL (a NumPy producer's deleter drops Python references).
template <class M>
std::shared_ptr<void> owner_of(M* m) {
  return std::shared_ptr<void>(m, [](void* p) {
    auto* t = static_cast<M*>(p);
    if (!t->deleter) return;
    if (!Py_IsInitialized()) return;
    PyGILState_STATE g = PyGILState_Ensure();
    t->deleter(t);
    PyGILState_Release(g);
  });
}

ndarray wrap_tensor(const dl::Tensor& t, std::shared_ptr<void> owner) {
  Device device;
  switch (t.device.device_type) {
    case dl::kCPU:
    case dl::kCUDAHost: device = Device::cpu(); break;
    case dl::kCUDA:
    case dl::kCUDAManaged: device = Device(DeviceKind::CUDA, t.device.device_id); break;
    default:
      buffer_error("from_dlpack: unsupported device type " + std::to_string(t.device.device_type));
  }
  const DType dtype = from_dl(t.dtype);
  const int64_t item = dtype.itemsize();
  if (t.ndim < 0 || t.ndim > 64) throw ValueError("from_dlpack: invalid ndim " + std::to_string(t.ndim));
  Shape shape;
  Strides strides;
  for (int i = 0; i < t.ndim; ++i) {
    if (t.shape[i] < 0) throw ValueError("from_dlpack: negative extent in the shape");
    shape.push_back(t.shape[i]);
  }
  strides.resize(t.ndim);
  int64_t acc = item;
  for (int i = t.ndim - 1; i >= 0; --i) {
    strides[i] = t.strides ? t.strides[i] * item : acc;
    acc *= std::max<int64_t>(shape[i], 1);
  }
  // The byte range the view touches, relative to its first element.
  int64_t lo = 0, hi = item;
  bool empty = false;
  for (int i = 0; i < t.ndim; ++i) {
    if (shape[i] == 0) empty = true;
    const int64_t span = (shape[i] - 1) * strides[i];
    if (span < 0) lo += span; else hi += span;
  }
  if (empty) lo = 0, hi = 0;
  char* first = static_cast<char*>(t.data) + t.byte_offset;
  MemoryPtr mem = wrap_memory(first + lo, static_cast<std::size_t>(hi - lo), device, std::move(owner));
  return ndarray(mem, -lo, shape, strides, dtype);
}

// A capsule from a producer's __dlpack__, renamed "used_..." as the protocol requires.
ndarray from_capsule(nb::handle cap) {
  PyObject* c = cap.ptr();
  if (PyCapsule_IsValid(c, "dltensor_versioned")) {
    auto* m = static_cast<dl::ManagedTensorVersioned*>(PyCapsule_GetPointer(c, "dltensor_versioned"));
    if (m->version.major > 1) {
      buffer_error("from_dlpack: DLPack version " + std::to_string(m->version.major) +
                   " is newer than this cunumpy supports (1)");
    }
    PyCapsule_SetName(c, "used_dltensor_versioned");
    PyCapsule_SetDestructor(c, nullptr);
    return wrap_tensor(m->dl_tensor, owner_of(m));
  }
  if (PyCapsule_IsValid(c, "dltensor")) {
    auto* m = static_cast<dl::ManagedTensor*>(PyCapsule_GetPointer(c, "dltensor"));
    PyCapsule_SetName(c, "used_dltensor");
    PyCapsule_SetDestructor(c, nullptr);
    return wrap_tensor(m->dl_tensor, owner_of(m));
  }
  PyErr_Clear();
  throw ValueError("from_dlpack: expected a DLPack capsule named 'dltensor' or 'dltensor_versioned' "
                   "(a used capsule cannot be consumed twice)");
}

// The int stream a CUDA producer must order its work before: this thread's current
// stream on that device, in DLPack's convention (1 = the legacy default stream).
long long consumer_stream(Device device) {
  Stream s = current_stream(device);
  if (s.is_null()) return 1;
  return static_cast<long long>(s.ptr());
}

// ---- CUDA array interface v3 -------------------------------------------------------------

char kind_char(DType d) {
  if (d.is_bool()) return 'b';
  if (d.is_complex()) return 'c';
  if (d.is_floating()) return 'f';
  if (d.is_signed_integer()) return 'i';
  return 'u';
}

nb::dict cuda_array_interface(const ndarray& a) {
  if (!a.device().is_cuda()) {
    PyErr_SetString(PyExc_AttributeError,
                    "__cuda_array_interface__ is only defined for arrays on a CUDA device");
    throw nb::python_error();
  }
  nb::dict d;
  nb::list shape;
  for (int64_t e : a.shape()) shape.append(e);
  d["shape"] = nb::tuple(shape);
  d["typestr"] = std::string("|") + kind_char(a.dtype()) + std::to_string(a.itemsize());
  if (a.itemsize() > 1) d["typestr"] = std::string("<") + kind_char(a.dtype()) + std::to_string(a.itemsize());
  d["data"] = nb::make_tuple(static_cast<uintptr_t>(a.size() ? reinterpret_cast<uintptr_t>(a.data()) : 0), false);
  d["version"] = 3;
  if (a.c_contiguous()) {
    d["strides"] = nb::none();
  } else {
    nb::list st;
    for (int64_t s : a.strides()) st.append(s);
    d["strides"] = nb::tuple(st);
  }
  // The consumer synchronizes on this stream before reading (v3's rule).
  Stream s = current_stream(a.device());
  d["stream"] = s.is_null() ? nb::int_(1) : nb::int_(static_cast<long long>(s.ptr()));
  return d;
}

DType from_typestr(const std::string& ts) {
  if (ts.size() < 3) throw ValueError("__cuda_array_interface__: bad typestr '" + ts + "'");
  if (ts[0] == '>' && ts.substr(2) != "1")
    throw ValueError("__cuda_array_interface__: big-endian data is not supported");
  const char k = ts[1];
  const int n = std::stoi(ts.substr(2));
  dl::DataType t{0, static_cast<uint8_t>(n * 8), 1};
  switch (k) {
    case 'b': t.code = dl::kBool; break;
    case 'i': t.code = dl::kInt; break;
    case 'u': t.code = dl::kUInt; break;
    case 'f': t.code = dl::kFloat; break;
    case 'c': t.code = dl::kComplex; break;
    default: throw TypeError("__cuda_array_interface__: unsupported typestr '" + ts + "'");
  }
  return from_dl(t);
}

}  // namespace

ndarray from_cuda_array_interface(nb::handle obj) {
  nb::dict d = nb::cast<nb::dict>(obj.attr("__cuda_array_interface__"));
  const int version = d.contains("version") ? nb::cast<int>(d["version"]) : 0;
  if (d.contains("mask") && !d["mask"].is_none())
    throw NotImplementedError("__cuda_array_interface__: masked arrays are not supported");
  nb::tuple shape_t = nb::cast<nb::tuple>(d["shape"]);
  const DType dtype = from_typestr(nb::cast<std::string>(d["typestr"]));
  nb::tuple data = nb::cast<nb::tuple>(d["data"]);
  const uintptr_t ptr = nb::cast<uintptr_t>(data[0]);
  std::vector<int64_t> shape, strides;
  for (nb::handle e : shape_t) shape.push_back(nb::cast<int64_t>(e));
  const bool have_strides = d.contains("strides") && !d["strides"].is_none();
  if (have_strides)
    for (nb::handle e : nb::cast<nb::tuple>(d["strides"])) strides.push_back(nb::cast<int64_t>(e));
  // The device of the pointer: the current CUDA device unless the pointer says otherwise
  // (unified addressing: cunumpy's runtime can ask, but CAI producers use the current one).
  Device device = current_device();
  if (!device.is_cuda()) device = Device(DeviceKind::CUDA, 0);
  // v3: synchronize with the producer's stream before use (on the device, not the host).
  if (version >= 3 && d.contains("stream") && !d["stream"].is_none()) {
    const long long s = nb::cast<long long>(d["stream"]);
    if (s == 0) throw ValueError("__cuda_array_interface__: stream 0 is not allowed (v3)");
    Stream producer = s == 1 ? Stream::null(device)
                             : Stream::external(device, reinterpret_cast<void*>(static_cast<uintptr_t>(s)));
    Stream mine = current_stream(device);
    if (producer != mine) mine.wait_event(producer.record());
  }
  std::vector<int64_t> strides_el;
  dl::Tensor t{};
  t.data = reinterpret_cast<void*>(ptr);
  t.device = {dl::kCUDA, device.index};
  t.ndim = static_cast<int32_t>(shape.size());
  t.dtype = to_dl(dtype);
  t.shape = shape.data();
  if (have_strides) {
    for (int64_t s : strides) {
      if (s % dtype.itemsize() != 0)
        throw ValueError("__cuda_array_interface__: strides must be multiples of the item size");
      strides_el.push_back(s / dtype.itemsize());
    }
    t.strides = strides_el.data();
  }
  return wrap_tensor(t, hold_python(obj));
}

void bind_dlpack(nb::module_& m) {
  nb::object cls = m.attr("ndarray");
  // ndarray.__dlpack__ itself is python/cunumpy/_dlpack.py's (a Python function, so that
  // inspect.signature shows the standard's keyword-only parameters on every Python).
  cls.attr("_dlpack") = nb::cpp_function(
      [](const ndarray& self, nb::handle stream, nb::handle max_version, nb::handle dl_device, nb::handle copy) {
        return dlpack(self, stream, max_version, dl_device, copy);
      },
      nb::is_method(), nb::name("_dlpack"), nb::scope(cls), nb::arg("stream").none(), nb::arg("max_version").none(),
      nb::arg("dl_device").none(), nb::arg("copy").none());
  nb::setattr(cls, "__dlpack_device__", nb::cpp_function(
      [](const ndarray& self) {
        const Device d = self.device();
        return d.is_cpu() ? nb::make_tuple(int{dl::kCPU}, 0) : nb::make_tuple(int{dl::kCUDA}, d.index);
      },
      nb::is_method(), nb::name("__dlpack_device__"), nb::scope(cls)));
  m.def("_from_dlpack_capsule", [](nb::handle cap) { return from_capsule(cap); });
  m.def("_dlpack_consumer_stream", [](int type, int id) -> nb::object {
    if (type != dl::kCUDA && type != dl::kCUDAManaged) return nb::none();
    return nb::int_(consumer_stream(Device(DeviceKind::CUDA, id)));
  });
  // The copy behind the array API's x.to_device(device) ("cpu", "cuda:N").
  m.def("_to_device", [](const ndarray& a, const std::string& spec) { return a.to(Device::parse(spec)); });
  m.def("_cuda_array_interface", [](const ndarray& a) { return cuda_array_interface(a); });
  m.def("_from_cuda_array_interface", [](nb::handle obj) { return from_cuda_array_interface(obj); });
}

}  // namespace cunumpy::py
